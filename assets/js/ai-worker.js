// Computer players think here, off the main thread, so the page never stalls while they search.
// A plain module worker with its own Pyodide and the qipan package (it works where PyScript's
// workers cannot, e.g. in a cross-site iframe). Protocol: {id, game, position, level, seed} in,
// {id, action} or {id, error} out; all text.
import { loadPyodide } from "../vendor/pyodide-314.0.7/pyodide.mjs";

let thinker = null;

async function boot() {
  const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide-314.0.7/", import.meta.url).href });
  const archive = await fetch(new URL("../vendor/qipan.zip", import.meta.url));
  pyodide.unpackArchive(await archive.arrayBuffer(), "zip");
  return pyodide.runPython("from qipan.computer import think\nthink");
}

self.onmessage = async (event) => {
  const { id, game, position, level, seed } = event.data;
  try {
    thinker = thinker || boot();
    const think = await thinker;
    self.postMessage({ id, action: think(game, position, level, seed) });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
