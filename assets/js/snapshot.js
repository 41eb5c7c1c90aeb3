// Return visits boot Python from a memory snapshot (docs/startup.md). PyScript loads this module as
// its interpreter (pyscript.toml): it offers what PyScript uses of Pyodide's module (loadPyodide and
// version). Its loadPyodide restores the stored snapshot when one was made for this very runtime and
// app; otherwise (none yet, another version, storage refused, unreadable, restore failed) it boots
// plainly, throws the stored one away, and once the page is ready has a new one made in a worker.
// The player sees nothing of this but a faster or slower start.
import * as runtime from "../vendor/pyodide-314.0.7/pyodide.mjs";
import { MemoryRefused, deleteSnapshot, fetchManifest, readSnapshot, restore, saveSnapshot } from "./snapshot-store.js";

export const version = runtime.version;

const VENDOR = new URL("../vendor/", import.meta.url);
const INDEX_URL = new URL("pyodide-314.0.7/", VENDOR).href;

let manifest = null; // Promise of assets/vendor/snapshot.json (written by tools/vendor.py)
let stored = null; // Promise of the snapshot's bytes, or of null

function mark(name, value) {
  document.body.dataset[name] = value;
}

async function forget(reason) {
  console.warn(`qipan: booting without the stored snapshot (${reason})`);
  try {
    await deleteSnapshot();
  } catch {
    // Storage refused: nothing is stored to forget.
  }
}

async function readStored() {
  let unread = false; // the manifest did not load: no snapshot this time, but nothing known wrong with it
  const wanted = manifest.catch((error) => {
    unread = true;
    throw error;
  });
  try {
    return await readSnapshot(wanted, version);
  } catch (error) {
    if (!unread) await forget(error);
    return null;
  }
}

function storageWorks() {
  return !document.body.dataset.memoryStorage && Boolean(globalThis.crypto && crypto.subtle);
}

// Called by boot.js as early as it can, so that reading the snapshot overlaps loading PyScript.
export function prepare() {
  if (manifest) return;
  manifest = fetchManifest(VENDOR);
  stored = storageWorks() ? readStored() : Promise.resolve(null);
}

async function makeSnapshot() {
  mark("snapshot", "making");
  const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
  try {
    const made = await new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
      worker.onerror = (event) => reject(new Error(event.message || "the snapshot worker failed"));
      manifest.then((wanted) => worker.postMessage(wanted), reject);
    });
    await saveSnapshot(made);
    mark("snapshot", "saved");
    mark("snapshotMakeMs", String(Math.round(made.ms)));
    mark("snapshotSavedMs", String(Math.round(performance.now()))); // read by bench/startup.py
  } catch (error) {
    console.warn(`qipan: no snapshot for the next visit (${error})`);
    mark("snapshot", "failed");
  } finally {
    worker.terminate();
  }
}

// As soon as the page's own Pyodide has loaded: a player who leaves within seconds of the first
// visit then comes back to a snapshot (made at idle after the page was ready, it came 5-6 s after
// it, and a return before that booted plainly). Not beside the page's boot from its start: on two
// cores the two boots (each fetching and compiling the runtime) held the first visit back by a
// third. The worker's boot runs on another thread, from the HTTP cache; bench/startup.py --soon
// measures both visits (docs/performance.md).
function makeSnapshotSoon(loading) {
  loading.then(() => makeSnapshot(), () => {});
}

export async function loadPyodide(options) {
  prepare();
  const config = { ...options, indexURL: INDEX_URL }; // PyScript would derive it from this file's URL
  const snapshot = await stored;
  stored = null;
  if (snapshot) {
    try {
      const pyodide = await restore(runtime.loadPyodide, config, snapshot);
      mark("boot", "snapshot");
      return pyodide;
    } catch (error) {
      if (error instanceof MemoryRefused) {
        // The snapshot is sound: keep it for a visit with memory to spare, and make none now.
        console.warn(`qipan: booting without the stored snapshot (${error})`);
        mark("boot", "plain");
        mark("snapshot", "kept");
        return runtime.loadPyodide(config);
      }
      await forget(error);
    }
  }
  mark("boot", "plain");
  const loading = runtime.loadPyodide(config);
  // An embed writes nothing to the visitor's storage (docs/embed.md), and boots one runtime at a time.
  if (document.documentElement.dataset.embed) mark("snapshot", "off");
  else if (storageWorks()) makeSnapshotSoon(loading);
  else mark("snapshot", "off");
  return loading;
}
