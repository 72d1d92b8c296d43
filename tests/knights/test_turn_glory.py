"""Glory for a waypoint crossed during a turn is decided on the area the racer sweeps
rotating about its side mark, not on the hull of its start and end footprints."""

from dataclasses import replace

import numpy as np
import pytest
import shapely

from racerlab.knights.actions import Turn
from racerlab.knights.draft import Draft
from racerlab.knights.events import WaypointCrossed
from racerlab.knights.geometry import Pose, swept, turned
from racerlab.knights.geometry.sweep import arc_box_gap, turn_swept_area, turn_touches_disc
from racerlab.knights.geometry.table import disc, disc_corners
from racerlab.knights.parts import Side
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_state, placed, staged

rules = KnightsRules()
WP1 = (10.0, 10.0)


def turning_near_waypoint_1(dx: float, dy: float):
    """Jeff facing north with waypoint 1 (open) at ``(dx, dy)`` from his centre, free to turn."""
    s = staged(lesson_state(("jeff", "cindy")), 0, speed_points=3, turns_left=1)
    s = placed(s, 0, WP1[0] - dx, WP1[1] - dy, 90.0)
    return replace(s, blockers=(0, *s.blockers[1:]))


def crossed(state, degrees=90.0, pivot=Side.LEFT):
    step = rules.apply(state, Turn(degrees, pivot))
    return [e.waypoint for e in step.events if isinstance(e, WaypointCrossed)], step.state


def _gaps(dx, dy):
    """(gap to the hull, gap to the swept area) from waypoint 1's disc, in M."""
    table = Draft(lesson_state(("jeff", "cindy"))).table
    start = Pose(0.0, 0.0, 90.0)
    end = turned(start, table.body, 90.0, Side.LEFT)
    wp = disc(dx, dy, table.waypoint_diameter)
    hull = swept(start, table.body, end)
    area = turn_swept_area(start, table.body, 90.0, Side.LEFT, 0.05)
    return float(shapely.distance(hull, wp)), float(shapely.distance(area, wp))


def test_a_turn_whose_outer_corner_sweeps_over_the_waypoint_scores():
    # the front corner's arc bulges past the hull of the two footprints and over the disc
    hull_gap, area_gap = _gaps(-1.06, 1.14)
    assert hull_gap > 0.01 and area_gap == 0.0
    events, after = crossed(turning_near_waypoint_1(-1.06, 1.14))
    assert events == [0]
    assert after.racers[0].glory == 1 and after.racers[0].next_waypoint == 1


def test_a_turn_that_misses_the_waypoint_by_a_quarter_m_does_not_score():
    # the hull of the footprints covers part of the disc; the racer never comes within 0.24 M
    hull_gap, area_gap = _gaps(-0.94, -0.54)
    assert hull_gap == 0.0 and area_gap == pytest.approx(0.24, abs=0.002)
    events, after = crossed(turning_near_waypoint_1(-0.94, -0.54))
    assert events == []
    assert after.racers[0].glory == 0 and after.racers[0].next_waypoint == 0


def test_the_arc_distance_is_exact_on_simple_cases():
    # a 2 x 1 box about its centre: a point 0.9 above it turning clockwise crosses its top edge
    assert arc_box_gap(1.0, 0.5, (0.0, 0.0), (0.0, 0.9), -np.pi / 2) == 0.0
    # a point 1.2 out on the long axis turning a quarter passes the corner (1, 0.5) closest
    assert arc_box_gap(1.0, 0.5, (0.0, 0.0), (1.2, 0.0), np.pi / 2) == pytest.approx(
        1.2 - np.hypot(1.0, 0.5)
    )
    # turning the other way short of the corner (1, -0.5): nearest where the arc ends
    assert arc_box_gap(1.0, 0.5, (0.0, 0.0), (1.2, 0.0), -np.pi / 8) == pytest.approx(
        1.2 * np.cos(np.pi / 8) - 1.0
    )


@pytest.mark.parametrize("seed", range(3))
def test_the_turn_test_is_the_swept_polygon_answer(seed):
    # random turns near a waypoint: the arithmetic agrees with a fine polygon of the swept area
    # wherever that polygon (which misses at most a hair at the corners' paths) can tell
    rng = np.random.default_rng(seed)
    table = Draft(lesson_state(("jeff", "cindy"))).table
    body, size = table.body, table.waypoint_diameter
    answers = []
    for _ in range(60):  # 180 random turns over the three seeds
        x, y, heading = rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0, 360)
        pose = Pose(float(x), float(y), float(heading))
        degrees = float(rng.uniform(-180, 180))
        pivot = Side.LEFT if rng.random() < 0.5 else Side.RIGHT
        xy = (float(rng.uniform(-2.5, 2.5)), float(rng.uniform(-2.5, 2.5)))
        gap = shapely.distance(turn_swept_area(pose, body, degrees, pivot, 0.5), disc(*xy, size))
        if 0.0 < gap < 1e-4:
            continue  # within the reference polygon's own error
        got = turn_touches_disc(pose, body, degrees, pivot, xy, size, disc_corners(*xy, size))
        assert got == (gap == 0.0), (pose, degrees, pivot, xy)
        answers.append(got)
    assert 0 < sum(answers) < len(answers)


def test_near_the_rim_the_polygon_disc_decides():
    # a turn whose nearest approach falls between the polygon's inradius and the circle:
    # the circle alone would say "touching", the polygon disc (between two corners) says not
    table = Draft(lesson_state(("jeff", "cindy"))).table
    body, size = table.body, table.waypoint_diameter
    r = size / 2.0
    inner = r * np.cos(np.pi / 64)
    # a racer facing +x, pivoting on its left mark; the rear-left corner never moves far, so
    # put the disc straight behind the pivot's far side so the front sweeps to it
    pose = Pose(0.0, 0.0, 0.0)
    for k in range(400):
        a = float(k) * np.pi / 200
        for dist in np.linspace(0.0, 3.0, 61):
            xy = (float(dist * np.cos(a)), float(dist * np.sin(a)))
            gap = arc_box_gap(body.length / 2, body.width / 2, (0.0, 0.4), xy, -np.pi / 4)
            if inner + 1e-6 < gap < r - 1e-6:
                poly = disc_corners(*xy, size)
                exact = turn_touches_disc(pose, body, 45.0, Side.LEFT, xy, size, poly)
                circle = turn_touches_disc(pose, body, 45.0, Side.LEFT, xy, size, ())
                assert circle
                area = turn_swept_area(pose, body, 45.0, Side.LEFT, 0.02)
                assert exact == (shapely.distance(area, disc(*xy, size)) < 1e-6)
                return
    pytest.skip("no sliver case found")
