"""Issue 17 items 1 and 10 through the command line: exit 2, a plain message, no traceback."""

from __future__ import annotations

import importlib
import subprocess
import sys
import time

import pytest


def racerlab(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "racerlab", *args], capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.parametrize(
    "args, says",
    [
        (("serve", "--port", "99999", "--no-show"), "must be from 1 to 65535 (a TCP port)"),
        (("serve", "--port", "0", "--no-show"), "must be from 1 to 65535"),
        (("simulate", "knights", "--players", "0", "--no-progress"), "--players: must be from"),
        (("simulate", "sonic", "--players", "99", "--no-progress"), "--players: must be from"),
        (
            ("simulate", "knights", "--option", "move_step_m=0", "--no-progress"),
            "rule option move_step_m must be from",
        ),
        (
            ("simulate", "knights", "--option", "turn_step_degrees=0", "--no-progress"),
            "rule option turn_step_degrees must be from",
        ),
        (("simulate", "sonic", "--option", "hand_size=1000", "--no-progress"), "hand_size"),
    ],
)
def test_bad_flags_exit_2_without_a_traceback(args, says):
    done = racerlab(*args, timeout=60)
    assert done.returncode == 2, done.stderr
    assert says in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_validating_a_folder_says_so(tmp_path):
    done = racerlab("validate", str(tmp_path))
    assert done.returncode == 2
    assert "cannot be read: a folder" in done.stderr and "Traceback" not in done.stderr


def test_an_output_in_a_missing_folder_is_refused_before_any_game(tmp_path):
    out = tmp_path / "missing" / "x.csv"
    started = time.monotonic()
    done = racerlab("simulate", "sonic", "--games", "100000", "--no-progress", "-o", str(out))
    assert done.returncode == 2
    assert "does not exist" in done.stderr and "Traceback" not in done.stderr
    assert time.monotonic() - started < 60  # 100,000 races would take hours


def test_an_unexpected_error_is_one_line(monkeypatch, capsys):
    from racerlab import cli

    def boom(args):
        raise OSError("disk on fire")

    monkeypatch.setattr(cli, "_validate", boom)
    parser = cli.build_parser()
    monkeypatch.setattr(cli, "build_parser", lambda: parser)
    parser._subparsers._group_actions[0].choices["validate"].set_defaults(func=boom)
    assert cli.main(["validate", "x.toml"]) == 2
    err = capsys.readouterr().err
    assert "OSError: disk on fire" in err and "Traceback" not in err


# -- "A designer's lab" item 5: a simulate that cannot hurt the machine or lose work ---------------
def never_played(monkeypatch):
    """Make playing any game fail the test: refusals must come before the first game."""
    sim = importlib.import_module("racerlab.analysis.simulate")  # the package names a function so

    def play_game(*args, **kwargs):
        raise AssertionError("a game was played before the refusal")

    monkeypatch.setattr(sim, "play_game", play_game)
    monkeypatch.setattr(sim, "play_chunk", play_game)


def run_main(*args: str) -> int:
    from racerlab.cli import main

    return main(list(args))


@pytest.mark.parametrize(
    "args, says",
    [
        (("--games", "0"), "argument --games: must be from 1 to 1000000"),
        (("--games", "-5"), "argument --games: must be from 1 to"),
        (("--games", "1000000000"), "got 1000000000"),
        (("--games", "1e3"), "'1e3' is not a whole number"),
        (("--workers", "0"), "argument --workers: must be at least 1, got 0"),
        (("--seed", "-1"), "argument --seed: must be from 0 to"),
        (("--players", "9"), "argument --players: must be from 1 to 8"),
        (("--bot", "grandmaster"), "has no bot 'grandmaster' (bots: greedy, random"),
        (("--bot", "greedy,,smart"), "a name is missing between the commas"),
        (("--bot", "greedy,smart,random", "--players", "2"), "3 bots or policies given for 2"),
        (("--mode", "solo", "--players", "3"), "solo mode has one player, not 3"),
        (("--mode", "tag"), "unknown mode 'tag'"),
        (("--option", "max_rounds=1e400"), "max_rounds"),
        (("-o", "results.xlsx"), "the output must end in .csv, .parquet or .json"),
    ],
)
def test_pointless_simulate_arguments_are_refused_before_any_game(monkeypatch, capsys, args, says):
    never_played(monkeypatch)
    assert run_main("simulate", "sonic", "--no-progress", *args) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_parquet_without_pyarrow_is_refused_before_any_game(monkeypatch, capsys, tmp_path):
    never_played(monkeypatch)
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow now fails
    out = tmp_path / "runs.parquet"
    assert run_main("simulate", "knights", "--no-progress", "-o", str(out)) == 2
    err = capsys.readouterr().err
    assert "writing .parquet needs the 'parquet' extra: pip install 'racerlab[parquet]'" in err
    assert "or write a .csv" in err and "Traceback" not in err
    assert not out.exists()


def test_a_scenario_with_the_wrong_number_of_seat_bots_is_refused(monkeypatch, capsys, tmp_path):
    from racerlab.core.timeline import Timeline
    from racerlab.sonic import SonicRules, SonicSetup

    saved = tmp_path / "race.json"
    saved.write_text(Timeline.new(SonicRules(), SonicSetup(("sonic", "tails")), seed=4).dumps())
    never_played(monkeypatch)
    status = run_main(
        "simulate",
        "sonic",
        "--no-progress",
        "--scenario",
        str(saved),
        "--bot",
        "greedy,greedy,smart",
    )
    assert status == 2
    assert "3 bots or policies given for 2 players" in capsys.readouterr().err


def test_too_many_workers_are_cut_to_the_cores_with_a_note(monkeypatch, capsys):
    sim_cli = importlib.import_module("racerlab.analysis.cli")
    parallel = importlib.import_module("racerlab.analysis.parallel")

    monkeypatch.setattr(parallel, "usable_cores", lambda: 2)
    assert sim_cli.workers_for(1000) == 2
    assert "--workers 1000 is more than the 2 core(s)" in capsys.readouterr().err
    assert sim_cli.workers_for(2) == 2 and capsys.readouterr().err == ""


def test_a_run_asking_a_thousand_workers_plays_with_the_cores(monkeypatch, capsys, tmp_path):
    parallel = importlib.import_module("racerlab.analysis.parallel")
    monkeypatch.setattr(parallel, "usable_cores", lambda: 1)  # plays here, no processes
    out = tmp_path / "coin.csv"
    status = run_main(
        "simulate",
        "coin-race",
        "--games",
        "3",
        "--workers",
        "1000",
        "--no-progress",
        "-o",
        str(out),
    )
    assert status == 0
    assert "playing with 1" in capsys.readouterr().err
    assert len(out.read_text().splitlines()) == 4


def test_every_option_says_its_default():
    from racerlab.cli import build_parser

    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices
    for name, sub in commands.items():
        for action in sub._actions:
            if not action.option_strings or action.dest == "help":
                continue
            assert action.help and "default" in action.help, (name, action.option_strings)


def test_validate_never_says_format_none(tmp_path, capsys):
    stray = tmp_path / "notes.json"
    stray.write_text('{"title": "not a game"}')
    assert run_main("validate", str(stray)) == 2
    err = capsys.readouterr().err
    assert "None" not in err and 'no "format": "racerlab-game" field' in err
