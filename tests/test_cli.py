"""The command line prints one JSON object as its last line."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardavia.__main__ import main
from cardavia.evaluation import wilson

pytestmark = pytest.mark.repository_check  # tooling: CPython only (tests/conftest.py)

ROOT = Path(__file__).resolve().parents[1]


def last_json(capsys):
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_simulate_reports_zero_errors(capsys):
    assert main(["simulate", "scopa", "--games", "3", "--seed", "4"]) == 0
    out = last_json(capsys)
    assert out["game"] == "scopa" and out["games"] == 3 and out["errors"] == 0
    assert out["actions"] >= 3 * 36


def test_fuzz_prints_the_tally_as_its_last_line(capsys):
    assert main(["fuzz", "--requests", "200", "--game", "scopa", "--seed", "3"]) == 0
    out = last_json(capsys)
    assert out["requests"] == 200 and out["games"] == ["scopa"]
    assert out["crashes"] == 0 and out["state_changes_on_error"] == 0
    assert out["ok"] + sum(out["errors_by_code"].values()) == 200


def test_arena_swaps_seats_and_counts_every_deal(capsys):
    assert main(["arena", "briscola", "--players", "greedy,random", "--deals", "4",
                 "--jobs", "1"]) == 0
    out = last_json(capsys)
    assert out["deals"] == 8
    assert out["a_wins"] + out["b_wins"] + out["draws"] == 8
    lo, hi = out["ci95"]
    assert 0 <= lo <= hi <= 1


def test_an_arena_stopped_and_resumed_from_its_log_prints_what_one_run_prints(capsys, tmp_path):
    args = ["arena", "briscola", "--players", "greedy,random", "--seed", "5", "--jobs", "1"]
    assert main(args + ["--deals", "6"]) == 0
    whole = last_json(capsys)
    log = tmp_path / "briscola.jsonl"
    assert main(args + ["--deals", "2", "--log", str(log)]) == 0  # stopped after 2 seeds
    assert last_json(capsys)["deals"] == 4
    with log.open("a") as f:
        f.write('{"seed": 7, "resu')  # a line cut short when the run was stopped
    assert main(args + ["--deals", "6", "--log", str(log)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out.strip().splitlines()[-1]) == whole
    assert "4 new seeds (2 from the log)" in captured.err
    rows = [json.loads(line) for line in log.read_text().splitlines()[1:]]
    assert sorted(r["seed"] for r in rows) == [5, 6, 7, 8, 9, 10]


def test_an_arena_log_of_other_settings_or_code_is_refused(capsys, tmp_path):
    log = tmp_path / "a.jsonl"
    args = ["arena", "briscola", "--players", "greedy,random", "--deals", "1", "--jobs", "1"]
    assert main(args + ["--log", str(log)]) == 0
    before = log.read_text()
    assert main(args[:3] + ["random,random"] + args[4:] + ["--log", str(log)]) == 2
    assert "differs in: a" in capsys.readouterr().err
    header = json.loads(before.splitlines()[0])
    log.write_text(json.dumps(dict(header, code="0" * 16)) + "\n")
    assert main(args + ["--log", str(log)]) == 2
    assert "differs in: code" in capsys.readouterr().err
    assert log.read_text() == json.dumps(dict(header, code="0" * 16)) + "\n"  # left alone


def test_carry_keeps_a_log_only_if_the_code_replays_it_exactly(capsys, tmp_path):
    log = tmp_path / "a.jsonl"
    args = ["arena", "briscola", "--players", "greedy,random", "--deals", "3", "--jobs", "1"]
    assert main(args + ["--log", str(log)]) == 0
    whole = last_json(capsys)
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    # Written by "other" code that played every deal the same: carried, and resumable.
    log.write_text("\n".join([json.dumps(dict(header, code="0" * 16))] + lines[1:]) + "\n")
    assert main(["carry", str(log), "--seeds", "2"]) == 0
    out = last_json(capsys)
    assert out["from"] == "0" * 16 and out["to"] == header["code"]
    assert out["seeds_replayed"] == 2 and out["seeds_in_log"] == 3
    carried = json.loads(log.read_text().splitlines()[0])
    assert carried["code"] == header["code"]
    assert carried["carried"] == [{"from": "0" * 16, "to": header["code"], "seeds_replayed": 2}]
    assert main(args + ["--log", str(log)]) == 0 and last_json(capsys) == whole
    # A log the code plays otherwise (one margin changed) is refused and left alone.
    row = json.loads(lines[1])
    row["results"][0][1] += 1
    tampered = "\n".join([json.dumps(dict(header, code="0" * 16)), json.dumps(row)]
                         + lines[2:]) + "\n"
    log.write_text(tampered)
    assert main(["carry", str(log), "--seeds", "3"]) == 2
    assert "otherwise (1 of 3)" in capsys.readouterr().err
    assert log.read_text() == tampered


def test_the_code_fingerprint_ignores_the_other_games_modules(tmp_path, monkeypatch):
    """A copy of the package with Scopa's own modules edited (games/scopa.py,
    ai/scopa_*.py): Briscola's fingerprint is the one of the untouched package,
    Scopa's is not; an edit to a module both games play changes both."""
    import shutil
    from cardavia import arenalog
    before = {g: arenalog.code_fingerprint(g) for g in ("briscola", "scopa")}
    assert before["briscola"] != before["scopa"]  # each leaves the other's modules out
    copy = tmp_path / "cardavia"
    shutil.copytree(arenalog.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(arenalog, "PACKAGE", copy)
    assert {g: arenalog.code_fingerprint(g) for g in before} == before  # same code, same prints
    scopa_own = [copy / "games" / "scopa.py", *sorted((copy / "ai").glob("scopa_*.py"))]
    assert len(scopa_own) >= 2
    for path in scopa_own:
        path.write_text(path.read_text(encoding="utf-8") + "\nEDITED = 1\n", encoding="utf-8")
    assert arenalog.code_fingerprint("briscola") == before["briscola"]
    assert arenalog.code_fingerprint("scopa") != before["scopa"]
    shared = copy / "games" / "base.py"
    shared.write_text(shared.read_text(encoding="utf-8") + "\nEDITED = 1\n", encoding="utf-8")
    assert arenalog.code_fingerprint("briscola") != before["briscola"]


def test_the_code_fingerprint_of_a_game_built_on_another_counts_that_games_rules(monkeypatch):
    """Briscola a 4 plays games/briscola.py's rules and Scopone games/scopa.py's: a
    change there must change their fingerprint, while Briscola's ignores briscola4."""
    from cardavia import arenalog
    real = arenalog._code_only
    before = {g: arenalog.code_fingerprint(g) for g in ("briscola4", "scopone", "briscola")}
    for name in ("briscola", "scopa", "briscola4"):
        path = arenalog.PACKAGE / "games" / f"{name}.py"
        text = path.read_text(encoding="utf-8")
        monkeypatch.setattr(arenalog, "_code_only",
                            lambda source, text=text: real(source) + (b"x" if source == text else b""))
        after = {g: arenalog.code_fingerprint(g) for g in before}
        if name == "briscola":
            assert after["briscola4"] != before["briscola4"] and after["scopone"] == before["scopone"]
        elif name == "scopa":
            assert after["scopone"] != before["scopone"] and after["briscola4"] == before["briscola4"]
        else:
            assert after["briscola4"] != before["briscola4"] and after["briscola"] == before["briscola"]


def test_the_code_fingerprint_reads_code_not_comments_or_docstrings():
    from cardavia.arenalog import _code_only
    base = 'def f(x):\n    """Why."""\n    return x + 1\n'
    assert _code_only(base) == _code_only(
        '"""A module."""\n# a comment\ndef f(x):\n    """Why, reworded."""\n'
        '    return x + 1  # the rule\n')
    assert _code_only('def f(x):\n    """Only a docstring."""\n') == _code_only(
        "def f(x):\n    pass\n")
    assert _code_only(base) != _code_only(base.replace("x + 1", "x + 2"))
    assert _code_only(base) != _code_only(base.replace('"""Why."""', "y = 'Why.'"))


def _write_log(path, code, rows):
    header = {"arena_log": 2, "game": "tarocchi", "a": "expert", "b": "normal", "seed": 1,
              "deck": None, "clock": False, "code": code}
    lines = [header] + [{"seed": s, "results": r} for s, r in rows]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))


def test_compare_pairs_two_logs_on_their_common_seeds(capsys, tmp_path):
    # Per seed, net = a's wins less losses over the pair. Common seeds 1-3:
    #   variant nets 2, 0, 1; base nets 0, 0, -1; differences 2, 0, 2.
    # Mean 4/3; sample sd sqrt(((2/3)^2 * 2 + (4/3)^2) / 2) = sqrt(4/3); the
    # interval 4/3 -+ 1.96 * sqrt(4/3) / sqrt(3). Seed 4 is only in the variant.
    variant, base = tmp_path / "v.jsonl", tmp_path / "b.jsonl"
    _write_log(variant, "aaaa", [(1, [[1, 5], [1, 2]]), (2, [[1, 3], [0, -1]]),
                                 (3, [[1, 4], [None, 0]]), (4, [[0, -9], [0, -9]])])
    _write_log(base, "bbbb", [(1, [[1, 5], [0, -2]]), (2, [[0, -3], [1, 1]]),
                              (3, [[0, -4], [None, 0]])])
    assert main(["compare", str(variant), str(base)]) == 0
    out = last_json(capsys)
    assert out["seeds"] == 3 and (out["first_seed"], out["last_seed"]) == (1, 3)
    assert out["code"] == ["aaaa", "bbbb"]
    assert out["share_decided"] == [0.8, 0.4]  # 4 of 5 decided; 2 of 5
    assert out["net_diff_per_pair"] == round(4 / 3, 4)
    half = 1.959964 * (4 / 3) ** 0.5 / 3 ** 0.5
    assert out["ci95"] == [round(4 / 3 - half, 4), round(4 / 3 + half, 4)]


def test_compare_refuses_logs_of_other_match_ups(capsys, tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _write_log(a, "aaaa", [(1, [[1, 5], [1, 2]])])
    _write_log(b, "bbbb", [(1, [[1, 5], [1, 2]])])
    b.write_text(b.read_text().replace('"normal"', '"greedy"'))
    assert main(["compare", str(a), str(b)]) == 2
    assert "differ in: b" in capsys.readouterr().err
    (tmp_path / "c.jsonl").write_text("not json\n")
    assert main(["compare", str(a), str(tmp_path / "c.jsonl")]) == 2
    assert "not an arena log" in capsys.readouterr().err


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(58, 100)
    assert abs(lo - 0.4821) < 1e-3 and abs(hi - 0.6719) < 1e-3


def test_bad_player_name_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["arena", "briscola", "--players", "normal,wizard"])
    assert exit_.value.code == 2
    assert "unknown player" in capsys.readouterr().err


@pytest.mark.needs_subprocess
def test_module_runs_with_pythonpath_and_no_install():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "core"))
    out = subprocess.run([sys.executable, "-m", "cardavia", "simulate", "briscola",
                          "--games", "2"], env=env, cwd="/", capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1])["errors"] == 0
