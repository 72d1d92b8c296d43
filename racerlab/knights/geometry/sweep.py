"""The area a turning racer actually sweeps, and whether it touches a waypoint's disc.

A turn rotates the racer rigidly about a side's centring mark. Seen from the
racer, a waypoint's centre then travels along a circular arc about that mark, so
"the racer passes over the waypoint during the turn" becomes "some point of that
arc comes within the disc's radius of the racer's rectangle". That distance is
found in plain arithmetic: the distance from a point to a rectangle is smooth
outside it, so along the arc it is least at an end of the arc, where the arc
crosses the rectangle (distance 0) or where the direction from the pivot is along
an axis of the rectangle or through one of its corners.

The rules play with a waypoint drawn as a polygon disc (its corners on the
circle). When the arithmetic on the circle is within the polygon's sliver of the
answer, the polygon decides: two convex shapes in relative rotation first meet
where a corner of one crosses an edge of the other, so the corners' arcs are tested
against the other shape's edges.

>>> from racerlab.knights.parts import Side
>>> body = Body(1.4, 0.8)
>>> turn_touches_disc(Pose(0, 0, 0), body, 90, Side.LEFT, (0.2, 1.3), 0.6, ())
True
>>> turn_touches_disc(Pose(0, 0, 0), body, 90, Side.LEFT, (1.6, 1.5), 0.6, ())
False
"""

from __future__ import annotations

import math

import shapely
from shapely.geometry import Polygon

from racerlab.knights.parts import Side

from .body import Body, Pose, corner_list, side_centre
from .motion import turned
from .tolerance import RESIDUE, SURE_M, ZERO

__all__ = ["arc_box_gap", "turn_swept_area", "turn_touches_disc"]

_SURE = SURE_M
"""Margin (M) beyond which the circle's answer is the polygon's too."""

Point = tuple[float, float]


def _to_local(pose: Pose, x: float, y: float) -> Point:
    """``(x, y)`` in the racer's frame: along its heading, then to its left."""
    rad = math.radians(pose.heading)
    fx, fy = math.cos(rad), math.sin(rad)
    dx, dy = x - pose.x, y - pose.y
    return (dx * fx + dy * fy, -dx * fy + dy * fx)


def _box_gap(hl: float, hw: float, x: float, y: float) -> float:
    """Distance from a point to the rectangle [-hl, hl] x [-hw, hw] (0 inside)."""
    return math.hypot(max(abs(x) - hl, 0.0), max(abs(y) - hw, 0.0))


def _in_arc(a0: float, sweep: float, angle: float) -> bool:
    """Whether ``angle`` lies on the arc from ``a0`` turning by ``sweep`` radians."""
    off = (angle - a0) * (1.0 if sweep >= 0 else -1.0)
    off %= 2.0 * math.pi
    return off <= abs(sweep) + ZERO


def _arc_crosses_segment(
    centre: Point, rho: float, a0: float, sweep: float, p: Point, q: Point
) -> bool:
    """Whether the arc (about ``centre``, radius ``rho``) meets the segment ``p``-``q``."""
    cx, cy = centre
    dx, dy = q[0] - p[0], q[1] - p[1]
    fx, fy = p[0] - cx, p[1] - cy
    a = dx * dx + dy * dy
    b = 2.0 * (fx * dx + fy * dy)
    c = fx * fx + fy * fy - rho * rho
    disc_ = b * b - 4.0 * a * c
    if a == 0.0 or disc_ < 0.0:
        return False
    root = math.sqrt(disc_)
    for t in ((-b - root) / (2.0 * a), (-b + root) / (2.0 * a)):
        if -ZERO <= t <= 1.0 + ZERO:
            x, y = p[0] + t * dx, p[1] + t * dy
            if _in_arc(a0, sweep, math.atan2(y - cy, x - cx)):
                return True
    return False


def _box_edges(hl: float, hw: float) -> tuple[tuple[Point, Point], ...]:
    corners = ((hl, -hw), (hl, hw), (-hl, hw), (-hl, -hw))
    return tuple((corners[k], corners[(k + 1) % 4]) for k in range(4))


def arc_box_gap(hl: float, hw: float, pivot: Point, point: Point, sweep: float) -> float:
    """Least distance from the rectangle [-hl, hl] x [-hw, hw] to the arc ``point`` traces
    turning ``sweep`` radians (counter-clockwise positive) about ``pivot``.

    >>> arc_box_gap(1.0, 0.5, (0.0, 0.0), (0.0, 0.9), -math.pi / 2)
    0.0
    >>> round(arc_box_gap(1.0, 0.5, (0.0, 0.0), (1.2, 0.0), math.pi / 2), 6)
    0.081966
    """
    px, py = pivot
    rho = math.hypot(point[0] - px, point[1] - py)
    if rho <= RESIDUE:
        return _box_gap(hl, hw, px, py)
    a0 = math.atan2(point[1] - py, point[0] - px)
    end = a0 + sweep
    if any(_arc_crosses_segment(pivot, rho, a0, sweep, p, q) for p, q in _box_edges(hl, hw)):
        return 0.0
    angles = [a0, end, 0.0, math.pi / 2, math.pi, -math.pi / 2]
    for cx, cy in ((hl, -hw), (hl, hw), (-hl, hw), (-hl, -hw)):
        toward = math.atan2(cy - py, cx - px)
        angles += [toward, toward + math.pi]
    best = math.inf
    for k, ang in enumerate(angles):
        if k < 2 or _in_arc(a0, sweep, ang):
            best = min(best, _box_gap(hl, hw, px + rho * math.cos(ang), py + rho * math.sin(ang)))
    return best


def turn_touches_disc(
    pose: Pose,
    body: Body,
    degrees: float,
    pivot: Side,
    xy: Point,
    diameter: float,
    polygon: tuple[Point, ...],
) -> bool:
    """Whether a racer turning ``degrees`` about ``pivot``'s mark passes over a waypoint.

    ``polygon`` lists the corners of the waypoint's polygon disc (world coordinates,
    on the circle); it decides only the sliver between the polygon and the circle.
    Empty: the circle decides.
    """
    hl, hw = body.length / 2.0, body.width / 2.0
    p = _to_local(pose, *side_centre(pose, body, pivot))
    sweep = -math.radians(degrees)  # seen from the racer, the waypoint turns the other way
    gap = arc_box_gap(hl, hw, p, _to_local(pose, *xy), sweep)
    r = diameter / 2.0
    if gap > r + _SURE:
        return False
    n = len(polygon)
    inner = r * math.cos(math.pi / n) if n else r
    if gap < inner - _SURE or not n:
        return True
    return _polygon_meets(pose, body, degrees, pivot, polygon)


def _polygon_meets(
    pose: Pose, body: Body, degrees: float, pivot: Side, polygon: tuple[Point, ...]
) -> bool:
    """The polygon disc's exact answer: overlapping at either end, or a corner of one
    shape crossing an edge of the other during the turn."""
    hl, hw = body.length / 2.0, body.width / 2.0
    disc_poly = shapely.polygons(list(polygon))
    for end in (pose, turned(pose, body, degrees, pivot)):
        if shapely.intersects(shapely.polygons(corner_list(end, body)), disc_poly):
            return True
    p = _to_local(pose, *side_centre(pose, body, pivot))
    local = [_to_local(pose, x, y) for x, y in polygon]
    sweep = math.radians(degrees)
    for v in local:  # the disc's corners, turning the other way about the pivot
        rho = math.hypot(v[0] - p[0], v[1] - p[1])
        a0 = math.atan2(v[1] - p[1], v[0] - p[0])
        if any(_arc_crosses_segment(p, rho, a0, -sweep, a, b) for a, b in _box_edges(hl, hw)):
            return True
    edges = [(local[k], local[(k + 1) % len(local)]) for k in range(len(local))]
    for c in ((hl, -hw), (hl, hw), (-hl, hw), (-hl, -hw)):  # the racer's corners
        rho = math.hypot(c[0] - p[0], c[1] - p[1])
        a0 = math.atan2(c[1] - p[1], c[0] - p[0])
        if any(_arc_crosses_segment(p, rho, a0, sweep, a, b) for a, b in edges):
            return True
    return False


def turn_swept_area(
    pose: Pose, body: Body, degrees: float, pivot: Side, step_degrees: float = 0.5
) -> Polygon:
    """A polygon of the area the racer sweeps turning (for drawing and checking).

    It is the union of the footprints every ``step_degrees`` of the turn, so it lies
    inside the true area and misses at most a sliver of width
    ``radius * (1 - cos(step / 2))`` at the outside of each corner's path.

    >>> from racerlab.knights.parts import Side
    >>> a = turn_swept_area(Pose(0, 0, 0), Body(2, 1), 90, Side.LEFT)
    >>> 2.0 < a.area < 5.0
    True
    """
    steps = max(1, math.ceil(abs(degrees) / step_degrees))
    shapes = [
        shapely.polygons(corner_list(turned(pose, body, degrees * k / steps, pivot), body))
        for k in range(steps + 1)
    ]
    return shapely.union_all(shapes)
