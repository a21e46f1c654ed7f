#!/usr/bin/env node
// Run the engine's pytest suite inside Pyodide (Python 3.14, WebAssembly) under Node.
//
//   node scripts/test/pyodide_pytest.mjs [pytest args...]      (make test-pyodide)
//
// - Pyodide comes from node_modules/pyodide (npm ci); nothing is fetched from a CDN.
// - pytest and its pure-Python dependencies (pinned in requirements-pyodide.txt) are
//   loaded by local path from vendor-cache/pyodide-wheels/ (git-ignored); missing
//   wheels are downloaded first by scripts/test/fetch_pyodide_wheels.py with the venv's pip.
// - The repository is mounted with NODEFS at its own absolute path (so tracebacks show
//   host paths), core/ goes on sys.path (the package is imported from source, no
//   install), the working directory is the repository, and pytest.main() runs over
//   tests/ plus any extra arguments, e.g.  node scripts/test/pyodide_pytest.mjs -k briscola
//   If an argument names an existing path (tests/test_x.py, tests/test_x.py::test_y),
//   only the given paths are run instead of the whole tests/ directory.
// - Extra arguments from the environment, for CI or make (Pyodide run only), split like a
//   shell would: PYODIDE_PYTEST_ARGS='-m "not slow"' or
//   PYODIDE_PYTEST_ARGS='-k "not seeded_random_play"' make test-pyodide
//   They come before the command-line arguments. PYTEST_ADDOPTS is passed through too.
// - Tests marked @pytest.mark.needs_subprocess are skipped here (see tests/conftest.py).
// - The exit code is pytest's; 5 ("no tests collected") is reported as a failure.
// - A whole-suite run (no paths, no -k/-m/--deselect/--ignore) also fails if the golden
//   hash chains of tests/test_golden.py (computed under CPython, regenerated with
//   `PYTHONPATH=core python3 tests/goldens.py`) were not compared and matched here.

import { spawnSync } from "node:child_process";
import { existsSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");
const FETCH = path.join(ROOT, "scripts", "test", "fetch_pyodide_wheels.py");

function die(msg, code = 2) {
  process.stderr.write(`pyodide_pytest: ${msg}\n`);
  process.exit(code);
}

// Write synchronously so pytest's progress output and our lines stay in order.
function writer(fd) {
  return {
    write(buf) {
      let off = 0;
      while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
      return buf.length;
    },
  };
}

function wheelPaths() {
  const venvPy = path.join(ROOT, ".venv", "bin", "python");
  const python = process.env.PYTHON || (existsSync(venvPy) ? venvPy : "python3");
  const r = spawnSync(python, [FETCH], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (r.error) die(`cannot run ${python} ${FETCH}: ${r.error.message} (run 'make setup' first)`);
  if (r.status !== 0) die(`fetching the Pyodide wheels failed (exit ${r.status}); see requirements-pyodide.txt`);
  const paths = r.stdout.split("\n").map((s) => s.trim()).filter(Boolean);
  if (!paths.length) die("no wheels listed by scripts/test/fetch_pyodide_wheels.py");
  return paths;
}

async function main() {
  if (!existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) die("node_modules/pyodide is missing: run 'npm ci' (make setup)");
  const wheels = wheelPaths();

  const t0 = performance.now();
  const { loadPyodide } = await import(path.join(PYODIDE_DIR, "pyodide.mjs"));
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR + path.sep,
    messageCallback: () => {}, // silence "Loading ..." lines
    errorCallback: (msg) => process.stderr.write(`${msg}\n`),
    env: process.env.PYTEST_ADDOPTS ? { PYTEST_ADDOPTS: process.env.PYTEST_ADDOPTS } : {},
  });
  pyodide.setStdout(writer(1));
  pyodide.setStderr(writer(2));
  // By local path: a name from the lock would make Node fall back to the (unreachable) CDN.
  await pyodide.loadPackage(wheels, { checkIntegrity: false, messageCallback: () => {} });

  pyodide.FS.mkdirTree(ROOT);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, ROOT);

  const setupMs = Math.round(performance.now() - t0);
  pyodide.globals.set("ROOT", ROOT);
  pyodide.globals.set("PYODIDE_VERSION", pyodide.version);
  pyodide.globals.set("SETUP_MS", setupMs);
  pyodide.globals.set("CLI_ARGS", pyodide.toPy(process.argv.slice(2)));
  pyodide.globals.set("ENV_ARGS", process.env.PYODIDE_PYTEST_ARGS || "");
  const code = await pyodide.runPythonAsync(`
import os, sys, platform, shlex
sys.dont_write_bytecode = True  # no __pycache__ (cpython-314) written into the host tree
os.chdir(ROOT)
sys.path.insert(0, os.path.join(ROOT, "core"))
import pytest
print(f"Pyodide {PYODIDE_VERSION}: Python {platform.python_version()} ({sys.platform}), "
      f"pytest {pytest.__version__}; booted in {SETUP_MS / 1000:.1f} s", flush=True)
args = shlex.split(ENV_ARGS) + list(CLI_ARGS)
# Run tests/ unless the caller named test paths of its own (tests/x.py, tests/x.py::test_y).
names_path = any(not a.startswith("-") and os.path.exists(a.split("::")[0]) for a in args)
args = ["-p", "no:cacheprovider"] + ([] if names_path else ["tests"]) + args

class GoldenWatch:
    """Counts the golden hash-chain comparisons that passed: the point of this run."""
    passed = 0
    def pytest_runtest_logreport(self, report):
        if report.when == "call" and report.passed and \
                "test_golden.py::test_same_state_after_every_action" in report.nodeid:
            self.passed += 1

watch = GoldenWatch()
rc = int(pytest.main(args, plugins=[watch]))
selecting = names_path or any(a.split("=")[0] in ("-k", "-m", "--deselect", "--ignore",
                                                  "--ignore-glob", "--lf", "--last-failed")
                              or a.startswith(("-k", "-m")) for a in args)
if watch.passed:
    print(f"Pyodide: {watch.passed} golden hash chains identical to CPython's", flush=True)
elif rc == 0 and not selecting:
    print("pyodide_pytest: the golden hash-chain comparison (tests/test_golden.py) did not "
          "run: CPython and Pyodide were not compared", file=sys.stderr, flush=True)
    rc = 1
sys.stdout.flush(); sys.stderr.flush()
rc
`);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  if (code === 5) {
    process.stderr.write(`pyodide_pytest: no tests were collected (pytest exit 5), counted as a failure [${secs} s]\n`);
  } else if (code !== 0) {
    process.stderr.write(`pyodide_pytest: pytest exited with ${code} [${secs} s]\n`);
  }
  process.exit(code);
}

main().catch((err) => {
  process.stderr.write(`pyodide_pytest: ${err && err.stack ? err.stack : err}\n`);
  process.exit(3);
});
