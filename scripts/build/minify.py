"""Minifies the site's own JavaScript in dist/ with esbuild (an exact-pinned npm
devDependency): each file on its own, no bundling, so every ES module keeps its imports
and the worker its URL; no eval is added (the CSP has none). The readable source stays in
web/ and worker/; only dist/ holds the minified files. Pyodide's runtime files are left as
Pyodide ships them (pyodide.asm.mjs is minified already; pyodide.mjs is patched by text)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
SUFFIXES = (".js", ".mjs")


def site_scripts(dist: Path) -> list[Path]:
    """Every script of dist/ but Pyodide's."""
    return sorted(p for p in dist.rglob("*") if p.suffix in SUFFIXES and p.is_file()
                  and p.relative_to(dist).parts[0] != "pyodide")


def minify(files: list[Path], dist: Path) -> tuple[int, int]:
    """Minifies ``files`` (inside ``dist``) in place; returns (bytes before, bytes after)."""
    if not ESBUILD.exists():
        raise SystemExit(f"{ESBUILD} missing: run `npm ci`")
    before = sum(p.stat().st_size for p in files)
    # --charset=utf8: the Persian and Arabic of a script stay as they are, not \\u escapes;
    # legal comments (/*! … */, @license) are kept inline, as the licences ask
    subprocess.run([str(ESBUILD), *map(str, files), "--minify", "--charset=utf8",
                    "--legal-comments=inline", "--log-level=warning", "--allow-overwrite",
                    f"--outdir={dist}", f"--outbase={dist}"], check=True)
    return before, sum(p.stat().st_size for p in files)
