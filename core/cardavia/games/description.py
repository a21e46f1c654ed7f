"""What a game is, declared once beside its rules: each game module ends with one
``DESCRIPTION`` (a ``Description``), and every list of games derives from those
(the catalogue and its traditions' game lists, the site's data, the manifest's
shortcuts, the lessons, the browser tests' and the benchmarks' lists).

A description is data only (ids, counts, catalogue keys) plus the lesson's moment
detector, a pure function over what the table receives; tests/test_completeness.py
checks that every registered game has every part a description names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

Moment = dict[str, Any]
Detector = Callable[[list[dict], dict], Iterable[Moment]]

# Where a game stands on the site: listed and playable; listed as coming soon (its table
# is not ready: the lead releases it); or played by the engine, the command line and the
# arena only (not listed anywhere on the site).
PLAYABLE, HELD, ENGINE = "playable", "held", "engine"
SITE_STATES = (PLAYABLE, HELD, ENGINE)
FORMATS = ("single_deal", "match")
LAYOUTS = ("tricks", "fishing")
# The parts of the table the coach can point at (web/js/table/coach.js).
REGIONS = ("stock", "scores", "table", "choices", "seat")
# The rules tab's sections: rules.<game>.<section> in every catalogue.
RULES_SECTIONS = ("objective", "setup", "turn", "scoring")


@dataclass(frozen=True)
class Lesson:
    """A guided first deal: the moments it teaches (in the order they happen), per deck
    the deal (seed, the learner's seat) in which they do (found by
    scripts/lessons/find_lessons.py), the detector that finds them in a response's
    events and snapshot, and the part of the table (REGIONS) the coach points at for each."""

    moments: tuple[str, ...]
    deals: Mapping[str, tuple[int, int]]
    detect: Detector
    # what the coach points at on the table when it speaks of a moment (none: nothing)
    points_at: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Figure:
    """One figure of the record per deal, from the human side's score sheet: ``kind``
    "avg" (an average per deal) or "rate" (how often); ``source`` says where it is read:
    "total" (the deal's total), "points" (the sheet's card points), "count" (the count of
    the lines ``line``), "line" (a line ``line`` of the side's), "scored" (such a line
    with points)."""

    key: str
    kind: str
    source: str
    line: str | None = None

    def to_json(self) -> dict:
        out = {"key": self.key, "kind": self.kind, "source": self.source}
        if self.line is not None:
            out["line"] = self.line
        return out


@dataclass(frozen=True)
class Shortcut:
    """The installed app's shortcut to the game's table: the deck it opens and its words."""

    deck: str
    description: str


@dataclass(frozen=True)
class Description:
    """One game. ``order`` places it in the catalogue (and so in every list derived from
    it); ``rules`` is its rules file in shared/rules/ (the specification); ``options`` are
    what ``State.new(**options)`` takes, with their defaults; ``terms`` the ids of the terms
    the table marks (term.<id>.* in the catalogues); ``plugin`` the web table's own module
    for the game, if any (web/js/table/plugins/<plugin>.js, loaded by id)."""

    id: str
    name: str
    order: int
    seats: int
    partnerships: bool
    decks: tuple[str, ...]
    layout: str
    stock: bool
    format: str
    rules: str
    target: int | None = None
    cards_in_play: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    # the values an option that is not a switch may take (a target: 11 or 21); the site's
    # options control offers them, links and the bridge refuse any other (games/_options.py)
    option_choices: Mapping[str, tuple] = field(default_factory=dict)
    terms: tuple[str, ...] = ()
    figures: tuple[Figure, ...] = ()
    lesson: Lesson | None = None
    site: str = ENGINE
    plugin: str | None = None
    shortcut: Shortcut | None = None

    @property
    def name_key(self) -> str:
        return f"game.{self.id}.name"

    @property
    def blurb_key(self) -> str:
        return f"game.{self.id}.blurb"

    @property
    def listed(self) -> bool:
        """Whether the site lists it (playable, or coming soon)."""
        return self.site != ENGINE

    def catalogue_keys(self) -> list[str]:
        """Every message the site needs for this game, in every language."""
        keys = [self.name_key, self.blurb_key]
        keys += [f"rules.{self.id}.{s}" for s in RULES_SECTIONS]
        if self.lesson is not None:
            keys += [f"coach.{self.id}.intro"] + [f"coach.{self.id}.{m}" for m in self.lesson.moments]
        for term in self.terms:
            keys += [f"term.{term}.name", f"term.{term}.def"]
        keys += [f"record.figure.{f.key}" for f in self.figures]
        return keys

    def catalogue_entry(self) -> dict:
        """The game as the site's catalogue lists it (data/site.json)."""
        entry: dict[str, Any] = {"id": self.id, "name": self.name, "players": self.seats,
                                 "partnerships": self.partnerships, "decks": list(self.decks),
                                 "format": self.format}
        if self.target is not None:
            entry["target"] = self.target
        if self.cards_in_play is not None:
            entry["cards_in_play"] = self.cards_in_play
        entry.update(layout=self.layout, stock=self.stock)
        if self.options:  # the new-match options control and the links' options (table/options.js)
            entry["options"] = dict(self.options)
            entry["option_choices"] = {k: list(v) for k, v in self.option_choices.items()}
        if self.plugin is not None:  # the web table loads it by this name (table/plugins.js)
            entry["plugin"] = self.plugin
        return entry

    def problems(self) -> list[str]:
        """What is wrong with the description itself (empty when it is whole)."""
        out = []
        if not self.id or not self.id.isidentifier():
            out.append("an id (a lower-case word)")
        if not self.name:
            out.append("a name")
        if self.seats not in (2, 3, 4):
            out.append(f"seats (2 to 4, not {self.seats!r})")
        if self.partnerships and self.seats % 2:
            out.append("partnerships of an even number of seats")
        if not self.decks:
            out.append("its decks")
        if self.layout not in LAYOUTS:
            out.append(f"a layout ({' or '.join(LAYOUTS)})")
        if self.format not in FORMATS:
            out.append(f"a format ({' or '.join(FORMATS)})")
        if (self.format == "match") != (self.target is not None):
            out.append("a target exactly when the format is a match")
        if not self.rules.endswith(".md"):
            out.append("its rules file (shared/rules/<game>.md)")
        if self.site not in SITE_STATES:
            out.append(f"its place on the site ({', '.join(SITE_STATES)})")
        if self.listed:
            if not self.terms:
                out.append("its terms")
            if not self.figures:
                out.append("its record figures")
            if self.lesson is None:
                out.append("a lesson")
            if self.shortcut is None:
                out.append("a shortcut for the installed app")
        if self.lesson is not None:
            if not self.lesson.moments:
                out.append("the lesson's moments")
            if not set(self.lesson.deals) <= set(self.decks) or not self.lesson.deals:
                out.append("a lesson deal on one of its decks")
            if not set(self.lesson.points_at) <= set(self.lesson.moments) \
                    or not set(self.lesson.points_at.values()) <= set(REGIONS):
                out.append(f"what the coach points at: moments of the lesson, regions among {', '.join(REGIONS)}")
        if self.shortcut is not None and self.shortcut.deck not in self.decks:
            out.append("a shortcut deck among its decks")
        for key, values in self.option_choices.items():
            if key not in self.options or self.options[key] not in values:
                out.append(f"option choices of its options, each with its default ({key})")
        for f in self.figures:
            if f.kind not in ("avg", "rate") or f.source not in ("total", "points", "count", "line", "scored") \
                    or (f.line is None) != (f.source in ("total", "points")):
                out.append(f"a well-formed record figure ({f.key})")
        return out
