#!/usr/bin/env python3
"""Build the static site into dist/ (git-ignored).

dist/ holds everything the site needs, served from itself (no CDN):
  index.html, embed.html, embed.js, sw.js, manifest.webmanifest (+ the games' shortcuts), css/, js/, i18n/, icons/
  worker/engine-worker.js        the module Web Worker that runs the engine; worker/snapshot.js
                                 keeps its memory snapshot, keyed by this build (stamped here)
  pyodide/                       the five Pyodide runtime files and the engine wheel;
                                 python_stdlib.zip is reduced to what the site imports, as
                                 bytecode (scripts/build/stdlib_subset.mjs; --full-stdlib to skip)
  data/site.json                 catalogue generated from the engine + build info (first paint
                                 needs no Pyodide)
  index.html, css/site.css       the English home page and every game page's shell pre-rendered
                                 into <main>, the page's stylesheets as one (scripts/build/first_paint.py)
  X.br, X.gz                     precompressed siblings of every compressible file (written
                                 last: not in the service worker's list, which holds X itself)

Usage: python scripts/build/build_site.py [--out dist]
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from precompress import precompress  # noqa: E402
from first_paint import prerender  # noqa: E402
from manifest import write_manifest  # noqa: E402
from minify import minify, site_scripts  # noqa: E402
from wheel_contents import shipped, strip_wheel  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
WORKER = ROOT / "worker"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
VENDOR_CACHE = ROOT / "vendor-cache"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
CDN_LITERAL = "`https://cdn.jsdelivr.net/pyodide/v${U}/full/`"


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


# ----------------------------------------------------------------------------- wheels
def build_engine_wheel(out: Path) -> Path:
    tmp = ROOT / "build" / "wheel"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    log("building the engine wheel")
    # Reproducible wheel (fixed zip timestamps): an unchanged engine keeps the same bytes, so
    # the service-worker cache name changes only when the site really changes.
    env = {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "315532800")}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--disable-pip-version-check",
                    "--no-deps", "--no-build-isolation", "-w", str(tmp), str(ROOT)], check=True, env=env)
    wheels = sorted(tmp.glob("cardavia-*.whl"))
    if len(wheels) != 1:
        sys.exit(f"expected one cardavia wheel, got {wheels}")
    dest = out / wheels[0].name
    shutil.copy2(wheels[0], dest)
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    dropped = strip_wheel(dest)  # the command line, the arena, the frozen players: not the site's
    log(f"engine wheel: {len(dropped)} tooling modules left out (scripts/build/wheel_contents.py)")
    return dest


# ----------------------------------------------------------------------------- pyodide
def vendor_pyodide(dist: Path) -> None:
    pdir = dist / "pyodide"
    pdir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        src = PYODIDE_NPM / name
        if not src.exists():
            sys.exit(f"{src} missing: run `npm ci`")
        if name == "pyodide.mjs":
            text = src.read_text(encoding="utf-8")
            # The only external URL: the CDN fallback for packages. Point it at indexURL
            # (`t` in that scope) so that nothing can ever leave the site.
            if text.count(CDN_LITERAL) != 1:
                sys.exit("pyodide.mjs: CDN literal not found exactly once (Pyodide version changed?)")
            text = text.replace(CDN_LITERAL, "t")
            text = re.sub(r"\n//# sourceMappingURL=\S+\s*$", "\n", text)
            (pdir / name).write_text(text, encoding="utf-8")
        elif name == "pyodide-lock.json":
            continue  # written below
        else:
            shutil.copy2(src, pdir / name)
    lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    # No Pyodide package is shipped (the engine is pure Python, imported from its own wheel,
    # and the worker installs nothing): loadPyodide reads the lock, which lists none.
    lock["packages"] = {}
    (pdir / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")


# ----------------------------------------------------------------------------- stdlib subset
def engine_stdlib_imports() -> list[str]:
    """Every stdlib module the shipped engine's source imports anywhere (top level or in a
    function); the tooling left out of the wheel (wheel_contents.py) does not count."""
    found = set()
    package = ROOT / "core" / "cardavia"
    for path in sorted(package.rglob("*.py")):
        if not shipped(path.relative_to(package).as_posix()):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
    return sorted(m for m in found if m.split(".")[0] in sys.stdlib_module_names and m != "__future__")


def reduce_stdlib(pdir: Path, wheel: Path) -> None:
    """Replaces python_stdlib.zip by the modules Pyodide and the engine import, as .pyc,
    and the engine wheel by the same wheel with its .pyc files, after proving in Node that
    the engine runs everything on both (see the .mjs). Cached in vendor-cache/stdlib/ by
    the hash of every input (two Node runs of ~10 s each)."""
    node = shutil.which("node")
    if node is None:
        log("warning: node not found; shipping the whole python_stdlib.zip")
        return
    script = ROOT / "scripts" / "build" / "stdlib_subset.mjs"
    imports = engine_stdlib_imports()
    key = hashlib.sha256()
    for part in (PYODIDE_NPM / "python_stdlib.zip", PYODIDE_NPM / "pyodide.asm.wasm", wheel, script,
                 ROOT / "scripts" / "build" / "stdlib_workload.py"):
        key.update(hashlib.sha256(part.read_bytes()).digest())
    key.update(json.dumps(imports).encode())
    cached = VENDOR_CACHE / "stdlib" / f"{key.hexdigest()[:24]}.zip"
    cached_wheel = cached.with_suffix(".whl")
    if not (cached.exists() and cached_wheel.exists()):
        cached.parent.mkdir(parents=True, exist_ok=True)
        # this process's own scratch names: two builds of one tree at once (helpers building
        # their own dist-* folders) must not delete each other's files; the last rename wins,
        # and both write the same bytes
        own = f"{cached.stem}.{os.getpid()}"
        tmp = cached.parent / f"{own}.tmp"
        tmp_dir = cached.parent / f"{own}.tmp.d"
        shutil.rmtree(tmp_dir, ignore_errors=True)
        tmp_dir.mkdir()
        tmp_wheel = tmp_dir / wheel.name  # same file name: the worker mounts it as /tmp/<name>
        imports_file = cached.parent / f"{own}.json"
        imports_file.write_text(json.dumps(imports), encoding="utf-8")
        log("reducing python_stdlib.zip to what the site imports, compiling it and the engine "
            "(Pyodide in Node, twice)")
        for mode, args in (("build", [str(wheel), str(tmp), str(imports_file), str(tmp_wheel)]),
                           ("check", [str(tmp_wheel), str(tmp), str(imports_file)])):
            r = subprocess.run([node, str(script), mode, *args], capture_output=True, text=True)
            if r.returncode != 0:
                sys.exit(f"stdlib subset {mode} failed:\n{r.stdout}{r.stderr}")
            log(r.stdout.strip())
        tmp_wheel.replace(cached_wheel)
        tmp.replace(cached)
        imports_file.unlink()
        shutil.rmtree(tmp_dir)
    shutil.copy2(cached, pdir / "python_stdlib.zip")
    shutil.copy2(cached_wheel, wheel)


# ----------------------------------------------------------------------------- data
def site_data(wheel_name: str) -> dict:
    sys.path.insert(0, str(ROOT / "core"))
    from cardavia import deckinfo, traditions  # noqa: E402
    try:
        catalogue = traditions.catalogue()
    except ImportError:  # engine games not there yet: nothing playable
        log("warning: cardavia.games.REGISTRY not importable; no game marked playable")
        catalogue = traditions.catalogue(playable=set())
    return {"catalogue": catalogue, "wheel": wheel_name, "cards": deckinfo.deck_info()}


# ----------------------------------------------------------------------------- icons
def _png(width: int, height: int, pixels: bytearray) -> bytes:
    raw = bytearray()
    stride = width * 4
    for y in range(height):
        raw.append(0)
        raw += pixels[y * stride:(y + 1) * stride]

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def icon_png(size: int, maskable: bool) -> bytes:
    """The app icon: a coin (Denari) on a cream card over green felt, drawn with 4x4 supersampling."""
    felt = (31, 92, 64)
    cream = (250, 243, 224)
    gold = (217, 165, 32)
    dark = (138, 90, 0)
    red = (178, 34, 34)
    px = bytearray(size * size * 4)
    ss = 4 if size <= 192 else 2  # supersampling for anti-aliased edges (pure Python: keep it cheap)
    # geometry in unit coordinates (0..1)
    inset = 0.2 if maskable else 0.08          # maskable: keep content in the 80 % safe zone
    card_w, card_h = (1 - 2 * inset) * 0.66, (1 - 2 * inset)
    cx0, cy0 = 0.5 - card_w / 2, 0.5 - card_h / 2
    radius = card_w * 0.12

    def in_card(x: float, y: float) -> bool:
        if not (cx0 <= x <= cx0 + card_w and cy0 <= y <= cy0 + card_h):
            return False
        dx = max(cx0 + radius - x, 0, x - (cx0 + card_w - radius))
        dy = max(cy0 + radius - y, 0, y - (cy0 + card_h - radius))
        return dx * dx + dy * dy <= radius * radius

    r_coin = card_w * 0.36
    for py in range(size):
        for pxl in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(ss):
                for sx in range(ss):
                    x = (pxl + (sx + 0.5) / ss) / size
                    y = (py + (sy + 0.5) / ss) / size
                    if maskable:
                        col, a = felt, 1.0
                    else:
                        # rounded felt square
                        rr = 0.18
                        dx = max(rr - x, 0, x - (1 - rr))
                        dy = max(rr - y, 0, y - (1 - rr))
                        col, a = (felt, 1.0) if dx * dx + dy * dy <= rr * rr else ((0, 0, 0), 0.0)
                    if in_card(x, y):
                        col, a = cream, 1.0
                        d = ((x - 0.5) ** 2 + (y - 0.5) ** 2) ** 0.5
                        if d <= r_coin:
                            col = dark if d > r_coin * 0.88 else gold
                            if d < r_coin * 0.62 and d > r_coin * 0.52:
                                col = red
                            if d < r_coin * 0.2:
                                col = red
                    acc[0] += col[0] * a
                    acc[1] += col[1] * a
                    acc[2] += col[2] * a
                    acc[3] += a
            n = ss * ss
            i = (py * size + pxl) * 4
            alpha = acc[3] / n
            if alpha > 0:
                px[i:i + 4] = bytes((round(acc[0] / acc[3]), round(acc[1] / acc[3]),
                                     round(acc[2] / acc[3]), round(alpha * 255)))
    return _png(size, size, px)


def write_icons(dist: Path) -> None:
    icons = dist / "icons"
    icons.mkdir(exist_ok=True)
    cache = VENDOR_CACHE / "icons-v2"
    cache.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("maskable-512.png", 512, True)):
        cached = cache / name
        if not cached.exists():
            log(f"drawing {name}")
            cached.write_bytes(icon_png(size, maskable))
        shutil.copy2(cached, icons / name)


# ----------------------------------------------------------------------------- engine snapshot
def stamp_snapshot_key(dist: Path) -> str:
    """Writes into worker/snapshot.js the key of the heap a browser may snapshot and restore:
    a hash of everything that heap is made of (Pyodide, the standard library, the engine
    wheel, the worker's code), so that no build ever restores another build's heap."""
    digest = hashlib.sha256()
    parts = sorted((dist / "pyodide").glob("cardavia-*.whl")) + sorted((dist / "worker").glob("*.js"))
    parts += [dist / "pyodide" / name for name in PYODIDE_FILES]
    for p in parts:
        digest.update(p.name.encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    key = digest.hexdigest()[:24]
    target = dist / "worker" / "snapshot.js"
    text = target.read_text(encoding="utf-8")
    assert '"__SNAPSHOT_KEY__"' in text, target
    target.write_text(text.replace('"__SNAPSHOT_KEY__"', json.dumps(key), 1), encoding="utf-8")
    return key


# ----------------------------------------------------------------------------- service worker
def write_service_worker(dist: Path) -> str:
    # the manifest's screenshots are for the install dialog, not for play: never precached
    files = sorted(p for p in dist.rglob("*") if p.is_file() and p.name != "sw.js"
                   and p.relative_to(dist).parts[0] != "screenshots")
    digest = hashlib.sha256()
    assets = ["./"]
    for p in files:
        rel = p.relative_to(dist).as_posix()
        digest.update(rel.encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
        assets.append("./" + rel)
    # What the engine worker loads goes first (biggest first): on a first visit the page
    # starts the worker as soon as these are cached (BOOT_COUNT), before the rest is in.
    boot = ["./pyodide/pyodide.asm.wasm", "./pyodide/python_stdlib.zip", "./pyodide/pyodide.asm.mjs",
            "./pyodide/pyodide.mjs", "./pyodide/pyodide-lock.json", "./worker/engine-worker.js",
            "./worker/snapshot.js"]
    boot += [a for a in assets if re.fullmatch(r"\./pyodide/cardavia-.*\.whl", a)]
    assert set(boot) <= set(assets), boot
    assets = boot + [a for a in assets if a not in boot]
    template = (WEB / "sw.js").read_text(encoding="utf-8")
    template = template.replace("/*__BOOT_COUNT__*/0", str(len(boot)))
    version = digest.hexdigest()[:16]
    # the SW template itself is part of the version too
    version = hashlib.sha256((version + template).encode()).hexdigest()[:16]
    text = template.replace('"__VERSION__"', json.dumps(version)).replace(
        "[/*__ASSETS__*/]", json.dumps(assets, indent=0))
    (dist / "sw.js").write_text(text, encoding="utf-8")
    return version


# ----------------------------------------------------------------------------- fonts
# (i18n) OFL fonts from npm, served by the site itself: Inter (Latin + Vietnamese) and
# Vazirmatn (Persian, Arabic). web/css/fonts.css declares them with unicode-range.
FONTS = {
    "@fontsource-variable/inter": ("Inter", ("inter-latin-wght-normal.woff2",
                                             "inter-latin-ext-wght-normal.woff2",
                                             "inter-vietnamese-wght-normal.woff2")),
    "@fontsource-variable/vazirmatn": ("Vazirmatn", ("vazirmatn-arabic-wght-normal.woff2",)),
}


def copy_fonts(dist: Path) -> None:
    out = dist / "fonts"
    out.mkdir(exist_ok=True)
    for package, (family, files) in FONTS.items():
        pkg = ROOT / "node_modules" / package
        for name in files:
            src = pkg / "files" / name
            if not src.exists():
                sys.exit(f"{src} missing: run `npm ci`")
            shutil.copy2(src, out / name)
        # the licence travels with the fonts (URL schemes dropped: no external URL in dist/)
        text = (pkg / "LICENSE").read_text(encoding="utf-8")
        (out / f"LICENSE-{family}.txt").write_text(re.sub(r"https?://", "", text), encoding="utf-8")


# The QR encoder of live play's invitations (qrcode-generator, MIT), served from the site as an
# ES module; the URLs in its comments lose their scheme (no external URL in dist/).
def copy_vendor_js(dist: Path) -> None:
    src = ROOT / "node_modules" / "qrcode-generator" / "dist" / "qrcode.mjs"
    if not src.exists():
        sys.exit(f"{src} missing: run `npm ci`")
    out = dist / "js" / "vendor"
    out.mkdir(parents=True, exist_ok=True)
    text = src.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^(\s*//.*?)https?://", r"\1", text)
    (out / "qrcode.mjs").write_text(text, encoding="utf-8")


# ----------------------------------------------------------------------------- main
def check_no_external_urls(dist: Path) -> None:
    pattern = re.compile(rb"https?://[A-Za-z0-9][A-Za-z0-9.-]*\.[A-Za-z]{2,}")
    bad = []
    for p in dist.rglob("*"):
        if p.suffix in {".wasm", ".zip", ".whl", ".png", ".webp"} or not p.is_file():
            continue
        for m in pattern.finditer(p.read_bytes()):
            url = m.group(0)
            # links the reader follows (Wikipedia in the reader's language), never fetched
            if re.match(rb"https://[a-z]{2,3}\.wikipedia\.org", url) or url.startswith(b"http://www.w3.org"):
                continue
            bad.append(f"{p.relative_to(dist)}: {url.decode()}")
    if bad:
        sys.exit("external URLs in dist:\n  " + "\n  ".join(bad))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "dist"))
    ap.add_argument("--full-stdlib", action="store_true", help="ship Pyodide's whole python_stdlib.zip")
    ap.add_argument("--no-minify", action="store_true", help="ship the JavaScript as written (debugging)")
    args = ap.parse_args()
    dist = Path(args.out)
    if dist.exists():
        shutil.rmtree(dist)
    # js-tests/: the web modules' unit tests (node --test), never the site's
    shutil.copytree(WEB, dist, ignore=shutil.ignore_patterns("sw.js", "js-tests", "*~", ".*"))
    shutil.copytree(WORKER, dist / "worker", ignore=shutil.ignore_patterns("*~", ".*"))
    write_manifest(WEB, dist)  # the games' shortcuts, from their descriptions
    copy_fonts(dist)
    copy_vendor_js(dist)
    vendor_pyodide(dist)
    wheel = build_engine_wheel(dist / "pyodide")
    if not args.full_stdlib:
        reduce_stdlib(dist / "pyodide", wheel)
    (dist / "data").mkdir(exist_ok=True)
    data = site_data(wheel.name)
    (dist / "data" / "site.json").write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    first = prerender(dist, data)
    log(f"index.html: first paint of {len(first['pages'])} pages, {len(first['stylesheets'])} stylesheets as css/site.css")
    write_icons(dist)
    check_no_external_urls(dist)
    scripts = site_scripts(dist)
    if not args.no_minify:
        before, after = minify(scripts, dist)
        log(f"JavaScript minified (esbuild): {len(scripts)} files, {before / 1e3:.0f} kB -> {after / 1e3:.0f} kB")
    stamp_snapshot_key(dist)
    version = write_service_worker(dist)  # sw.js as written: mostly its list of files, which tests read
    sizes = precompress(dist, VENDOR_CACHE / "compressed")
    log(f"dist/ ready: {sizes['files']} files, {sizes['raw'] / 1e6:.1f} MB "
        f"({sizes['br'] / 1e6:.1f} MB as brotli, {sizes['gz'] / 1e6:.1f} MB as gzip), "
        f"cache version {version}")


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
