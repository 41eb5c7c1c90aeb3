// Makes the full Pyodide memory snapshot that return visits boot from (assets/js/snapshot.js starts
// it at idle after the page is ready; the page itself made one of what it imports at start). A plain
// module worker: it boots its own pristine Pyodide off the main thread, imports the stdlib and the
// browser-free part of the qipan package (tools/vendor.py lists it), and sends back the snapshot
// as it is stored (snapshot-store.js `storedForm`: packed, with its SHA-256 digest). Python must
// never touch `js` here: Pyodide refuses to snapshot an interpreter that has.
import { loadPyodide, version } from "../vendor/pyodide-314.0.7/pyodide.mjs";
import { storedForm, takeSnapshot, unpackPackage } from "./snapshot-store.js";

const VENDOR = new URL("../vendor/", import.meta.url);

self.onmessage = async ({ data: manifest }) => {
  try {
    const started = performance.now();
    const pyodide = await loadPyodide({
      indexURL: new URL("pyodide-314.0.7/", VENDOR).href,
      _makeSnapshot: true,
    });
    const archive = await fetch(new URL("qipan.zip", VENDOR));
    if (!archive.ok) throw new Error(`qipan.zip: HTTP ${archive.status}`);
    unpackPackage(pyodide, await archive.arrayBuffer());
    const { bytes: snapshot, python } = takeSnapshot(pyodide, manifest.modules);
    // Packed, not compressed: gunzipping 30 MB held the page's main thread for about 300 ms on
    // every return visit; leaving out the zero pages costs a return nothing but a copy of the rest.
    // A Blob: IndexedDB keeps it on disk. The page checks what it reads back against the digest.
    const stored = await storedForm(snapshot);
    self.postMessage({ key: manifest.key, pyodide: version, python, ...stored, full: true, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
