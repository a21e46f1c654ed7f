"""The three levels: ``random``, ``greedy`` (one ply of per-game knowledge) and
``normal`` (determinized Monte Carlo: sample the unseen cards many times, play
each legal action out to the end of the deal with greedy players, and pick the
action with the best average margin)."""

from __future__ import annotations

import random
import time
from typing import Any

from ..games.base import Action, State


class View:
    """All a computer player may use. The true state stays private: hidden cards
    reach the player only through :meth:`sample`, which re-deals them at random."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int):
        self._state = state
        self.seat = seat

    @property
    def team(self) -> int:
        return self._state.team_of(self.seat)

    def observation(self) -> dict:
        return self._state.observation(self.seat)

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    def greedy_key(self, action: Action) -> tuple:
        return self._state.greedy_key(action)

    def candidate_actions(self) -> list[Action]:
        return self._state.candidate_actions()

    @property
    def search_samples(self) -> int:
        return self._state.SEARCH_SAMPLES

    @property
    def search_ms(self) -> float:
        return self._state.SEARCH_MS

    def sample(self, rng: random.Random) -> State:
        return self._state.determinize(self.seat, rng)


class Player:
    name = "player"

    def choose(self, view: View, rng: random.Random) -> str:
        """The id of the chosen legal action."""
        raise NotImplementedError


class RandomPlayer(Player):
    name = "random"

    def choose(self, view: View, rng: random.Random) -> str:
        return rng.choice(view.legal_actions())["id"]


def greedy_action(state: Any, actions: list[Action]) -> Action:
    """The action with the largest one-ply key (first among equals: stable)."""
    best, best_key = actions[0], state.greedy_key(actions[0])
    for a in actions[1:]:
        k = state.greedy_key(a)
        if k > best_key:
            best, best_key = a, k
    return best


class GreedyPlayer(Player):
    name = "greedy"

    def choose(self, view: View, rng: random.Random) -> str:
        return greedy_action(view, view.legal_actions())["id"]


def playout(world: State, team: int, start_deal: int) -> float:
    """Play ``world`` with greedy players to the end of the current deal, or for
    the game's PLAYOUT_PLIES plays and value it with its estimate."""
    plies = world.PLAYOUT_PLIES
    while world.deal_index() == start_deal and not world.is_terminal():
        if plies is not None:
            if plies == 0:
                return world.estimate(team)
            plies -= 1
        actions = world.legal_actions()
        world._apply(actions[0] if len(actions) == 1 else greedy_action(world, actions))
    return world.rollout_value(team)


class NormalPlayer(Player):
    """Determinized Monte Carlo with common samples across the candidate actions."""

    name = "normal"

    def __init__(self, samples: int | None = None, budget_ms: float | None = None):
        """Defaults come from the game (State.SEARCH_SAMPLES, State.SEARCH_MS)."""
        self.samples = samples
        self.budget_ms = budget_ms

    def choose(self, view: View, rng: random.Random) -> str:
        actions = view.candidate_actions()
        if len(actions) == 1:
            return actions[0]["id"]
        team = view.team
        totals = [0.0] * len(actions)
        samples = self.samples or view.search_samples
        budget_ms = self.budget_ms if self.budget_ms is not None else view.search_ms
        deadline = time.perf_counter() + budget_ms / 1000.0
        done = 0
        while done < samples:
            world = view.sample(rng)
            start = world.deal_index()
            for i, action in enumerate(actions):
                w = world.clone()
                w._apply(action)
                totals[i] += playout(w, team, start)
            done += 1
            if time.perf_counter() > deadline:
                break
        # Ties go to the greedy preference, so equal play-outs still play sensibly.
        best = max(range(len(actions)),
                   key=lambda i: (totals[i], view.greedy_key(actions[i])))
        return actions[best]["id"]


LEVELS = ("random", "greedy", "normal")


def make_player(level: str) -> Player:
    if level == "random":
        return RandomPlayer()
    if level == "greedy":
        return GreedyPlayer()
    if level == "normal":
        return NormalPlayer()
    raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
