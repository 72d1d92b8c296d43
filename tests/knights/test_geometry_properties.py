"""Hypothesis properties of the Racer Knights table geometry."""

from __future__ import annotations

import math

import shapely
from hypothesis import assume, given
from hypothesis import strategies as st

from racerlab.knights.geometry import (
    ArcWidths,
    Body,
    Direction,
    Pose,
    arena_walls,
    attack_geometry,
    first_contact,
    footprint,
    footprints,
    front_centre,
    moved,
    side_centre,
    sides_facing,
    swept,
    turned,
)
from racerlab.knights.parts import Arc, Side

R = 1.4
coords = st.floats(-20.0, 20.0, allow_nan=False)
headings = st.floats(-720.0, 720.0, allow_nan=False)
poses = st.builds(Pose, coords, coords, headings)
bodies = st.builds(Body, st.floats(0.5, 4.0), st.floats(0.3, 2.0))
distances = st.floats(-10.0, 10.0, allow_nan=False)
turn_sides = st.sampled_from([Side.LEFT, Side.RIGHT])
arcs = st.sampled_from(list(Arc))


def same_pose(p: Pose, q: Pose, tol: float = 1e-7) -> bool:
    dh = (p.heading - q.heading + 180.0) % 360.0 - 180.0
    return abs(p.x - q.x) <= tol and abs(p.y - q.y) <= tol and abs(dh) <= tol


@given(poses, distances, st.sampled_from(list(Direction)))
def test_move_there_and_back(pose, d, direction):
    back = moved(moved(pose, d, direction), -d, direction)
    assert same_pose(back, pose)


@given(poses, distances, st.sampled_from(list(Direction)))
def test_move_travels_exactly_d_and_keeps_facing(pose, d, direction):
    after = moved(pose, d, direction)
    assert math.isclose(math.hypot(after.x - pose.x, after.y - pose.y), abs(d), abs_tol=1e-9)
    assert after.heading == pose.heading


@given(poses, bodies)
def test_footprint_area_and_vectorised_match(pose, body):
    poly = footprint(pose, body)
    assert math.isclose(poly.area, body.length * body.width, rel_tol=1e-9)
    assert poly.is_valid
    (many,) = footprints([pose], body)
    assert many.equals_exact(poly, 1e-9)


@given(poses, bodies, st.floats(-180.0, 180.0), turn_sides)
def test_turn_and_turn_back(pose, body, a, side):
    there = turned(pose, body, a, side)
    assert same_pose(turned(there, body, -a, side), pose)
    # the centring mark the turn is made about does not move
    p0, p1 = side_centre(pose, body, side), side_centre(there, body, side)
    assert math.isclose(p0[0], p1[0], abs_tol=1e-9) and math.isclose(p0[1], p1[1], abs_tol=1e-9)


@given(poses, bodies, distances)
def test_swept_covers_both_ends(pose, body, d):
    end = moved(pose, d, "forward")
    area = swept(pose, body, end)
    assert math.isclose(area.area, body.width * (body.length + abs(d)), rel_tol=1e-7)
    for p in (pose, end):
        assert area.buffer(1e-9).contains(footprint(p, body))


@given(poses, bodies, poses, bodies, st.floats(0.0, 10.0))
def test_arc_c_range_is_symmetric(a, ab, b, bb, rng):
    ab_geo = attack_geometry(a, ab, Arc.C, rng, b, bb, R)
    ba_geo = attack_geometry(b, bb, Arc.C, rng, a, ab, R)
    assert math.isclose(ab_geo.range_r, ba_geo.range_r, abs_tol=1e-9)
    assert ab_geo.in_range == ba_geo.in_range or math.isclose(ab_geo.range_r, rng, abs_tol=1e-7)
    exact = footprint(a, ab).distance(footprint(b, bb)) / R
    assert math.isclose(ab_geo.range_r, exact, abs_tol=1e-9)


@given(poses, bodies, poses, bodies, st.floats(1.0, 179.0), st.floats(0.0, 181.0))
def test_inside_a_means_inside_b(att, ab, tgt, tb, a_width, extra):
    widths = ArcWidths(a_degrees=a_width, b_degrees=min(360.0, a_width + extra))
    ga = attack_geometry(att, ab, Arc.A, 5.0, tgt, tb, R, widths)
    gb = attack_geometry(att, ab, Arc.B, 5.0, tgt, tb, R, widths)
    if ga.in_arc:
        assert gb.in_arc
        assert gb.range_r <= ga.range_r + 1e-9
    if ga.can_fire:
        assert gb.can_fire


@given(poses, bodies, poses, bodies, arcs, st.floats(10.0, 350.0))
def test_arc_matches_shapely_wedge(att, ab, tgt, tb, arc, width):
    """In-arc and range agree with a brute-force shapely construction of the same wedge."""
    widths = ArcWidths(a_degrees=width, b_degrees=width)
    g = attack_geometry(att, ab, arc, 3.0, tgt, tb, R, widths)
    target = footprint(tgt, tb)
    if arc is Arc.C:
        assert g.in_arc
        return
    apex = front_centre(att, ab)
    big = 200.0
    n = 64
    ring = [apex] + [
        (
            apex[0] + big * math.cos(math.radians(att.heading - width / 2 + width * i / n)),
            apex[1] + big * math.sin(math.radians(att.heading - width / 2 + width * i / n)),
        )
        for i in range(n + 1)
    ]
    wedge = shapely.Polygon(ring)
    inter = wedge.intersection(target)
    clearly_in = inter.area > 1e-6
    clearly_out = wedge.distance(target) > 1e-6
    assume(clearly_in or clearly_out)
    assert g.in_arc == clearly_in
    part = inter if clearly_in else target
    assert math.isclose(g.range_r * R, shapely.Point(apex).distance(part), abs_tol=1e-6)


@given(poses, bodies, st.tuples(coords, coords))
def test_sides_facing_outside_point(tgt, body, pt):
    assume(not footprint(tgt, body).buffer(1e-6).contains(shapely.Point(pt)))
    sides = sides_facing(tgt, body, pt)
    assert 1 <= len(sides) <= 2
    assert not {Side.FRONT, Side.REAR} <= sides
    assert not {Side.LEFT, Side.RIGHT} <= sides


@given(
    st.builds(Pose, st.floats(3.0, 17.0), st.floats(3.0, 11.0), headings),
    bodies,
    st.lists(st.builds(Pose, st.floats(0.0, 20.0), st.floats(0.0, 14.0), headings), max_size=4),
    st.floats(0.0, 360.0),
    st.floats(0.0, 25.0),
)
def test_first_contact_never_overlaps(start, body, others, angle, max_d):
    mine = footprint(start, body)
    obstacles = list(arena_walls(20.0, 14.0))
    obstacles = [(k, g) for k, g in obstacles if not mine.intersects(g)]
    for i, p in enumerate(others):
        poly = footprint(p, Body(2.0, 1.0))
        if not poly.intersects(mine):
            obstacles.append((i, poly))
    c = first_contact(start, body, angle, max_d, obstacles)
    assert 0.0 <= c.distance <= max_d + 1e-12
    end = footprint(moved(start, c.distance, angle), body)
    for _key, geom in obstacles:
        assert end.intersection(geom).area < 1e-7
    if c.key is not None:
        hit = dict(obstacles)[c.key]
        assert end.distance(hit) < 1e-7
    # the whole slide is clear of every obstacle's interior
    path = swept(start, body, moved(start, c.distance, angle))
    for _key, geom in obstacles:
        assert path.intersection(geom).area < 1e-6


halves = st.integers(0, 28).map(lambda i: i / 2.0)
right_angles = st.sampled_from([0.0, 90.0, 180.0, 270.0])


@given(
    st.builds(Pose, halves, halves, right_angles),
    st.lists(st.builds(Pose, halves, halves, right_angles), min_size=1, max_size=5),
    st.sampled_from([0.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0]),
)
def test_first_contact_on_a_grid_with_touching_bodies(start, others, angle):
    """Flush, touching and corner-to-corner starts: still no overlap, touching may stop it."""
    body = Body(2.0, 1.0)
    mine = footprint(start, body)
    obstacles = []
    for i, p in enumerate(others):
        poly = footprint(p, body)
        if not shapely.relate_pattern(mine, poly, "T********"):  # touching is allowed
            obstacles.append((i, poly))
    assume(obstacles)
    c = first_contact(start, body, angle, 6.0, obstacles)
    end = footprint(moved(start, c.distance, angle), body)
    for _key, geom in obstacles:
        assert end.intersection(geom).area < 1e-9
    if c.key is None:
        assert c.distance == 6.0
    else:
        # a little further would overlap what stopped it
        beyond = footprint(moved(start, c.distance + 1e-3, angle), body)
        assert beyond.intersection(dict(obstacles)[c.key]).area > 0.0
