"""Sampling hidden hands under constraints (voids shown in play, cards a rule
forbids in a hand, a hidden discard), shared by the games whose determinize
needs more than a shuffle, both under Hall's condition. ``deal_constrained``
(Tarocchi, Cicera's reads): categories stand for the constraints, each card has
one and a hand may ban some. ``assign_slots`` (Minchiate): each card comes with
the set of places it may go to. They draw their random numbers differently, so
each keeps its own loop: one in place of the other would change the samples,
and so the computer's play."""

from __future__ import annotations

import random
from typing import Callable, Iterable


def deal_constrained(unseen: list[str], caps: list[int], bans: list[set],
                     category: dict[str, str], categories, rng: random.Random,
                     reserve: Callable[[list[str]], Iterable[tuple]] | None = None):
    """Deal the shuffled ``unseen`` cards into hands of sizes ``caps``, where hand
    ``i`` may hold no card whose ``category`` is in ``bans[i]``; uniformly enough
    for search and never stuck: a card is placed only where the rest still fits
    (Hall's condition). ``reserve(cards)`` may first set aside hidden cards (a
    discard): its candidates are tried in order, the first that leaves a
    feasible deal is kept. Returns (hands, reserved) or None if impossible."""
    m = len(caps)
    masks = {}
    for cat in categories:
        mask = 0
        for i in range(m):
            if cat not in bans[i]:
                mask |= 1 << i
        masks[cat] = mask

    def feasible(counts: dict, capacity: list[int]) -> bool:
        # Hall's condition: the cards that fit only in a set of hands fit in them.
        for cat, n in counts.items():
            if n and not masks[cat]:
                return False
        for subset in range(1, 1 << m):
            need = 0
            for cat, n in counts.items():
                if n and masks[cat] | subset == subset:
                    need += n
            room = 0
            for i in range(m):
                if subset >> i & 1:
                    room += capacity[i]
            if need > room:
                return False
        return True

    cards_left = list(unseen)
    discard: list[str] = []
    if reserve is not None:
        found = None
        for pick in reserve(cards_left):
            rest = [c for c in cards_left if c not in pick]
            counts: dict[str, int] = {}
            for c in rest:
                counts[category[c]] = counts.get(category[c], 0) + 1
            if feasible(counts, caps):
                found = pick
                break
        if found is None:
            return None
        discard = list(found)
        cards_left = [c for c in cards_left if c not in found]
    counts = {}
    for c in cards_left:
        counts[category[c]] = counts.get(category[c], 0) + 1
    if sum(caps) != len(cards_left) or not feasible(counts, caps):
        return None
    full = (1 << m) - 1
    hands: list[list[str]] = [[] for _ in range(m)]
    capacity = list(caps)
    free = []
    # Cards that are banned somewhere go first, one at a time, keeping the rest
    # feasible; then the unrestricted ones fill the remaining room at random.
    for c in cards_left:
        cat = category[c]
        if masks[cat] == full:
            free.append(c)
            continue
        options = [i for i in range(m) if masks[cat] >> i & 1 and capacity[i]]
        counts[cat] -= 1
        r = rng.random() * sum(capacity[i] for i in options)
        first = options[-1] if options else None
        for i in options:
            r -= capacity[i]
            if r < 0:
                first = i
                break
        order = ([first] if first is not None else []) + [i for i in options if i != first]
        for i in order:
            capacity[i] -= 1
            if feasible(counts, capacity):
                hands[i].append(c)
                break
            capacity[i] += 1
        else:
            return None
    pos = 0
    for i in range(m):
        hands[i].extend(free[pos:pos + capacity[i]])
        pos += capacity[i]
    return hands, discard


def assign_slots(masks: list[int], caps: list[int], n: int, rng: random.Random):
    """A slot for every card (card i may go to the slots in ``masks[i]``) filling
    every capacity exactly, or None. Hall's condition is kept as slack per subset
    of slots, so each choice is checked in 2**n steps."""
    if sum(caps) != len(masks):
        return None
    full = (1 << n) - 1
    slack = [0] * (1 << n)
    for u in range(1 << n):
        slack[u] = sum(caps[i] for i in range(n) if u >> i & 1)
    counts: dict[int, int] = {}
    for m in masks:
        counts[m] = counts.get(m, 0) + 1
    for m, k in counts.items():
        if m == 0:
            return None
        for u in range(1 << n):
            if m | u == u:
                slack[u] -= k
    if min(slack) < 0:
        return None
    left = list(caps)
    out = [0] * len(masks)
    # Constrained cards first, then the free ones; each to a slot drawn by room left.
    subsets = [[u for u in range(1 << n) if u >> j & 1] for j in range(n)]
    free = []
    for i, m in enumerate(masks):
        if m == full:
            free.append(i)
            continue
        options = [j for j in range(n) if m >> j & 1 and left[j]]
        rng.shuffle(options)
        options.sort(key=lambda j: -left[j] * rng.random())
        for j in options:
            hit = [u for u in subsets[j] if m | u != u]
            if all(slack[u] >= 1 for u in hit):
                for u in hit:
                    slack[u] -= 1
                left[j] -= 1
                out[i] = j
                break
        else:
            return None
    # The free cards fill the room left, which Hall's condition guarantees fits.
    pos = 0
    slots = [j for j in range(n) for _ in range(left[j])]
    rng.shuffle(slots)
    for i in free:
        out[i] = slots[pos]
        pos += 1
    return out
