#!/usr/bin/env python3
"""Serve a folder (dist/ by default) over HTTP with the MIME types the site needs.

application/wasm for the Pyodide binary (otherwise loadPyodide never settles),
text/javascript for .mjs, application/manifest+json for the web manifest.
`Cache-Control: no-cache` so that a new build is seen at once (the service worker
does the offline caching).

Usage: python scripts/serve.py [--port 8000] [--host localhost] [dist]
Also importable: `make_server(directory, port, host)` returns a ThreadingHTTPServer
(port 0 picks a free port); its `bytes_sent` counts the body bytes served.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import threading

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


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

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
            self.server.requests.append((self.path, n))

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
        self.requests: list[tuple[str, int]] = []


def make_server(directory: str, port: int = 0, host: str = "localhost", quiet: bool = True) -> Server:
    handler = functools.partial(Handler, directory=os.path.abspath(directory))
    Handler.quiet = quiet
    return Server((host, port), handler)


def main() -> None:
    ap = argparse.ArgumentParser(description="Serve the built site")
    ap.add_argument("directory", nargs="?", default="dist")
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    ap.add_argument("--host", default="localhost")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.directory, "index.html")):
        sys.exit(f"{args.directory}/index.html not found: run `make build` first")
    server = make_server(args.directory, args.port, args.host, quiet=args.quiet)
    print(f"Serving {args.directory}/ at http://{args.host}:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
