"""The trick rules the trick-taking games share (Tarocchi T1/T4/T5/T8, Minchiate M9/M11/M14;
Tressette's follow duty; the card places of the games with a stock, Briscola and Tressette).

One copy of each: who beats whom in a trick (``beats``, ``trick_winner``), and the duty
to follow with the reason a card is refused: the legal cards and the refusal codes the
table shows ("follow", "trump") come from the same test, so a refusal can never
disagree with what the engine accepts. The search's hot loops keep faster forms on
plain values, each proven equal to these by tests (tests/test_tarot_rules_once.py).
"""

from __future__ import annotations


def follow_duty(hand: list[str], led: str | None, suit_of: dict, matto: str) -> tuple[list[str], str | None]:
    """The cards of ``hand`` that may follow a trick led in ``led`` (None: nothing led)
    and the duty that binds them: "follow" (the hand holds the led suit; trumps are a
    suit), "trump" (void in the led suit, it holds trumps), or None (any card). The
    Matto may always be played; there is no duty to head the trick. The cards keep
    the hand's order."""
    if led is None:
        return list(hand), None
    same = [c for c in hand if suit_of[c] == led]
    duty = "follow"
    if not same and led != "T":
        same = [c for c in hand if suit_of[c] == "T"]
        duty = "trump"
    if not same:
        return list(hand), None
    return [c for c in hand if c == matto or c in same], duty


def refusals(hand: list[str], legal: list[str], duty: str | None, led: str | None,
             suit_of: dict) -> dict[str, dict]:
    """Why each card of ``hand`` outside ``legal`` may not be played now: card →
    {"code", "suit": the led suit, "card": a held card that answers the duty}."""
    if duty is None:
        return {}
    answer = next((c for c in legal if suit_of[c] == (led if duty == "follow" else "T")), None)
    return {c: {"code": duty, "suit": led, "card": answer} for c in hand if c not in legal}


def beats(card: str, best: str, suit_of: dict, strength: dict) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far: a trump
    ("T") beats any suit card; within a suit the stronger card wins."""
    return (suit_of[card] == suit_of[best] and strength[card] > strength[best]) or (
        suit_of[card] == "T" and suit_of[best] != "T")


def trick_winner(trick: list, suit_of: dict, strength: dict, matto: str) -> int | None:
    """The seat winning ``trick`` (a list of [seat, card]) so far: the highest trump,
    else the highest card of the led suit; the Matto never wins."""
    best_seat, best = None, None
    for seat, c in trick:
        if c == matto:
            continue
        if best is None or beats(c, best, suit_of, strength):
            best_seat, best = seat, c
    return best_seat


def stock_trick_places(hands: list[list[str]], stock: list[str], trick: list[tuple[int, str]],
                       piles: list[list[str]]) -> dict[str, list[str]]:
    """Every place a card can be in a two-pile game with a stock (Briscola, Tressette), for
    State.card_locations: the hands, the stock, the trick on the table, each side's pile."""
    places = {f"hand{i}": h for i, h in enumerate(hands)}
    places.update({"stock": stock, "trick": [c for _, c in trick], "pile0": piles[0], "pile1": piles[1]})
    return places
