"""Shared pytest configuration for the Cardavia engine tests."""

# --- markers of the tests the Pyodide run skips (node scripts/test/pyodide_pytest.mjs) ---
# - needs_subprocess: Pyodide (sys.platform == "emscripten") cannot start processes
#   (subprocess.Popen raises OSError): tests that spawn one (e.g. CLI tests running
#   `python -m cardavia`) are skipped there.
# - repository_check: tests of what the files hold or of tools the site never runs: every
#   game's parts (test_completeness), the catalogues' texts, the build's manifest, wheel and
#   precompression, the command line, the test lanes. The Pyodide run is there to prove the
#   engine the site runs behaves the same in WebAssembly, not to spend minutes repeating them.
# Under CPython (make test-py) both run as usual. The hook functions have unique names (bound
# to the hooks with `specname`) so they cannot clash with others in this file.
import sys as _sys_pyodide_skips

import pytest as _pytest_pyodide_skips

# marker: (what it marks, the reason the Pyodide run gives when it skips one)
PYODIDE_SKIPS = {
    "needs_subprocess": ("the test starts a subprocess; skipped under Pyodide (emscripten)",
                         "needs_subprocess: Pyodide (emscripten) cannot start subprocesses"),
    "repository_check": ("checks the repository or its tooling, not the engine the site runs; CPython only",
                         "repository_check: the repository and its tooling are checked by the CPython run"),
}


@_pytest_pyodide_skips.hookimpl(specname="pytest_configure")
def pytest_configure__pyodide_skips(config):
    for name, (marks, _) in PYODIDE_SKIPS.items():
        config.addinivalue_line("markers", f"{name}: {marks}")


@_pytest_pyodide_skips.hookimpl(specname="pytest_collection_modifyitems")
def pytest_collection_modifyitems__pyodide_skips(config, items):
    if _sys_pyodide_skips.platform != "emscripten":
        return
    for item in items:
        for name, (_, reason) in PYODIDE_SKIPS.items():
            if item.get_closest_marker(name) is not None:
                item.add_marker(_pytest_pyodide_skips.mark.skip(reason=reason))
                break
# --- end of the Pyodide run's skips ---
