"""Shared pytest configuration for the Cardavia engine tests."""

# --- needs_subprocess marker (for the Pyodide run: node scripts/test/pyodide_pytest.mjs) ---
# Pyodide (sys.platform == "emscripten") cannot start processes: subprocess.Popen
# raises OSError. Tests that spawn one (e.g. CLI tests running `python -m cardavia`)
# carry @pytest.mark.needs_subprocess and are skipped there, with a reason;
# under CPython they run as usual.
# The hook functions have unique names (bound to the hooks with `specname`) so they
# cannot clash with other pytest_configure / pytest_collection_modifyitems in this file.
import sys as _sys_needs_subprocess

import pytest as _pytest_needs_subprocess


@_pytest_needs_subprocess.hookimpl(specname="pytest_configure")
def pytest_configure__needs_subprocess(config):
    config.addinivalue_line(
        "markers",
        "needs_subprocess: the test starts a subprocess; skipped under Pyodide (emscripten)",
    )


@_pytest_needs_subprocess.hookimpl(specname="pytest_collection_modifyitems")
def pytest_collection_modifyitems__needs_subprocess(config, items):
    if _sys_needs_subprocess.platform != "emscripten":
        return
    skip = _pytest_needs_subprocess.mark.skip(
        reason="needs_subprocess: Pyodide (emscripten) cannot start subprocesses"
    )
    for item in items:
        if item.get_closest_marker("needs_subprocess") is not None:
            item.add_marker(skip)
# --- end needs_subprocess marker ---


# --- repository_check marker: a test of the repository and its tooling, not of the engine ---
# Some tests check what the files hold or tools the site never runs: every game's parts
# (test_completeness), the catalogues' texts, the build's manifest, wheel and precompression,
# the command line, the test lanes. They run under CPython (make test-py); the Pyodide run,
# there to prove the engine the site runs behaves the same in WebAssembly, skips them with
# this reason rather than spend minutes repeating them.
@_pytest_needs_subprocess.hookimpl(specname="pytest_configure")
def pytest_configure__repository_check(config):
    config.addinivalue_line(
        "markers",
        "repository_check: checks the repository or its tooling, not the engine the site runs; CPython only",
    )


@_pytest_needs_subprocess.hookimpl(specname="pytest_collection_modifyitems")
def pytest_collection_modifyitems__repository_check(config, items):
    if _sys_needs_subprocess.platform != "emscripten":
        return
    skip = _pytest_needs_subprocess.mark.skip(
        reason="repository_check: the repository and its tooling are checked by the CPython run")
    for item in items:
        if item.get_closest_marker("repository_check") is not None:
            item.add_marker(skip)
