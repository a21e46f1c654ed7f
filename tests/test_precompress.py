"""The build's precompressed siblings (scripts/build/precompress.py): each .br/.gz decompresses to
its source's bytes; incompressible files get none; output is deterministic."""

from __future__ import annotations

import gzip
import os
import shutil
import sys
from pathlib import Path

import pytest

if sys.platform == "emscripten":  # node scripts/test/pyodide_pytest.mjs: the build never runs in Pyodide
    pytest.skip("build tool: runs on CPython only", allow_module_level=True)

import brotli  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "build"))
from precompress import precompress  # noqa: E402

pytestmark = pytest.mark.repository_check  # tooling: CPython only (tests/conftest.py)


def siblings(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.suffix in (".br", ".gz"))


def test_every_sibling_of_the_real_web_files_decompresses_to_its_source(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(ROOT / "web", site)
    shutil.copytree(ROOT / "worker", site / "worker")
    totals = precompress(site)
    found = siblings(site)
    sources = {p.with_suffix("") for p in found}
    # every JS, CSS, HTML and JSON file of the site has both siblings
    texts = [p for p in site.rglob("*") if p.suffix in (".js", ".css", ".html", ".json") and p.stat().st_size > 500]
    assert texts and set(texts) <= sources
    for p in found:
        decode = brotli.decompress if p.suffix == ".br" else gzip.decompress
        assert decode(p.read_bytes()) == p.with_suffix("").read_bytes(), p
    assert totals["br"] < totals["raw"] and totals["gz"] < totals["raw"]


def test_incompressible_and_non_text_files_get_no_sibling(tmp_path):
    (tmp_path / "noise.js").write_bytes(os.urandom(4096))  # compressible type, random content
    (tmp_path / "fonts.woff2").write_bytes(b"a" * 4096)  # already-compressed type
    (tmp_path / "app.js").write_text("console.log('hello');\n" * 200, encoding="utf-8")
    totals = precompress(tmp_path)
    assert [p.name for p in siblings(tmp_path)] == ["app.js.br", "app.js.gz"]
    assert totals["files"] == 3
    assert totals["raw"] == 4096 * 2 + len("console.log('hello');\n") * 200


def test_output_is_deterministic_and_a_rebuild_ignores_old_siblings(tmp_path):
    text = ("function f(x) { return x * 2; }\n" * 300).encode()
    outputs = []
    for name in ("a", "b"):
        d = tmp_path / name
        d.mkdir()
        (d / "m.mjs").write_bytes(text)
        precompress(d)
        outputs.append(((d / "m.mjs.br").read_bytes(), (d / "m.mjs.gz").read_bytes()))
    assert outputs[0] == outputs[1]
    # a second run over a folder that already has siblings does not compress the siblings
    totals = precompress(tmp_path / "a")
    assert totals["files"] == 1
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["m.mjs", "m.mjs.br", "m.mjs.gz"]


def test_cache_returns_the_same_bytes(tmp_path):
    data = ("x = [" + ", ".join(str(i) for i in range(30000)) + "]\n").encode()
    assert len(data) > 64 * 1024
    (tmp_path / "big.js").write_bytes(data)
    cache = tmp_path.parent / (tmp_path.name + "-cache")
    precompress(tmp_path, cache)
    first = (tmp_path / "big.js.br").read_bytes()
    assert len(list(cache.iterdir())) == 2  # one .br, one .gz entry
    (tmp_path / "big.js.br").unlink()
    precompress(tmp_path, cache)
    assert (tmp_path / "big.js.br").read_bytes() == first
    assert brotli.decompress(first) == data
