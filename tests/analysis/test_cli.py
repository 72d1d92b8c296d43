"""``racerlab simulate``: CSV to stdout or a file, Parquet, options, and clear refusals."""

from __future__ import annotations

import argparse

import pandas as pd
import pytest

from racerlab.analysis.cli import parse_options, simulate_command
from racerlab.analysis.simulate import simulate
from racerlab.cli import build_parser
from racerlab.core.errors import ScenarioError


def coin_args(**overrides):
    args = build_parser().parse_args(["simulate", "knights", "--no-progress"])
    args.game = "coin-race"  # the core's test game: fast and independent of the engines
    args.players = 2
    args.bot = "flip"
    args.games = 15
    args.seed = 3
    for key, value in overrides.items():
        setattr(args, key, value)
    return args


def expected(**kwargs):
    return simulate(
        "coin-race", games=15, seed=3, players=2, policies="flip", progress=False, **kwargs
    )


def test_csv_to_stdout(capsys):
    assert simulate_command(coin_args()) == 0
    out = capsys.readouterr().out
    from io import StringIO

    df = pd.read_csv(StringIO(out))
    pd.testing.assert_frame_equal(df, expected(), check_dtype=False)


def test_csv_and_parquet_files_are_readable(tmp_path):
    csv, parquet = tmp_path / "r.csv", tmp_path / "r.parquet"
    assert simulate_command(coin_args(out=str(csv), option=["double_six=true"])) == 0
    assert simulate_command(coin_args(out=str(parquet), option=["double_six=true"])) == 0
    want = expected(options={"double_six": True})
    pd.testing.assert_frame_equal(pd.read_csv(csv), want, check_dtype=False)
    pd.testing.assert_frame_equal(pd.read_parquet(parquet), want)
    assert not want.equals(expected())  # the option really changed the games


def test_two_workers_write_the_same_table(tmp_path):
    one, two = tmp_path / "1.csv", tmp_path / "2.csv"
    simulate_command(coin_args(out=str(one)))
    simulate_command(coin_args(out=str(two), workers=2))
    assert one.read_text() == two.read_text()


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"out": "results.xlsx"}, r"must end in \.csv, \.parquet or \.json"),
        ({"option": ["double_six"]}, "NAME=VALUE"),
        ({"option": ["colour=red"]}, "unknown rule option 'colour'"),
        ({"mode": "boss"}, "Battle Racers"),
        ({"bot": "oracle"}, "no bot 'oracle'"),
        ({"reshuffle_unseen": True}, "--reshuffle-unseen needs --scenario"),
    ],
)
def test_bad_arguments_refused(overrides, message):
    with pytest.raises(ScenarioError, match=message):
        simulate_command(coin_args(**overrides))


def test_main_reports_errors_without_traceback(capsys):
    from racerlab.cli import main

    status = main(["simulate", "knights", "--games", "-2", "--no-progress"])
    assert status == 2
    assert "argument --games: must be from 1 to 1000000" in capsys.readouterr().err


def test_parse_options_reads_json_values():
    assert parse_options(["a=1", "b=2.5", "c=true", 'd="x"', "e=plain"]) == {
        "a": 1,
        "b": 2.5,
        "c": True,
        "d": "x",
        "e": "plain",
    }
    assert isinstance(coin_args(), argparse.Namespace)


def test_reshuffle_unseen_reaches_simulate_from_a_scenario(tmp_path, capsys):
    from racerlab.core.timeline import Timeline
    from racerlab.sonic import SonicRules, SonicSetup

    saved = tmp_path / "race.json"
    tl = Timeline.new(SonicRules(), SonicSetup(("sonic", "tails")), seed=4)
    saved.write_text(tl.dumps())
    args = build_parser().parse_args(
        ["simulate", "sonic", "--scenario", str(saved), "--games", "3", "--no-progress"]
    )
    args.reshuffle_unseen = True
    out = tmp_path / "r.csv"
    args.out = str(out)
    assert simulate_command(args) == 0
    want = simulate("sonic", str(saved), games=3, progress=False, reshuffle_unseen=True)
    got = pd.read_csv(out, keep_default_na=False)
    cols = ["winner", "rounds", "steps"] + [c for c in want.columns if c.startswith("score_")]
    pd.testing.assert_frame_equal(got[cols], want[cols], check_dtype=False)
    plain = simulate("sonic", str(saved), games=3, progress=False)
    assert not plain[cols].equals(want[cols])  # the flag changes these games
