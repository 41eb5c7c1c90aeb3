// Computer players think here, off the main thread, so the page never stalls while they search.
// A plain module worker with its own Pyodide and the qipan package (it works where PyScript's
// workers cannot, e.g. in a cross-site iframe). Protocol: {id, game, position, level, seed,
// snapshot} in, {id, action, booted} or {id, error} out. `snapshot` is true when the page itself
// booted from the stored memory snapshot: then the worker restores the same snapshot (the engines
// and the computer players are in it) instead of booting Python plainly, and boots plainly if it
// cannot. `booted` says which it did and how long it took. A boot that fails is not remembered:
// the next request boots again.
// The post-game analysis runs here too: {id, type: "analyse", record, preset, snapshot} in (the
// record as JSON text); {id, step} out after every ply (`step`: the JSON text of
// qipan.app.computer.analyse_steps, the last one carrying the analysis), or {id, error}.
// {id, type: "cancel"} stops it after the ply under way (the loop yields to messages between plies).
import { loadPyodide, version } from "../vendor/pyodide-314.0.7/pyodide.mjs";
import { fetchManifest, findStoredSnapshot, restore, unpackPackage } from "./snapshot-store.js";

const VENDOR = new URL("../vendor/", import.meta.url);
const INDEX_URL = new URL("pyodide-314.0.7/", VENDOR).href;

let thinker = null;

async function restored() {
  try {
    const found = await findStoredSnapshot(fetchManifest(VENDOR), version);
    if (!found) return null;
    return await restore(loadPyodide, { indexURL: INDEX_URL }, found);
  } catch (error) {
    console.warn(`qipan: the computer player boots without the stored snapshot (${error})`);
    return null;
  }
}

async function boot(useSnapshot) {
  const started = performance.now();
  const fromSnapshot = useSnapshot ? await restored() : null;
  const pyodide = fromSnapshot || (await loadPyodide({ indexURL: INDEX_URL }));
  const archive = await fetch(new URL("qipan.zip", VENDOR));
  unpackPackage(pyodide, await archive.arrayBuffer());
  const think = pyodide.runPython("from qipan.app.computer import think\nthink");
  const analyseSteps = pyodide.runPython("from qipan.app.computer import analyse_steps\nanalyse_steps");
  return { think, analyseSteps, boot: fromSnapshot ? "snapshot" : "plain", ms: performance.now() - started };
}

const cancelled = new Set();

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function analyse(id, steps) {
  try {
    for (;;) {
      if (cancelled.delete(id)) return;
      const step = steps.next();
      if (step.done) return;
      self.postMessage({ id, step: step.value });
      await nextTask();  // let a cancel (or a computer move) in between two plies
    }
  } finally {
    steps.destroy();
  }
}

self.onmessage = async (event) => {
  const { id, type, game, position, level, seed, snapshot } = event.data;
  if (type === "cancel") {
    cancelled.add(id);
    return;
  }
  try {
    thinker = thinker || boot(snapshot);
    const { think, analyseSteps, ...booted } = await thinker.catch((error) => {
      thinker = null;  // a failed boot (e.g. offline before the files were cached) is tried again next time
      throw error;
    });
    if (type === "analyse") {
      if (!cancelled.delete(id)) await analyse(id, analyseSteps(event.data.record, event.data.preset));
      return;
    }
    self.postMessage({ id, action: think(game, position, level, seed), booted });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
