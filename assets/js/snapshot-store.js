// The stored Pyodide memory snapshot (docs/startup.md): one IndexedDB record holding the snapshot
// as a Blob (packed: `packSnapshot`), the snapshot's size, the Blob's SHA-256 digest, the key,
// Pyodide and Python versions it was made for, and whether it is full (every module of the package)
// or holds only what the page imports at start. Used by the page (snapshot.js), by the worker that
// makes snapshots and by the computer-player worker; no DOM here.
const DATABASE = "qipan-snapshot";
const STORE = "snapshot";
const SLOT = "current";

// Fetched from assets/vendor/ (tools/vendor.py writes it): the key and versions wanted, the modules.
export async function fetchManifest(vendor) {
  const response = await fetch(new URL("snapshot.json", vendor));
  if (!response.ok) throw new Error(`snapshot.json: HTTP ${response.status}`);
  return response.json();
}

export async function sha256Hex(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
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

// The stored snapshot's record, { blob, size, digest, full }, or null when there is none. Throws when it
// was made for another key, Pyodide or Python. `manifest` may be a promise: the record is read
// meanwhile. `restore` reads its bytes and checks them.
export async function findStoredSnapshot(manifest, pyodideVersion) {
  const [wanted, record] = await Promise.all([manifest, inStore("readonly", (store) => store.get(SLOT))]);
  if (!record) return null;
  if (record.key !== wanted.key || record.pyodide !== pyodideVersion || record.python !== wanted.python) {
    throw new Error(`made for ${record.key}, Python ${record.python}; this is ${wanted.key}, Python ${wanted.python}`);
  }
  if (!Number.isInteger(record.size)) throw new Error("stored in an older form"); // (a guard: the key changes with this file)
  return { blob: record.bytes, size: record.size, digest: record.digest, full: record.full !== false };
}

// Read a found record's packed bytes, check them against the digest taken when the snapshot was
// stored (Pyodide only checks the header, and restoring damaged memory could run wrong code), and
// unpack them into `target` (zeros, the snapshot's size). Resolves to the heap's size in memory
// pages; throws when they differ. Read whole (`arrayBuffer`): the browser fills the buffer off the
// main thread, where a stream's chunks came through script on the main thread one by one while the
// runtime's own bytes (its streaming compile) wanted it too.
async function readChecked(found, target) {
  const packed = new Uint8Array(await found.blob.arrayBuffer());
  if ((await sha256Hex(packed)) !== found.digest) {
    throw new Error("damaged in storage: its SHA-256 digest differs");
  }
  unpackSnapshot(packed, target);
  return heapPages(target);
}

const PAGE = 4096; // a packed snapshot leaves out each page of this many bytes that is all zeros
const PACKED = 0x31505351; // "QSP1": a packed snapshot's first word

// A snapshot (Pyodide's bytes) packed to be stored: a header of 32-bit words (PACKED, the snapshot's
// size, the number of runs, then each run's offset and length), then the runs: the stretches of the
// snapshot made of pages not all zeros. A heap's free pages are zeros (44 % of the app's 36 MiB), and
// a return visit reads, hashes and copies only the rest.
export function packSnapshot(snapshot) {
  const bytes = snapshot.byteOffset % 4 ? snapshot.slice() : snapshot; // (aligned for the word view)
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  const zeros = (start, end) => { // (start is a multiple of PAGE; end may not be one of 4)
    for (let i = start / 4; i < Math.floor(end / 4); i++) if (words[i]) return false;
    for (let i = end - (end % 4); i < end; i++) if (bytes[i]) return false;
    return true;
  };
  const runs = [];
  for (let start = 0; start < bytes.length; start += PAGE) {
    const end = Math.min(start + PAGE, bytes.length);
    if (zeros(start, end)) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else runs.push([start, end - start]);
  }
  const headerBytes = (3 + 2 * runs.length) * 4;
  const packed = new Uint8Array(headerBytes + runs.reduce((sum, [, length]) => sum + length, 0));
  const header = new Uint32Array(packed.buffer, 0, headerBytes >> 2);
  header.set([PACKED, bytes.length, runs.length, ...runs.flat()]);
  let at = headerBytes;
  for (const [offset, length] of runs) {
    packed.set(bytes.subarray(offset, offset + length), at);
    at += length;
  }
  return packed;
}

// Unpack `packed` (packSnapshot's form) into `target`, which holds zeros and is the snapshot's size.
// Throws when `packed` is not a packed snapshot of that size.
export function unpackSnapshot(packed, target) {
  const damaged = () => new Error("damaged in storage: not a packed snapshot of its size");
  if (packed.byteOffset % 4 || packed.length < 12) throw damaged();
  const [magic, size, count] = new Uint32Array(packed.buffer, packed.byteOffset, 3);
  const headerBytes = (3 + 2 * count) * 4;
  if (magic !== PACKED || size !== target.length || headerBytes > packed.length) throw damaged();
  const runs = new Uint32Array(packed.buffer, packed.byteOffset + 12, 2 * count);
  let at = headerBytes;
  for (let i = 0; i < count; i++) {
    const offset = runs[2 * i], length = runs[2 * i + 1];
    if (offset + length > target.length || at + length > packed.length) throw damaged();
    target.set(packed.subarray(at, at + length), offset);
    at += length;
  }
  if (at !== packed.length) throw damaged();
}

// What a snapshot is stored as: { bytes: the packed Blob, size: the snapshot's, digest: the packed
// bytes' SHA-256 }, for saveSnapshot.
export async function storedForm(snapshot) {
  const packed = packSnapshot(snapshot);
  return { bytes: new Blob([packed]), size: snapshot.length, digest: await sha256Hex(packed) };
}

export function saveSnapshot({ key, pyodide, python, digest, bytes, size, full }) {
  return inStore("readwrite", (store) => store.put({ key, pyodide, python, digest, bytes, size, full, made: Date.now() }, SLOT));
}

// Take the snapshot of an interpreter started with `_makeSnapshot` that Python has used for nothing
// yet but unpacking the package (`unpackPackage`) and importing `modules`, which this does. The names
// go in as a literal (JSON strings are Python strings): no FFI objects in the snapshot, and no names
// left behind in __main__, where the app's main.py will run. Returns { bytes, python } (its version).
export function takeSnapshot(pyodide, modules) {
  const python = pyodide.runPython(
    `import importlib, sys\nfor _name in ${JSON.stringify(modules)}: importlib.import_module(_name)\n` +
      "_version = '.'.join(map(str, sys.version_info[:3]))\ndel importlib, sys, _name\n_version",
  );
  pyodide.runPython("del _version");
  return { bytes: pyodide.makeMemorySnapshot(), python };
}

// qipan.zip (`archive`: its bytes) unpacked into Python's working directory, where every module of
// the package is found (the page, the snapshot worker and the computer player's worker alike).
export function unpackPackage(pyodide, archive) {
  pyodide.unpackArchive(archive, "zip");
}

export function deleteSnapshot() {
  return inStore("readwrite", (store) => store.delete(SLOT));
}

// The WebAssembly memory pages a snapshot's heap fills (its header says where the heap starts).
function heapPages(snapshot) {
  const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  return Math.ceil((snapshot.byteLength - header) / 65536);
}

// Pyodide takes the function that creates its Emscripten module as an option; ours does two things
// the moment the runtime is instantiated, before Emscripten makes its views of its memory:
// - it holds the instance until the snapshot's bytes are read and checked (`checked`, which resolves
//   to the heap's size in pages), so compiling the runtime and reading the snapshot overlap, and a
//   damaged snapshot never reaches Emscripten;
// - it grows the memory to the snapshot's heap: Pyodide 314.0.7 copies a snapshot into the memory its
//   module declares (480 pages, 30 MiB) without growing it first, so a snapshot of a bigger heap
//   failed ("RangeError: offset is out of bounds") and every visit booted plainly. Pyodide swallows an
//   error thrown there and would never finish loading, so a failed grow (no memory to spare) is noted
//   in `grown` and left to the restore, which throws.
function growingModule(indexURL, checked, grown) {
  const asm = import(`${indexURL}pyodide.asm.mjs`); // (fetched and compiled while the snapshot is read)
  asm.catch(() => {}); // (a restore that fails before it needs the module reports its own error)
  return async (settings) => {
    const instantiate = settings.instantiateWasm;
    if (instantiate) {
      settings.instantiateWasm = (imports, receive) => instantiate(imports, (instance, module) => {
        checked.then((pages) => {
          try {
            const memory = instance.exports.memory;
            const have = memory.buffer.byteLength / 65536;
            if (have < pages) memory.grow(pages - have);
          } catch {
            grown.refused = true;
          }
          receive(instance, module);
        }, () => {}); // damaged: never handed to Emscripten, and `restore` throws why
      });
    } else {
      await checked; // (no hook to hold the instance in: the bytes are checked first)
    }
    const { default: createModule } = await asm;
    return createModule(settings);
  };
}

// What a restored interpreter needs before the package's files are written again: drop the import
// finders (and the directory listings they cached) that the snapshot holds; new ones are made on
// the next import. Not importlib.invalidate_caches(): it imports importlib.metadata, ~200 ms here.
const AFTER_RESTORE = "__import__('sys').path_importer_cache.clear()";

// Thrown by restore when the browser would not give the memory the snapshot needs: the snapshot is
// sound, this device just has no memory to spare now.
export class MemoryRefused extends Error {
  name = "MemoryRefused";
}

// Boot Pyodide (`loadPyodide` with `options`, which name its indexURL) from a stored snapshot (a
// record of findStoredSnapshot). Pyodide fetches and compiles its runtime while the bytes are read
// and checked, and gets them only once they passed (growingModule holds its instance until then):
// a damaged snapshot throws before anything of it ran. Pyodide keeps its options for good, so the
// bytes go over through a thenable that lets go of them.
export async function restore(loadPyodide, options, found) {
  let bytes = new Uint8Array(found.size); // (filled before Pyodide copies it into its memory)
  const checked = readChecked(found, bytes);
  const grown = { refused: false };
  const handOver = { then: (take) => { take(bytes); bytes = null; } };
  const createPyodideModule = growingModule(options.indexURL, checked, grown);
  const loading = loadPyodide({ ...options, createPyodideModule, _loadSnapshot: handOver });
  let pyodide;
  try {
    // (If the check fails, Pyodide never gets its instance and never settles: the check's error ends this.)
    pyodide = await Promise.race([loading, checked.then(() => loading)]);
  } catch (error) {
    throw grown.refused ? new MemoryRefused(`no memory for the snapshot's heap (${error})`) : error;
  }
  pyodide.runPython(AFTER_RESTORE);
  return pyodide;
}
