"""The Racer Knights odds charts: their sources hold exactly the odds they are given."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from racerlab.core.errors import RacerlabError
from racerlab.knights import KnightsRules, example_setup, queries
from racerlab.knights.actions import Target
from racerlab.viz.odds_charts import OddsCharts

ARMOR = tuple(range(2, 16))


def test_the_charts_start_empty_with_one_bar_slot_per_armor_value():
    charts = OddsCharts(ARMOR)
    hit = charts.hit_source.data
    assert list(hit["armor"]) == [float(a) for a in ARMOR]
    assert not np.any(hit["hit"]) and hit["label"] == [""] * len(ARMOR)
    assert len(charts.damage_source.data["damage"]) == 0
    assert charts.hit_source.name == "odds-hit-vs-armor"
    assert charts.damage_source.name == "odds-damage"


def test_the_hit_curve_shows_each_chance_with_its_percentage_and_title():
    charts = OddsCharts((4, 5, 6))
    charts.show_hit_curve([Fraction(5, 6), 0.5, 0.0], title="Ann: hit chance vs target Armor")
    data = charts.hit_source.data
    assert np.allclose(data["hit"], [5 / 6, 0.5, 0.0])
    assert data["label"] == ["83.3%", "50.0%", "0.0%"]
    assert charts.hit_fig.title.text == "Ann: hit chance vs target Armor"
    charts.show_hit_curve([0.1, 0.2, 0.3])  # no title: the last one stays
    assert charts.hit_fig.title.text == "Ann: hit chance vs target Armor"


def test_a_hit_curve_of_the_wrong_length_is_refused_and_changes_nothing():
    charts = OddsCharts((4, 5, 6))
    charts.show_hit_curve([0.5, 0.25, 0.0])
    with pytest.raises(RacerlabError, match="2 values given for 3 Armor values"):
        charts.show_hit_curve([0.5, 0.25])
    assert charts.hit_source.data["label"] == ["50.0%", "25.0%", "0.0%"]


def test_the_damage_chart_sorts_amounts_and_clears_without_a_target():
    charts = OddsCharts(ARMOR)
    charts.show_damage({3: Fraction(1, 6), 0: Fraction(1, 2), 1: Fraction(1, 3)})
    data = charts.damage_source.data
    assert data["damage"].tolist() == [0.0, 1.0, 3.0]
    assert data["label"] == ["50.0%", "33.3%", "16.7%"]
    charts.show_damage(None)
    assert len(charts.damage_source.data["damage"]) == 0
    assert charts.damage_source.data["label"] == []


def test_the_damage_chart_of_a_real_attack_adds_up_to_one():
    state = KnightsRules().initial_state(example_setup())
    odds = queries.attack_odds(state, 0, Target.racer(1))
    charts = OddsCharts(ARMOR)
    charts.show_damage(odds.damage)
    data = charts.damage_source.data
    assert data["p"].sum() == pytest.approx(1.0)
    hit = float(odds.hit)
    assert data["p"][data["damage"] > 0].sum() == pytest.approx(hit)


@pytest.mark.parametrize(
    "damage, ticks",
    [
        (None, [0, 1]),  # no target: still a Durability axis from 0
        ({0: 1.0}, [0, 1]),  # a sure miss: not -0.4 to 0.4
        ({0: 0.5, 3: 0.25, 1: 0.25}, [0, 1, 2, 3]),
    ],
)
def test_the_damage_axis_runs_from_0_in_whole_numbers(damage, ticks):
    charts = OddsCharts(ARMOR)
    charts.show_damage({7: 1.0})  # a wide axis first: each distribution sets its own
    charts.show_damage(damage)
    fig = charts.dmg_fig
    assert fig.xaxis[0].ticker.ticks == ticks
    assert (fig.x_range.start, fig.x_range.end) == (-0.5, ticks[-1] + 0.5)
