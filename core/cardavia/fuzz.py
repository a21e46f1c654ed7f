"""Bridge fuzzing: seeded streams of valid, malformed and hostile requests.

The worker hands the bridge whatever the page sends, so the bridge must hold
whatever it gets. For every request this checks that:

- no exception escapes ``Bridge.handle`` and the response is one strict JSON
  object (no NaN, valid UTF-8) with ``ok: true``, or ``ok: false`` and an
  error whose code is one of ``bridge.ERROR_CODES`` (``internal`` counts as a
  crash: it means an exception reached the bridge's safety net);
- after an error nothing changed: the same match, the same ``to_json()``, the
  same log, the same human seat and event cursor;
- after a success the position still keeps the game's invariants.

``python -m cardavia fuzz --requests N [--game G] [--seed S]`` prints the tally
as its last line (N requests per game).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any, Callable

from .bridge import ERROR_CODES, Bridge
from .games import REGISTRY
from .match import _checksum

# Values that are the wrong type, out of range, huge or hostile, for any field.
HOSTILE: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 3, 1.5, -0.0, 2**31, 2**53, 2**53 + 1, 2**63, -2**64,
    10**300, 1e308, float("nan"), float("inf"), float("-inf"), "", " ", "0", "null",
    "x" * 100_000, "\u0000", "\ud800", "é🂡", "__class__", "play:", "play:7D", "T0",
    [], [1, 2], [[]], {}, {"a": 1}, {"kind": "human"}, [None] * 50,
)
LEVELS = ("random", "greedy", "normal")
SAVE_FIELDS = ("format", "version", "game", "deck", "seed", "seats", "log", "checksum")


def _strict_loads(text: str) -> Any:
    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} in a response")
    return json.loads(text, parse_constant=no_constant)


class RequestMaker:
    """Seeded requests for one bridge, aware of its match so that valid moves,
    out-of-turn moves and edited saves of the real match can be made."""

    def __init__(self, bridge: Bridge, game: str, rng: random.Random):
        self.bridge, self.game, self.rng = bridge, game, rng
        self.saves: list[dict] = []
        self.seen_ids: list[str] = []  # action ids once legal: stale, illegal now
        self.next_id = 0
        self.kinds: list[tuple[Callable[[], Any], float]] = [
            (self.valid_act, 22), (self.advance, 18), (self.plain_op, 8),
            (self.new_match, 2.5), (self.restore_save, 2), (self.edited_save, 7),
            (self.malformed_json, 6), (self.wrong_types, 10), (self.unknown_op, 3),
            (self.out_of_turn, 6), (self.illegal_act, 8), (self.huge, 3),
        ]
        self.weights = [w for _, w in self.kinds]

    def make(self) -> Any:
        """A request: a dict (sent as JSON) or raw text."""
        make = self.rng.choices([k for k, _ in self.kinds], self.weights)[0]
        return make()

    # ----- helpers ---------------------------------------------------------
    def rid(self) -> Any:
        self.next_id += 1
        return self.next_id

    def req(self, op: str, **fields: Any) -> dict:
        return dict({"id": self.rid(), "op": op}, **fields)

    def legal_ids(self) -> list[str]:
        match = self.bridge.match
        if match is None or match.to_move not in self.bridge.cursors:
            return []
        return [a["id"] for a in match.state.legal_actions()]

    def person_to_move(self) -> dict:
        """The ``seat`` field of a person's request: none for the page's own seat,
        else the seat of the person to move (pass-and-play)."""
        match = self.bridge.match
        seat = match.to_move if match is not None else None
        return {} if seat in (None, self.bridge.human) else {"seat": seat}

    # ----- valid requests --------------------------------------------------
    def valid_act(self) -> Any:
        legal = self.legal_ids()
        if not legal:
            return self.advance()
        choice = self.rng.choice(legal)
        self.seen_ids.append(choice)
        del self.seen_ids[:-200]
        return self.req("act", action=choice, **self.person_to_move())

    def advance(self) -> Any:
        return self.req("advance")

    def plain_op(self) -> Any:
        ops = ["snapshot", "save", "save", "undo", "catalogue"] + sorted(self.bridge.ops)
        op = self.rng.choice(ops)
        if op in ("new_match", "restore"):
            return self.req("snapshot")
        if op == "hint" and self.rng.random() < 0.8:  # a full search: keep it rare
            return self.req("snapshot")
        return self.req(op)

    def new_match(self) -> Any:
        cls = REGISTRY[self.game]
        fields: dict[str, Any] = {"game": self.game, "seed": self.rng.randrange(10**6)}
        # Mostly quick computers; a few normal ones so their path is fuzzed too.
        fields["level"] = self.rng.choices(LEVELS, (45, 50, 5))[0]
        if self.rng.random() < 0.5:
            fields["seat"] = self.rng.randrange(cls.NUM_SEATS)
        if self.rng.random() < 0.3:  # pass-and-play: more people at the table
            seats = list(range(cls.NUM_SEATS))
            people = self.rng.sample(seats, self.rng.randrange(1, cls.NUM_SEATS + 1))
            fields["humans"] = people if fields.get("seat", 0) in people or self.rng.random() < 0.2 \
                else people + [fields.get("seat", 0)]
        if self.rng.random() < 0.5:
            fields["deck"] = self.rng.choice(cls.DECKS)
        return self.req("new_match", **fields)

    def restore_save(self) -> Any:
        if not self.saves:
            return self.req("save")
        return self.req("restore", save=self.rng.choice(self.saves))

    # ----- hostile requests ------------------------------------------------
    def edited_save(self) -> Any:
        if not self.saves:
            return self.req("save")
        save = json.loads(json.dumps(self.rng.choice(self.saves)))
        edit = self.rng.randrange(6)
        field = self.rng.choice(SAVE_FIELDS)
        if edit == 0:
            save[field] = self.rng.choice(HOSTILE)
        elif edit == 1:
            save.pop(field, None)
        elif edit == 2:
            save["extra"] = self.rng.choice(HOSTILE)
        elif edit == 3:
            self.edit_log(save["log"])
        elif edit == 4:
            self.edit_seats(save["seats"])
        else:
            save[field] = {"seed": save["seed"] + self.rng.choice((1, -1)),
                           "game": self.rng.choice(sorted(REGISTRY)),
                           "version": save["version"] + 1}.get(field, self.rng.choice(HOSTILE))
        if self.rng.random() < 0.6:  # a forger who recomputes the checksum
            body = {k: v for k, v in save.items() if k != "checksum"}
            try:
                save["checksum"] = _checksum(body)
            except ValueError:
                pass
        return self.req("restore", save=save)

    def edit_log(self, log: list) -> None:
        rng = self.rng
        edit = rng.randrange(6)
        if edit == 0 and log:
            del log[rng.randrange(len(log))]
        elif edit == 1 and len(log) > 1:
            i = rng.randrange(len(log) - 1)
            log[i], log[i + 1] = log[i + 1], log[i]
        elif edit == 2 and log:
            log[rng.randrange(len(log))][0] = rng.choice(HOSTILE)
        elif edit == 3 and log:
            log[rng.randrange(len(log))][1] = rng.choice(HOSTILE)
        elif edit == 4:
            log.append(rng.choice(HOSTILE))
        else:
            log.append([rng.randrange(4), rng.choice(self.seen_ids or ["play:7D"])])

    def edit_seats(self, seats: list) -> None:
        rng = self.rng
        edit = rng.randrange(5)
        i = rng.randrange(len(seats))
        if edit == 0:
            seats[i] = rng.choice(HOSTILE)
        elif edit == 1:
            seats[i] = {"kind": "human"}  # two humans (or the same one again)
        elif edit == 2:
            seats[i] = {"kind": "ai", "level": rng.choice(HOSTILE + LEVELS)}
        elif edit == 3:
            seats.append({"kind": "ai", "level": "greedy"})
        else:
            seats[i] = dict(seats[i], extra=rng.choice(HOSTILE))

    def malformed_json(self) -> Any:
        rng = self.rng
        valid = json.dumps(self.req("act", action="play:7D"))
        choice = rng.randrange(10)
        if choice == 0:
            return valid[:rng.randrange(len(valid))]
        if choice == 1:
            return "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(1, 60)))
        if choice == 2:
            return "[" * 100_000 + "]" * 100_000
        if choice == 3:
            return '{"id": NaN, "op": "snapshot"}'
        if choice == 4:
            return '{"id": 1, "op": "new_match", "game": "%s", "seed": Infinity}' % self.game
        if choice == 5:
            return rng.choice(("", " ", "null", "1", '"op"', "[]", "true", "\ufeff{}"))
        if choice == 6:
            return '{"id": 1, "op": "snapshot", "op": "act"}'  # duplicate keys
        if choice == 7:
            return valid.replace(":", "=", 1)
        if choice == 8:
            return rng.choice((None, 7, b"{}", ["{}"]))  # not text at all
        return valid + "}"

    def wrong_types(self) -> Any:
        """A well-formed request with one field of the wrong type or range."""
        rng = self.rng
        base = rng.choice([
            self.req("act", action=(self.legal_ids() or ["play:7D"])[0]),
            self.req("new_match", game=self.game, seed=1, level="greedy"),
            self.req("restore", save=self.saves[-1] if self.saves else {}),
            self.req(rng.choice(sorted(self.bridge.ops))),
        ])
        field = rng.choice([k for k in base] + ["seat", "deck", "level", "seed", "game"])
        base[field] = rng.choice(HOSTILE)
        return base

    def unknown_op(self) -> Any:
        rng = self.rng
        op = rng.choice(("explode", "ACT", "act ", "_act", "handle", "ops", "__init__",
                         "new-match", "Snapshot", "", "x" * 5000) + HOSTILE)
        return {"id": self.rid(), "op": op}

    def out_of_turn(self) -> Any:
        """An action while a computer is to move, or after the end, or one that speaks for
        a seat other than the one to move (another person's, a computer's, nonsense)."""
        match = self.bridge.match
        if match is None:
            return self.advance()
        others = [s for s in range(len(match.seats)) if s != match.to_move]
        seat = self.rng.choice(others + [None, None, self.rng.choice(HOSTILE)])
        if seat is None and match.to_move == self.bridge.human:
            return self.advance()
        state = match.state
        ids = [a["id"] for a in state.legal_actions()] if match.to_move is not None else []
        ids += self.seen_ids[-20:]
        fields = {} if seat is None else {"seat": seat}
        return self.req("act", action=self.rng.choice(ids or ["play:7D"]), **fields)

    def illegal_act(self) -> Any:
        rng = self.rng
        legal = self.legal_ids() or ["play:7D"]
        a = rng.choice(legal)
        mutations = [
            a.upper(), a.lower(), a + " ", " " + a, a + ":", a.replace(":", ";"),
            a.replace("+", ","), "+".join(reversed(a.split("+"))), a[:-1], a + "X",
            rng.choice(self.seen_ids or [a]), "discard:" + a.split(":")[-1],
            "play:" + rng.choice(("ZZ", "11D", "T22", "T-1", "0D", "AD+AD")),
            ":".join(reversed(a.split(":"))),
        ]
        return self.req("act", action=rng.choice(mutations))

    def huge(self) -> Any:
        rng = self.rng
        big = rng.choice(("x" * 200_000, "7D" * 100_000, "\u00e9" * 50_000))
        return rng.choice([
            {"id": big, "op": "snapshot"},
            self.req(big),
            self.req("act", action=big),
            self.req("new_match", game=big),
            self.req("new_match", game=self.game, seed=10**rng.randrange(20, 400)),
            self.req("new_match", game=self.game, seed=-(10**30)),
            self.req("new_match", game=self.game, seat=2**70),
            self.req("new_match", game=self.game, deck=big),
            self.req("restore", save={"format": "cardavia-match", "log": [[0, "x"]] * 50_000}),
            '{"id": 1, "op": "act", "action": "' + "a" * (1_100_000) + '"}',
        ])


def _encode(request: Any) -> Any:
    if isinstance(request, dict):
        return json.dumps(request)  # allow_nan: NaN and Infinity reach the bridge as text
    return request


def fuzz_game(game: str, requests: int, seed: int,
              make_bridge: Callable[[], Bridge] = Bridge) -> dict:
    """``requests`` seeded requests against one fresh bridge, playing ``game``
    (``make_bridge`` lets the tests prove that the checks catch a broken bridge)."""
    rng = random.Random(f"fuzz:{game}:{seed}")
    bridge = make_bridge()
    maker = RequestMaker(bridge, game, rng)
    errors: dict[str, int] = {}
    crashes: list[str] = []
    changes: list[str] = []
    broken: list[str] = []
    ok = 0
    for n in range(requests):
        request = maker.make()
        match = bridge.match
        before = (match, bridge.human, dict(bridge.cursors), bridge.seed_from_page,
                  match.state.to_json() if match else None, [list(e) for e in match.log]
                  if match else None)
        try:
            text = bridge.handle(_encode(request))
        except Exception as err:  # the bug this hunts: an exception escaping the bridge
            crashes.append(f"#{n}: {type(err).__name__}: {str(err)[:200]}")
            continue
        problem = _response_problem(text)
        if problem:
            crashes.append(f"#{n}: {problem}")
            continue
        response = _strict_loads(text)
        if response["ok"]:
            ok += 1
            if isinstance(request, dict) and request.get("op") == "save" and "save" in response:
                maker.saves.append(response["save"])
                del maker.saves[:-20]
            if bridge.match is not None:
                try:
                    bridge.match.state.check_invariants()
                except AssertionError as err:
                    broken.append(f"#{n}: {str(err)[:200]}")
            continue
        code = response["error"]["code"]
        errors[code] = errors.get(code, 0) + 1
        if code == "internal":
            crashes.append(f"#{n}: internal: {response['error']['message'][:200]}")
        match = bridge.match
        after = (match, bridge.human, dict(bridge.cursors), bridge.seed_from_page,
                 match.state.to_json() if match else None, [list(e) for e in match.log]
                 if match else None)
        if after[0] is not before[0] or after[1:] != before[1:]:
            changes.append(f"#{n}: {code} after {str(request)[:120]}")
    return {"game": game, "requests": requests, "ok": ok, "errors_by_code": errors,
            "crashes": crashes, "state_changes_on_error": changes, "invariant_failures": broken}


def _response_problem(text: Any) -> str | None:
    """Why a response breaks the protocol, or None."""
    if not isinstance(text, str):
        return f"the response is a {type(text).__name__}, not text"
    try:
        text.encode("utf-8")
        response = _strict_loads(text)
    except (UnicodeEncodeError, ValueError) as err:
        return f"the response is not strict JSON in UTF-8: {str(err)[:120]}"
    if not isinstance(response, dict) or "id" not in response:
        return "the response is not an object with an id"
    if response.get("ok") is True:
        return None
    error = response.get("error")
    if response.get("ok") is not False or not isinstance(error, dict):
        return "the response has neither ok: true nor an error"
    if error.get("code") not in ERROR_CODES:
        return f"unknown error code {str(error.get('code'))[:40]!r}"
    if not isinstance(error.get("message"), str) or not error["message"]:
        return "an error without a message"
    if len(text) > 2000:
        return f"an error response of {len(text)} characters (echoes its input?)"
    return None


def fuzz(requests: int, games: list[str] | None = None, seed: int = 1) -> dict:
    """``requests`` requests for each game; the tally over all of them."""
    start = time.perf_counter()
    runs = [fuzz_game(g, requests, seed) for g in (games or sorted(REGISTRY))]
    errors: dict[str, int] = {}
    for run in runs:
        for code, count in run["errors_by_code"].items():
            errors[code] = errors.get(code, 0) + count
    samples = [f"{r['game']} {s}" for r in runs
               for s in r["crashes"] + r["state_changes_on_error"] + r["invariant_failures"]]
    return {"games": [r["game"] for r in runs], "seed": seed,
            "requests": sum(r["requests"] for r in runs),
            "ok": sum(r["ok"] for r in runs),
            "errors_by_code": dict(sorted(errors.items())),
            "crashes": sum(len(r["crashes"]) for r in runs),
            "state_changes_on_error": sum(len(r["state_changes_on_error"]) for r in runs),
            "invariant_failures": sum(len(r["invariant_failures"]) for r in runs),
            "samples": samples[:10],
            "seconds": round(time.perf_counter() - start, 1)}
