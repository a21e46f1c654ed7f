"""Hints and post-deal review, from the expert search (docs/protocol.md).

A hint is the expert's move for the human seat plus the best few choices with
their expected points (the mean final margin of the seat's team over the
sampled worlds, in the game's points) and one main reason as a code with
parameters, computed from the position and the search values. A review replays
a finished deal and lists the human's moves that the search values at least
``threshold`` points below the best one.
"""

from __future__ import annotations

import random
import time

from ..games.base import Action, GameError, State, rng_for
from .players import View
from .search import best_index, pimc

TOP = 3  # choices shown with a hint


def analyse(state: State, seat: int, rng: random.Random, samples: int | None = None,
            include: Action | None = None) -> dict:
    """The expert's search at ``seat`` with every searched action's mean value
    (``means``, what the search maximises) and mean points (``points``, what a
    player is told). ``include`` adds an action the game would not search (a
    pruned discard)."""
    view = View(state, seat)
    actions = view.candidate_actions()
    if include is not None and all(a["id"] != include["id"] for a in actions):
        actions = actions + [include]
    if len(actions) == 1 and include is None:  # nothing to compare: no search
        return {"actions": actions, "means": [None], "points": [None], "best": 0,
                "samples": 0, "exact": False}
    n = samples or view.expert_samples
    worlds_rng = random.Random()
    worlds_rng.setstate(rng.getstate())
    result = pimc(view, actions, n, rng, solve_plies=view.solve_plies, deep=True,
                  keep_samples=True)
    exact = view.all_cards_inferable() and result.solved > 0
    # the expert's own choice: a learned network's where the policy lets it decide
    # (Briscola outside the exact endgame, ai/briscola_guide.py), else the best mean
    policy = view.policy
    best = policy.network_choice(view, actions, True)
    learned = best is not None
    if best is None:
        best = best_index(view, result, policy.root_bonus(view, actions, True))
    return {"actions": actions, "means": result.means(), "best": best, "learned": learned,
            "points": mean_points(state, view, result, worlds_rng),
            "samples": result.samples, "exact": exact}


def mean_points(state: State, view: View, result, worlds_rng: random.Random) -> list[float]:
    """Each action's expected points: the mean final margin of the seat's team.
    Most games' search value is that margin. Where it is not (Tarocchi adds a win
    bonus and, for the dealer's team, a prior on the discard), a player told
    "+14 pts" for a move expected to win by 4 is misled, so each sampled world's
    value is mapped back to its margin by the policy (``value_to_margin``).
    ``worlds_rng`` is the search's generator before the search: drawing again
    from it gives the very worlds the search valued (the values draw nothing)."""
    policy = view.policy
    if policy.VALUE_IS_MARGIN:
        return result.means()
    team = view.team
    sums = [0.0] * len(result.actions)
    for row in result.per_sample:
        world = view.sample(worlds_rng, reading=True)
        for i, (action, value) in enumerate(zip(result.actions, row)):
            sums[i] += policy.value_to_margin(world, action, team, value)
    n = max(1, len(result.per_sample))
    return [t / n for t in sums]


def hint(state: State, seat: int, rng: random.Random, samples: int | None = None,
         prefer: str | None = None) -> dict:
    """The expert's move for ``seat`` (the same search, hence the same choice,
    as ExpertPlayer with this ``rng``), the best TOP choices and a reason.
    ``samples`` (default: the expert's) lets a test keep the search small.
    ``prefer``: the move to suggest instead of the expert's (a lesson's stored move,
    lessons.py), first among the choices, with its reason from the same search at the
    normal player's count unless ``samples`` says otherwise."""
    start = time.perf_counter()
    legal = state.legal_actions()
    wanted = next((a for a in legal if a["id"] == prefer), None) if prefer and len(legal) > 1 else None
    if wanted is not None and samples is None:
        # the move is already chosen: the search only words its reason, and the normal
        # player's count does that at a third of the expert's wait, at every step of a lesson
        samples = View(state, seat).search_samples
    found = analyse(state, seat, rng, samples, include=wanted)
    actions, points, best = found["actions"], found["points"], found["best"]
    if wanted is not None:
        best = next(i for i, a in enumerate(actions) if a["id"] == prefer)
        found["learned"] = found.get("learned", False) and best == found["best"]
    order = sorted(range(len(actions)), key=lambda i: (i != best, -(points[i] or 0.0)))
    choices = [{"action": actions[i]["id"],
                "expected": None if points[i] is None else round(points[i], 2)}
               for i in order[:TOP]]
    reason = explain(state, actions[best], actions, points, best, found["means"],
                     learned=found.get("learned", False))
    return {"action": actions[best]["id"], "choices": choices, "reason": reason,
            "samples": found["samples"], "exact": found["exact"],
            "ms": round((time.perf_counter() - start) * 1000, 1)}


# ----- reasons -----------------------------------------------------------------
# Codes (parameters): only_move; sweeps; takes_settebello; captures {cards: taken from the table};
# leaves_no_sweep; wins_trick {points}; saves_points {points}; keeps_trump_ace
# {card}; leads_low; banks_points {points} (a discard); best_average {gain};
# best_chance (the best move scores no more on average but wins more often).

def explain(state: State, action: Action, actions: list[Action], points: list[float],
            best: int, means: list[float] | None = None, learned: bool = False) -> dict:
    """The main reason for ``action``, from the position, the expected points and
    the search values (``means``, the points where not given). What the reason
    states about the rules (card points, who wins the trick, trumps, sweeps)
    comes from the game's own rule facts (games/base.py)."""
    if len(actions) == 1:
        legal = state.legal_actions()
        if len(legal) == 1:
            return {"code": "only_move"}
        # The one move the policy searches (the others are a partner's blunders,
        # ai/partnership.py): a reason from the rules if one holds, else none better.
        actions, means = legal, None
        points = [0.0] * len(legal)
        best = next(i for i, a in enumerate(legal) if a["id"] == action["id"])
    reason = None
    if action.get("type") in ("capture", "place"):
        reason = _fishing_reason(state, action)
    elif action.get("type") == "play":
        reason = _trick_reason(state, action, actions)
    elif action.get("type") == "discard":
        pts = state.discard_points(action.get("cards") or [action["card"]])
        if pts:
            reason = {"code": "banks_points", "points": pts}
    if reason is None:
        means = points if means is None else means
        others = [m for i, m in enumerate(points) if i != best]
        gain = points[best] - max(others) if others else 0.0
        value_gain = means[best] - max(m for i, m in enumerate(means) if i != best) \
            if others else 0.0
        # Where the search counts a win beyond its points (Tarocchi), the best
        # move may score no more on average and still win more often; so may a
        # learned network's move (``learned``: Briscola, trained to win the deal).
        chance = gain < 0.005 < value_gain or (learned and gain < 0.005)
        reason = {"code": "best_chance"} if chance \
            else {"code": "best_average", "gain": round(gain, 2)}
    return reason


def _fishing_reason(state: State, action: Action) -> dict | None:
    table = list(state.table)
    if action["type"] == "capture":
        taken = action["captures"]
        if len(taken) == len(table):
            return {"code": "sweeps"}
        if state.PRIZE_CARD is not None and state.PRIZE_CARD in taken + [action["card"]]:
            return {"code": "takes_settebello"}
        rest = [t for t in table if t not in taken]
        if not state.could_sweep(rest):
            return {"code": "leaves_no_sweep"}
        return {"code": "captures", "cards": len(taken)}  # the table's cards it takes, as the player sees them
    if not state.could_sweep(table + [action["card"]]):
        return {"code": "leaves_no_sweep"}
    return None


def _trick_reason(state: State, action: Action, actions: list[Action]) -> dict | None:
    card = action["card"]
    trick = [c for _, c in state.trick]
    pts = state.card_points(card)
    if trick:
        if state.wins_trick_with(card):
            total = state.trick_points(trick + [card])
            return {"code": "wins_trick", "points": total} if total else None
        # "The trick is lost": said only of a card that does not win it.
        others = [a["card"] for a in actions if a["card"] != card]
        most = max(state.card_points(c) for c in others)
        if most > pts:
            return {"code": "saves_points", "points": most - pts}
        return None
    top = state.top_trumps(state.hands[state.to_move])
    if top and card not in top:
        return {"code": "keeps_trump_ace", "card": top[0]}
    if pts == 0 and not state.is_trump(card):
        return {"code": "leads_low"}
    return None


# ----- review ------------------------------------------------------------------
def review(game_state_at, log: list, seat: int, seed: int, deal: int | None = None,
           threshold: float = 2.0, samples: int | None = None) -> dict:
    """Replay the log and value each of ``seat``'s moves in ``deal`` (default:
    the last finished deal) with the search: the moves whose expected value is
    at least ``threshold`` below the best move's, with the better move. Each move
    gets ``samples`` (default SEARCH_SAMPLES); a move that looks costly is
    searched again with twice the expert's count, which decides.
    ``game_state_at(0)`` gives the initial state; the log is [seat, action_id]."""
    start = time.perf_counter()
    state = game_state_at(0)
    finished = 0
    # First pass: which deal each action belongs to.
    deals = []
    probe = state.clone()
    for _s, action_id in log:
        deals.append(probe.deal_index())
        _apply_id(probe, action_id)
    finished = probe.deal_index()
    if deal is None:
        deal = finished - 1
    if deal < 0 or deal >= finished:
        raise GameError("review needs a finished deal", "no_finished_deal")
    mistakes = []
    checked = 0
    for i, (s, action_id) in enumerate(log):
        if deals[i] == deal and s == seat:
            played = next(a for a in state.legal_actions() if a["id"] == action_id)
            checked += 1
            # A quick look at every move (the normal player's count), then a second,
            # larger search (twice the expert's) where the first sees a loss: the
            # small one alone is too noisy to call a move a mistake.
            found = None
            policy = View(state, seat).policy
            for rounds, n in enumerate((samples or policy.SEARCH_SAMPLES,
                                        2 * policy.expert_samples)):
                found = analyse(state, seat, rng_for("review", seed, i, rounds), n,
                                include=played)
                ids = [a["id"] for a in found["actions"]]
                pts = found["points"]
                loss = pts[found["best"]] - pts[ids.index(action_id)]
                if loss < threshold or ids[found["best"]] == action_id:
                    break
            else:
                mistakes.append({"index": i, "played": action_id,
                                 "better": ids[found["best"]], "loss": round(loss, 2)})
        state.apply(action_id)
    return {"deal": deal + 1, "checked": checked, "mistakes": mistakes,
            "threshold": threshold, "ms": round((time.perf_counter() - start) * 1000, 1)}


def _apply_id(state: State, action_id: str) -> None:
    for a in state.legal_actions():
        if a["id"] == action_id:
            state._apply(a)
            return
    raise GameError(f"the log holds an illegal action {action_id!r}", "bad_request")
