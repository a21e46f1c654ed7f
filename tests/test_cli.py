"""The command line prints one JSON object as its last line."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardavia.__main__ import main
from cardavia.evaluation import wilson

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
