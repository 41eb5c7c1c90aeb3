// Run a bench script inside Pyodide on Node, with the qipan package (assets/vendor/qipan.zip, made
// by `make vendor`): `node bench/pyodide_node.mjs bench/hezong_tiling.py 100`. The figures show the
// engine on the browser's Python; Node 20's V8 is somewhat slower than Chromium's on this code.
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";

const [script, ...args] = process.argv.slice(2);
try {
  const pyodide = await loadPyodide();
  const archive = readFileSync(new URL("../assets/vendor/qipan.zip", import.meta.url));
  pyodide.unpackArchive(new Uint8Array(archive.buffer, archive.byteOffset, archive.byteLength), "zip");
  pyodide.setStdout({ batched: (line) => console.log(line) });
  const globals = pyodide.toPy({ __name__: "__main__", __file__: "/bench/" + script.split("/").pop() });
  pyodide.runPython(`import sys; sys.argv = ${JSON.stringify([script, ...args])}`);
  pyodide.runPython(readFileSync(script, "utf8"), { globals });
} catch (error) {
  console.error(String(error)); // not the minified runtime's source line Node would print
  process.exitCode = 1;
}
