"""scripts/build/serve.py: the precompressed sibling the client accepts, with the original type;
the original when the client accepts none or the sibling is stale."""

from __future__ import annotations

import gzip
import os
import re
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

if sys.platform == "emscripten":  # node scripts/test/pyodide_pytest.mjs: no sockets or threads there
    pytest.skip("development server: runs on CPython only", allow_module_level=True)

import brotli  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "build"))
from precompress import precompress  # noqa: E402
from serve import CSP, accepted_encodings, make_server  # noqa: E402

WASM = b"\0asm\x01\0\0\0" + bytes(range(256)) * 64
SCRIPT = b"export const answer = 42;\n" * 100


@pytest.fixture
def site(tmp_path):
    (tmp_path / "index.html").write_bytes(b"<!doctype html><title>t</title>" + b"<p>hello</p>" * 50)
    (tmp_path / "app.js").write_bytes(SCRIPT)
    (tmp_path / "rt.wasm").write_bytes(WASM)
    precompress(tmp_path)
    server = make_server(str(tmp_path), 0, "127.0.0.1")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield tmp_path, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def get(url: str, accept: str):
    req = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    with urllib.request.urlopen(req) as res:
        return res.read(), res.headers


@pytest.mark.parametrize("accept, encoding", [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"),
                                              ("br;q=0, gzip;q=0.5", "gzip"), ("identity", None),
                                              ("", None), ("*", "br")])
def test_the_accepted_sibling_is_sent_with_the_original_type(site, accept, encoding):
    _, url = site
    for name, data, ctype in (("rt.wasm", WASM, "application/wasm"), ("app.js", SCRIPT, "text/javascript")):
        body, headers = get(url + name, accept)
        assert headers.get("Content-Encoding") == encoding
        assert headers["Content-Type"] == ctype
        assert headers["Vary"] == "Accept-Encoding"
        assert int(headers["Content-Length"]) == len(body)
        decode = {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda b: b}[encoding]
        assert decode(body) == data


def test_the_site_root_gets_index_html_compressed(site):
    root, url = site
    body, headers = get(url, "br")
    assert headers["Content-Encoding"] == "br" and headers["Content-Type"] == "text/html"
    assert brotli.decompress(body) == (root / "index.html").read_bytes()


def test_a_stale_sibling_is_not_sent(site):
    root, url = site
    (root / "app.js").write_bytes(b"export const answer = 43;\n")
    later = (root / "app.js.br").stat().st_mtime + 5
    os.utime(root / "app.js", (later, later))
    body, headers = get(url + "app.js", "br, gzip")
    assert headers.get("Content-Encoding") is None
    assert body == b"export const answer = 43;\n"


def test_files_without_sibling_have_no_vary(site):
    root, url = site
    (root / "tiny.txt").write_bytes(b"x")
    body, headers = get(url + "tiny.txt", "br")
    assert body == b"x" and headers.get("Content-Encoding") is None and headers.get("Vary") is None


def test_accept_encoding_parsing():
    assert accepted_encodings("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted_encodings("br;q=0, gzip;q=0.8") == {"gzip"}
    assert accepted_encodings(None) == set()
    assert accepted_encodings("*;q=0.1") >= {"br", "gzip"}


def test_every_response_carries_the_policy_and_only_embed_html_may_be_framed_by_others(site):
    root, url = site
    (root / "embed.html").write_text("<!doctype html><title>e</title>", encoding="utf-8")
    for name, ancestors in (("", "'self'"), ("index.html", "'self'"), ("app.js", "'self'"),
                            ("embed.html?game=scopa", "*")):
        _, headers = get(url + name, "identity")
        assert headers["Content-Security-Policy"] == f"{CSP}; frame-ancestors {ancestors}", name
    assert "'unsafe-eval'" not in CSP and "'unsafe-inline'" not in CSP


def test_no_csp_serves_without_the_policy(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    server = make_server(str(tmp_path), 0, "127.0.0.1", csp=False)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        _, headers = get(f"http://127.0.0.1:{server.server_address[1]}/", "identity")
        assert "Content-Security-Policy" not in headers
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_each_page_carries_the_same_policy_as_a_meta(page):
    """Static hosts that send no headers still apply the policy (all but frame-ancestors,
    which a <meta> cannot carry)."""
    text = (ROOT / "web" / page).read_text(encoding="utf-8")
    metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', text)
    assert metas == [CSP]
    assert text.index("Content-Security-Policy") < text.index("<link")
