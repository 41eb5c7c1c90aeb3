// Boot the vendored Pyodide and run one line of Python; record when it is ready.
import { loadPyodide } from "../assets/vendor/pyodide-314.0.7/pyodide.mjs";

const pyodide = await loadPyodide();
pyodide.runPython("import sys");
document.body.dataset.readyMs = String(performance.now());
document.body.dataset.pyReady = "1";
