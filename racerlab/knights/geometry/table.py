"""The rules engine's view of the table: racer shapes, waypoint discs, walls and contact.

Thin, cached helpers on top of the rest of :mod:`racerlab.knights.geometry` for what the
rules ask over and over: which objects stand where (obstacle lists keyed by
``("racer", i)``, ``("blocker", w)`` or a :class:`~racerlab.knights.geometry.Wall`),
whether a shape touches a waypoint, and where a waypoint blocker stands in an
attacker's arc (the geometry module measures racer-to-racer; a blocker is a
disc, measured exactly here). The questions asked on every action (a racer on a
waypoint, a slide across one, two racers touching) are settled in plain arithmetic
and left to shapely only when too close to call, so the answers stay shapely's.

>>> t = Table.of(20.0, 20.0, 0.6, 1.4, 0.8, 1.4)
>>> g = t.blocker_geometry(Pose(5.0, 10.0, 0.0), Arc.A, 1, (10.0, 10.0), ArcWidths())
>>> round(g.range_r, 4), g.in_arc, g.in_range
(2.8571, True, False)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry.base import BaseGeometry

from ..parts import Arc
from .arcs import ArcWidths, AttackGeometry
from .body import EPS, Body, Pose, corner_list, footprint, front_centre
from .contact import Wall, arena_walls
from .motion import swept
from .tolerance import NEAR_TIE_M, RESIDUE, SURE_M, TOL_M, ZERO, ZERO_SQUARED

# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_WEST = Wall.WEST
_EAST = Wall.EAST
_SOUTH = Wall.SOUTH
_NORTH = Wall.NORTH

__all__ = [
    "DISC_QUAD_SEGS",
    "Table",
    "disc",
    "disc_corners",
    "disc_gap_bounds",
    "on_disc",
    "overlaps",
    "racer_gap",
    "racers_within",
    "sweep_touches_disc",
    "touches",
]

DISC_QUAD_SEGS = 16
"""Straight segments per quarter circle of a waypoint's polygon disc (64 all round)."""
_DISC_INNER = math.cos(math.pi / (4 * DISC_QUAD_SEGS))
"""The polygon disc's inradius over its radius (its corners lie on the circle)."""
_SURE = SURE_M
"""Margin (M) beyond which plain arithmetic decides a disc question without shapely."""


@functools.lru_cache(maxsize=256)
def disc(x: float, y: float, diameter: float) -> BaseGeometry:
    """A waypoint as a polygon disc (cached: waypoints never move)."""
    return shapely.Point(x, y).buffer(diameter / 2.0, quad_segs=DISC_QUAD_SEGS)


def touches(a: BaseGeometry, b: BaseGeometry) -> bool:
    """Whether two shapes share any point (touching edges count)."""
    return bool(shapely.intersects(a, b))


def overlaps(a: BaseGeometry, b: BaseGeometry, tolerance: float = TOL_M) -> bool:
    """Whether two shapes overlap by more than a touch (``tolerance`` M of depth)."""
    if not shapely.intersects(a, b):
        return False
    if not shapely.relate_pattern(a, b, "T********"):
        return False
    return float(shapely.intersection(a, b).area) > tolerance * tolerance


@dataclass(frozen=True, slots=True)
class Table:
    """The measures the rules use: arena size, waypoint size, body and R in M."""

    width: float
    height: float
    waypoint_diameter: float
    r_per_m: float
    body: Body
    racer_radius: float = field(init=False, repr=False, compare=False)
    """Radius of a racer's bounding circle (half its diagonal), for quick distance tests
    (set from ``body``; asked several times an action)."""

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "racer_radius", math.hypot(self.body.length, self.body.width) / 2.0
        )

    @classmethod
    @functools.lru_cache(maxsize=64)
    def of(
        cls,
        width: float,
        height: float,
        waypoint_diameter: float,
        r_per_m: float,
        racer_width: float,
        racer_length: float,
    ) -> Table:
        """A (cached) table of these measures."""
        return cls(width, height, waypoint_diameter, r_per_m, Body(racer_length, racer_width))

    @property
    def walls(self) -> tuple[tuple[Any, BaseGeometry], ...]:
        """The arena edges as obstacles."""
        return _walls(self.width, self.height)

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the arena (where waypoint 1 goes)."""
        return (self.width / 2.0, self.height / 2.0)

    def shape(self, pose: Pose) -> BaseGeometry:
        """A racer's footprint."""
        return _footprint(pose, self.body)

    def waypoint(self, xy: tuple[float, float]) -> BaseGeometry:
        """A waypoint's disc."""
        return disc(float(xy[0]), float(xy[1]), self.waypoint_diameter)

    def inside_by(self, pose: Pose, margin: float) -> bool:
        """Whether the racer's bounding circle lies ``margin`` M or more inside the arena."""
        rr = self.racer_radius + margin
        return rr <= pose.x <= self.width - rr and rr <= pose.y <= self.height - rr

    def inside(self, pose: Pose) -> bool:
        """Whether the racer's footprint lies within the arena (its corners, as drawn)."""
        corners = corner_list(pose, self.body)
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        return (
            min(xs) >= -EPS
            and min(ys) >= -EPS
            and max(xs) <= self.width + EPS
            and max(ys) <= self.height + EPS
        )

    def blocker_geometry(
        self,
        att: Pose,
        arc: Arc,
        range_r: float,
        centre: tuple[float, float],
        widths: ArcWidths,
    ) -> AttackGeometry:
        """Arc and range from an attacker to a waypoint blocker (a disc), exactly.

        Arcs A and B: the disc is in arc when any of it lies in the wedge at the
        front centre; range is to the nearest part of the disc in the wedge.
        Arc C: range is from the attacker's footprint to the disc.
        """
        radius = self.waypoint_diameter / 2.0
        cx, cy = centre
        if arc is Arc.C:
            d = max(0.0, float(shapely.distance(self.shape(att), shapely.Point(cx, cy))) - radius)
            return _geometry(True, d, range_r, self.r_per_m)
        ax, ay = front_centre(att, self.body)
        half = widths.width(arc) / 2.0
        dx, dy = cx - ax, cy - ay
        dist_c = math.hypot(dx, dy)
        if dist_c <= radius + EPS:
            return _geometry(True, 0.0, range_r, self.r_per_m)
        bearing = math.degrees(math.atan2(dy, dx)) - att.heading
        off = abs((bearing + 180.0) % 360.0 - 180.0)
        if off <= half + EPS:
            return _geometry(True, dist_c - radius, range_r, self.r_per_m)
        best = math.inf
        for edge in (att.heading - half, att.heading + half):
            ux, uy = math.cos(math.radians(edge)), math.sin(math.radians(edge))
            t0 = dx * ux + dy * uy
            perp = abs(-dx * uy + dy * ux)
            if perp > radius + EPS:
                continue
            chord = math.sqrt(max(0.0, radius * radius - perp * perp))
            if t0 + chord < -EPS:
                continue
            best = min(best, max(0.0, t0 - chord))
        if best < math.inf:
            return _geometry(True, best, range_r, self.r_per_m)
        return _geometry(False, dist_c - radius, range_r, self.r_per_m)


def _geometry(in_arc: bool, dist_m: float, range_r: float, r_per_m: float) -> AttackGeometry:
    return AttackGeometry(
        in_arc=in_arc,
        in_range=dist_m <= range_r * r_per_m + EPS,
        range_r=dist_m / r_per_m,
        nearest=((0.0, 0.0), (0.0, 0.0)),
        sides=frozenset(),
    )


@functools.lru_cache(maxsize=16)
def _walls(width: float, height: float) -> tuple[tuple[Any, BaseGeometry], ...]:
    return tuple(arena_walls(width, height))


@functools.lru_cache(maxsize=4096)
def _footprint(pose: Pose, body: Body) -> BaseGeometry:
    return footprint(pose, body)


# -- waypoint discs in plain arithmetic, shapely only for near-ties ----------------------------
#
# A waypoint's polygon disc lies inside its circle and holds the circle shrunk to its
# inradius; a shape further from the centre than the radius cannot meet it, and one
# reaching well inside the inradius surely does. Only the thin ring between is measured
# on the polygon, so the answers are the polygon's, exactly as before.


def on_disc(pose: Pose, body: Body, xy: tuple[float, float], diameter: float, tol: float) -> bool:
    """``overlaps(footprint, disc(*xy, diameter), tol)``: does a racer stand on the disc?

    Deep inside the inradius the overlap holds at least a quarter circle of radius
    ``2 * tol`` at the racer's nearest point (when that fits in the racer), more than
    the ``tol`` squared needed; barely inside the circle it is a sliver far smaller.
    """
    r = diameter / 2.0
    gap = _box_gap(pose, body, xy[0], xy[1])
    if gap > r + _SURE:
        return False
    if gap < r * _DISC_INNER - 2.0 * tol - _SURE and 4.0 * tol <= min(body.length, body.width):
        return True
    # barely inside the circle (a racer stopped touching a blocker's disc): the overlap lies
    # in a sliver of the circle that shallow, of area under chord times depth
    depth = r - gap + _SURE
    if 2.0 * math.sqrt(2.0 * r * depth) * depth < 0.5 * tol * tol:
        return False
    return overlaps(_footprint(pose, body), disc(xy[0], xy[1], diameter), tol)


def racer_gap(a: Pose, b: Pose, body: Body) -> float:
    """Distance in M between two racers' rectangles (0 when they touch or overlap).

    Plain arithmetic, equal to shapely's distance to within rounding: separated
    rectangles are closest at a corner of one of them.
    """
    for _nx, _ny, a0, a1, b0, b1 in _axes(a, _heading_unit(a), b, _heading_unit(b), body):
        if a1 < b0 or b1 < a0:
            break
    else:
        return 0.0
    return min(
        min(_box_gap(b, body, x, y) for x, y in corner_list(a, body)),
        min(_box_gap(a, body, x, y) for x, y in corner_list(b, body)),
    )


def racers_within(a: Pose, b: Pose, body: Body, tol: float) -> bool:
    """``shapely.distance(footprint(a), footprint(b)) <= tol``, shapely only for near-ties."""
    gap = racer_gap(a, b, body)
    if gap > tol + _SURE:
        return False
    if gap < tol - _SURE:
        return True
    return float(shapely.distance(_footprint(a, body), _footprint(b, body))) <= tol


def disc_gap_bounds(
    pose: Pose, body: Body, xy: tuple[float, float], diameter: float
) -> tuple[float, float]:
    """Bounds (low, high) in M on the distance from a racer to a waypoint's polygon disc.

    Low is the distance to the circle, high to the circle of the polygon's inradius:
    they differ by about 0.05% of the radius, so callers compare with both and measure
    the polygon only when a limit falls in between.
    """
    gap = _box_gap(pose, body, xy[0], xy[1])
    r = diameter / 2.0
    return max(0.0, gap - r - _SURE), max(0.0, gap - r * _DISC_INNER + _SURE)


def sweep_touches_disc(
    pose: Pose, body: Body, new_pose: Pose, xy: tuple[float, float], diameter: float
) -> bool:
    """``touches(swept(pose, body, new_pose), disc(*xy, diameter))`` (a crossing).

    A slide (same heading) covers the rectangle moved along a segment, so its
    distance to the centre is the segment's distance to the rectangle. Near the rim
    (a racer that stopped touching the blocker's circle, say) the polygon can meet
    that area only if one of its corners reaches the area's side nearest the centre.
    Anything else is the hull's answer from shapely; the rules decide turns with
    :func:`~racerlab.knights.geometry.sweep.turn_touches_disc` instead (a turn sweeps
    more and less than the hull).
    """
    if pose.heading == new_pose.heading:
        r = diameter / 2.0
        gap, wx, wy = _slide_gap(pose, body, new_pose, xy[0], xy[1])
        if gap > r + _SURE:
            return False
        if gap < r * _DISC_INNER - _SURE:
            return True
        fx, fy = _heading_unit(pose)
        nx, ny = -(wx * fx - wy * fy) / gap, -(wx * fy + wy * fx) / gap  # centre -> area
        reach = max((vx - xy[0]) * nx + (vy - xy[1]) * ny for vx, vy in disc_corners(*xy, diameter))
        if reach < gap - _NEAR_TIE:
            return False
    return touches(swept(pose, body, new_pose), disc(xy[0], xy[1], diameter))


_NEAR_TIE = NEAR_TIE_M


@functools.lru_cache(maxsize=256)
def disc_corners(x: float, y: float, diameter: float) -> tuple[tuple[float, float], ...]:
    """The corners of a waypoint's polygon disc, as shapely made them."""
    coords = shapely.get_coordinates(disc(x, y, diameter))
    return tuple((float(cx), float(cy)) for cx, cy in coords[:-1])


def _box_gap(pose: Pose, body: Body, x: float, y: float) -> float:
    """Distance from a point to a racer's rectangle (0 inside it)."""
    u, v = _local(pose, x, y)
    return math.hypot(max(abs(u) - body.length / 2.0, 0.0), max(abs(v) - body.width / 2.0, 0.0))


def _slide_gap(
    pose: Pose, body: Body, new_pose: Pose, x: float, y: float
) -> tuple[float, float, float]:
    """Distance from a point to the area a rectangle covers sliding from ``pose`` to
    ``new_pose`` (same heading), and the vector (in the rectangle's frame) from the
    area's nearest point to the point; in that frame, from a segment to the box."""
    hl, hw = body.length / 2.0, body.width / 2.0
    ax, ay = _local(pose, x, y)
    bx, by = _local(new_pose, x, y)
    # does the segment a-b enter the box? (clip it to each slab in turn)
    t0, t1 = 0.0, 1.0
    for a, b, h in ((ax, bx, hl), (ay, by, hw)):
        d = b - a
        if abs(d) < RESIDUE:
            if abs(a) > h:
                t0, t1 = 1.0, 0.0
                break
            continue
        lo, hi = (-h - a) / d, (h - a) / d
        if lo > hi:
            lo, hi = hi, lo
        t0, t1 = max(t0, lo), min(t1, hi)
        if t0 > t1:
            break
    if t0 <= t1:
        return (0.0, 0.0, 0.0)
    # apart: the nearest pair has an end of the segment or a corner of the box in it
    pairs = [
        (px - max(-hl, min(hl, px)), py - max(-hw, min(hw, py))) for px, py in ((ax, ay), (bx, by))
    ]
    ex, ey = bx - ax, by - ay
    ll = ex * ex + ey * ey
    for cx, cy in ((hl, hw), (hl, -hw), (-hl, hw), (-hl, -hw)):
        t = 0.0 if ll <= 0.0 else max(0.0, min(1.0, ((cx - ax) * ex + (cy - ay) * ey) / ll))
        pairs.append((ax + t * ex - cx, ay + t * ey - cy))
    wx, wy = min(pairs, key=lambda w: math.hypot(w[0], w[1]))
    return (math.hypot(wx, wy), wx, wy)


# -- exact sliding contact in plain arithmetic (the engine's hot path) ------------------------
def _local(pose: Pose, x: float, y: float) -> tuple[float, float]:
    rad = math.radians(pose.heading)
    fx, fy = math.cos(rad), math.sin(rad)
    dx, dy = x - pose.x, y - pose.y
    return (dx * fx + dy * fy, -dx * fy + dy * fx)


def _heading_unit(pose: Pose) -> tuple[float, float]:
    """The unit vector along the racer's heading."""
    rad = math.radians(pose.heading)
    return (math.cos(rad), math.sin(rad))


def _axes(
    a: Pose, fa: tuple[float, float], b: Pose, fb: tuple[float, float], body: Body
) -> list[tuple[float, float, float, float, float, float]]:
    """The separating axes of two racers at ``a`` and ``b`` (heading units ``fa``, ``fb``):
    for each side's normal, ``(nx, ny, a0, a1, b0, b1)``, the axis and the interval each racer
    covers on it (one call for the four axes: this is the look-ahead's innermost loop)."""
    length, width = body.length, body.width
    fx, fy = fa
    gx, gy = fb
    ax, ay, bx, by = a.x, a.y, b.x, b.y
    out = []
    for nx, ny in ((fx, fy), (-fy, fx), (gx, gy), (-gy, gx)):
        c = ax * nx + ay * ny
        e = abs(fx * nx + fy * ny) * length / 2.0 + abs(-fy * nx + fx * ny) * width / 2.0
        c2 = bx * nx + by * ny
        e2 = abs(gx * nx + gy * ny) * length / 2.0 + abs(-gy * nx + gx * ny) * width / 2.0
        out.append((nx, ny, c - e, c + e, c2 - e2, c2 + e2))
    return out


def slide_rect(
    pose: Pose, body: Body, dx: float, dy: float, limit: float, other: Pose, tol: float = SURE_M
) -> float | None:
    """Distance a rectangle slides along unit ``(dx, dy)`` before overlapping another (same
    body) at ``other``; None if it does not within ``limit``. Touching counts as contact only
    when sliding into it (a graze along an edge does not)."""
    enter, leave = -math.inf, math.inf
    for nx, ny, a0, a1, b0, b1 in _axes(
        pose, _heading_unit(pose), other, _heading_unit(other), body
    ):
        v = dx * nx + dy * ny
        if abs(v) < ZERO:
            if a1 <= b0 + tol or b1 <= a0 + tol:
                return None
            continue
        t0, t1 = (b0 - a1) / v, (b1 - a0) / v
        if t0 > t1:
            t0, t1 = t1, t0
        enter, leave = max(enter, t0), min(leave, t1)
        if enter >= leave - tol:
            return None
    if leave <= tol or enter > limit + tol:
        return None
    return max(0.0, enter)


def slide_disc(
    pose: Pose, body: Body, dx: float, dy: float, limit: float, cx: float, cy: float, r: float
) -> float | None:
    """Distance a rectangle slides along unit ``(dx, dy)`` before overlapping a disc; None if
    it does not within ``limit`` (touching while sliding away does not count)."""
    rad = math.radians(pose.heading)
    fx, fy = math.cos(rad), math.sin(rad)
    # in the rectangle's frame the disc centre moves by -d
    px, py = _local(pose, cx, cy)
    vx, vy = -(dx * fx + dy * fy), -(-dx * fy + dy * fx)
    hl, hw = body.length / 2.0, body.width / 2.0
    best = math.inf
    # already overlapping (deeper than a touch): contact at 0 if moving further in
    qx, qy = max(-hl, min(hl, px)), max(-hw, min(hw, py))
    gap = math.hypot(px - qx, py - qy)
    if gap < r - SURE_M or (abs(px) <= hl and abs(py) <= hw):
        nx, ny = px - qx, py - qy
        if gap < ZERO:
            return 0.0
        return 0.0 if nx * vx + ny * vy < 0 else None
    # the four edges pushed out by r
    for sign, along in ((1.0, 0), (-1.0, 0), (1.0, 1), (-1.0, 1)):
        if along == 0:  # vertical faces x = +-(hl + r), y within [-hw, hw]
            face, vel, pos, other, olim = sign * (hl + r), vx, px, py, hw
            ovel = vy
        else:
            face, vel, pos, other, olim = sign * (hw + r), vy, py, px, hl
            ovel = vx
        if abs(vel) < ZERO:
            continue
        t = (face - pos) / vel
        if t < -SURE_M:
            continue
        if (pos - face) * sign < -SURE_M:
            continue  # starts inside the slab: edges are entered from outside only
        o = other + ovel * t
        if -olim <= o <= olim:
            best = min(best, max(0.0, t))
    # the four corner circles
    for cxs in (hl, -hl):
        for cys in (hw, -hw):
            ox, oy = px - cxs, py - cys
            a = vx * vx + vy * vy
            b = 2 * (ox * vx + oy * vy)
            c = ox * ox + oy * oy - r * r
            disc = b * b - 4 * a * c
            if a < ZERO_SQUARED or disc < 0:
                continue
            t = (-b - math.sqrt(disc)) / (2 * a)
            if t >= -SURE_M:
                best = min(best, max(0.0, t))
    if best > limit + SURE_M:
        return None
    # a graze (touching the rounded outline without entering it) is not contact
    if best < math.inf:
        ex, ey = px + vx * (best + TOL_M), py + vy * (best + TOL_M)
        qx, qy = max(-hl, min(hl, ex)), max(-hw, min(hw, ey))
        if math.hypot(ex - qx, ey - qy) >= r:
            return None
        return best
    return None


def slide_walls(
    pose: Pose, body: Body, dx: float, dy: float, limit: float, width: float, height: float
):
    """(distance, wall) at which a rectangle sliding along ``(dx, dy)`` meets an arena edge."""
    rad = math.radians(pose.heading)
    fx, fy = math.cos(rad), math.sin(rad)
    ex = abs(fx) * body.length / 2.0 + abs(fy) * body.width / 2.0
    ey = abs(fy) * body.length / 2.0 + abs(fx) * body.width / 2.0
    best, wall = math.inf, None
    for v, lo, hi, low_wall, high_wall, c, e in (
        (dx, 0.0, width, _WEST, _EAST, pose.x, ex),
        (dy, 0.0, height, _SOUTH, _NORTH, pose.y, ey),
    ):
        if v > ZERO:
            t = (hi - (c + e)) / v
            if t < best:
                best, wall = t, high_wall
        elif v < -ZERO:
            t = (lo - (c - e)) / v
            if t < best:
                best, wall = t, low_wall
    if wall is None or best > limit + SURE_M:
        return None
    return (max(0.0, best), wall)
