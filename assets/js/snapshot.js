// Return visits boot Python from a memory snapshot (docs/startup.md). PyScript loads this module as
// its interpreter (pyscript.toml): it offers what PyScript uses of Pyodide's module (loadPyodide and
// version). The boot starts before PyScript asks for it: boot.js calls prepare() as soon as it runs,
// and PyScript's loadPyodide gets the interpreter under way. It restores the stored snapshot when one
// was made for this very runtime and app; otherwise (none yet, another version, storage refused,
// unreadable, restore failed) it boots plainly, throws the stored one away, snapshots its own
// interpreter with the modules the page imports at start before handing it to PyScript (so a return
// seconds later has one), and once the page is ready has the full one made in a worker. Either way
// it unpacks the package (qipan.zip, fetched meanwhile; after a boot from the full snapshot only the
// modules no snapshot holds) before PyScript gets the interpreter. The player sees nothing of this
// but a faster or slower start.
import {
  MemoryRefused, deleteSnapshot, fetchManifest, findStoredSnapshot, restore, saveSnapshot, takeSnapshot,
  unpackPackage,
} from "./snapshot-store.js";

// The runtime: Pyodide's loader, imported when the boot starts, beside the stored snapshot's lookup.
// Imported with this module, it came first (this module is evaluated only once its imports are),
// and put finding the snapshot, and so the whole return visit, back by its fetch (~30 ms).
const RUNTIME = "../vendor/pyodide-314.0.7/pyodide.mjs";
// What PyScript reads of the interpreter's module besides loadPyodide: the runtime's version, as in
// RUNTIME (tools/vendor.py checks that the two agree with the runtime it vendored).
export const version = "314.0.7";
let runtime = null; // Promise of RUNTIME's module (prepare)

const VENDOR = new URL("../vendor/", import.meta.url);
const INDEX_URL = new URL("pyodide-314.0.7/", VENDOR).href;

const PACKAGE = "qipan.zip"; // the whole qipan package (tools/vendor.py packs both)
const BROWSER_PART = "qipan-browser.zip"; // its modules no snapshot holds: js, pyodide or pyscript reached at import

let manifest = null; // Promise of assets/vendor/snapshot.json (written by tools/vendor.py)
let booting = null; // Promise of the interpreter, the package unpacked
let storage = null; // Promise: whether IndexedDB works (boot.js probes it)
let painted = null; // Promise: the page's first paint is done (the heavy part of the boot waits for it)
const archives = new Map(); // name -> Promise of its bytes, fetched once

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

// The stored snapshot's record for this version ({ blob, size, digest, full }), or null: none, storage
// refused, or made for another version (then deleted).
async function findStored() {
  let unread = false; // the manifest did not load: no snapshot this time, but nothing known wrong with it
  const wanted = manifest.catch((error) => {
    unread = true;
    throw error;
  });
  const reading = findStoredSnapshot(wanted, version); // (read while boot.js probes the storage)
  reading.catch(() => {});
  if (!(await storageWorks())) return null; // (and whatever the read gave is left alone)
  try {
    return await reading;
  } catch (error) {
    if (!unread) await forget(error);
    return null;
  }
}

// IndexedDB works (not boot.js's in-memory stand-in) and so does Web Crypto (a secure context).
async function storageWorks() {
  return (await storage) && Boolean(globalThis.crypto && crypto.subtle);
}

function archive(name) {
  if (!archives.has(name)) {
    const bytes = fetch(new URL(name, VENDOR)).then((response) => {
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      return response.arrayBuffer();
    });
    bytes.catch(() => {}); // (reported when the boot needs it)
    archives.set(name, bytes);
  }
  return archives.get(name);
}

// Called by boot.js as early as it can: the boot (reading the snapshot, fetching and compiling the
// runtime, restoring or importing) runs while PyScript loads, instead of after it. `works`: a
// promise of whether IndexedDB works (boot.js's probe); `paint`: of the page's first paint (the
// stored snapshot is found meanwhile, the runtime is loaded after it).
export function prepare(works = Promise.resolve(true), paint = Promise.resolve()) {
  if (booting) return;
  storage = works;
  painted = paint;
  manifest = fetchManifest(VENDOR);
  runtime = import(RUNTIME);
  runtime.catch(() => {}); // (a boot that fails before it needs the runtime reports its own error)
  booting = boot({ indexURL: INDEX_URL }); // PyScript would derive indexURL from this file's URL
  booting.catch(() => {}); // (PyScript reports it when it asks for the interpreter)
}

async function makeFullSnapshot() {
  mark("snapshot", "making");
  const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
  try {
    const made = await new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
      worker.onerror = (event) => reject(new Error(event.message || "the snapshot worker failed"));
      manifest.then((wanted) => worker.postMessage(wanted), reject);
    });
    await saveSnapshot(made);
    saved("full", made.ms);
  } catch (error) {
    console.warn(`qipan: no snapshot for the next visit (${error})`);
    mark("snapshot", "failed");
  } finally {
    worker.terminate();
  }
}

// `snapshot` (Pyodide's bytes, transferred: this page keeps none) as it is stored (storedForm),
// made in a worker of its own: snapshot-pack-worker.js.
async function storedOffThread(snapshot) {
  const worker = new Worker(new URL("./snapshot-pack-worker.js", import.meta.url), { type: "module" });
  try {
    return await new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
      worker.onerror = (event) => reject(new Error(event.message || "the packing worker failed"));
      worker.postMessage(snapshot, [snapshot.buffer]);
    });
  } finally {
    worker.terminate();
  }
}

// Once the app is ready (its board drawn and interactive).
function pageReady() {
  return new Promise((resolve) => {
    if (document.body.dataset.pyReady) resolve();
    else window.addEventListener("qipan:ready", resolve, { once: true });
  });
}

function saved(kind, ms) {
  mark("snapshot", "saved");
  mark("snapshotStored", kind); // "start" or "full": what the next visit will restore
  mark(kind === "full" ? "snapshotMakeMs" : "snapshotStartMs", String(Math.round(ms)));
  mark(kind === "full" ? "snapshotSavedMs" : "snapshotStartSavedMs", String(Math.round(performance.now()))); // bench/startup.py
}

// The full snapshot (every module, the features a player opens later too) in a worker, in an idle
// moment after the page is ready (`after`: once the page's own snapshot is stored), so its boot
// never competes with the page's: started beside it, it made the first visit a third slower on two
// cores, and even started once the page's runtime had loaded, it slowed the page's imports and
// first draw (docs/performance.md, "Return visits soon after the first").
function makeFullSnapshotLater(after = Promise.resolve()) {
  Promise.all([pageReady(), after]).then(() => {
    const idle = window.requestIdleCallback || ((run) => setTimeout(run, 500));
    idle(() => makeFullSnapshot(), { timeout: 3000 });
  });
}

// With _makeSnapshot, Pyodide hands Python the page's globals wrapped in a Proxy that notes the path
// to every object reached from them (so that a snapshot can name them), and browser methods refuse
// such proxies as arguments. Once the snapshot is taken, Python gets the real globals, as in a plain
// boot. These are Pyodide's own insides, not its API: they hold for the version named in the import
// above (tools/vendor.py refuses to vendor another until the import is changed), and the probe after
// them checks that they did what they must, so that another version that moved them ends in a plain
// boot instead of a page whose every browser call fails.
function realGlobals(pyodide) {
  pyodide._api.config.jsglobals = globalThis;
  pyodide._module.__hiwire_set(1, globalThis); // the slot Pyodide keeps the globals in (getExpectedKeys)
  pyodide.registerJsModule("js", globalThis);
  pyodide.runPython("__import__('sys').modules.pop('js', None)");
  // A browser method refuses the recording Proxy as an argument: it must take what Python hands it
  // now. (Binds no name in __main__, and leaves `js` to be imported afresh, as above.)
  pyodide.runPython(
    "(lambda js: js.document.head.appendChild(js.document.createComment('qipan')).remove())(__import__('js'));"
    + " __import__('sys').modules.pop('js', None)",
  );
}

// A first visit (or one after the stored snapshot was thrown away): boot with _makeSnapshot, import
// what the page imports at start anyway (main.py finds them imported), snapshot that pristine
// interpreter and hand it to PyScript. The page pays for copying the memory (tens of ms), not for a
// second boot; hashing and storing it run once the page is ready. A player who returns seconds later
// then boots from it (a worker-made one came seconds after the page was ready, and a return before
// that booted plainly); the full one replaces it after the page is ready.
async function bootAndSnapshot(config) {
  const { loadPyodide } = await runtime;
  const pyodide = await loadPyodide({ ...config, _makeSnapshot: true });
  mark("snapshot", "making");
  let storing = Promise.resolve();
  try {
    const started = performance.now();
    const wanted = await manifest;
    await unpack(pyodide, PACKAGE);
    const made = takeSnapshot(pyodide, wanted.start);
    const ms = performance.now() - started;
    // Stored once the page is ready, packed and hashed in a worker (storedOffThread): done here,
    // it would hold the page's start back by tens of ms, and the player's first move after it.
    storing = pageReady().then(async () => {
      const stored = await storedOffThread(made.bytes);
      await saveSnapshot({ key: wanted.key, pyodide: version, python: made.python, ...stored, full: false });
      saved("start", ms);
    }).catch((error) => {
      console.warn(`qipan: no snapshot of the start for the next visit (${error})`);
    });
  } catch (error) {
    console.warn(`qipan: no snapshot of the start for the next visit (${error})`);
  }
  try {
    realGlobals(pyodide);
  } catch (error) { // (a Pyodide whose insides changed: the page could not use its globals)
    console.warn(`qipan: booting again without a snapshot (${error})`);
    mark("snapshot", "failed");
    // Pyodide has no call that frees an interpreter: the first one is only dropped here (this module
    // keeps no reference to it), for the garbage collector to take.
    return loadPyodide(config);
  }
  makeFullSnapshotLater(storing);
  return pyodide;
}

// The interpreter the page runs on, from the stored snapshot when it can, and the archive it needs
// unpacked (`boot` does it): { pyodide, files }. A snapshot whose bytes fail their check is found so
// before Pyodide restores them (`restore` holds Pyodide back until they passed, while it fetches and
// compiles its runtime).
async function interpreter(config) {
  const found = await findStored();
  archive(found && found.full ? BROWSER_PART : PACKAGE); // (fetched meanwhile)
  await painted;
  // Before the restore's try: a runtime that does not load fails the boot here, and the stored
  // snapshot, sound for all that is known, is kept.
  const { loadPyodide } = await runtime;
  if (found) {
    try {
      const pyodide = await restore(loadPyodide, config, found);
      mark("boot", "snapshot");
      mark("bootSnapshot", found.full ? "full" : "start");
      if (!found.full) makeFullSnapshotLater(); // a return soon after the first visit
      return { pyodide, files: found.full ? BROWSER_PART : PACKAGE }; // (the full one holds every other module)
    } catch (error) {
      if (error instanceof MemoryRefused) {
        // The snapshot is sound: keep it for a visit with memory to spare, and make none now.
        console.warn(`qipan: booting without the stored snapshot (${error})`);
        mark("boot", "plain");
        mark("snapshot", "kept");
        return { pyodide: await loadPyodide(config), files: PACKAGE };
      }
      await forget(error);
    }
  }
  mark("boot", "plain");
  archive(PACKAGE); // (fetched while the runtime loads)
  // An embed writes nothing to the visitor's storage (docs/embed.md).
  if (!document.documentElement.dataset.embed && (await storageWorks())) {
    return { pyodide: await bootAndSnapshot(config), files: PACKAGE };
  }
  mark("snapshot", "off");
  return { pyodide: await loadPyodide(config), files: PACKAGE };
}

// The interpreters that have on disk what they will import: the page's own snapshot unpacks the
// package first; one restored from the full snapshot needs only the modules no snapshot holds (a
// restored interpreter starts with no files: Emscripten's file system is not in the memory a
// snapshot holds). Every other one gets the whole package.
const unpacked = new WeakSet();

async function unpack(pyodide, name) {
  if (unpacked.has(pyodide)) return;
  unpackPackage(pyodide, await archive(name));
  unpacked.add(pyodide);
  archives.delete(name); // (its bytes are not kept)
}

async function boot(config) {
  const { pyodide, files } = await interpreter(config);
  await unpack(pyodide, files);
  return pyodide;
}

// What PyScript calls (pyscript.toml's `interpreter`). The interpreter was started by prepare(),
// before PyScript asked, so the options PyScript passes come late: of them it sets only the output
// streams (PyScript's `stdout` and `stderr`: the same functions Pyodide takes at load, one line each).
export async function loadPyodide(options = {}) {
  prepare();
  const pyodide = await booting;
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
