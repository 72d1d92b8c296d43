"""The arena's ram lane and reach: a note while they cannot draw, kept inside the walls,
and labels that cover neither one another nor a racer, even in a crowd."""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest
import shapely

from racerlab.knights import KnightsRules, queries, random_setup
from racerlab.knights.queries import reachable_region
from racerlab.knights.scenarios import load_scenario
from racerlab.knights.setup import table_of
from racerlab.knights.state import Pose
from racerlab.viz.arena import ARENA_OVERLAYS, ArenaPlot
from racerlab.viz.arena_labels import label_boxes
from racerlab.viz.label_placer import boxes_overlap

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
    i = list(targets["label"]).index("83% to hit")
    r = targets["range_r"][i]
    assert targets["text"][i] == f"83% · {r:.2f}R"
    mine = [j for j, text in enumerate(labels["text"]) if text.startswith("83% ·")]
    assert len(mine) == 1
    j = mine[0]
    assert labels["text"][j] == f"83% · {r:.2f}R\nram +4: 92%"  # hit, range and ram together
    assert not labels["moved"][j]  # room above the ring: the label sits on it
    x0, y0, x1, _ = label_boxes(labels)[j]
    assert (x0 + x1) / 2 == pytest.approx(targets["x"][i])
    assert y0 == pytest.approx(targets["y"][i] + targets["radius"][i])


def footprints(plot):
    racers = plot.sources["racers"].data
    return [shapely.Polygon(np.column_stack(xy)) for xy in zip(racers["xs"], racers["ys"])]


def assert_labels_clear(plot):
    """No two label boxes share area, no label covers a racer, every moved label has a
    leader line from what it names to its box; returns how many labels there were."""
    labels = plot.sources["labels"].data
    boxes = label_boxes(labels)
    for (a, box_a), (b, box_b) in combinations(enumerate(boxes), 2):
        assert not boxes_overlap(box_a, box_b), (labels["text"][a], labels["text"][b])
    bodies = footprints(plot)
    for text, box in zip(labels["text"], boxes):
        assert all(shapely.box(*box).intersection(b).area == 0 for b in bodies), text
    leaders = plot.sources["leaders"].data
    assert len(leaders["xs"]) == sum(labels["moved"])
    moved = [box for box, m in zip(boxes, labels["moved"]) if m]
    for xs, ys, box in zip(leaders["xs"], leaders["ys"], moved):
        end = shapely.Point(xs[1], ys[1])
        assert shapely.box(*box).distance(end) == pytest.approx(0.0, abs=1e-9)
    return len(boxes)


def test_no_overlay_label_covers_another_or_a_racer_anywhere_in_the_worked_example(example):
    plot = ArenaPlot(example.entries[0].state, overlays=ARENA_OVERLAYS)
    seen = 0
    for entry in example.entries[2:32]:
        for seat in (JEFF, CINDY, CHRIS):
            plot.update(entry.state, selected=seat)
            seen += assert_labels_clear(plot)
    assert seen > 60


def crowded(seed: int, players: int = 5):
    """A random joust with every racer packed within 1-2 M of the table's centre, all of
    them rolled (so the ram lane shows) and facing every which way."""
    state = KnightsRules().initial_state(random_setup(players, seed=seed))
    rng = np.random.default_rng(seed)
    racers = []
    for k, r in enumerate(state.racers):
        angle = 2 * math.pi * k / players + rng.uniform(-0.3, 0.3)
        dist = rng.uniform(1.0, 2.0)
        pose = Pose(10 + dist * math.cos(angle), 10 + dist * math.sin(angle), rng.uniform(0, 360))
        racers.append(replace(r, pose=pose, drive_roll=6, speed_points=6))
    return replace(state, racers=tuple(racers))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_in_a_crowd_labels_never_collide_and_moved_ones_have_leader_lines(seed):
    state = crowded(seed)
    plot = ArenaPlot(state, overlays=ARENA_OVERLAYS)
    seen = 0
    for seat in range(len(state.racers)):
        plot.update(state, selected=seat)
        seen += assert_labels_clear(plot)
    assert seen >= len(state.racers)  # every racer labels something in the crowd


def test_band_labels_keep_off_the_ram_lane(example):
    state = example.entries[5].state
    plot = ArenaPlot(state, selected=CINDY, overlays=ARENA_OVERLAYS)
    labels = plot.sources["labels"].data
    lane = plot.sources["ram"].data
    bands = [shapely.Polygon(np.column_stack(xy)) for xy in zip(lane["xs"], lane["ys"])]
    texts = list(labels["text"])
    band_boxes = [box for text, box in zip(texts, label_boxes(labels)) if text.startswith("+")]
    assert len(band_boxes) == len(bands) >= 1
    for box in band_boxes:
        assert all(shapely.box(*box).intersection(b).area == 0 for b in bands)
