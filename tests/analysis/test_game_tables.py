"""simulate() on the two real games: the rows say what happened, and the CLI writes them."""

from __future__ import annotations

import pandas as pd
import pytest

from racerlab.analysis.simulate import simulate
from racerlab.cli import main
from racerlab.core.errors import ScenarioError


@pytest.fixture(scope="module")
def jousts():
    return simulate("knights", games=3, seed=7, players=3, progress=False)


def test_knights_rows_add_up(jousts):
    assert len(jousts) == 3 and jousts["finished"].all()
    for _, row in jousts.iterrows():
        glory = [row[f"glory_{p}"] for p in range(3)]
        if row["winner"] >= 0:
            assert glory[row["winner"]] == max(glory)
            assert glory.count(max(glory)) == 1 or row["winner"] >= 0
        else:
            assert glory.count(max(glory)) > 1  # a shared win
        wrecked = [row[f"wrecked_{p}"] for p in range(3)]
        assert row["wrecks"] == sum(wrecked)
        for p in range(3):
            assert (row[f"durability_{p}"] == 0) == wrecked[p]
        assert 0 <= row["hits"] <= row["shots"]


def test_knights_two_processes_same_table(jousts):
    two = simulate("knights", games=3, seed=7, players=3, workers=2, progress=False)
    assert two.equals(jousts)


def test_sonic_rows_by_mode():
    race = simulate("sonic", games=2, seed=1, players=3, policies="random", progress=False)
    assert (race["mode"] == "race").all() and race["finished"].all()
    for _, row in race.iterrows():
        scores = [row[f"score_{p}"] for p in range(3)]
        assert scores == [row[f"rings_{p}"] + row[f"badniks_{p}"] for p in range(3)]
        if row["winner"] >= 0:
            assert scores[row["winner"]] == max(scores)
    solo = simulate(
        "sonic", games=3, seed=1, policies="random", setup_extra={"mode": "solo"}, progress=False
    )
    assert (solo["mode"] == "solo").all() and (solo["boss"] != "").all()
    assert "rings_1" not in solo.columns
    for _, row in solo.iterrows():
        ranked = row["solo_rank"] != ""
        assert ranked == (row["winner"] == 0)
        if ranked:
            assert row["boss_defeated"]
    boss = simulate(
        "sonic",
        games=1,
        seed=2,
        players=2,
        policies="random",
        setup_extra={"mode": "boss", "boss": "eggman"},
        progress=False,
    )
    assert boss["boss"].tolist() == ["eggman"]
    with pytest.raises(ScenarioError, match="unknown mode 'relay'"):
        simulate("sonic", games=1, setup_extra={"mode": "relay"}, progress=False)


def test_cli_knights_csv_and_parquet(tmp_path, jousts):
    csv, parquet = tmp_path / "k.csv", tmp_path / "k.parquet"
    args = ["simulate", "knights", "--games", "3", "--seed", "7", "--players", "3", "--no-progress"]
    assert main([*args, "--out", str(csv)]) == 0
    assert main([*args, "--out", str(parquet)]) == 0
    pd.testing.assert_frame_equal(pd.read_parquet(parquet), jousts)
    pd.testing.assert_frame_equal(
        pd.read_csv(csv, keep_default_na=False), jousts, check_dtype=False
    )


def test_cli_sonic_mode_and_bad_option(tmp_path, capsys):
    out = tmp_path / "s.csv"
    status = main(
        [
            "simulate",
            "sonic",
            "--games",
            "1",
            "--mode",
            "solo",
            "--bot",
            "random",
            "--no-progress",
            "-o",
            str(out),
        ]
    )
    assert status == 0
    assert pd.read_csv(out)["mode"].tolist() == ["solo"]
    assert (
        main(["simulate", "knights", "--games", "1", "--option", "round_kap=3", "--no-progress"])
        == 2
    )
    assert "unknown rule option 'round_kap'" in capsys.readouterr().err


def test_compare_a_stat_tweak_in_knights():
    from racerlab.analysis.compare import Arm, compare
    from racerlab.core.timeline import Timeline
    from racerlab.knights import KnightsRules, random_setup
    from racerlab.knights.actions import AdjustStat

    def tweaked(delta):
        tl = Timeline.new(KnightsRules(), random_setup(3, seed=4), seed=0)
        tl.play(AdjustStat(0, "armor", delta))
        return tl

    out = compare(
        Arm("knights", tweaked(+3), label="Armor +3"),
        Arm("knights", tweaked(-3), label="Armor -3"),
        "durability_0",
        games=6,
        seed=1,
        paired=True,
    )
    assert list(out.index) == ["Armor +3", "Armor -3", "Armor +3 - Armor -3"]
    assert (out["low"] <= out["estimate"]).all() and (out["estimate"] <= out["high"]).all()
    assert out.loc["Armor +3", "n"] == 6
