"""The Simulate tab's charts: bars and whiskers hold the shares, means and intervals of a
known results table (the intervals checked against published values, not recomputed)."""

from __future__ import annotations

import pandas as pd
import pytest

from racerlab.viz.simulation_charts import (
    boss_plot,
    places,
    places_plot,
    points_plot,
    rounds_plot,
    simulation_charts,
)

NAMES = ["Ann", "<b>Bo</b>"]


def _source(fig, name: str) -> dict:
    return dict(fig.select_one({"name": name}).data_source.data)


def _whisker(fig):
    from bokeh.models import Whisker

    (whisker,) = fig.select({"type": Whisker})
    return whisker


@pytest.fixture
def knights() -> pd.DataFrame:
    """Ten two-seat jousts: seat 0 wins 8 (Glory 5 to 1), seat 1 wins 2 (Glory 6 to 2)."""
    rows = [dict(winner=0, rounds=3, glory_0=5, glory_1=1)] * 8
    rows += [dict(winner=1, rounds=4, glory_0=2, glory_1=6)] * 2
    return pd.DataFrame(rows)


def test_the_places_bars_are_the_shares_with_their_wilson_intervals(knights):
    fig = places_plot(knights, NAMES)
    data = _source(fig, "places")
    assert data["y"] == [("Ann", "1st"), ("Ann", "2nd"), ("<b>Bo</b>", "1st"), ("<b>Bo</b>", "2nd")]
    assert data["share"] == pytest.approx([0.8, 0.2, 0.2, 0.8])
    # Wilson's 95% interval of 8 in 10 is 0.4902 to 0.9433 (Newcombe 1998, Table I)
    assert data["low"][0] == pytest.approx(0.4902, abs=5e-5)
    assert data["high"][0] == pytest.approx(0.9433, abs=5e-5)
    assert data["low"][1] == pytest.approx(1 - 0.9433, abs=5e-5)
    assert data["high"][1] == pytest.approx(1 - 0.4902, abs=5e-5)
    whisker = _whisker(fig)
    assert (whisker.lower, whisker.upper) == ("low", "high")
    assert whisker.source is fig.select_one({"name": "places"}).data_source
    assert data["label"][0] == "80% (49% to 94%), 8 of 10"


def test_a_shared_win_puts_both_seats_first_and_a_lost_seat_last():
    df = pd.DataFrame(
        {
            "winner": [-1, 2, 1],
            "score_0": [7, 1, 9],
            "score_1": [7, 3, 2],
            "score_2": [3, 0, 5],
            "lost_0": [False, False, True],
            "lost_1": [False, False, False],
            "lost_2": [False, False, False],
        }
    )
    assert places(df, 3).tolist() == [[1, 1, 3], [3, 2, 1], [3, 1, 2]]


def test_the_points_bars_are_the_means_with_their_normal_intervals():
    df = pd.DataFrame({"winner": [0, 0, 1, 1], "rounds": [2, 2, 2, 2],
                       "rings_0": [1, 2, 3, 4], "rings_1": [0, 0, 0, 8]})  # fmt: skip
    fig = points_plot(df, NAMES)
    data = _source(fig, "points")
    assert data["seat"] == NAMES
    assert data["mean"] == pytest.approx([2.5, 2.0])
    # 2.5 +- 1.96 * 1.291 / 2
    assert data["low"][0] == pytest.approx(1.2347, abs=5e-4)
    assert data["high"][0] == pytest.approx(3.7653, abs=5e-4)
    assert data["low"][1] == pytest.approx(2.0 - 3.92, abs=5e-3)
    assert "rings" in fig.title.text.lower()
    assert data["label"][0] == "2.5 (1.2 to 3.8); 1 to 4 in a game"


def test_the_rounds_histogram_has_every_round_count_between_the_shortest_and_longest():
    df = pd.DataFrame({"winner": [0] * 10, "rounds": [3] * 8 + [5] * 2})
    fig = rounds_plot(df)
    data = _source(fig, "rounds")
    assert data["x"] == [3, 4, 5]
    assert data["share"] == pytest.approx([0.8, 0.0, 0.2])
    assert data["low"][0] == pytest.approx(0.4902, abs=5e-5)
    assert data["low"][1] == 0.0 and data["high"][1] == pytest.approx(0.2775, abs=5e-4)
    assert "mean 3.4" in fig.title.text


def test_the_boss_chart_counts_the_hits_and_names_the_destroyed_share():
    df = pd.DataFrame(
        {
            "winner": [0] * 10,
            "rounds": [9] * 10,
            "boss": ["eggman"] * 10,
            "boss_hits": [0, 1, 1, 2, 2, 2, 3, 3, 3, 3],
            "boss_defeated": [False] * 6 + [True] * 4,
        }
    )
    fig = boss_plot(df)
    data = _source(fig, "boss")
    assert data["x"] == [0, 1, 2, 3]
    assert data["share"] == pytest.approx([0.1, 0.2, 0.3, 0.4])
    assert "destroyed in 40% of games (17% to 69%)" in fig.xaxis[0].axis_label
    assert boss_plot(df.assign(boss="")) is None
    assert boss_plot(df.drop(columns="boss_hits")) is None


def test_the_charts_that_apply_to_each_table(knights):
    assert [f.name for f in simulation_charts(knights, NAMES)] == [
        "places-chart",
        "points-chart",
        "rounds-chart",
    ]
    solo = pd.DataFrame({"winner": [0], "rounds": [7], "rings_0": [3], "boss": ["eggman"],
                         "boss_hits": [2], "boss_defeated": [True]})  # fmt: skip
    assert [f.name for f in simulation_charts(solo, ["Sonic"])] == [
        "points-chart",
        "rounds-chart",
        "boss-chart",
    ]
    assert simulation_charts(knights.head(0), NAMES) == []
    assert simulation_charts(None, NAMES) == []


def test_every_chart_stretches_to_its_column_at_a_fixed_height(knights):
    for fig in simulation_charts(knights, NAMES):
        assert fig.sizing_mode == "stretch_width"
        assert 150 <= fig.height <= 400


def test_names_reach_the_tooltips_only_as_plain_fields(knights):
    from bokeh.models import HoverTool

    for fig in simulation_charts(knights, NAMES):
        for tool in fig.select({"type": HoverTool}):
            assert isinstance(tool.tooltips, list)  # a template string would render HTML
            assert all("{safe}" not in value for _, value in tool.tooltips)
