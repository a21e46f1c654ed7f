"""The four levels: ``random``, ``greedy`` (one ply of per-game knowledge),
``normal`` (determinized Monte Carlo: sample the unseen cards a fixed number of
times, play each legal action out to the end of the deal with the game's
play-out, pick the best average margin) and ``expert`` (more samples, and an
exact alpha-beta solve of each sampled world near the end of the deal)."""

from __future__ import annotations

import random
from ..games.base import Action, State
from .policies import policy_for
from .policy import Policy
from .search import SearchResult, best_index, pimc


class View:
    """All a computer player may use. The true state stays private: hidden cards
    reach the player only through :meth:`sample`, which re-deals them at random.
    ``policy`` is the game's computer-player knowledge (ai/policy.py), looked up
    once per view: a search asks it, never the state, how to judge a position."""

    __slots__ = ("_state", "seat", "policy")

    def __init__(self, state: State, seat: int, policy: Policy | None = None):
        self._state = state
        self.seat = seat
        self.policy = policy_for(state) if policy is None else policy

    @property
    def game_id(self) -> str:
        return self._state.GAME_ID

    @property
    def team(self) -> int:
        return self._state.team_of(self.seat)

    def observation(self) -> dict:
        return self._state.observation(self.seat)

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions()

    def greedy_key(self, action: Action) -> tuple:
        return self.policy.greedy_key(self._state, action)

    def candidate_actions(self) -> list[Action]:
        return self.policy.candidate_actions(self._state)

    @property
    def search_samples(self) -> int:
        return self.policy.SEARCH_SAMPLES

    @property
    def safety_ms(self) -> float:
        return self.policy.safety_ms

    @property
    def expert_samples(self) -> int:
        return self.policy.expert_samples

    @property
    def solve_plies(self) -> int:
        return self.policy.SOLVE_PLIES

    def plies_left(self) -> int | None:
        """Plays left in the deal: public (every seat sees how many cards remain)."""
        return self._state.plies_left()

    def all_cards_inferable(self) -> bool:
        return self._state.all_cards_inferable(self.seat)

    def with_policy(self, policy: Policy) -> "View":
        """The same seat's view judged by another policy (a frozen player's, an
        experiment's): what the player sees is unchanged, only the knowledge."""
        return View(self._state, self.seat, policy)

    def sample(self, rng: random.Random, reading: bool = False) -> State:
        """A world of hidden cards dealt at random; ``reading`` (the expert) also
        applies the policy's reads of the others' play."""
        return self.policy.sample(self._state, self.seat, rng, reading)


class Player:
    name = "player"

    def choose(self, view: View, rng: random.Random) -> str:
        """The id of the chosen legal action."""
        raise NotImplementedError


class RandomPlayer(Player):
    name = "random"

    def choose(self, view: View, rng: random.Random) -> str:
        return rng.choice(view.legal_actions())["id"]


def greedy_action(view: View, actions: list[Action]) -> Action:
    """The action with the largest one-ply key (first among equals: stable)."""
    best, best_key = actions[0], view.greedy_key(actions[0])
    for a in actions[1:]:
        k = view.greedy_key(a)
        if k > best_key:
            best, best_key = a, k
    return best


class GreedyPlayer(Player):
    name = "greedy"

    def choose(self, view: View, rng: random.Random) -> str:
        return greedy_action(view, view.legal_actions())["id"]


class NormalPlayer(Player):
    """Determinized Monte Carlo with common samples across the candidate actions
    and the game's play-outs: SEARCH_SAMPLES samples per move, a count."""

    name = "normal"

    def __init__(self, samples: int | None = None, budget_ms: float | None = None):
        """Defaults come from the game's policy. ``budget_ms`` is only the safety
        net (default SAFETY_FACTOR x SEARCH_MS); ``float("inf")`` removes it."""
        self.samples = samples
        self.budget_ms = budget_ms

    def _cap_s(self, view: View) -> float | None:
        ms = self.budget_ms if self.budget_ms is not None else view.safety_ms
        return None if ms == float("inf") else ms / 1000.0

    def search(self, view: View, rng: random.Random) -> SearchResult:
        return pimc(view, view.candidate_actions(), self.samples or view.search_samples,
                    rng, cap_s=self._cap_s(view))

    DEEP = False  # the expert's search (its hooks in the policy know which asks)

    def choose(self, view: View, rng: random.Random) -> str:
        actions = view.candidate_actions()
        if len(actions) == 1:
            return actions[0]["id"]
        policy = view.policy
        pick = policy.network_choice(view, actions, self.DEEP)
        if pick is not None:
            return actions[pick]["id"]
        result = self.search(view, rng)
        bonus = policy.root_bonus(view, result.actions, self.DEEP)
        return result.actions[best_index(view, result, bonus)]["id"]


class ExpertPlayer(NormalPlayer):
    """The normal search with more samples (EXPERT_SAMPLES) and, near the end of
    a deal (SOLVE_PLIES), each sampled world solved exactly by alpha-beta instead
    of played out; once every card is inferable, one exact solve. It sees what
    the others see: the View."""

    name = "expert"
    DEEP = True

    def search(self, view: View, rng: random.Random) -> SearchResult:
        samples = self.samples or view.expert_samples
        return pimc(view, view.candidate_actions(), samples, rng,
                    solve_plies=view.solve_plies, deep=True,
                    cap_s=self._cap_s(view) if self.budget_ms is not None
                    else view.safety_ms * samples / view.search_samples / 1000.0)


def _frozen(view: View, version: int = 1) -> View:
    from .frozen import frozen_view  # tooling: loaded only when a frozen player plays
    return frozen_view(view, version)


class FrozenPlayer:
    """A level's search played on a frozen policy (ai/frozen.py): ``version`` picks
    the freeze. Mixed in before the level's class, whose search it keeps."""

    version = 1

    def choose(self, view: View, rng: random.Random) -> str:
        return super().choose(_frozen(view, self.version), rng)


class FrozenNormalPlayer(FrozenPlayer, NormalPlayer):
    """``normal-v1``: the normal search on the first frozen policy."""

    name = "normal-v1"


class FrozenExpertPlayer(FrozenPlayer, ExpertPlayer):
    """``expert-v1``: the expert search on the first frozen policy."""

    name = "expert-v1"


class FrozenNormalV2Player(FrozenPlayer, NormalPlayer):
    """``normal-v2``: Briscola's normal of 2026-12-07 (ai/briscola_v2.py)."""

    name = "normal-v2"
    version = 2


LEVELS = ("random", "greedy", "normal", "expert")
# Players of the arena only, not levels of the site: a level as it played on a
# given day, to measure later work against (Briscola and Scopa: ai/frozen.py).
FROZEN = ("normal-v1", "expert-v1", "normal-v2")
# The self-play network alone, no search (ai/briscola_net.py, issue 45): a player of the
# arena while its weights are measured, not a level of the site.
NETWORK = ("briscola-net",)


def make_player(level: str) -> Player:
    if level == "random":
        return RandomPlayer()
    if level == "greedy":
        return GreedyPlayer()
    if level == "normal":
        return NormalPlayer()
    if level == "expert":
        return ExpertPlayer()
    if level == "normal-v1":
        return FrozenNormalPlayer()
    if level == "expert-v1":
        return FrozenExpertPlayer()
    if level == "normal-v2":
        return FrozenNormalV2Player()
    if level == "briscola-net":
        from .briscola_net import NetPlayer
        return NetPlayer()
    raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS + FROZEN + NETWORK)})")
