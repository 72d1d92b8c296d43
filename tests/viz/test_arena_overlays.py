"""The arena's ram lane and reach: a note while they cannot draw, kept inside the walls,
and labels that do not cover one another."""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest
import shapely

from racerlab.knights import queries
from racerlab.knights.queries import reachable_region
from racerlab.knights.scenarios import load_scenario
from racerlab.knights.setup import table_of
from racerlab.viz.arena import ARENA_OVERLAYS, ArenaPlot
from racerlab.viz.arena_labels import TARGET_PT, label_boxes

JEFF, CINDY, CHRIS = 0, 1, 2


@pytest.fixture(scope="module")
def example():
    return load_scenario("worked-example")


def with_racer(state, seat, **changes):
    racers = list(state.racers)
    racers[seat] = replace(racers[seat], **changes)
    return replace(state, racers=tuple(racers))


def test_before_the_drive_roll_a_note_says_why_ram_lane_and_reach_are_empty(example):
    start = example.entries[0].state  # nobody has rolled yet
    plot = ArenaPlot(start, selected=JEFF, overlays=ARENA_OVERLAYS)
    assert len(plot.sources["ram"].data["xs"]) == 0
    assert len(plot.sources["reach"].data["xs"]) == 0
    assert plot.note.visible
    assert plot.note.text == (
        "Ram lane and Reach appear after Jeff's drive roll (no Speed Points yet)."
    )
    plot.update(start, overlays=("reach",))
    assert plot.note.text == "Reach appears after Jeff's drive roll (no Speed Points yet)."
    plot.update(start, overlays=("arc", "trails"))
    assert not plot.note.visible and plot.note.text == ""
    rolled = example.entries[4].state  # every racer has rolled; Chris has 5 Speed Points
    plot.update(rolled, selected=CHRIS, overlays=ARENA_OVERLAYS)
    assert len(plot.sources["ram"].data["xs"]) > 0 and len(plot.sources["reach"].data["xs"]) > 0
    assert not plot.note.visible and plot.note.text == ""


def test_the_note_names_a_stalled_a_spent_and_a_wrecked_racer(example):
    rolled = example.entries[4].state
    plot = ArenaPlot(with_racer(rolled, CHRIS, stalled=True), selected=CHRIS, overlays=("ram",))
    assert plot.note.text == "Chris is stalled this round: no Speed Points, so no Ram lane."
    spent = example.entries[26].state  # Jeff has moved all 9 of his Speed Points
    assert spent.racers[JEFF].speed_points == 0
    plot.update(spent, selected=JEFF, overlays=("ram", "reach"))
    assert plot.note.text == (
        "Jeff has no Speed Points left: no Ram lane or Reach until its next drive roll."
    )
    plot.update(with_racer(rolled, CINDY, wrecked=True), selected=CINDY, overlays=ARENA_OVERLAYS)
    assert plot.note.text == "Cindy is wrecked: no Arc & odds, Ram lane or Reach."


def test_the_reach_is_clipped_to_the_arena_walls(example):
    state = example.entries[5].state  # Cindy with 12 Speed Points, 8M from her wall
    table = table_of(state.setup)
    r = state.racers[CINDY]
    unclipped = reachable_region(
        r.pose,
        table.body,
        r.speed_points,
        queries.seat_racer(state, CINDY).stats.handling,
        degrees_per_handling=state.options.degrees_per_handling,
        turn_needs_m=state.options.turn_needs_m,
    )
    x0, y0, x1, y1 = unclipped.bounds
    assert x0 < 0 or y0 < 0 or x1 > table.width or y1 > table.height  # it does spill
    plot = ArenaPlot(state, selected=CINDY, overlays=("reach",))
    d = plot.sources["reach"].data
    assert len(d["xs"]) >= 1
    for xs, ys in zip(d["xs"], d["ys"]):
        assert xs.min() >= -1e-9 and xs.max() <= table.width + 1e-9
        assert ys.min() >= -1e-9 and ys.max() <= table.height + 1e-9
    drawn = [shapely.Polygon(np.column_stack([xs, ys])) for xs, ys in zip(d["xs"], d["ys"])]
    inside = shapely.intersection(unclipped, shapely.box(0, 0, table.width, table.height))
    outlines = [shapely.Polygon(g.exterior) for g in getattr(inside, "geoms", [inside])]
    assert sum(p.area for p in drawn) == pytest.approx(sum(p.area for p in outlines), rel=1e-9)


def test_a_target_in_arc_and_ram_lane_gets_one_label_above_its_ring(example):
    state = example.entries[10].state  # Cindy faces the blocker on waypoint 1
    plot = ArenaPlot(state, selected=CINDY, overlays=ARENA_OVERLAYS)
    labels = plot.sources["labels"].data
    targets = plot.sources["targets"].data
    i = list(targets["text"]).index("83% to hit")
    mine = [j for j, text in enumerate(labels["text"]) if "83% to hit" in text]
    assert len(mine) == 1
    j = mine[0]
    assert labels["text"][j] == "83% to hit\nram +4: 92% to hit"
    assert labels["x"][j] == pytest.approx(targets["x"][i])
    assert labels["y"][j] == pytest.approx(targets["y"][i] + targets["radius"][i])
    assert labels["baseline"][j] == "bottom"


def test_no_overlay_label_covers_another_anywhere_in_the_worked_example(example):
    plot = ArenaPlot(example.entries[0].state, overlays=ARENA_OVERLAYS)
    seen = 0
    for entry in example.entries[2:32]:
        for seat in (JEFF, CINDY, CHRIS):
            plot.update(entry.state, selected=seat)
            labels = plot.sources["labels"].data
            boxes = label_boxes(labels)
            sizes = list(labels["size"])
            seen += len(boxes)
            for (a, box_a), (b, box_b) in combinations(enumerate(boxes), 2):
                if sizes[a] == sizes[b] == f"{TARGET_PT}pt":
                    continue  # two targets' own labels are both kept
                apart = (
                    box_a[2] <= box_b[0]
                    or box_b[2] <= box_a[0]
                    or box_a[3] <= box_b[1]
                    or box_b[3] <= box_a[1]
                )
                assert apart, (labels["text"][a], labels["text"][b])
    assert seen > 100


def test_range_and_band_labels_sit_beside_their_line_and_lane(example):
    state = example.entries[5].state
    plot = ArenaPlot(state, selected=CINDY, overlays=ARENA_OVERLAYS)
    labels = plot.sources["labels"].data
    rng = plot.sources["range"].data
    half = table_of(state.setup).body.width / 2
    pose = state.racers[CINDY].pose
    for text, x, y in zip(labels["text"], labels["x"], labels["y"]):
        if text.endswith("R"):
            k = list(rng["label"]).index(text)
            assert math.hypot(x - rng["xm"][k], y - rng["ym"][k]) == pytest.approx(0.3)
        elif text.startswith("+"):
            side = (x - pose.x) * -pose.forward[1] + (y - pose.y) * pose.forward[0]
            assert abs(side) > half  # outside the lane, not on its bands
