"""How many seeded deals or requests the long property tests run: every one under CPython
(make test-py); a quarter in the Pyodide run, whose job is to show that WebAssembly plays
the engine exactly as CPython does (a difference shows in any seed, and the golden hash
chains compare whole matches move by move), not to repeat the counts at 2-3x the cost."""

import sys

PYODIDE = sys.platform == "emscripten"


def count(n: int) -> int:
    return n // 4 if PYODIDE else n
