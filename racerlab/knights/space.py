"""The rules engine's view of the table: racer shapes, waypoint discs, walls and contact.

Thin, cached helpers on top of :mod:`racerlab.knights.geometry` for what the
rules ask over and over: which objects stand where (obstacle lists keyed by
``("racer", i)``, ``("blocker", w)`` or a :class:`~racerlab.knights.geometry.Wall`),
whether a shape touches a waypoint, and where a waypoint blocker stands in an
attacker's arc (the geometry module measures racer-to-racer; a blocker is a
disc, measured exactly here).

>>> t = Table.of(20.0, 20.0, 0.6, 1.4, 0.8, 1.4)
>>> g = t.blocker_geometry(Pose(5.0, 10.0, 0.0), Arc.A, 1, (10.0, 10.0), ArcWidths())
>>> round(g.range_r, 4), g.in_arc, g.in_range
(2.8571, True, False)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

import shapely
from shapely.geometry.base import BaseGeometry

from .geometry import (
    EPS,
    ArcWidths,
    AttackGeometry,
    Body,
    Pose,
    arena_walls,
    footprint,
    front_centre,
)
from .parts import Arc

__all__ = ["Table", "disc", "overlaps", "touches"]


@functools.lru_cache(maxsize=256)
def disc(x: float, y: float, diameter: float) -> BaseGeometry:
    """A waypoint as a polygon disc (cached: waypoints never move)."""
    return shapely.Point(x, y).buffer(diameter / 2.0, quad_segs=16)


def touches(a: BaseGeometry, b: BaseGeometry) -> bool:
    """Whether two shapes share any point (touching edges count)."""
    return bool(shapely.intersects(a, b))


def overlaps(a: BaseGeometry, b: BaseGeometry, tolerance: float = 1e-6) -> bool:
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
    def racer_radius(self) -> float:
        """Radius of a racer's bounding circle (half its diagonal), for quick distance tests."""
        return math.hypot(self.body.length, self.body.width) / 2.0

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
        """Whether the racer's footprint lies within the arena."""
        minx, miny, maxx, maxy = self.shape(pose).bounds
        return (
            minx >= -EPS and miny >= -EPS and maxx <= self.width + EPS and maxy <= self.height + EPS
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


def _project(
    x: float, y: float, fx: float, fy: float, body: Body, nx: float, ny: float
) -> tuple[float, float]:
    """The interval a racer at ``(x, y)`` heading ``(fx, fy)`` covers on axis ``(nx, ny)``."""
    c = x * nx + y * ny
    ext = abs(fx * nx + fy * ny) * body.length / 2.0 + abs(-fy * nx + fx * ny) * body.width / 2.0
    return (c - ext, c + ext)


def slide_rect(
    pose: Pose, body: Body, dx: float, dy: float, limit: float, other: Pose, tol: float = 1e-9
) -> float | None:
    """Distance a rectangle slides along unit ``(dx, dy)`` before overlapping another (same
    body) at ``other``; None if it does not within ``limit``. Touching counts as contact only
    when sliding into it (a graze along an edge does not)."""
    enter, leave = -math.inf, math.inf
    fx, fy = _heading_unit(pose)
    gx, gy = _heading_unit(other)
    for nx, ny in ((fx, fy), (-fy, fx), (gx, gy), (-gy, gx)):
        a0, a1 = _project(pose.x, pose.y, fx, fy, body, nx, ny)
        b0, b1 = _project(other.x, other.y, gx, gy, body, nx, ny)
        v = dx * nx + dy * ny
        if abs(v) < 1e-12:
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
    if gap < r - 1e-9 or (abs(px) <= hl and abs(py) <= hw):
        nx, ny = px - qx, py - qy
        if gap < 1e-12:
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
        if abs(vel) < 1e-12:
            continue
        t = (face - pos) / vel
        if t < -1e-9:
            continue
        if (pos - face) * sign < -1e-9:
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
            if a < 1e-18 or disc < 0:
                continue
            t = (-b - math.sqrt(disc)) / (2 * a)
            if t >= -1e-9:
                best = min(best, max(0.0, t))
    if best > limit + 1e-9:
        return None
    # a graze (touching the rounded outline without entering it) is not contact
    if best < math.inf:
        ex, ey = px + vx * (best + 1e-6), py + vy * (best + 1e-6)
        qx, qy = max(-hl, min(hl, ex)), max(-hw, min(hw, ey))
        if math.hypot(ex - qx, ey - qy) >= r:
            return None
        return best
    return None


def slide_walls(
    pose: Pose, body: Body, dx: float, dy: float, limit: float, width: float, height: float
):
    """(distance, wall) at which a rectangle sliding along ``(dx, dy)`` meets an arena edge."""
    from .geometry import Wall

    rad = math.radians(pose.heading)
    fx, fy = math.cos(rad), math.sin(rad)
    ex = abs(fx) * body.length / 2.0 + abs(fy) * body.width / 2.0
    ey = abs(fy) * body.length / 2.0 + abs(fx) * body.width / 2.0
    best, wall = math.inf, None
    for v, lo, hi, low_wall, high_wall, c, e in (
        (dx, 0.0, width, Wall.WEST, Wall.EAST, pose.x, ex),
        (dy, 0.0, height, Wall.SOUTH, Wall.NORTH, pose.y, ey),
    ):
        if v > 1e-12:
            t = (hi - (c + e)) / v
            if t < best:
                best, wall = t, high_wall
        elif v < -1e-12:
            t = (lo - (c - e)) / v
            if t < best:
                best, wall = t, low_wall
    if wall is None or best > limit + 1e-9:
        return None
    return (max(0.0, best), wall)
