"""The installed app's manifest: its shortcuts open real games with their real decks (and
the daily deal), its screenshots are real WebP files of the sizes it declares, for a phone
(narrow) and a desktop (wide). Pure Python: runs under CPython and Pyodide."""

from __future__ import annotations

import json
import re
import struct
import sys
from pathlib import Path

from cardavia.games import REGISTRY
from cardavia.traditions import ENGINE_ONLY, HELD_BACK

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT / "scripts" / "build"))
from manifest import manifest_text  # noqa: E402
import pytest  # noqa: E402

pytestmark = pytest.mark.repository_check  # tooling: CPython only (tests/conftest.py)

# the manifest the build ships: web/manifest.webmanifest plus the games' shortcuts
MANIFEST = json.loads(manifest_text((WEB / "manifest.webmanifest").read_text(encoding="utf-8")))
DAILY_ROUTE = "./#/daily"  # the daily deal's route (record-b's page, contract of issue 10)


def webp_size(data: bytes) -> tuple[int, int]:
    """Width and height from a WebP file's header (lossy VP8, lossless VP8L or extended VP8X)."""
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP", "not a WebP file"
    chunk = data[12:16]
    if chunk == b"VP8 ":
        assert data[23:26] == b"\x9d\x01\x2a", "no VP8 key frame"
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if chunk == b"VP8L":
        b = int.from_bytes(data[21:25], "little")
        return (b & 0x3FFF) + 1, ((b >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    raise AssertionError(f"unknown WebP chunk {chunk!r}")


def test_webp_size_reads_the_three_kinds_of_header():
    lossy = b"RIFF\0\0\0\0WEBPVP8 \0\0\0\0" + b"\0\0\0" + b"\x9d\x01\x2a" + struct.pack("<HH", 390, 844)
    assert webp_size(lossy) == (390, 844)
    lossless = b"RIFF\0\0\0\0WEBPVP8L\0\0\0\0\x2f" + ((1280 - 1) | ((800 - 1) << 14)).to_bytes(4, "little")
    assert webp_size(lossless) == (1280, 800)
    extended = b"RIFF\0\0\0\0WEBPVP8X\0\0\0\0" + b"\0" * 4 + (99).to_bytes(3, "little") + (49).to_bytes(3, "little")
    assert webp_size(extended) == (100, 50)


def test_every_game_has_a_shortcut_to_its_table_with_a_deck_it_is_played_with():
    games = {}
    for s in MANIFEST["shortcuts"]:
        assert s["name"] and s["url"].startswith("./#/"), s
        for icon in s.get("icons", []):  # one of the app's own icons (drawn by the build)
            assert icon["src"] in {i["src"] for i in MANIFEST["icons"]}, icon
        m = re.fullmatch(r"\./#/game/([a-z0-9-]+)\?deck=([a-z-]+)", s["url"])  # ids may hold digits (tressette4)
        if m:
            games[m.group(1)] = m.group(2)
    site_games = set(REGISTRY) - ENGINE_ONLY - HELD_BACK  # engine-only games have no table yet
    assert set(games) == site_games, "one shortcut per playable game"
    for game, deck in games.items():
        assert deck in REGISTRY[game].DECKS, (game, deck)


def test_a_shortcut_opens_the_daily_deal():
    assert DAILY_ROUTE in [s["url"] for s in MANIFEST["shortcuts"]]


def test_the_app_routes_the_game_pages_the_shortcuts_open():
    app = (WEB / "js" / "app.js").read_text(encoding="utf-8")
    assert 'parts[0] === "game"' in app


def test_screenshots_are_real_webp_files_for_a_phone_and_a_desktop():
    shots = MANIFEST["screenshots"]
    assert {s["form_factor"] for s in shots} == {"narrow", "wide"}
    for s in shots:
        path = WEB / s["src"]
        assert path.is_file(), s["src"]
        data = path.read_bytes()
        assert s["type"] == "image/webp"
        w, h = webp_size(data)
        assert s["sizes"] == f"{w}x{h}", s["src"]
        assert (w < h) == (s["form_factor"] == "narrow"), "a phone's picture stands, a desktop's lies"
        assert len(data) < 150_000, f"{s['src']} is {len(data)} bytes: keep the install dialog light"
        assert s["label"]
