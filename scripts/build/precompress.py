"""Precompressed siblings for a static site: `X.br` (brotli) and `X.gz` (gzip) beside `X`.

Static hosts (and scripts/build/serve.py) send a sibling when the browser accepts its encoding,
so nothing is compressed per request and the largest file (the 9.6 MB wasm) travels as
~2.7 MB. A sibling is kept only when it saves at least 5 %: fonts, PNGs and zips are
already compressed and are sent as they are.

Output is deterministic (gzip with mtime 0, brotli at a fixed quality), so two builds of
the same sources give the same bytes. Brotli at quality 11 takes ~40 s on the wasm: its
output is cached in `cache` by the source's sha256 (the runtime files never change).
"""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

try:
    import brotli
except ImportError:  # gzip alone still works; `make setup` installs brotli (requirements-test.txt)
    brotli = None

COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".txt",
                ".map", ".xml", ".ico", ".zip", ".whl"}  # .zip, .whl: the stdlib subset and the
# engine's bytecode are stored, not deflated: brotli over the whole file packs them tighter
SIBLING_SUFFIXES = (".br", ".gz")
MIN_SAVING = 0.05
CACHE_ABOVE = 64 * 1024  # bytes: only big files are worth a cache entry


def compress_gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def compress_brotli(data: bytes) -> bytes:
    mode = brotli.MODE_TEXT if data[:4] != b"\0asm" else brotli.MODE_GENERIC
    return brotli.compress(data, quality=11, mode=mode)


def _cached(kind: str, data: bytes, compress, cache: Path | None) -> bytes:
    if cache is None or len(data) < CACHE_ABOVE:
        return compress(data)
    key = cache / f"{hashlib.sha256(data).hexdigest()}.{kind}"
    if key.exists():
        return key.read_bytes()
    out = compress(data)
    cache.mkdir(parents=True, exist_ok=True)
    tmp = key.with_suffix(key.suffix + ".tmp")
    tmp.write_bytes(out)
    tmp.replace(key)
    return out


def is_sibling(path: Path) -> bool:
    return path.suffix in SIBLING_SUFFIXES and path.with_suffix("").exists()


def precompress(root: Path, cache: Path | None = None) -> dict:
    """Writes the siblings of every compressible file under root; returns byte totals
    {"files", "raw", "br", "gz"} where br/gz count the bytes a client accepting that
    encoding would receive for those files (the source when there is no sibling)."""
    sources = sorted(p for p in root.rglob("*")
                     if p.is_file() and p.suffix not in SIBLING_SUFFIXES)
    totals = {"files": 0, "raw": 0, "br": 0, "gz": 0}
    codecs = [("gz", ".gz", compress_gzip)]
    if brotli is not None:
        codecs.insert(0, ("br", ".br", compress_brotli))
    for src in sources:
        data = src.read_bytes()
        totals["files"] += 1
        totals["raw"] += len(data)
        sizes = {"br": len(data), "gz": len(data)}
        if src.suffix in COMPRESSIBLE and data:
            for kind, suffix, compress in codecs:
                out = _cached(kind, data, compress, cache)
                if len(out) <= len(data) * (1 - MIN_SAVING):
                    (src.parent / (src.name + suffix)).write_bytes(out)
                    sizes[kind] = len(out)
        totals["br"] += sizes["br"] if brotli is not None else sizes["gz"]
        totals["gz"] += sizes["gz"]
    return totals
