// Packs and hashes the page's own snapshot (snapshot-store.js `storedForm`) off the page's main
// thread: on a first visit, right after the page is ready, scanning 36 MiB and copying 20 MiB into
// a Blob took 30–40 ms at full speed and 120–140 ms with the CPU slowed 4× (a tablet), as the
// player made the first move. The bytes come transferred; the stored form goes back (a Blob).
import { storedForm } from "./snapshot-store.js";

self.onmessage = async ({ data: snapshot }) => {
  try {
    self.postMessage(await storedForm(snapshot));
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
