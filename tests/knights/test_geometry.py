"""Hand-computed checks of the Racer Knights table geometry (units M, R = 1.4 M)."""

from __future__ import annotations

import math

import pytest
import shapely

from racerlab.core.errors import RacerlabError
from racerlab.knights.geometry import (
    ArcWidths,
    Body,
    Contact,
    Direction,
    Pose,
    Wall,
    arc_region,
    arena_walls,
    attack_geometry,
    away_direction,
    corners,
    distance_r,
    first_contact,
    footprint,
    footprints,
    front_centre,
    moved,
    ram_lane,
    range_bands,
    reachable_region,
    rear_centre,
    side_centre,
    sides_facing,
    swept,
    turn_limit,
    turned,
)
from racerlab.knights.parts import Arc, Side

R = 1.4
BODY = Body(2.0, 1.0)
ORIGIN = Pose(0.0, 0.0, 0.0)


def close(a, b, tol=1e-9):
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def same_pose(p: Pose, q: Pose, tol=1e-9) -> bool:
    dh = (p.heading - q.heading + 180.0) % 360.0 - 180.0
    return abs(p.x - q.x) <= tol and abs(p.y - q.y) <= tol and abs(dh) <= tol


# --- reference points and footprints ------------------------------------------------------


def test_reference_points_at_origin():
    assert front_centre(ORIGIN, BODY) == (1.0, 0.0)
    assert rear_centre(ORIGIN, BODY) == (-1.0, 0.0)
    assert side_centre(ORIGIN, BODY, Side.LEFT) == (0.0, 0.5)
    assert side_centre(ORIGIN, BODY, Side.RIGHT) == (0.0, -0.5)
    assert side_centre(ORIGIN, BODY, Side.FRONT) == (1.0, 0.0)


def test_reference_points_rotated():
    p = Pose(3.0, 4.0, 90.0)
    assert close(front_centre(p, BODY), (3.0, 5.0))
    assert close(side_centre(p, BODY, Side.LEFT), (2.5, 4.0))
    assert close(side_centre(p, BODY, Side.RIGHT), (3.5, 4.0))
    assert close(p.forward, (0.0, 1.0))
    assert close(p.left, (-1.0, 0.0))


def test_footprint_corners_and_area():
    p = Pose(1.0, 1.0, 45.0)
    poly = footprint(p, BODY)
    assert poly.area == pytest.approx(2.0)
    c = corners(p, BODY)
    s = math.sqrt(0.5)
    # front-right corner: centre + 1 * (s, s) + 0.5 * (s, -s)
    assert close(c[0], (1 + 1.5 * s, 1 + 0.5 * s))
    assert poly.exterior.is_ccw


def test_footprints_vectorised_match_single():
    poses = [Pose(0, 0, 0), Pose(2.5, -1.0, 130.0), Pose(-4.0, 3.0, 271.0)]
    many = footprints(poses, BODY)
    assert len(many) == 3
    for pose, poly in zip(poses, many, strict=True):
        assert poly.equals_exact(footprint(pose, BODY), 1e-12)


def test_body_must_be_positive():
    with pytest.raises(RacerlabError, match="positive"):
        Body(0.0, 1.0)


# --- moving and turning ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("direction", "expected"),
    [("forward", (0.0, 3.0)), ("reverse", (0.0, -3.0)), ("left", (-3.0, 0.0)), ("right", (3.0, 0))],
)
def test_moved_relative_directions(direction, expected):
    p = moved(Pose(0.0, 0.0, 90.0), 3.0, direction)
    assert close((p.x, p.y), expected)
    assert p.heading == 90.0


def test_moved_absolute_angle_and_enum():
    p = moved(ORIGIN, 2.0, 180.0)  # absolute: west, whatever the heading
    assert close((p.x, p.y), (-2.0, 0.0))
    assert moved(ORIGIN, 1.0, Direction.FORWARD) == Pose(1.0, 0.0, 0.0)


def test_moved_rejects_unknown_direction():
    with pytest.raises(RacerlabError, match="unknown direction 'up'"):
        moved(ORIGIN, 1.0, "up")


def test_turn_about_right_side_centre():
    # pivot is the right mark (0, -0.5); the centre sits 0.5 M to its left.
    right_turn = turned(ORIGIN, BODY, -90.0, Side.RIGHT)
    assert same_pose(right_turn, Pose(0.5, -0.5, 270.0))
    left_turn = turned(ORIGIN, BODY, 90.0, Side.RIGHT)
    assert same_pose(left_turn, Pose(-0.5, -0.5, 90.0))
    # the pivot mark does not move
    assert close(side_centre(right_turn, BODY, Side.RIGHT), (0.0, -0.5))


def test_turn_about_left_side_centre_45():
    p = turned(ORIGIN, BODY, 45.0, Side.LEFT)
    s = math.sqrt(0.5)
    # centre offset (0, -0.5) from pivot (0, 0.5) rotated 45 CCW -> (0.5 s, -0.5 s)
    assert same_pose(p, Pose(0.5 * s, 0.5 - 0.5 * s, 45.0))


def test_turn_pivot_must_be_a_side():
    with pytest.raises(RacerlabError, match="LEFT or RIGHT"):
        turned(ORIGIN, BODY, 10.0, Side.FRONT)


def test_turn_limit_follows_handling():
    assert turn_limit(1) == 45.0
    assert turn_limit(3) == 135.0
    assert turn_limit(4) == 180.0
    assert turn_limit(2, degrees_per_handling=30.0) == 60.0


def test_swept_straight_move_is_a_longer_rectangle():
    area = swept(ORIGIN, BODY, moved(ORIGIN, 3.0)).area
    assert area == pytest.approx(5.0)
    sideways = swept(ORIGIN, BODY, moved(ORIGIN, 2.0, "left"))
    assert sideways.bounds == pytest.approx((-1.0, -0.5, 1.0, 2.5))


def test_ram_lane_ahead_of_front_edge():
    lane = ram_lane(Pose(0, 0, 90), BODY, 4.0)
    assert lane.bounds == pytest.approx((-0.5, 1.0, 0.5, 5.0))
    assert lane.area == pytest.approx(4.0)


# --- arcs and range -------------------------------------------------------------------------


def attack(arc, tgt, range_r=3.0, widths=None, body=BODY):
    return attack_geometry(ORIGIN, BODY, arc, range_r, tgt, body, R, widths)


def test_target_straight_ahead_range_in_r():
    # target centre at 4.7: its rear edge is 3.7 from the origin, 2.7 M from the front centre.
    g = attack(Arc.A, Pose(4.7, 0.0, 0.0))
    assert g.in_arc and g.in_range and g.can_fire
    assert g.range_r == pytest.approx(2.7 / 1.4)
    assert close(g.nearest[0], (1.0, 0.0))
    assert close(g.nearest[1], (3.7, 0.0))
    assert g.sides == frozenset({Side.REAR})


def test_range_limit_is_range_times_r():
    # rear edge 4.2 M = exactly 3R from the front centre: in range; a hair more is out.
    assert attack(Arc.A, Pose(6.2, 0.0, 0.0)).in_range
    assert not attack(Arc.A, Pose(6.2 + 1e-6, 0.0, 0.0)).in_range


def test_arc_a_edge():
    # A is 60 degrees: its left edge leaves (1, 0) at 30 degrees. A target whose nearest
    # corner sits just beyond that line is out; nudged across it is in.
    t = math.tan(math.radians(30.0))
    # target axis-aligned, 1x1 (body 1 long, 1 wide) with lower-right corner at (3, y0)
    small = Body(1.0, 1.0)
    y_edge = 2.0 * t  # the edge's height at x = 3
    outside = Pose(2.5, y_edge + 0.5 + 1e-6, 0.0)
    inside = Pose(2.5, y_edge + 0.5 - 1e-3, 0.0)
    assert not attack(Arc.A, outside, body=small).in_arc
    g = attack(Arc.A, inside, body=small)
    assert g.in_arc
    # only a sliver is in the arc: its nearest point is where the bottom edge crosses the
    # arc's edge line, x = 1 + y / tan(30)
    assert close(g.nearest[1], (3.0 - 1e-3 / t, y_edge - 1e-3), 1e-9)
    # out of arc: range reported to the nearest part of the target (its near corner)
    g_out = attack(Arc.A, outside, body=small)
    assert g_out.range_r == pytest.approx(math.hypot(1.0, y_edge + 1e-6) / R)  # corner (2, y)
    assert not g_out.can_fire


def test_arc_width_option_changes_result():
    tgt = Pose(3.0, 3.0, 0.0)  # 45 degrees off the nose
    assert not attack(Arc.A, tgt).in_arc
    assert attack(Arc.A, tgt, widths=ArcWidths(a_degrees=120.0)).in_arc


def test_arc_b_beside_front_but_not_behind():
    beside_front = Pose(1.2, 2.0, 0.0)  # front half pokes past the front edge line x = 1
    behind = Pose(-3.0, 0.0, 0.0)
    level_beside = Pose(0.0, 2.0, 0.0)  # from x=-1 to x=1: touches the front line only
    alongside_rear = Pose(-0.5, 2.0, 0.0)  # x from -1.5 to 0.5: wholly behind the front line
    assert attack(Arc.B, beside_front).in_arc
    assert not attack(Arc.A, beside_front).in_arc
    assert not attack(Arc.B, behind).in_arc
    assert attack(Arc.B, level_beside).in_arc  # touching counts as partially within
    assert not attack(Arc.B, alongside_rear).in_arc


def test_arc_b_range_measured_to_in_arc_part():
    # target from x=0.2..2.2, y=1.5..2.5: only x>=1 is in front; nearest in-arc point (1, 1.5)
    g = attack(Arc.B, Pose(1.2, 2.0, 0.0), range_r=2.0)
    assert close(g.nearest[1], (1.0, 1.5))
    assert g.range_r == pytest.approx(1.5 / R)


def test_arc_c_measures_from_nearest_point_of_body():
    # target beside the rear-left corner: gap 1.0 M from the left edge (y=0.5) to y=1.5
    g = attack(Arc.C, Pose(-0.5, 2.0, 0.0), range_r=1.0)
    assert g.in_arc
    assert g.range_r == pytest.approx(1.0 / R)
    assert g.nearest[0][1] == pytest.approx(0.5)
    assert g.nearest[1][1] == pytest.approx(1.5)
    assert g.sides == frozenset({Side.RIGHT})
    behind = attack(Arc.C, Pose(-4.0, 0.0, 0.0), range_r=1.5)
    assert behind.range_r == pytest.approx(2.0 / R)  # rear edge x=-1 to target front x=-3
    assert behind.in_range
    assert not attack(Arc.C, Pose(-4.0, 0.0, 0.0), range_r=1.4).in_range


def test_arc_c_overlapping_bodies_are_at_range_zero():
    g = attack(Arc.C, Pose(1.5, 0.0, 0.0))
    assert g.range_r == 0.0 and g.in_range


def test_sides_for_a_shot_from_ahead_left():
    # attacker front centre (1, 0); target facing +y, so the attacker is behind-left of it
    g = attack(Arc.B, Pose(4.0, 3.0, 90.0))
    # target local frame: forward +y, left -x. Source at (1, 0): u = -3 (behind), v = 3 (left)
    assert g.sides == frozenset({Side.REAR, Side.LEFT})


def test_sides_facing_single_and_double():
    tgt = Pose(0.0, 0.0, 0.0)
    assert sides_facing(tgt, BODY, (3.0, 2.0)) == {Side.FRONT, Side.LEFT}
    assert sides_facing(tgt, BODY, (0.0, -3.0)) == {Side.RIGHT}
    assert sides_facing(tgt, BODY, (-5.0, 0.2)) == {Side.REAR}
    # a rammer's front edge as a line: straddles the front-left corner region
    edge = shapely.LineString([(1.5, 0.0), (1.5, 1.0)])
    assert sides_facing(tgt, BODY, edge) == {Side.FRONT, Side.LEFT}
    # a rammer's front edge flush on the left side: LEFT; poking past the front corner: both
    flush = shapely.LineString([(-0.5, 0.5), (0.5, 0.5)])
    assert sides_facing(tgt, BODY, flush) == {Side.LEFT}
    past_corner = shapely.LineString([(0.3, 0.5), (1.3, 0.5)])
    assert sides_facing(tgt, BODY, past_corner) == {Side.LEFT, Side.FRONT}
    # a point inside the body: the nearest edge (left edge is 0.1 away)
    assert sides_facing(tgt, BODY, (0.0, 0.4)) == {Side.LEFT}


def test_arc_region_shapes():
    a = arc_region(ORIGIN, BODY, Arc.A, 2.0, R)
    # 60-degree sector of radius 2.8: area pi r^2 / 6 (polygon is a hair smaller)
    assert a.area == pytest.approx(math.pi * 2.8**2 / 6.0, rel=2e-3)
    assert a.contains(shapely.Point(3.0, 0.0))
    assert not a.contains(shapely.Point(3.0, 2.0))
    c = arc_region(ORIGIN, BODY, Arc.C, 1.0, R)
    assert c.area == pytest.approx(2.0 + 2 * (2.0 + 1.0) * 1.4 + math.pi * 1.4**2, rel=2e-3)


def test_range_bands_for_coiled():
    assert range_bands(0.3) == 0
    assert range_bands(1.0) == 0
    assert range_bands(1.0001) == 1
    assert range_bands(2.0) == 1
    assert range_bands(2.5) == 2


def test_distance_r_points_and_geometry():
    assert distance_r((0.0, 0.0), (0.0, 2.8), R) == pytest.approx(2.0)
    assert distance_r(footprint(ORIGIN, BODY), (4.0, 0.0), R) == pytest.approx(3.0 / R)


# --- sliding into things --------------------------------------------------------------------


def test_first_contact_wall():
    walls = arena_walls(10.0, 6.0)
    start = Pose(5.0, 3.0, 0.0)
    c = first_contact(start, BODY, "forward", 10.0, walls)
    assert c == Contact(distance=pytest.approx(4.0), key=Wall.EAST)
    c = first_contact(start, BODY, "left", 10.0, walls)
    assert c.key is Wall.NORTH and c.distance == pytest.approx(2.5)
    short = first_contact(start, BODY, "forward", 2.0, walls)
    assert short.key is None and short.distance == 2.0


def test_first_contact_racer_and_nearest_wins():
    other = footprint(Pose(5.0, 0.3, 90.0), BODY)  # spans x 4.5..5.5
    far = shapely.box(8.0, -1.0, 9.0, 1.0)
    c = first_contact(ORIGIN, BODY, "forward", 10.0, [("far", far), ("racer", other)])
    assert c.key == "racer" and c.distance == pytest.approx(3.5)


def test_first_contact_diagonal_corner_hit():
    # slide at 45 degrees into a box; the front-left corner (1, 0.5) leads
    box = shapely.box(3.0, 2.5, 4.0, 10.0)
    c = first_contact(ORIGIN, BODY, 45.0, 10.0, [("box", box)])
    # front-left corner reaches x=3 when t/sqrt2 = 2, i.e. y = 2.5: exactly the box corner;
    # the front-right corner (1, -0.5) meets y=2.5 at t/sqrt2 = 3 -> x = 4 (the box's other
    # corner). Grazing corner first; the real overlap starts at t = 2*sqrt2.
    assert c.key == "box"
    assert c.distance == pytest.approx(2.0 * math.sqrt(2.0))


def test_first_contact_touching_counts_only_when_pushing_in():
    wall = [("w", shapely.box(1.0, -5.0, 2.0, 5.0))]  # touches the front edge x=1
    assert first_contact(ORIGIN, BODY, "forward", 3.0, wall) == Contact(0.0, "w")
    assert first_contact(ORIGIN, BODY, "reverse", 3.0, wall) == Contact(3.0, None)
    # sliding along it sideways is a graze, not a stop
    assert first_contact(ORIGIN, BODY, "left", 3.0, wall) == Contact(3.0, None)


def test_first_contact_zero_and_negative_distances():
    wall = [("w", shapely.box(1.0, -5.0, 2.0, 5.0))]
    # pushed 0 M into something it already touches: still a collision at 0
    assert first_contact(ORIGIN, BODY, "forward", 0.0, wall) == Contact(0.0, "w")
    assert first_contact(ORIGIN, BODY, "reverse", 0.0, wall) == Contact(0.0, None)
    with pytest.raises(RacerlabError, match="0 or more"):
        first_contact(ORIGIN, BODY, "forward", -1.0, wall)


def test_first_contact_grazing_past_a_corner_is_not_a_hit():
    # a block whose lower-left corner is exactly on the line of the racer's left side
    block = shapely.box(3.0, 0.5, 4.0, 1.5)
    assert first_contact(ORIGIN, BODY, "forward", 5.0, [("k", block)]).key is None


def test_arena_walls_keys_and_geometry():
    walls = dict(arena_walls(10.0, 6.0, thickness=0.5))
    assert set(walls) == set(Wall)
    assert walls[Wall.WEST].bounds == (-0.5, -0.5, 0.0, 6.5)


# --- pushes and reachable area --------------------------------------------------------------


def test_away_direction_is_centre_to_centre():
    assert away_direction((0.0, 0.0), Pose(3.0, 3.0, 0.0)) == pytest.approx(45.0)
    assert away_direction((5.0, 1.0), Pose(5.0, -2.0, 0.0)) == pytest.approx(270.0)
    # coinciding centres: straight back along the target's heading, or the given fallback
    assert away_direction((1.0, 1.0), Pose(1.0, 1.0, 30.0)) == pytest.approx(210.0)
    assert away_direction((1.0, 1.0), Pose(1.0, 1.0, 30.0), fallback=90.0) == 90.0


def test_bounce_push_stops_at_a_wall():
    # target 1.5 M from the east wall, pushed east: stops after 1.5 - 1 (half length) = 0.5
    walls = arena_walls(10.0, 10.0)
    tgt = Pose(8.5, 5.0, 0.0)
    heading = away_direction((2.0, 5.0), tgt)
    c = first_contact(tgt, BODY, heading, 2.0, walls)
    assert c.key is Wall.EAST and c.distance == pytest.approx(0.5)


def test_reachable_region_straight_only():
    region = reachable_region(ORIGIN, BODY, 3, 0)
    assert region.area == pytest.approx(5.0)  # the 2 x 1 body plus a 3 x 1 lane
    assert region.bounds == pytest.approx((-1.0, -0.5, 4.0, 0.5))


def test_reachable_region_one_turn():
    region = reachable_region(ORIGIN, BODY, 2, 2).buffer(1e-9)
    # move 1 M then spend the second point turning 90 left about the left mark
    after = turned(moved(ORIGIN, 1.0), BODY, 90.0, Side.LEFT)
    assert region.contains(footprint(after, BODY))
    assert region.contains(footprint(turned(moved(ORIGIN, 1.0), BODY, -45.0, Side.RIGHT), BODY))
    # no turn without moving 1 M first: turning on the spot is not covered
    assert not region.contains(footprint(turned(ORIGIN, BODY, 90.0, Side.LEFT), BODY))
    # and nothing behind the start
    assert not region.intersects(shapely.Point(-1.5, 0.0))


def test_reachable_region_after_moving_can_turn_at_once():
    # the racer already ran 1 M this round: it may turn on the spot with its first point
    on_the_spot = footprint(turned(ORIGIN, BODY, 90.0, Side.LEFT), BODY)
    fresh = reachable_region(ORIGIN, BODY, 1, 2).buffer(1e-9)
    moved_already = reachable_region(ORIGIN, BODY, 1, 2, first_turn_needs_m=0.0).buffer(1e-9)
    assert not fresh.contains(on_the_spot)
    assert moved_already.contains(on_the_spot)
    # but a second turn still needs a 1 M run: two quarter turns on the spot are not reachable
    twice = turned(turned(ORIGIN, BODY, 90.0, Side.LEFT), BODY, 90.0, Side.LEFT)
    region = reachable_region(ORIGIN, BODY, 2, 2, first_turn_needs_m=0.0).buffer(1e-9)
    assert not region.contains(footprint(twice, BODY))


def test_reachable_region_zero_points_is_the_footprint():
    assert reachable_region(ORIGIN, BODY, 0, 3).equals(footprint(ORIGIN, BODY))


def test_touching_the_tip_counts_the_same_for_every_width():
    # the attacker's front centre sits 1e-9 M beyond the target's front edge: a touch
    square = Body(1.0, 1.0)
    att, tgt = Pose(1e-9, 0.0, 0.0), Pose(0.0, 0.0, 0.0)
    for width in (1.0, 61.0, 180.0, 270.0):
        widths = ArcWidths(a_degrees=width, b_degrees=width)
        g = attack_geometry(att, square, Arc.A, 1.0, tgt, square, R, widths)
        assert g.in_arc, width
        assert g.range_r == pytest.approx(0.0, abs=1e-8)
    # 1e-6 M clear of the tip is no longer touching a narrow arc
    away = Pose(1e-6, 0.0, 0.0)
    assert not attack_geometry(away, square, Arc.A, 1.0, tgt, square, R, ArcWidths(1.0)).in_arc
