#!/usr/bin/env python3
"""Lighthouse (mobile, its default) on the built site: the four category scores and the
cumulative layout shift of each page, printed one line per page.

Lighthouse is the npm devDependency pinned in package.json (node_modules/.bin/lighthouse);
it drives Debian's chromium (CHROME_PATH, `which chromium`) with the flags the e2e tests use,
against dist/ served here by scripts/build/serve.py on a free localhost port. The pages: home, each
playable game's table (on its first deck) and each tradition page.

Performance under simulated mobile throttling still depends on this machine's load: with
--runs N each page is measured N times and the run with the median performance is kept.
The LAST line printed is one JSON object with every figure.

Usage: python scripts/bench/lighthouse.py [--runs 1] [--dist dist] [--only home,scopa,…] [--save DIR]
       [--baseline OLD_DIST]   (the two builds' audits alternate page by page: a paired comparison)
(make lighthouse builds dist first)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "build"))
from serve import make_server  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = ("--headless --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update --no-first-run")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def pages(dist: Path) -> list[tuple[str, str]]:
    """(name, hash route) for home, every playable game's table and every tradition page,
    from the catalogue the site was built with (dist/data/site.json)."""
    cat = json.loads((dist / "data" / "site.json").read_text(encoding="utf-8"))["catalogue"]
    out = [("home", "#/")]
    for g in cat["games"].values():
        if g.get("playable"):
            out.append((g["id"], f"#/game/{g['id']}?deck={g['decks'][0]}"))
    for tr in cat["traditions"]:
        out.append((f"tradition-{tr['id']}", f"#/tradition/{tr['id']}"))
    return out


def audit(url: str, chrome: str, save: Path | None = None) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        env = {**os.environ, "CHROME_PATH": chrome}
        proc = subprocess.run(
            [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report}",
             f"--chrome-flags={CHROME_FLAGS}", "--only-categories=" + ",".join(CATEGORIES)],
            env=env, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0 or not report.exists():
            raise RuntimeError(f"lighthouse failed on {url} (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
        if save is not None:
            save.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(report, save)
        r = json.loads(report.read_text(encoding="utf-8"))
    if r.get("runtimeError"):
        raise RuntimeError(f"lighthouse on {url}: {r['runtimeError']}")
    a = r["audits"]
    scores = {c: round(100 * r["categories"][c]["score"]) if r["categories"][c]["score"] is not None else None
              for c in CATEGORIES}
    failing = sorted(k for k, v in a.items()
                     if v.get("score") is not None and v["score"] < 0.9
                     and v.get("scoreDisplayMode") in ("binary", "metricSavings", "numeric")
                     and k not in ("max-potential-fid", "mainthread-work-breakdown", "dom-size"))
    return {**scores, "cls": round(a["cumulative-layout-shift"]["numericValue"], 4),
            "lcp_ms": round(a["largest-contentful-paint"]["numericValue"]),
            "tbt_ms": round(a["total-blocking-time"]["numericValue"]),
            "below_90": failing}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--runs", type=int, default=1, help="runs per page; the median performance is kept")
    ap.add_argument("--only", default="", help="comma-separated page names (home, scopa, tradition-siciliane, …)")
    ap.add_argument("--baseline", default="", help="another build (an older dist) measured alternately in the same run, its rows marked 'old'")
    ap.add_argument("--save", default="", help="a folder to keep each run's whole Lighthouse JSON in (<page>-<run>.json)")
    args = ap.parse_args()
    if not LIGHTHOUSE.exists():
        print("lighthouse is not installed: run `make setup-node` (npm ci)", file=sys.stderr)
        return 2
    chrome = shutil.which("chromium")
    if not chrome:
        print("Debian's chromium is not installed: run `make setup-browser`", file=sys.stderr)
        return 2
    # --baseline: a second build measured in the same run, its audits alternating with the
    # dist's page by page (a busy machine slows both alike), each printed on its own row
    sites = [("", args.dist)] + ([("old ", args.baseline)] if args.baseline else [])
    servers, bases = [], {}
    for label, folder in sites:
        server = make_server(folder, 0, "localhost")
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        bases[label] = f"http://localhost:{server.server_address[1]}/"
    chosen = [p for p in pages(Path(args.dist)) if not args.only or p[0] in args.only.split(",")]
    figures: dict = {}
    print(f"{'page':28} {'perf':>5} {'a11y':>5} {'bp':>5} {'seo':>5} {'CLS':>7} {'LCP ms':>7} {'TBT ms':>7}"
          + ("  perf of each run" if args.runs > 1 else ""))
    try:
        for name, route in chosen:
            runs: dict = {label: [] for label in bases}
            for i in range(max(1, args.runs)):
                for label in (list(bases)[::-1] if i % 2 else list(bases)):  # old/new, then new/old, …
                    prefix = f"{label.strip() or 'new'}-" if args.baseline else ""
                    save = Path(args.save) / f"{prefix}{name}-{i + 1}.json" if args.save else None
                    runs[label].append(audit(bases[label] + route, chrome, save))
            for label in bases:
                ordered = sorted(runs[label], key=lambda f: f["performance"] or 0)
                f = ordered[len(ordered) // 2]
                if len(ordered) > 1:
                    f["performance_runs"] = [x["performance"] for x in runs[label]]
                    f["cls_max"] = max(x["cls"] for x in ordered)
                figures.setdefault(label.strip() or "new", {})[name] = f
                print(f"{label + name:28} {f['performance']:>5} {f['accessibility']:>5} {f['best-practices']:>5} {f['seo']:>5} "
                      f"{f['cls']:>7.4f} {f['lcp_ms']:>7} {f['tbt_ms']:>7}"
                      + (f"  {f['performance_runs']}" if len(ordered) > 1 else "")
                      + (f"  below 0.9: {', '.join(f['below_90'])}" if f["below_90"] else ""), flush=True)
    finally:
        for server in servers:
            server.shutdown()
    if not args.baseline:
        figures = figures["new"]
    print(json.dumps({"lighthouse": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
