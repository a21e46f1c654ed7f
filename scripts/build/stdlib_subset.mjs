// The Python standard library the site needs, and a proof that it is enough.
//
//   node scripts/build/stdlib_subset.mjs build <engine.whl> <out.zip> <imports.json> <out.whl>
//     boots Pyodide (node_modules/pyodide, whole stdlib) in Node, runs
//     scripts/build/stdlib_workload.py (the engine as the worker runs it: every op, game, deck,
//     level and error), and writes to out.zip every stdlib module that was imported —
//     by Pyodide's own start-up or by the engine — compiled to bytecode by this very
//     Pyodide (unchecked hash-based .pyc: nothing left to compile at boot, which is most
//     of loadPyodide's CPU time with the shipped .py sources), as a deterministic zip.
//     Entries are stored, not deflated: the server's brotli/gzip compresses the whole
//     file better, and zipimport reads stored entries without inflating them.
//     out.whl is the engine wheel with a .pyc instead of each .py (listed in its RECORD):
//     the worker imports the wheel by zipimport, which takes the .pyc and compiles nothing,
//     and each module is shipped once (a .py beside it would only add bytes to the wire).
//   node scripts/build/stdlib_subset.mjs check <engine.whl> <subset.zip> <imports.json>
//     boots Pyodide with that zip as its whole standard library (loadPyodide's stdLibURL)
//     and runs the same workload with another seed: any missing module fails (exit 1).
//
// imports.json: the stdlib module names the engine's source imports anywhere (from
// scripts/build/build_site.py), imported by the workload whether or not a code path reaches them.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");
const [mode, wheel, zipPath, importsJson, wheelOut] = process.argv.slice(2);
if (!["build", "check"].includes(mode) || !wheel || !zipPath || !importsJson || (mode === "build" && !wheelOut)) {
  process.stderr.write("usage: node scripts/build/stdlib_subset.mjs build|check <engine.whl> <zip> <imports.json> [<out.whl>]\n");
  process.exit(2);
}

const { loadPyodide } = await import(path.join(PYODIDE_DIR, "pyodide.mjs"));
const options = {
  indexURL: PYODIDE_DIR + path.sep,
  messageCallback: () => {},
  errorCallback: (msg) => process.stderr.write(`${msg}\n`),
};
if (mode === "check") options.stdLibURL = path.resolve(zipPath);
const t0 = performance.now();
const pyodide = await loadPyodide(options);
// the path the worker uses (/tmp/<file name>): the same co_filename in the .pyc files
const wheelFs = `/tmp/${path.basename(wheel)}`;
pyodide.FS.writeFile(wheelFs, readFileSync(wheel));
pyodide.globals.set("WHEEL", wheelFs);
pyodide.globals.set("STATIC_IMPORTS", pyodide.toPy(JSON.parse(readFileSync(importsJson, "utf8"))));
pyodide.globals.set("SEED", mode === "build" ? 1 : 2);
try {
  pyodide.runPython(readFileSync(path.join(ROOT, "scripts", "build", "stdlib_workload.py"), "utf8"));
} catch (err) {
  process.stderr.write(`stdlib_subset ${mode}: the engine workload failed:\n${err.message}\n`);
  process.exit(1);
}
const calls = pyodide.globals.get("RESULT").get("calls");

if (mode === "build") {
  let count;
  try {
    count = pyodide.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
stdlib = next(p for p in sys.path if p.endswith(".zip") and p.startswith("/lib/"))
prefix = stdlib + "/"
names = sorted({m.__file__[len(prefix):] for m in list(sys.modules.values())
                if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(prefix)})
with zipfile.ZipFile(stdlib) as src, zipfile.ZipFile("/tmp/subset.zip", "w") as out:
    for name in names:
        data = src.read(name)
        if name.endswith(".py"):
            code = compile(data, prefix + name, "exec", dont_inherit=True)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            name += "c"
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED
        info.external_attr = 0o644 << 16
        out.writestr(info, data)

# the engine wheel with its bytecode (after the module list: none of this is the site's)
import base64, hashlib
with zipfile.ZipFile(WHEEL) as src, zipfile.ZipFile("/tmp/engine-pyc.whl", "w") as out:
    record_name = next(i.filename for i in src.infolist() if i.filename.endswith(".dist-info/RECORD"))
    added, replaced = [], set()
    for info in src.infolist():
        if info.filename == record_name:
            continue
        data = src.read(info)
        if not info.filename.endswith(".py"):
            out.writestr(info, data)
        else:  # the bytecode instead of the source: each module shipped once
            replaced.add(info.filename)
            code = compile(data, WHEEL + "/" + info.filename, "exec", dont_inherit=True)
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            pinfo = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            pinfo.compress_type = zipfile.ZIP_STORED  # the server's brotli packs the whole wheel better
            pinfo.external_attr = info.external_attr
            out.writestr(pinfo, pyc)
            added.append((pinfo.filename, pyc))
    record = "".join(line + "\\n" for line in src.read(record_name).decode().splitlines()
                     if line.split(",", 1)[0] not in replaced)
    for name, data in added:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record += f"{name},sha256={digest},{len(data)}\\n"
    out.writestr(src.getinfo(record_name), record)
len(names)
`);
  } catch (err) {
    process.stderr.write(`stdlib_subset build: writing the zips failed:\n${err.message}\n`);
    process.exit(1);
  }
  writeFileSync(zipPath, pyodide.FS.readFile("/tmp/subset.zip"));
  writeFileSync(wheelOut, pyodide.FS.readFile("/tmp/engine-pyc.whl"));
  process.stdout.write(`stdlib subset: ${count} files, ${calls} engine calls, ${Math.round(performance.now() - t0)} ms\n`);
} else {
  process.stdout.write(`stdlib subset check: ${calls} engine calls passed, ${Math.round(performance.now() - t0)} ms\n`);
}
