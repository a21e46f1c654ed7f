"""The installed app's manifest: web/manifest.webmanifest as written, with one shortcut per
playable game added after the daily deal's, from the games' descriptions (each names the
deck its shortcut opens and its words), so that a new game needs no edit here."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "core"))

from cardavia.games import site_games  # noqa: E402
from cardavia.games.description import PLAYABLE  # noqa: E402

ICON = {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"}


def game_shortcuts() -> list[dict]:
    """A shortcut to each playable game's table, with the deck its description names."""
    return [{"name": d.name, "short_name": d.name, "description": d.shortcut.description,
             "url": f"./#/game/{d.id}?deck={d.shortcut.deck}", "icons": [dict(ICON)]}
            for d in site_games() if d.site == PLAYABLE and d.shortcut is not None]


def manifest(source: dict) -> dict:
    """The manifest the site ships: ``source`` (web/manifest.webmanifest) with the games'
    shortcuts after its own (the daily deal)."""
    return dict(source, shortcuts=list(source.get("shortcuts", [])) + game_shortcuts())


def manifest_text(text: str) -> str:
    """``manifest(source)`` written as the source is: its own lines, each game's shortcut a
    line of its own after the daily deal's (the last of the source's shortcuts)."""
    lines = text.split("\n")
    last = next(i for i, line in enumerate(lines) if '"url": "./#/daily"' in line)
    if not lines[last + 1].strip().startswith("]"):
        raise ValueError("the daily deal's shortcut must be the last of web/manifest.webmanifest's")
    games = ["    " + json.dumps(s) for s in game_shortcuts()]
    if games:
        lines[last] += ","
        lines[last + 1:last + 1] = [",\n".join(games)]
    out = "\n".join(lines)
    if json.loads(out) != manifest(json.loads(text)):
        raise ValueError("the manifest's shortcuts were not inserted where they belong")
    return out


def write_manifest(web: Path, dist: Path) -> None:
    text = (web / "manifest.webmanifest").read_text(encoding="utf-8")
    (dist / "manifest.webmanifest").write_text(manifest_text(text), encoding="utf-8")
