"""Plays a human partner sees as blunders, in the partnership games (issue 27):
their one definition, used by the checker (scripts/bench/blunders.py), which counts
them, and by the policies of Tarocchi and Minchiate, which keep them out of the
actions they search (``sensible``) whenever another action is left. Cicera's
policy does not: keeping its prize cards off the table measured weaker
(docs/computer-players.md), so its blunders are only counted.
Every judgement reads only the mover's information: its hand, the cards it has
seen (everything but ``hidden_cards``), the public voids and, in Minchiate, the
Kings a player has shown it lacks.

Trick games (Tarocchi, Minchiate); the mover's partner sits opposite:

- ``overtake``: the partner's card wins the trick so far and is *secure*, and the
  mover plays a card that beats it although it had a legal card (not the Matto)
  that does not beat it and is worth as many points or more: the overtake
  spends a high card and banks nothing more (a counting card put on a partner's
  safe trick is good play, not counted).
- ``smear``: the mover plays a counting card onto a trick an opponent wins, its
  card not beating the winning one, while it had a legal card worth fewer
  points (the Matto aside: it stays with its side). Counting: more than 1 point
  in Tarocchi (courts and honours; every other card counts 1), any point in
  Minchiate. The checker judges by the trick's outcome; the policies avoid the
  sure cases, where the opponent's card is secure against the mover's side.
- ``lead_void``: the mover leads a plain suit in which its partner has shown
  void, and trumps too (the partner can neither follow nor ruff), with a card
  that is not secure, while it held a legal card of a suit the partner has not
  shown void in.

*Secure* (``secure``): no player of the other side still to play in this trick
can beat the card, judged from the mover's information: every unseen card that
would beat it is of a suit that player has shown void in (or a King it has shown
it lacks). With no such player left, a card is secure.

Briscola a 4 (any card is legal, so no voids; counting: any card with points):

- ``overtake`` and ``smear`` as in the trick games above, *secure* judged by its
  policy's ``secure`` (ai/briscola4_policy.py) on the mover's unseen cards.

Tressette in quattro (follow suit, no trumps; counting: any card worth thirds):

- ``overtake`` and ``smear`` as for Briscola a 4, in thirds, *secure* judged by its
  policy's ``secure`` (ai/tressette_policy.py). Counted only: its key already keeps a
  3 or a 2 off the partner's sure trick and loads the partner's tricks, not the others'.

Scopone (counted only): ``declined_scopa``, a sweep that would score declined (unless
the settebello is taken instead); ``settebello_left``, a capture that would take the 7 of
Coins left untaken (unless the mover sweeps); ``settebello_placed``, the 7 of Coins placed
while another card could be.

Cicera (no tricks; the next player is always an opponent). Prize cards: the
Matta (2 of Swords), the 10 of Coins, the Fante of Cups and the Swords Ace and
Three (the Napola's ends).

- ``declined_scopa``: the mover could clear the table and placed a card instead.
- ``prize_placed``: the mover places a prize card while it holds a card that is
  not one (every card may be placed).
- ``prize_left``: the mover places a card while a capture would take a prize.
"""

from __future__ import annotations

from ..games import minchiate, tarocchi
from ..games.base import Action

RULES = {"tarocchi": tarocchi, "minchiate": minchiate}
CICERA_PRIZES = frozenset(("2S", "10D", "JC", "AS", "3S"))
KINDS = {"briscola4": ("overtake", "smear"),
         "tressette4": ("overtake", "smear"),
         "scopone": ("declined_scopa", "settebello_left", "settebello_placed"),
         "cicera": ("declined_scopa", "prize_placed", "prize_left"),
         "tarocchi": ("overtake", "smear", "lead_void"),
         "minchiate": ("overtake", "smear", "lead_void")}


def counting(game: str, card: str) -> bool:
    g = RULES[game]
    return card != g.MATTO and g.CARD_POINTS[card] > (1 if game == "tarocchi" else 0)


def standing(game: str, trick: list) -> tuple:
    """(winning seat, winning card) of a trick so far; (None, None) if no card
    but the Matto is on it."""
    g = RULES[game]
    seat = g.trick_winner(trick)
    if seat is None:
        return None, None
    return seat, next(c for s, c in trick if s == seat and c != g.MATTO)


def secure(state, seat: int, card: str, against: int | None = None) -> bool:
    """Whether ``card`` cannot be beaten by a player of team ``against`` (default:
    the other team than ``seat``'s) still to play in the current trick after
    ``seat``, judged from ``seat``'s information (module doc)."""
    g = RULES[state.GAME_ID]
    if against is None:
        against = 1 - seat % 2
    after = 3 - len(state.trick)
    rivals = [(seat + i) % 4 for i in range(1, after + 1) if (seat + i) % 2 == against]
    if not rivals:
        return True
    threats = [c for c in state.hidden_cards(seat) if c != g.MATTO and g.beats(c, card)]
    lacks = getattr(state, "lacks", None)
    for o in rivals:
        for c in threats:
            if g.SUIT[c] not in state.voids[o] and (lacks is None or c not in lacks[o]):
                return False
    return True


def trick_blunders(state, card: str, legal: list[str]) -> tuple[list[str], bool]:
    """The blunders of playing ``card`` (the mover's, with ``legal`` its legal
    cards) decided at once, and whether it is a ``smear`` should an opponent win
    the trick (the checker looks at the outcome)."""
    game = state.GAME_ID
    g = RULES[game]
    seat = state.to_move
    partner = (seat + 2) % 4
    win_seat, win_card = standing(game, state.trick)
    if win_card is None:  # leading (or after a led Matto)
        voids = state.voids[partner]
        s = g.SUIT[card]
        if card != g.MATTO and s != "T" and s in voids and "T" in voids \
                and not secure(state, seat, card) \
                and any(c != g.MATTO and g.SUIT[c] not in voids for c in legal):
            return ["lead_void"], False
        return [], False
    beats = card != g.MATTO and g.beats(card, win_card)
    if win_seat == partner and beats and secure(state, seat, win_card) \
            and any(c != g.MATTO and not g.beats(c, win_card)
                    and g.CARD_POINTS[c] >= g.CARD_POINTS[card] for c in legal):
        return ["overtake"], False
    smear = (win_seat % 2 != seat % 2 and not beats and counting(game, card)
             and any(c != g.MATTO and g.CARD_POINTS[c] < g.CARD_POINTS[card] for c in legal))
    return [], smear


def briscola4_blunders(state, card: str, legal: list[str]) -> tuple[list[str], bool]:
    """Briscola a 4's ``overtake`` decided at once, and whether playing ``card`` is a
    ``smear`` should an opponent win the trick (the checker looks at the outcome)."""
    from ..games.briscola import card_points, winning_index
    from .briscola4_policy import _beats, secure as b4_secure
    if not state.trick:
        return [], False
    seat, trump = state.to_move, state.trump_suit
    cards = [c for _, c in state.trick]
    win_seat, win_card = state.trick[winning_index(cards, trump)]
    beats = _beats(card, win_card, trump)
    if win_seat == (seat + 2) % 4 and beats \
            and b4_secure(state, seat, win_card, set(state.hidden_cards(seat))) \
            and any(not _beats(c, win_card, trump) and card_points(c) >= card_points(card) for c in legal):
        return ["overtake"], False
    smear = (win_seat % 2 != seat % 2 and not beats and card_points(card) > 0
             and any(card_points(c) < card_points(card) for c in legal))
    return [], smear


def tressette4_blunders(state, card: str, legal: list[str]) -> tuple[list[str], bool]:
    """Tressette in quattro's ``overtake`` decided at once (a 3 or a 2 spent on the
    partner's sure trick while a card that leaves it his, worth as many thirds, was
    legal), and whether ``card`` is a ``smear`` should an opponent win the trick (thirds
    thrown on it while a card worth fewer was legal). Counting: any card with thirds;
    *secure* as its policy judges it (ai/tressette_policy.py) on the mover's unseen cards."""
    from ..games.tressette import thirds, winning_index
    from .tressette_policy import Unseen, _beats, secure as t_secure
    if not state.trick:
        return [], False
    seat = state.to_move
    cards = [c for _, c in state.trick]
    win_seat, win_card = state.trick[winning_index(cards)]
    beats = _beats(card, win_card)
    if win_seat == (seat + 2) % 4 and beats \
            and t_secure(state, seat, win_card, Unseen(state.hidden_cards(seat))) \
            and any(not _beats(c, win_card) and thirds(c) >= thirds(card) for c in legal):
        return ["overtake"], False
    smear = (win_seat % 2 != seat % 2 and not beats and thirds(card) > 0
             and any(thirds(c) < thirds(card) for c in legal))
    return [], smear


SETTEBELLO = "7D"


def scopone_blunders(state, action: Action) -> list[str]:
    """Scopone's partner blunders (counted only, as Cicera's): a sweep that would score
    declined for a capture that is neither a sweep nor the settebello's; the settebello
    left on the table when a capture would take it (unless the mover sweeps instead); the
    settebello placed while another card could be."""
    legal = state.legal_actions()
    table = state.table
    sweeps = action["type"] == "capture" and len(action["captures"]) == len(table)
    takes_seven = action["type"] == "capture" and SETTEBELLO in action["captures"]
    last = not state.stock and sum(len(h) for h in state.hands) == 1
    out = []
    if (not last or state._last_sweep_counts()) and not sweeps and not takes_seven \
            and any(a["type"] == "capture" and len(a["captures"]) == len(table) for a in legal):
        out.append("declined_scopa")
    if not takes_seven and not sweeps \
            and any(a["type"] == "capture" and SETTEBELLO in a["captures"] for a in legal):
        out.append("settebello_left")
    if action["type"] == "place" and action["card"] == SETTEBELLO \
            and any(a["type"] == "place" and a["card"] != SETTEBELLO for a in legal):
        out.append("settebello_placed")
    return out


def sure_smear(state, card: str, legal: list[str]) -> bool:
    """A ``smear`` whose trick is sure to go to the opponents: their winning card
    is secure against the mover's partner, if he is still to play."""
    if not trick_blunders(state, card, legal)[1]:
        return False
    seat = state.to_move
    _, win_card = standing(state.GAME_ID, state.trick)
    return secure(state, seat, win_card, against=seat % 2)


def prize_placed(state, action: Action) -> bool:
    return action["type"] == "place" and action["card"] in CICERA_PRIZES \
        and any(c not in CICERA_PRIZES for c in state.hands[state.to_move])


def cicera_blunders(state, action: Action) -> list[str]:
    if action["type"] != "place":
        return []
    moves = state.moves()
    out = []
    if any(kind == "capture" and len(taken) == len(state.table) for kind, _, taken in moves):
        out.append("declined_scopa")
    if prize_placed(state, action):
        out.append("prize_placed")
    if any(kind == "capture" and CICERA_PRIZES.intersection(taken) for kind, _, taken in moves):
        out.append("prize_left")
    return out


def blunder(state, action: Action, legal: list[str]) -> bool:
    """Whether ``action`` is a blunder the trick games' policies keep out of their
    search (``legal``: the mover's legal cards): an overtake, a lead into the
    void, a sure smear."""
    if action["type"] != "play":
        return False
    flags, _ = trick_blunders(state, action["card"], legal)
    return bool(flags) or sure_smear(state, action["card"], legal)


def sensible(state, actions: list[Action]) -> list[Action]:
    """``actions`` (legal ones of a trick game) without the blunders, unless none
    would be left."""
    if len(actions) < 2 or state.phase != "play":
        return actions
    legal = [a["card"] for a in state.legal_actions() if "card" in a]
    kept = [a for a in actions if not blunder(state, a, legal)]
    return kept or actions


def _by_card(judge):
    """A trick game's judge, which reads the card played and the legal cards."""
    return lambda state, action, legal: judge(state, action["card"], [a["card"] for a in legal])


def _by_action(judge):
    """A fishing game's judge, which reads the whole play (its captures) and never
    waits for the trick's outcome."""
    return lambda state, action, legal: (judge(state, action), False)


def judge(game: str):
    """The checker's judge for ``game``: (state, action, legal actions) -> (the
    blunders decided at once, whether the play is a ``smear`` should an opponent win
    the trick)."""
    return {"briscola4": _by_card(briscola4_blunders), "tressette4": _by_card(tressette4_blunders),
            "scopone": _by_action(scopone_blunders), "cicera": _by_action(cicera_blunders),
            }.get(game, _by_card(trick_blunders))
