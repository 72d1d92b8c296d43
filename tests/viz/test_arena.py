"""The Racer Knights arena plot: what its sources hold for known states."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from racerlab.knights import KnightsRules, random_setup
from racerlab.knights.geometry import corners
from racerlab.knights.scenarios import load_scenario
from racerlab.knights.setup import table_of
from racerlab.viz.arena import ARENA_OVERLAYS, ArenaPlot, racer_colours
from racerlab.viz.style import THEME, player_colour


@pytest.fixture(scope="module")
def example():
    return load_scenario("worked-example")


@pytest.fixture(scope="module")
def four():
    return KnightsRules().initial_state(random_setup(4, seed=2))


def shoelace(xs, ys) -> float:
    return 0.5 * abs(float(np.dot(xs, np.roll(ys, 1)) - np.dot(ys, np.roll(xs, 1))))


def test_racers_are_drawn_as_their_footprints_in_player_colours(four):
    plot = ArenaPlot(four, overlays=())
    data = plot.sources["racers"].data
    table = table_of(four.setup)
    assert len(data["xs"]) == 4
    for i, r in enumerate(four.racers):
        c = corners(r.pose, table.body)
        assert np.allclose(data["xs"][i], c[:, 0]) and np.allclose(data["ys"][i], c[:, 1])
        assert shoelace(data["xs"][i], data["ys"][i]) == pytest.approx(
            table.body.length * table.body.width
        )
        assert data["name"][i] == four.name(i)
        assert data["durability"][i] == f"{r.durability} / {r.start_durability}"
        assert data["glory"][i] == r.glory
    assert data["colour"] == racer_colours(four)
    assert data["colour"][0] == (four.setup.players[0].colour or player_colour(0))


def test_facing_mark_points_from_the_front_centre_backwards(four):
    plot = ArenaPlot(four, overlays=())
    table = table_of(four.setup)
    for i, r in enumerate(four.racers):
        xs, ys = plot.sources["facing"].data["xs"][i], plot.sources["facing"].data["ys"][i]
        tip = np.array([xs[0], ys[0]])
        fx, fy = r.pose.forward
        front = np.array(
            [r.pose.x + fx * table.body.length / 2, r.pose.y + fy * table.body.length / 2]
        )
        assert np.allclose(tip, front)
        base_mid = np.array([(xs[1] + xs[2]) / 2, (ys[1] + ys[2]) / 2])
        # the base lies behind the tip along the heading
        assert np.dot(tip - base_mid, [fx, fy]) > 0


def test_one_shield_mark_per_mounted_shield(four):
    plot = ArenaPlot(four, overlays=())
    expected = sum(len(r.build.shields) for r in four.racers)
    assert len(plot.sources["shields"].data["xs"]) == expected


def test_selected_racer_is_outlined_and_named_in_the_title(four):
    plot = ArenaPlot(four, selected=2, overlays=())
    widths = list(plot.sources["racers"].data["width"])
    assert widths.index(max(widths)) == 2
    assert plot.figure.title.text == f"Round 1 · selected: {four.name(2)}"


def test_waypoints_show_blocked_and_open_with_blocker_durability(example):
    start = example.entries[0].state
    end = example.state
    plot = ArenaPlot(start, overlays=())
    wp = plot.sources["waypoints"].data
    assert wp["number"] == [str(i + 1) for i in range(len(start.setup.waypoints))]
    assert wp["fill"][0] == THEME["waypoint_closed"]
    assert wp["status"][0] == f"blocked (blocker Durability {start.blockers[0]})"
    plot.update(end)
    wp = plot.sources["waypoints"].data
    assert end.blockers[0] == 0
    assert wp["fill"][0] == THEME["waypoint_open"] and wp["status"][0] == "open"
    assert wp["fill"][1] == THEME["waypoint_closed"]


def test_grid_in_m_in_r_or_off(four):
    plot = ArenaPlot(four, overlays=(), grid="M")
    table = table_of(four.setup)
    n_m = len(plot.sources["grid"].data["xs"])
    assert n_m == int(table.width) + 1 + int(table.height) + 1
    plot.update(four, grid="R")
    n_r = len(plot.sources["grid"].data["xs"])
    assert n_r == len(np.arange(0, table.width + 1e-9, table.r_per_m)) + len(
        np.arange(0, table.height + 1e-9, table.r_per_m)
    )
    assert n_r < n_m
    plot.update(four, grid="off")
    assert len(plot.sources["grid"].data["xs"]) == 0


def test_trails_follow_this_rounds_moves(example):
    tl = example
    states = [e.state for e in tl.entries]
    plot = ArenaPlot(states[10], overlays=("trails",))
    plot.update(states[10], trail_states=states[4:10])
    trails = plot.sources["trails"].data
    # only Cindy (player 2) has moved: six 1M moves in a straight line
    assert trails["name"] == [states[10].name(1)]
    xs, ys = trails["xs"][0], trails["ys"][0]
    length = float(np.sum(np.hypot(np.diff(xs), np.diff(ys))))
    assert length == pytest.approx(6.0)
    plot.update(states[10], overlays=(), trail_states=states[4:10])
    assert plot.sources["trails"].data["xs"] == []


def test_update_replaces_data_but_keeps_every_model(example):
    states = [e.state for e in example.entries]
    plot = ArenaPlot(states[0], overlays=("trails",))
    renderers = list(plot.figure.renderers)
    sources = dict(plot.sources)
    data = plot.sources["racers"].data
    before = [list(x) for x in data["xs"]] + [list(y) for y in data["ys"]]
    plot.update(states[10])
    assert plot.figure.renderers == renderers
    assert plot.sources == sources
    data = plot.sources["racers"].data
    assert [list(x) for x in data["xs"]] + [list(y) for y in data["ys"]] != before


def test_sources_are_named_for_the_page_and_overlays_known():
    assert set(ARENA_OVERLAYS) == {"arc", "ram", "reach", "trails"}
    state = KnightsRules().initial_state(random_setup(2, seed=1))
    plot = ArenaPlot(state, overlays=())
    assert {s.name for s in plot.sources.values()} >= {
        "arena-racers",
        "arena-waypoints",
        "arena-arc",
        "arena-targets",
    }


def test_the_viz_layer_does_not_import_panel():
    code = "import sys, racerlab.viz.arena; print('panel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_arc_overlay_labels_targets_with_the_engines_exact_odds_and_ranges(example):
    from racerlab.knights import queries
    from racerlab.knights.actions import Target

    state = example.entries[29].state  # Chris about to fire at Cindy (rulebook example)
    plot = ArenaPlot(state, selected=2, overlays=("arc",))
    t = plot.sources["targets"].data
    cindy = [i for i, (k, n) in enumerate(zip(t["kind"], t["index"])) if k == "racer" and n == 2]
    assert len(cindy) == 1
    i = cindy[0]
    exact = queries.attack_odds(state, 2, Target.racer(1)).hit
    assert t["hit"][i] == pytest.approx(float(exact))
    assert t["label"][i] == f"{float(exact):.0%} to hit" == "58% to hit"  # 2d6 + 2 > 8
    geom = queries.attack_check(state, 2, Target.racer(1)).geometry
    assert t["range_r"][i] == pytest.approx(geom.range_r)
    r = plot.sources["range"].data
    assert f"{geom.range_r:.2f}R" in r["label"]
    j = r["label"].index(f"{geom.range_r:.2f}R")
    length_m = float(np.hypot(r["x1"][j] - r["x0"][j], r["y1"][j] - r["y0"][j]))
    assert length_m == pytest.approx(geom.range_r * table_of(state.setup).r_per_m)
    # every ringed target is in the arc; those labelled with odds are also in range
    assert all(t["in_arc"])
    assert all((h > 0) == ir for h, ir in zip(t["hit"], t["in_range"]))
    assert len(plot.sources["arc"].data["xs"]) >= 1


def test_ram_overlay_bands_grow_in_strength_along_the_lane(example):
    from racerlab.knights import queries

    state = example.entries[29].state
    plot = ArenaPlot(state, selected=2, overlays=("ram",))
    lane = plot.sources["ram"].data
    strengths = list(lane["strength"])
    assert strengths == sorted(strengths) and len(strengths) >= 1
    preview = queries.ram_preview(state, 2)
    assert strengths[-1] == preview.strength
    body = table_of(state.setup).body
    area = sum(shoelace(x, y) for x, y in zip(lane["xs"], lane["ys"]))
    ahead = preview.run_m - state.racers[2].straight_run
    assert area == pytest.approx(ahead * body.width)


def test_reach_overlay_covers_more_with_more_speed_points(example):
    from dataclasses import replace

    state = example.entries[29].state
    racers = list(state.racers)
    slow = replace(state, racers=tuple(replace(r, speed_points=1) for r in racers))
    fast = replace(state, racers=tuple(replace(r, speed_points=6) for r in racers))
    areas = []
    for s in (slow, fast):
        plot = ArenaPlot(s, selected=2, overlays=("reach",))
        d = plot.sources["reach"].data
        areas.append(sum(shoelace(x, y) for x, y in zip(d["xs"], d["ys"])))
    assert 0 < areas[0] < areas[1]


def test_overlays_off_leave_their_sources_empty(example):
    state = example.entries[29].state
    plot = ArenaPlot(state, selected=2, overlays=ARENA_OVERLAYS)
    assert len(plot.sources["arc"].data["xs"]) > 0
    plot.update(state, overlays=())
    for key in ("arc", "targets", "range", "ram", "ram_targets", "reach", "trails"):
        data = plot.sources[key].data
        assert all(len(v) == 0 for v in data.values()), key
