"""Tressette in quattro: four players in two fixed partnerships, no stock, the accusi
and the public calls (rules/tressette.md §1.2, TR2, TR3, TR10, TR12, TR13, TR15).

Every rule is Tressette's own (games/tressette.py, written for any number of seats);
this class says only what four players change: four seats, partners opposite
(teams {0, 2} and {1, 3}, as Briscola a 4's B4-1), all 40 cards dealt, accusi on by
default, the target 31 with or without them (TR13), and the calls of TR12.

TR12, as the engine reads it: the leader of a trick may attach one call to his card
(the action ``play:<card>:<call>``): ``busso`` (always allowed), ``striscio`` (only
if he keeps at least one more card of the led suit) or ``volo`` (only if he keeps
none); a false Striscio or Volo is refused with the reason ``false_striscio`` or
``false_volo`` (``call_blocks`` in the leader's snapshot, ``Refused.reason``). A Volo makes the caller's void in the suit public; a Striscio that he
holds one more card of it, until he plays one. Option ``calls`` (on) turns them off.
"""

from __future__ import annotations

from .description import PLAYABLE, Description, Figure, Lesson, Shortcut
# the site's data reads these from the game's module (deckinfo: strength order, card points,
# the accusi's cards)
from .tressette import STRENGTH, SUIT, TERM_CARDS, TressetteState, card_points, lesson_moments  # noqa: F401

CALLS = ("busso", "striscio", "volo")


class Tressette4State(TressetteState):
    GAME_ID = "tressette4"
    NUM_SEATS = 4
    OPTIONS = {"accusi": True, "calls": True, "target": 31}
    CALLS = CALLS

    @classmethod
    def default_target(cls, chosen: dict) -> int:
        """TR13: 31 in four, accusi or not."""
        return 31

    def allowed_calls(self, hand: list[str], card: str) -> list[str]:
        """TR12: Busso always; exactly one of Striscio (more of the suit kept) and Volo."""
        if not self.options["calls"]:
            return []
        more = any(c[-1] == card[-1] for c in hand if c != card)
        return ["busso", "striscio" if more else "volo"]

    def call_blocks(self, hand: list[str], card: str) -> dict[str, str]:
        if not self.options["calls"]:
            return {c: "no_calls" for c in CALLS}
        allowed = self.allowed_calls(hand, card)
        return {c: f"false_{c}" for c in CALLS if c not in allowed}

    def _note_call(self, seat: int, call: str, suit: str) -> None:
        """TR12: a Volo shows a void; a Striscio one more card of the suit."""
        if call == "volo" and suit not in self.voids[seat]:
            self.voids[seat].append(suit)
        elif call == "striscio" and suit not in self.holds[seat]:
            self.holds[seat].append(suit)


# ----- the game, described once (games/description.py) ------------------------------
# Its table is Tressette's (the same plug-in: the call chooser, the sheet's thirds).
DESCRIPTION = Description(
    id="tressette4", name="Tressette in quattro", order=55, seats=4, partnerships=True,
    decks=Tressette4State.DECKS, layout="tricks", stock=False, format="match",
    target=Tressette4State.OPTIONS["target"], options=Tressette4State.OPTIONS,
    rules="tressette.md",
    terms=("rank_order", "card_points", "ultima", "cappotto", "accuso", "napoletana", "buongioco",
           "busso", "striscio", "volo"),
    figures=(Figure("points", "avg", "total"), Figure("accusi", "avg", "line", "accusi")),
    lesson=Lesson(moments=("accuso", "call", "follow", "thirds"), deals={"napoletane": (1, 1)},
                  detect=lesson_moments,
                  points_at={"follow": "table", "accuso": "scores", "call": "table", "thirds": "scores"}),
    site=PLAYABLE, plugin="tressette",
    shortcut=Shortcut("napoletane", "Tressette in quattro with the Napoletane deck"),
)
