"""Every registered game is whole: its description (games/description.py) and each part
it needs, checked once for all games, failing with one checklist of what is missing.

The engine part, for every game: a whole description that agrees with its rules module
(seats, decks, options), goldens (tests/goldens.py and tests/golden/), its rules file in
docs/rules/ (the spec's copy: the same as ../shared/rules/ where that is at hand), a test
per numbered resolution of that file, its computer player's policy registered, and the
command line's simulate and arena playing it. The site part, for the games the site
lists: every catalogue key in all five languages, a lesson with its fixed moves stored
(lessons.py) that replays (every moment shown, the deal won), its place in the catalogue, its tradition and the manifest, and
its web plug-in's module. docs/adding-a-game.md says how to bring each part."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import re
import sys
from pathlib import Path

import goldens
import pytest
from lessonwalks import walked

from cardavia import lessons, traditions
from cardavia.__main__ import main as cli
from cardavia.ai.policies import POLICIES
from cardavia.games import DESCRIPTIONS, REGISTRY
from cardavia.games.description import ENGINE, PLAYABLE, Description

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
RULES = ROOT / "docs" / "rules"
SPEC = ROOT.parent / "shared" / "rules"  # the specification, beside the repository when at hand
I18N = ROOT / "web" / "i18n"
LANGS = ("en", "it", "fa", "ar", "vi")
PLUGINS = ROOT / "web" / "js" / "table" / "plugins"
RESOLUTION = re.compile(r"^\*\*([A-Z][A-Z0-9]*(?:-\d+)?)\.", re.M)

sys.path.insert(0, str(ROOT / "scripts" / "build"))
from manifest import game_shortcuts  # noqa: E402

pytestmark = pytest.mark.repository_check  # CPython only (tests/conftest.py says why)


def _catalogues() -> dict[str, dict]:
    return {lang: json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}


def _test_sources() -> tuple[str, list[list[str]]]:
    """The text of every test module, and the words of every test's name (lower case)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(TESTS.glob("*.py"))
                     if p.name != Path(__file__).name)  # this file names resolutions as examples
    names = [name.lower().split("_") for name in re.findall(r"def (test_\w+)", text)]
    return text, names


def resolutions(rules_text: str) -> list[str]:
    """The numbered resolutions a rules file defines ("**B4-3.", "**SC12.", "**TR7.")."""
    return RESOLUTION.findall(rules_text)


def named_by_a_test(rid: str, text: str, names: list[list[str]]) -> bool:
    """Whether a test names resolution ``rid``: in a test's name (test_B4_3_…, test_m18_…)
    or in the prose of the tests (comments, docstrings: "B4-3", "SC12"), never as a quoted
    string (the tarot games' trump "T1" is a card, not rule T1)."""
    words = rid.lower().split("-")
    n = len(words)
    for name in names:
        for i in range(1, len(name) - n + 1):
            if name[i:i + n] == words and not (i + n < len(name) and name[i + n].isdigit()):
                return True  # B4 is not B4-3: the word after it is no number
    forms = "|".join(re.escape(f) for f in {rid, rid.replace("-", "_")})
    return bool(re.search(rf"(?<![A-Za-z0-9'\"])(?:{forms})(?![0-9]|[-_][0-9]|['\"])", text))


def _cli_plays(game: str) -> str | None:
    """None if the command line's simulate and arena play ``game`` without an error."""
    for argv in (["simulate", game, "--games", "2", "--seed", "1"],
                 ["arena", game, "--players", "random,random", "--deals", "2", "--jobs", "1", "--no-clock"]):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            try:
                rc = cli(argv)
            except SystemExit as e:  # argparse: not a choice
                rc = e.code
        if rc != 0:
            return argv[0]
    return None


def checklist(d: Description, catalogues: dict[str, dict] | None = None,
              sources: tuple[str, list[list[str]]] | None = None) -> list[str]:
    """What game ``d`` still lacks, one line each (empty when it is whole)."""
    catalogues = catalogues if catalogues is not None else _catalogues()
    text, names = sources if sources is not None else _test_sources()
    missing = [f"description: {p}" for p in d.problems()]
    cls = REGISTRY.get(d.id)
    # --- the engine part
    if cls is None:
        missing.append("rules: a registered State (games/<game>.py with GAME_ID)")
    else:
        if DESCRIPTIONS.get(d.id) is None:
            missing.append("description: a DESCRIPTION at the end of its rules module")
        if tuple(cls.DECKS) != tuple(d.decks) or cls.NUM_SEATS != d.seats:
            missing.append("description: the rules module's decks and seats")
        if dict(getattr(cls, "OPTIONS", {})) != dict(d.options):
            missing.append("description: the options State.new takes, with their defaults")
    chains = json.loads(goldens.CHAIN_FILE.read_text(encoding="utf-8"))
    perfts = json.loads(goldens.PERFT_FILE.read_text(encoding="utf-8"))
    if d.id not in goldens.PERFT_CASES or not any(k.startswith(f"{d.id}/") for k in perfts):
        missing.append("goldens: perft cases (tests/goldens.py PERFT_CASES, then regenerate)")
    if any(f"{d.id}/{deck}/{seed}" not in chains for deck in d.decks for seed in goldens.CHAIN_SEEDS):
        missing.append("goldens: hash chains on every deck (PYTHONPATH=core python3 tests/goldens.py)")
    rules = RULES / d.rules
    if not rules.is_file():
        missing.append(f"rules: docs/rules/{d.rules} (a copy of shared/rules/{d.rules})")
    else:
        spec = SPEC / d.rules
        if spec.is_file() and spec.read_bytes() != rules.read_bytes():
            missing.append(f"rules: docs/rules/{d.rules} as shared/rules/{d.rules} says (copy it again)")
        ids = resolutions(rules.read_text(encoding="utf-8"))
        if not ids:
            missing.append(f"rules: numbered resolutions in docs/rules/{d.rules}")
        untested = [rid for rid in ids if not named_by_a_test(rid, text, names)]
        if untested:
            missing.append(f"rules tests: a test naming each resolution: {', '.join(untested)}")
    if d.id not in POLICIES:
        missing.append(f"computer player: its policy (ai/{d.id}_policy.py, GAME_ID {d.id!r})")
    if cls is not None:
        failed = _cli_plays(d.id)
        if failed:
            missing.append(f"command line: python -m cardavia {failed} {d.id}")
    if not d.listed:
        return missing
    # --- the site part
    for lang, cat in catalogues.items():
        absent = [k for k in d.catalogue_keys() if not cat.get(k)]
        if absent:
            missing.append(f"texts: {lang}.json lacks {', '.join(absent)}")
    if d.lesson is not None and cls is not None:
        unfixed = [deck for deck, (seed, seat) in sorted(d.lesson.deals.items())
                   if (lessons.stored_moves().get(d.id, {}).get(deck) or {}).get("seat") != seat
                   or lessons.script_for(d.id, deck, seed) is None]
        if unfixed:
            missing.append(f"lesson: its fixed moves on {', '.join(unfixed)} "
                           f"(scripts/lessons/find_lessons.py --write {d.id})")
    if d.lesson is not None and d.site == PLAYABLE and cls is not None:
        deck = sorted(d.lesson.deals)[0]
        out = walked(d.id, deck)
        unseen = [m for m in d.lesson.moments if m not in {x["id"] for x in out["moments"]}]
        if unseen or not out["won"]:
            missing.append(f"lesson: its deal on {deck} replays every moment and is won "
                           f"(unseen: {', '.join(unseen) or 'none'}; won: {out['won']})")
    cat = traditions.catalogue()
    if d.id not in cat["games"]:
        missing.append("site: listed in the catalogue")
    if not any(d.id in t["games"] for t in cat["traditions"]):
        missing.append("site: a tradition whose deck it is played with")
    if d.site == PLAYABLE and d.id not in {re.search(r"#/game/([a-z0-9-]+)", s["url"]).group(1) for s in game_shortcuts()}:
        missing.append("site: a shortcut of the installed app")
    if d.plugin and not (PLUGINS / f"{d.plugin}.js").is_file():
        missing.append(f"web: its plug-in web/js/table/plugins/{d.plugin}.js")
    return missing


def report(found: dict[str, list[str]]) -> str:
    """One checklist for every game that lacks a part."""
    return "\n".join([f"{gid}:\n" + "\n".join(f"  [ ] {line}" for line in lines)
                      for gid, lines in found.items() if lines])


def test_every_registered_game_describes_itself():
    assert set(DESCRIPTIONS) == set(REGISTRY), "games without a DESCRIPTION: " \
        + ", ".join(sorted(set(REGISTRY) - set(DESCRIPTIONS)))


def missing_parts() -> dict[str, list[str]]:
    """Every registered game's checklist."""
    catalogues, sources = _catalogues(), _test_sources()
    return {gid: checklist(d, catalogues, sources) for gid, d in DESCRIPTIONS.items()}


def test_every_game_has_every_part():
    found = missing_parts()
    assert not any(found.values()), "what the games lack:\n" + report(found)


# ----- the checklist fails when a part is missing ------------------------------------
def test_the_checklist_names_each_part_a_game_lacks():
    whole = DESCRIPTIONS["scopa"]
    catalogues, sources = _catalogues(), _test_sources()
    assert checklist(whole, catalogues, sources) == []
    broken = dataclasses.replace(whole, terms=(), figures=(), lesson=None, rules="scopa-missing.md",
                                 shortcut=None)
    got = checklist(broken, catalogues, sources)
    assert "description: its terms" in got
    assert "description: its record figures" in got
    assert "description: a lesson" in got
    assert "description: a shortcut for the installed app" in got
    assert "rules: docs/rules/scopa-missing.md (a copy of shared/rules/scopa-missing.md)" in got
    # a lesson deal whose moves are not stored (a new seed, or a new deck)
    moved = dataclasses.replace(whole, lesson=dataclasses.replace(
        whole.lesson, deals=dict(whole.lesson.deals, piacentine=(999, 0))))
    assert checklist(moved, catalogues, sources)[0] == \
        "lesson: its fixed moves on piacentine (scripts/lessons/find_lessons.py --write scopa)"
    # one catalogue key missing in one language: named with its language
    fa = dict(catalogues["fa"])
    del fa["rules.scopa.turn"]
    got = checklist(whole, dict(catalogues, fa=fa), sources)
    assert got == ["texts: fa.json lacks rules.scopa.turn"]
    # a resolution no test names
    text, names = sources
    hidden = re.sub(r"(?<![A-Za-z0-9'\"])S12(?![0-9])", "Sxx", text)
    got = checklist(whole, catalogues, (hidden, [n for n in names if n[1:2] != ["s12"]]))
    assert got == ["rules tests: a test naming each resolution: S12"]


def test_a_game_with_nothing_but_a_description_gets_the_whole_checklist(monkeypatch):
    # Scopone's description stripped to what an engine-only game declares (Scopone itself is on the site)
    stranger = dataclasses.replace(DESCRIPTIONS["scopone"], id="stranger", rules="stranger.md", site=ENGINE,
                                   terms=(), figures=(), lesson=None, shortcut=None)
    got = checklist(stranger)
    assert got == [
        "rules: a registered State (games/<game>.py with GAME_ID)",
        "goldens: perft cases (tests/goldens.py PERFT_CASES, then regenerate)",
        "goldens: hash chains on every deck (PYTHONPATH=core python3 tests/goldens.py)",
        "rules: docs/rules/stranger.md (a copy of shared/rules/stranger.md)",
        "computer player: its policy (ai/stranger_policy.py, GAME_ID 'stranger')",
    ]
    # put on the site, it also lacks its texts, its place in the catalogue and its plug-in
    listed = dataclasses.replace(stranger, site=PLAYABLE, plugin="stranger")
    got = checklist(listed)
    assert "description: its terms" in got and "description: a lesson" in got
    assert any(line.startswith("texts: en.json lacks game.stranger.name, game.stranger.blurb") for line in got)
    assert "site: listed in the catalogue" in got
    assert "site: a shortcut of the installed app" in got
    assert "web: its plug-in web/js/table/plugins/stranger.js" in got


def test_the_whole_test_reports_a_missing_part_as_one_checklist(monkeypatch):
    monkeypatch.delitem(goldens.PERFT_CASES, "briscola")
    monkeypatch.delitem(POLICIES, "cicera")
    with pytest.raises(AssertionError):
        test_every_game_has_every_part()
    message = report(missing_parts())
    assert message.startswith("briscola:\n")
    assert "briscola:\n  [ ] goldens: perft cases (tests/goldens.py PERFT_CASES, then regenerate)" in message
    assert "cicera:\n  [ ] computer player: its policy (ai/cicera_policy.py, GAME_ID 'cicera')" in message
    assert "scopa:" not in message


def test_resolutions_are_read_from_the_rules_files_and_matched_as_the_tests_write_them():
    assert resolutions("**B4-3. Drawing.** …\n**B4-10. Done.**\nnot **B5. here") == ["B4-3", "B4-10"]
    names = [["test", "b4", "3", "draws"], ["test", "m17", "m18", "end"]]
    assert named_by_a_test("B4-3", "", names) and named_by_a_test("M18", "", names)
    assert not named_by_a_test("B4", "", names) and not named_by_a_test("M1", "", names)
    assert named_by_a_test("SC12", "# SC12: no compensation", []) and not named_by_a_test("SC1", "# SC12: x", [])
    assert not named_by_a_test("T1", 'trick = ["T1", "T5"]', [])  # a card, not rule T1
