"""Checks of the built site that need no browser: catalogue keys, manifest, precache list."""

from __future__ import annotations

import json
import re
import struct

from conftest import DIST, ROOT


def test_every_message_key_used_by_the_ui_exists():
    messages = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
    used = set()
    for path in (ROOT / "web" / "js").glob("*.js"):
        used |= set(re.findall(r'\bt\("([a-z0-9_.\-]+)"', path.read_text(encoding="utf-8")))
    for attr in re.findall(r'data-i18n="([^"]+)"', (ROOT / "web" / "index.html").read_text(encoding="utf-8")):
        used.add(attr)
    assert used, "no keys found"
    assert sorted(k for k in used if k not in messages) == []
    site = json.loads((DIST / "data" / "site.json").read_text(encoding="utf-8"))["catalogue"]
    for tr in site["traditions"]:
        assert f"tradition.{tr['id']}.description" in messages
    for gid in site["games"]:
        for key in (f"game.{gid}.name", f"game.{gid}.blurb", *(f"rules.{gid}.{s}" for s in ("objective", "setup", "turn", "scoring"))):
            assert key in messages, key


def test_manifest_icons_are_real_pngs_of_the_declared_sizes():
    manifest = json.loads((DIST / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["name"] == "Cardavia"
    purposes = set()
    for icon in manifest["icons"]:
        data = (DIST / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        w, h = struct.unpack(">II", data[16:24])
        assert icon["sizes"] == f"{w}x{h}"
        purposes.add(icon["purpose"])
    assert {"any", "maskable"} <= purposes
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}


def test_service_worker_precaches_every_file_of_the_site():
    sw = (DIST / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "([0-9a-f]{16})"', sw)
    assert version, "cache name is not a content hash"
    assets = set(json.loads(re.search(r"const ASSETS = (\[.*?\]);", sw, re.S).group(1)))
    files = {"./" + p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file() and p.name != "sw.js"}
    siblings = {f for f in files if f.endswith((".br", ".gz"))}  # precompressed copies: served by the host, not cached twice
    shots = {f for f in files if f.startswith("./screenshots/")}  # the install dialog's pictures: not for play
    assert shots, "the manifest's screenshots are in dist/"
    assert files - siblings - shots <= assets and "./" in assets
    assert not siblings & assets
    assert not shots & assets


def test_only_the_five_pyodide_runtime_files_and_the_engine_are_vendored():
    names = sorted(p.name for p in (DIST / "pyodide").iterdir() if p.suffix not in (".br", ".gz"))
    wheels = [n for n in names if n.endswith(".whl")]
    assert sorted(set(names) - set(wheels)) == sorted(
        ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"])
    assert len(wheels) == 1 and wheels[0].startswith("cardavia-")  # no micropip: nothing installs
    lock = json.loads((DIST / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {}


def test_no_external_url_in_the_site():
    pattern = re.compile(rb"https?://[A-Za-z0-9][A-Za-z0-9.-]*\.[A-Za-z]{2,}[^\s\"'`)]*")
    found = []
    for p in DIST.rglob("*"):
        if p.is_file() and p.suffix in {".html", ".js", ".mjs", ".json", ".css", ".webmanifest"}:
            for m in pattern.finditer(p.read_bytes()):
                url = m.group(0).decode()
                if not (re.match(r"https://[a-z]{2,3}\.wikipedia\.org/", url) or url.startswith("http://www.w3.org/2000/svg")):
                    found.append(f"{p.relative_to(DIST)}: {url}")
    assert found == []


def test_build_is_reproducible(tmp_path):
    """Same sources → same bytes → same cache name: users see "Update available" only for real changes."""
    import subprocess
    import sys
    version = re.compile(r'const VERSION = "([0-9a-f]+)"')
    found = []
    for name in ("a", "b"):
        out = tmp_path / name
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build" / "build_site.py"), "--out", str(out)],
                       check=True, capture_output=True)
        found.append(version.search((out / "sw.js").read_text()).group(1))
    assert found[0] == found[1]


def test_index_html_already_holds_the_home_page_and_every_game_table_shell():
    """The first paint needs no JavaScript (scripts/build/first_paint.py): the built index.html holds
    the English home page (every tradition with its description and games), each tradition's
    page down to its games and, for each
    playable game and deck, the page above its table and the table's boxes; one stylesheet."""
    page = (DIST / "index.html").read_text(encoding="utf-8")
    messages = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
    site = json.loads((DIST / "data" / "site.json").read_text(encoding="utf-8"))["catalogue"]
    sections = dict(re.findall(r'<section class="page[^"]*" data-first="([^"]+)">(.*?)</section>', page, re.S))
    home = sections["home"]
    text = re.sub(r"<[^>]+>", "", home).replace("&#x27;", "'")
    assert messages["home.title"] in text and messages["home.intro"] in text
    for tr in site["traditions"]:
        assert messages[f"tradition.{tr['id']}.description"] in text
        assert f'href="#/tradition/{tr["id"]}"' in home
        assert home.count('<span class="card face"></span>') == 5 * len(site["traditions"])  # the fans' boxes
    for tr in site["traditions"]:  # each tradition's page down to its games
        top = sections.pop(f"tradition/{tr['id']}")
        assert messages[f"tradition.{tr['id']}.description"] in top and f"<h1>{tr['name']}</h1>" in top
        assert top.count('<li class="game-card">') == len(tr["games"]) and 'class="whole-deck"' not in top
    shells = {k for k in sections if k != "home"}
    assert shells == {f"game/{g['id']}/{d}" for g in site["games"].values() if g.get("playable") for d in g["decks"]}
    for key in shells:
        assert '<div class="board">' in sections[key] and f'data-game="{key.split("/")[1]}"' in sections[key]
    assert re.findall(r'<link rel="stylesheet" href="([^"]+)">', page) == ["css/site.css"]
    css = (DIST / "css" / "site.css").read_text(encoding="utf-8")
    assert all(f'html[data-first="{k}"] main > [data-first="{k}"]' in css for k in sections)
    assert page.index('src="js/first-paint.js"') < page.index('rel="stylesheet"')
