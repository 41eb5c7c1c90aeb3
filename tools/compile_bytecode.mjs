// Compile the package's modules to bytecode with the page's own Python: the Pyodide the vendor step
// ships (from node_modules), run on Node. CPython reads only the bytecode of its own version, which
// the machine's Python need not be (docs/startup.md, "Bytecode").
//
//     node tools/compile_bytecode.mjs <sources> <target> <file>...
//
// Each <file> (a path relative to <sources>, e.g. qipan/web/app.py) is compiled by py_compile into
// where the interpreter looks for it (qipan/web/__pycache__/app.cpython-314.pyc), written under
// <target>. The bytecode checks its source's hash when imported (CHECKED_HASH): never stale, and
// the same bytes for the same source (no modification time in it).
import { loadPyodide } from "pyodide";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const [sources, target, ...files] = process.argv.slice(2);
const pyodide = await loadPyodide();
for (const file of files) {
  pyodide.FS.mkdirTree(dirname(`/src/${file}`));
  pyodide.FS.writeFile(`/src/${file}`, readFileSync(join(sources, file)));
}
pyodide.globals.set("files", pyodide.toPy(files));
const compiled = pyodide.runPython(`
import importlib.util, py_compile
out = []
for file in files:
    cached = importlib.util.cache_from_source("/src/" + file)
    py_compile.compile("/src/" + file, cfile=cached, dfile=file, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    out.append(cached.removeprefix("/src/"))
out
`).toJs();
for (const file of compiled) {
  mkdirSync(dirname(join(target, file)), { recursive: true });
  writeFileSync(join(target, file), pyodide.FS.readFile(`/src/${file}`));
}
