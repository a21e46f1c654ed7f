#!/usr/bin/env python3
"""Serve a folder (dist/ by default) over HTTP with the MIME types the site needs.

application/wasm for the Pyodide binary (otherwise loadPyodide never settles),
text/javascript for .mjs, application/manifest+json for the web manifest.
`Cache-Control: no-cache` so that a new build is seen at once (the service worker
does the offline caching).

Precompressed files: when the build left `X.br` or `X.gz` beside `X` and the request's
Accept-Encoding allows it, the sibling is sent with `Content-Encoding: br|gzip` and X's
own Content-Type (the wasm stays application/wasm), unless the sibling is older than X
(X edited after the build: X itself is sent); every file that has a sibling is
sent with `Vary: Accept-Encoding`, so that no cache hands one encoding to a client that
asked for another. Nothing is compressed on the fly.

Content Security Policy: every response carries the site's policy (CSP below) as a
header, which also covers the engine's worker script and the service worker (a page's
<meta> does not) and adds `frame-ancestors` (which a <meta> cannot carry): the app refuses
to be framed by other sites, embed.html may be framed by any (hosts narrow it: docs/web.md).
The pages carry the same policy, without frame-ancestors, as a <meta> for static hosts
that send no headers (tests/test_serve.py checks that the two agree). `--no-csp` serves a
folder without it (the e2e tests' stand-in for another site that embeds Cardavia).

Usage: python scripts/build/serve.py [--port 8000] [--host localhost] [--no-csp] [dist]
Also importable: `make_server(directory, port, host)` returns a ThreadingHTTPServer
(port 0 picks a free port); its `bytes_sent` counts the body bytes served (encoded
bytes when a compressed sibling was sent) and `requests` lists (path, bytes, encoding).
"""

from __future__ import annotations

import argparse
import datetime
import email.utils
import functools
import http.server
import os
import sys
import threading
import urllib.parse
from http import HTTPStatus

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html",
}


# The site's Content Security Policy (docs/web.md says why each directive is there).
# 'wasm-unsafe-eval': Pyodide compiles its WebAssembly (and small trampolines) at run time;
# no 'unsafe-eval' (Pyodide evaluates JS only when it loads a shared library, which the
# site never does), no 'unsafe-inline' (no inline script, handler or style attribute).
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
       "connect-src 'self'; img-src 'self' data:; style-src 'self'; font-src 'self'; "
       "manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'")
SELF = "'self'"
FRAME_ANCESTORS = {"embed.html": "*"}  # every other page: 'self'


def csp_header(url_path: str) -> str:
    """The policy sent with `url_path`: CSP plus who may frame it."""
    name = urllib.parse.urlsplit(url_path).path.rsplit("/", 1)[-1]
    return f"{CSP}; frame-ancestors {FRAME_ANCESTORS.get(name, SELF)}"


# preferred first; the suffix of the sibling written by scripts/build/build_site.py
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str | None) -> set[str]:
    """Codings the client accepts (q > 0), from an Accept-Encoding header."""
    found = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            found.add(name.strip().lower())
    if "*" in found:
        found |= {name for name, _ in ENCODINGS}
    return found


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    quiet = False
    csp = True
    encoding: str | None = None
    has_variants = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.csp:
            self.send_header("Content-Security-Policy", csp_header(self.path))
        if self.has_variants:
            self.send_header("Vary", "Accept-Encoding")
        if self.encoding:
            self.send_header("Content-Encoding", self.encoding)
        super().end_headers()

    def send_head(self):
        """Sends a precompressed sibling when there is one the client accepts; anything
        else (directories, redirects, 404s, files without siblings) as the base class does."""
        self.encoding, self.has_variants = None, False
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urllib.parse.urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()
        # a sibling older than its source is stale (the file was edited after the build): unused
        mtime = os.stat(path).st_mtime
        variants = [(name, path + suffix) for name, suffix in ENCODINGS
                    if os.path.isfile(path + suffix) and os.stat(path + suffix).st_mtime >= mtime]
        if not variants:
            return super().send_head()
        self.has_variants = True
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        chosen = next(((name, p) for name, p in variants if name in accepted), None)
        if chosen is None:
            return super().send_head()
        f = open(chosen[1], "rb")
        try:
            fs = os.fstat(f.fileno())
            if self.not_modified(fs.st_mtime):
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.end_headers()
                f.close()
                return None
            self.encoding = chosen[0]
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-type", self.guess_type(path))
            self.send_header("Content-Length", str(fs.st_size))
            self.send_header("Last-Modified", self.date_time_string(fs.st_mtime))
            self.end_headers()
            return f
        except Exception:
            f.close()
            raise

    def not_modified(self, mtime: float) -> bool:
        """If-Modified-Since (without If-None-Match) covers this modification time."""
        if "If-Modified-Since" not in self.headers or "If-None-Match" in self.headers:
            return False
        try:
            ims = email.utils.parsedate_to_datetime(self.headers["If-Modified-Since"])
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if ims.tzinfo is None:
            ims = ims.replace(tzinfo=datetime.timezone.utc)
        last = datetime.datetime.fromtimestamp(mtime, datetime.timezone.utc).replace(microsecond=0)
        return last <= ims

    def copyfile(self, source, outputfile) -> None:  # count the bytes of bodies served
        n = 0
        while True:
            buf = source.read(64 * 1024)
            if not buf:
                break
            outputfile.write(buf)
            n += len(buf)
        with self.server.lock:
            self.server.bytes_sent += n
            self.server.requests.append((self.path, n, self.encoding))

    def log_message(self, fmt: str, *args) -> None:
        if not self.quiet:
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.lock = threading.Lock()
        self.bytes_sent = 0
        self.requests: list[tuple[str, int, str | None]] = []


def make_server(directory: str, port: int = 0, host: str = "localhost", quiet: bool = True,
                csp: bool = True) -> Server:
    # csp is this server's own (a class per server): another server in the process keeps its policy
    handler = functools.partial(type("SiteHandler", (Handler,), {"csp": csp}), directory=os.path.abspath(directory))
    Handler.quiet = quiet
    return Server((host, port), handler)


def main() -> None:
    ap = argparse.ArgumentParser(description="Serve the built site")
    ap.add_argument("directory", nargs="?", default="dist")
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    ap.add_argument("--host", default="localhost")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--no-csp", action="store_true", help="send no Content-Security-Policy header")
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.directory, "index.html")):
        sys.exit(f"{args.directory}/index.html not found: run `make build` first")
    server = make_server(args.directory, args.port, args.host, quiet=args.quiet, csp=not args.no_csp)
    print(f"Serving {args.directory}/ at http://{args.host}:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
