// Compile the package's modules to bytecode with the page's own Python: the Pyodide the vendor step
// ships (from node_modules), run on Node. CPython reads only the bytecode of its own version, which
// the machine's Python need not be (docs/startup.md, "Bytecode").
//
//     node tools/compile_bytecode.mjs <sources> <target> <file>...
//
// Each <file> (a path relative to <sources>, e.g. qipan/web/app.py) is compiled by py_compile and
// written under <target> beside where its source was (qipan/web/app.pyc): the place the interpreter
// imports bytecode from when no source is there, as Pyodide's own standard library is shipped. Its
// header holds its source's hash (CHECKED_HASH), not a modification time: the same source gives the
// same bytes, and a test can tell a stale one.
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
pyodide.runPython(`
import py_compile
for file in files:
    py_compile.compile("/src/" + file, cfile="/src/" + file + "c", dfile=file, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
`);
for (const file of files) {
  mkdirSync(dirname(join(target, file)), { recursive: true });
  writeFileSync(join(target, `${file}c`), pyodide.FS.readFile(`/src/${file}c`));
}
