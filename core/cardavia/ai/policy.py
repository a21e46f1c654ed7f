"""A game's computer-player knowledge, apart from its rules (games/): the search
budgets and the hooks the generic players call. One subclass per game lives in
ai/<game>_policy.py (registered in ai/policies.py); a game without one is
played by these defaults.

Which side a hook is on: what follows from the rules and the information model
is the game's (legal actions, apply, observation, ``determinize`` with what the
rules let anyone read from public play, scoring, ``plies_left``,
``all_cards_inferable``, ``solver_key``, ``clone``); what is a player's
judgement is here (how good an action looks, how to play a sampled world out,
what a finished deal is worth to the search, which actions to search, the
expert's reads beyond the rules, the budgets).

A policy object belongs to one search or one caller (``policies.policy_for``
makes a new one each time): what it remembers about a position (a cache) lives
on it, never on the state.
"""

from __future__ import annotations

import random
from typing import ClassVar

from ..games.base import Action, State


class SolverLimit(RuntimeError):
    """The position was larger than the solver's node budget (``exact_value``
    and ai/solver.py raise it)."""


def margin(state: State, team: int) -> float:
    """The last finished deal's margin for ``team``: the default value of a deal."""
    totals = state.sheets[-1]["totals"]
    return totals[team] - totals[1 - team]


class Policy:
    GAME_ID: ClassVar[str] = ""
    # The search budget is a count, never a clock, so a seed gives the same moves
    # on any machine under any load. SEARCH_SAMPLES: the normal player's samples
    # per move; SEARCH_MS: the expected CPython time of such a move (Pyodide is
    # about 2.2x slower); the players stop only at SAFETY_FACTOR x that, a net
    # that a quiet machine never reaches.
    SEARCH_SAMPLES: ClassVar[int] = 24
    SEARCH_MS: ClassVar[float] = 80.0
    SAFETY_FACTOR: ClassVar[float] = 10.0
    # The expert player's samples per move (None: 3x SEARCH_SAMPLES).
    EXPERT_SAMPLES: ClassVar[int | None] = None
    # With this many plays or fewer left in the deal, the expert solves each
    # sampled world exactly (alpha-beta) instead of playing it out (0: never).
    SOLVE_PLIES: ClassVar[int] = 0

    def __init__(self) -> None:
        self._memo: dict[str, tuple] = {}

    def memo(self, slot: str, state: State, key, compute):
        """``compute(state)``, remembered per ``slot`` for the last position seen:
        the same state object at the same ``key`` (its position). What a policy
        knows of a position is shared by every action's key there."""
        last = self._memo.get(slot)
        if last is None or last[0] is not state or last[1] != key:
            last = self._memo[slot] = (state, key, compute(state))
        return last[2]

    @property
    def expert_samples(self) -> int:
        return self.EXPERT_SAMPLES or 3 * self.SEARCH_SAMPLES

    @property
    def safety_ms(self) -> float:
        return self.SEARCH_MS * self.SAFETY_FACTOR

    # ----- one ply -----------------------------------------------------------
    def greedy_key(self, state: State, action: Action) -> tuple:
        """One-ply knowledge on the mover's information: a sort key, larger is
        better for the mover."""
        return (0,)

    def playout_key(self, state: State, action: Action) -> tuple:
        """The play-out policy in a sampled world (every hand placed), a sort key
        like greedy_key, which it is by default. Only search calls it, on
        samples; a real position is played by greedy_key alone."""
        return self.greedy_key(state, action)

    def candidate_actions(self, state: State) -> list[Action]:
        """The legal actions worth searching (all, unless a game prunes a large set)."""
        return state.legal_actions()

    # ----- a learned network's say at the root (Briscola: ai/briscola_guide.py) ----
    def network_choice(self, view, actions: list[Action], deep: bool) -> int | None:
        """The index in ``actions`` that a learned network plays here without a
        search (``deep``: for the expert), or None: search. None by default."""
        return None

    def root_bonus(self, view, actions: list[Action], deep: bool) -> list[float] | None:
        """Per searched action, what a learned prior adds to the search's mean
        value before the best is taken, or None: nothing. None by default."""
        return None

    # ----- sampling ------------------------------------------------------------
    def sample(self, state: State, seat: int, rng: random.Random,
               reading: bool = False) -> State:
        """A search world for ``seat``: the game's ``determinize``, or with
        ``reading`` (the expert) ``determinize_reading``."""
        if reading:
            return self.determinize_reading(state, seat, rng)
        return state.determinize(seat, rng)

    def determinize_reading(self, state: State, seat: int, rng: random.Random) -> State:
        """The expert's search world: ``determinize`` plus what a strong player
        reads from the others' public plays beyond the rules (a game may add
        such reads; the default has none). Uses only ``seat``'s view."""
        return state.determinize(seat, rng)

    # ----- values ----------------------------------------------------------------
    def rollout_value(self, state: State, team: int) -> float:
        """Value for ``team`` of the last finished deal: its margin."""
        return margin(state, team)

    def playout(self, state: State, team: int, key=None) -> float:
        """The search's play-out: play this (sampled) world to the end of the
        current deal with playout_key's choices (or ``key``'s, a function of the
        state and an action) and return rollout_value."""
        ply_key = self.ply_key if key is None else lambda _state: key
        start = state.deal_index()
        while state.deal_index() == start and not state.is_terminal():
            actions = state.legal_actions()
            if len(actions) == 1:
                state._apply(actions[0])
                continue
            key_now = ply_key(state)
            best, best_key = actions[0], key_now(state, actions[0])
            for a in actions[1:]:
                k = key_now(state, a)
                if k > best_key:
                    best, best_key = a, k
            state._apply(best)
        return self.rollout_value(state, team)

    def ply_key(self, state: State):
        """The key for one play-out ply's actions: ``playout_key``, unless a game
        gathers what its key reads once a ply (Tressette's unseen cards) rather than
        once an action."""
        return self.playout_key

    def expert_playout(self, state: State, team: int) -> float:
        """The expert's play-out (a longer or sharper one where a game can afford
        it); the normal play-out by default, so the normal level never changes."""
        return self.playout(state, team)

    def playout_after(self, state: State, action: Action, team: int,
                      deep: bool) -> float | None:
        """A game's fast path for search: the value for ``team`` of ``action`` then
        the play-out (``expert_playout`` if ``deep``), leaving ``state`` as it
        was, or None for the generic copy-apply-play-out (ai/search.py)."""
        return None

    # True where value_to_margin is the identity, so the hint need not map values.
    VALUE_IS_MARGIN: ClassVar[bool] = True

    def value_to_margin(self, world: State, action: Action, team: int, value: float) -> float:
        """A searched action's value in a sampled ``world`` as the final margin of
        ``team``, the points a player is told: the search value itself unless the
        policy values more than the margin (Tarocchi's win bonus)."""
        return value

    def exact_value(self, state: State, team: int, table: dict,
                    node_limit: int) -> float | None:
        """A game's own exact solver for a world whose every hand is placed: the
        value for ``team`` of playing on to the end of the deal (as the generic
        solver would find it), or None to use the generic solver (ai/solver.py).
        May raise SolverLimit past ``node_limit`` nodes."""
        return None
