// Return visits boot Python from a memory snapshot (docs/startup.md). PyScript loads this module as
// its interpreter (pyscript.toml): it offers what PyScript uses of Pyodide's module (loadPyodide and
// version). Its loadPyodide restores the stored snapshot when one was made for this very runtime and
// app; otherwise (none yet, another version, storage refused, unreadable, restore failed) it boots
// plainly, throws the stored one away, and once the page is ready has a new one made in a worker.
// The player sees nothing of this but a faster or slower start.
import * as runtime from "../vendor/pyodide-314.0.7/pyodide.mjs";
import { sha256Hex } from "./digest.js";

export const version = runtime.version;

const VENDOR = new URL("../vendor/", import.meta.url);
const INDEX_URL = new URL("pyodide-314.0.7/", VENDOR).href;
const DATABASE = "qipan-snapshot";
const STORE = "snapshot";
const SLOT = "current";

let manifest = null; // Promise of assets/vendor/snapshot.json (written by tools/vendor.py)
let stored = null; // Promise of the snapshot's bytes, or of null

function mark(name, value) {
  document.body.dataset[name] = value;
}

function openDatabase() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("snapshot database blocked"));
  });
}

async function inStore(mode, act) {
  const db = await openDatabase();
  try {
    return await new Promise((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = transaction.onabort = () => reject(transaction.error || new Error("aborted"));
    });
  } finally {
    db.close();
  }
}

async function forget(reason) {
  console.warn(`qipan: booting without the stored snapshot (${reason})`);
  try {
    await inStore("readwrite", (store) => store.delete(SLOT));
  } catch {
    // Storage refused: nothing is stored to forget.
  }
}

// The digest the worker took is what finds a snapshot damaged in storage: Pyodide only checks its
// header, and restoring damaged memory could run wrong code instead of failing.
async function checked(record) {
  const bytes = new Uint8Array(await record.bytes.arrayBuffer());
  if ((await sha256Hex(bytes)) !== record.digest) throw new Error("damaged in storage: its SHA-256 digest differs");
  return bytes;
}

async function readSnapshot() {
  const [wanted, record] = await Promise.all([manifest, inStore("readonly", (store) => store.get(SLOT))]);
  if (!record) return null;
  try {
    if (record.key !== wanted.key || record.pyodide !== version || record.python !== wanted.python) {
      throw new Error(`made for ${record.key}, Python ${record.python}; this is ${wanted.key}, Python ${wanted.python}`);
    }
    return await checked(record);
  } catch (error) {
    await forget(error);
    return null;
  }
}

function storageWorks() {
  return !document.body.dataset.memoryStorage && Boolean(globalThis.crypto && crypto.subtle);
}

// Called by boot.js as early as it can, so that reading the snapshot overlaps loading PyScript.
export function prepare() {
  if (manifest) return;
  manifest = fetch(new URL("snapshot.json", VENDOR)).then((response) => {
    if (!response.ok) throw new Error(`snapshot.json: HTTP ${response.status}`);
    return response.json();
  });
  stored = storageWorks() ? readSnapshot().catch(() => null) : Promise.resolve(null);
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
    const { key, pyodide, python, digest, bytes } = made;
    await inStore("readwrite", (store) => store.put({ key, pyodide, python, digest, bytes, made: Date.now() }, SLOT));
    mark("snapshot", "saved");
    mark("snapshotMakeMs", String(Math.round(made.ms)));
  } catch (error) {
    console.warn(`qipan: no snapshot for the next visit (${error})`);
    mark("snapshot", "failed");
  } finally {
    worker.terminate();
  }
}

// In an idle moment after the page is ready, so the worker's boot never competes with the player's.
function makeSnapshotLater() {
  window.addEventListener("qipan:ready", () => {
    const idle = window.requestIdleCallback || ((run) => setTimeout(run, 500));
    idle(() => makeSnapshot(), { timeout: 3000 });
  }, { once: true });
}

export async function loadPyodide(options) {
  prepare();
  const config = { ...options, indexURL: INDEX_URL }; // PyScript would derive it from this file's URL
  let snapshot = await stored;
  stored = null;
  if (snapshot) {
    // Pyodide keeps its options for good: hand the 30 MB over through a thenable that lets go of them.
    const handOver = { then: (take) => { take(snapshot); snapshot = null; } };
    try {
      const pyodide = await runtime.loadPyodide({ ...config, _loadSnapshot: handOver });
      // The package's files are written again after this: drop the import finders (and the directory
      // listings they cached) that the snapshot holds; new ones are made on the next import. Not
      // importlib.invalidate_caches(): it imports importlib.metadata, about 200 ms here.
      pyodide.runPython("__import__('sys').path_importer_cache.clear()");
      mark("boot", "snapshot");
      return pyodide;
    } catch (error) {
      await forget(error);
    }
  }
  mark("boot", "plain");
  if (storageWorks()) makeSnapshotLater();
  else mark("snapshot", "off");
  return runtime.loadPyodide(config);
}
