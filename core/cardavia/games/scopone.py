"""Scopone: four players in two fixed partnerships, a match to 11 (option 21) over
several deals (rules/scopone.md, SC1…SC14).

Every rule is Scopa's own (games/scopa.py, written for any number of seats):
captures (S1–S3, SC4), the scopa and the last play (SC5, SC6), leftovers (SC7),
the prizes per team (SC8), the target (SC9), the dealer passing on (SC11). This
class says only what Scopone changes: four seats, its deal, its options.

Seats (SC2): in playing order, anticlockwise, seat ``s + 1`` on the right of
``s``: from the dealer D, primo di mano D + 1, secondo D + 2, terzo D + 3, cartaro
D. Teams are seats {0, 2} and {1, 3}: primo + terzo against secondo + cartaro.

Options (``new(seed, deck, **options)``; the defaults are the rules file's):

- ``classico`` (False): 9 each and 4 on the table, the same dealer redealing on
  three or four Re there (SC1, SC3); the default is scientifico, 10 each.
- ``target`` (11, or 21): SC9.
- ``napola``, ``re_bello`` (False): SC10's house rules, each a line of the sheet.
- ``last_play_sweep`` (False): SC6's flag, a sweep with the 40th card scores in the
  10-card form (ignored in classico).

Readings chosen where the rules file leaves a choice:

- SC3: the deal goes from the dealer's right in packets: scientifico 5 to each,
  twice; classico 3 to each, 2 to the table, 3 each, 2 to the table, 3 each.
- SC10: napola counts the unbroken run of Coins from the Asso (Asso, 2, 3 at least)
  in one team's pile; only one team can hold the Asso of Coins, so at most one
  team scores it. Re bello: 1 to the team holding the Re of Coins.
- SC12: no compensation for the dealer's advantage; SC13: a seat sees only its
  own hand (no signals, no shown hands); piles are face down and only the last play
  can be reviewed: during play the observation gives the table, the scope per team,
  hand and pile sizes and ``last_play``, not the piles' cards nor the tallies they
  would give (``piles``, ``tallies``: None).
"""

from __future__ import annotations

from .description import PLAYABLE, Description, Figure, Lesson, Shortcut
from .base import GameError
# Scopa's own constants and capture rule: the term pictures and the cheat sheet read them
# from this module (deckinfo.py), one copy of each.
from .scopa import CAPTURE_VALUE, PRIMIERA, SETTEBELLO, ScopaState, capture_options, lesson_moments

DEFAULT_OPTIONS = {"classico": False, "target": 11, "napola": False, "re_bello": False,
                   "last_play_sweep": False}
TARGETS = (11, 21)
# SC10's house rules' cards, for their term pictures: the Coins run from the Asso, the Re bello.
NAPOLA_ORDER = ("AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "ND", "KD")
RE_BELLO = "KD"


class ScoponeState(ScopaState):
    GAME_ID = "scopone"
    NUM_SEATS = 4
    DECKS = ("piacentine", "siciliane", "napoletane")
    FIELDS = ScopaState.FIELDS + ("options", "last_play")
    OPTIONS = DEFAULT_OPTIONS

    @classmethod
    def new(cls, seed: int, deck: str | None = None, **options) -> "ScoponeState":
        s = super().new(seed, deck, **options)
        s.last_play = None
        return s

    def _apply(self, action) -> None:
        seat, deal = self.to_move, self.deal_no
        super()._apply(action)
        # SC13: the last play can be reviewed, within its deal (a new deal's hands
        # may hold its cards again)
        self.last_play = None if self.deal_no != deal else {
            "seat": seat, "card": action["card"], "captures": list(action.get("captures", ()))}

    def observation(self, seat: int) -> dict:
        obs = super().observation(seat)
        obs["last_play"] = self.last_play
        if not self.over:  # SC13: piles face down, no played-cards log
            obs["piles"] = None
            obs["tallies"] = None
        return obs

    def _set_options(self, options: dict) -> None:
        unknown = set(options) - set(DEFAULT_OPTIONS)
        if unknown:
            raise GameError(f"scopone has no option {', '.join(sorted(unknown))} "
                            f"(options: {', '.join(DEFAULT_OPTIONS)})", "bad_option")
        chosen = dict(DEFAULT_OPTIONS, **options)
        if chosen["target"] not in TARGETS:
            raise GameError(f"target must be 11 or 21, not {chosen['target']!r}", "bad_option")
        for key in ("classico", "napola", "re_bello", "last_play_sweep"):
            chosen[key] = bool(chosen[key])
        self.options = chosen

    @property
    def target(self) -> int:
        return self.options["target"]

    def _layout(self, pack: list[str]) -> tuple[list[list[str]], list[str], list[str]]:
        """SC3: packets from the dealer's right; (hands, table, stock), no stock."""
        hands: list[list[str]] = [[], [], [], []]
        first = (self.dealer + 1) % 4
        table: list[str] = []
        if self.options["classico"]:
            packets = [3, 3, 3, 3, "t", 3, 3, 3, 3, "t", 3, 3, 3, 3]
        else:
            packets = [5] * 8
        pos = seat = 0
        for p in packets:
            if p == "t":
                table.extend(pack[pos:pos + 2])
                pos += 2
                continue
            hands[(first + seat) % 4].extend(pack[pos:pos + p])
            pos += p
            seat += 1
        return hands, table, pack[pos:]

    def _last_sweep_counts(self) -> bool:
        """SC6: not a scopa, unless the ``last_play_sweep`` flag is on in the 10-card form."""
        return self.options["last_play_sweep"] and not self.options["classico"]


# ----- the game, described once (games/description.py) ------------------------------
# The lesson is Scopa's (a capture with a choice, a sweep, the settebello, the primiera), found
# in Scopone's own deals: the detector reads the teams from the snapshot.
DESCRIPTION = Description(
    id="scopone", name="Scopone", order=40, seats=4, partnerships=True,
    decks=ScoponeState.DECKS, layout="fishing", stock=False, format="match",
    target=DEFAULT_OPTIONS["target"], options=DEFAULT_OPTIONS, option_choices={"target": TARGETS},
    rules="scopone.md",
    terms=("scopa", "settebello", "primiera", "napola", "re_bello"),
    figures=(Figure("sweeps", "avg", "count", "scopa"), Figure("settebello", "rate", "line", "settebello"),
             Figure("primiera", "rate", "line", "primiera")),
    lesson=Lesson(moments=("choice", "sweep", "settebello", "primiera"),
                  deals={"piacentine": (2, 2), "siciliane": (1, 0)}, detect=lesson_moments,
                  points_at={"sweep": "table", "settebello": "table", "primiera": "scores"}),
    site=PLAYABLE,
    shortcut=Shortcut("piacentine", "Scopone with the Piacentine deck"),
)
