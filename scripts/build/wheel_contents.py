"""What of the engine package the site's wheel carries: the product, not the tooling.

The browser runs the bridge and what it imports (the games, the levels, hints, lessons,
replays, deck facts). The command line, the arena and its logs, the fuzzer, the lesson
walker and the frozen players are run from a checkout (`PYTHONPATH=core python3 -m
cardavia …`) and never in the browser: the build leaves them out of the wheel, by this
explicit list, and tests/test_site_contents.py checks that nothing shipped imports them
(and the stdlib workload of scripts/build/stdlib_subset.mjs proves the site runs without
them). A new module is shipped unless it is listed here.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

# paths inside the package (cardavia/…), each with why it is not the site's
TOOLING = {
    "__main__.py": "the command line",
    "evaluation.py": "simulate, arena, carry, compare, bench",
    "arenalog.py": "the arena's resumable logs",
    "fuzz.py": "hostile requests against the bridge",
    "lessonwalk.py": "walks every lesson for the tests",
    "ai/frozen.py": "the frozen players normal-v1, expert-v1 (the arena's yardstick)",
    "ai/briscola_v1.py": "the frozen Briscola policy",
    "ai/briscola_v2.py": "the frozen Briscola normal of 2026-12-07 (normal-v2)",
    "ai/scopa_v1.py": "the frozen Scopa policy",
    "ai/scopa_net.py": "the Scopa self-play network's reader: experiments only, no weights ship",
}


def shipped(rel: str) -> bool:
    """Whether the package file ``rel`` (a path inside cardavia/) goes into the site's wheel."""
    return rel not in TOOLING and "__pycache__" not in rel


def strip_wheel(wheel: Path) -> list[str]:
    """Rewrites ``wheel`` without the TOOLING modules (its RECORD too); returns what it dropped.
    Entries keep their order and timestamps: the same engine gives the same bytes."""
    with zipfile.ZipFile(wheel) as src:
        entries = [(info, src.read(info)) for info in src.infolist()]
    dropped = [info.filename for info, _ in entries
               if info.filename.startswith("cardavia/") and not shipped(info.filename[len("cardavia/"):])]
    tmp = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w") as out:
        for info, data in entries:
            if info.filename in dropped:
                continue
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines()
                data = "".join(f"{line}\n" for line in lines if line.split(",", 1)[0] not in dropped).encode()
            out.writestr(info, data)
    tmp.replace(wheel)
    return dropped
