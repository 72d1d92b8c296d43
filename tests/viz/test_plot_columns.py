"""The plots' columns come from plain functions of a state, usable without a plot."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

from racerlab.knights import queries
from racerlab.knights.scenarios import load_scenario
from racerlab.viz.arena_overlays import ram_bands, ram_columns
from racerlab.viz.sources import SourceSet


@pytest.fixture(scope="module")
def rammer():
    """A joust state where seat 2 has a ram lane ahead of it."""
    return load_scenario("worked-example").entries[29].state


def test_ram_bands_tile_the_lane_each_at_the_strength_of_its_far_end(rammer):
    r = rammer.racers[2]
    ahead = queries.ram_preview(rammer, 2).run_m - r.straight_run
    bands = ram_bands(rammer, r.straight_run, ahead)
    assert bands[0][0] == 0.0 and bands[-1][1] == pytest.approx(ahead)
    for (_, end, _), (start, _, _) in pairwise(bands):
        assert start == end  # no gap, no overlap
    for _, end, strength in bands:
        assert strength == queries.ram_run(rammer, r.straight_run + end)[1]
    strengths = [s for _, _, s in bands]
    assert all(a != b for a, b in pairwise(strengths))  # equal neighbours merged


def test_ram_columns_label_each_band_and_each_target_with_its_odds():
    state = load_scenario("worked-example").entries[2].state  # seat 1 faces blocker 1
    cols = ram_columns(state, 0, queries.table(state))
    lane, targets = cols["ram"], cols["ram_targets"]
    assert lane["label"] == [f"+{s}" for s in lane["strength"]]
    assert lane["strength"][-1] == 4
    assert targets["label"] == ["ram +4: 92% to hit"]  # 11/12
    assert targets["hit"].tolist() == [pytest.approx(11 / 12)]
    assert (targets["x"][0], targets["y"][0]) == tuple(map(float, state.setup.waypoints[0]))


def test_a_source_set_names_fills_and_clears_its_sources():
    sources = SourceSet("demo")
    dots = sources.add("dots", "x", "label")
    sources.fill({"dots": {"x": np.array([1.0, 2.0]), "label": ["a", "b"]}})
    assert dots.name == "demo-dots" and dots.data["label"] == ["a", "b"]
    sources.clear("dots")
    assert dots.data == {"x": [], "label": []}
