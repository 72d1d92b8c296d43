"""Firing arcs, range and the sides an attack can land on.

>>> from racerlab.knights.parts import Arc
>>> g = attack_geometry(Pose(0, 0, 0), Body(2, 1), Arc.B, 1, Pose(3, 0, 0), Body(2, 1), 1.4)
>>> g.can_fire, round(g.range_r, 3)
(True, 0.714)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from racerlab.core.errors import RacerlabError
from racerlab.knights.parts import Arc, Side

from .body import EPS, Body, Point, Pose, corner_list, footprint, front_centre, heading_unit
from .convex import clip_halfplane, convex_to_convex, point_to_convex

# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_ARC_A = Arc.A
_ARC_B = Arc.B
_ARC_C = Arc.C

__all__ = [
    "ArcWidths",
    "AttackGeometry",
    "arc_region",
    "attack_geometry",
    "distance_r",
    "range_bands",
    "sides_facing",
]


@dataclass(frozen=True, slots=True)
class ArcWidths:
    """Total opening angles (degrees) of the fixed (A) and pivot (B) firing arcs.

    The rulebook shows the arcs only as a diagram; ours are rule options. Defaults: A opens
    60 degrees in total (30 each side of the heading); B opens 180 degrees ("anything in
    front": the half-plane ahead of the front edge). Arc C has no width: it covers all around.
    """

    a_degrees: float = 60.0
    b_degrees: float = 180.0

    def __post_init__(self) -> None:
        for name in ("a_degrees", "b_degrees"):
            value = getattr(self, name)
            if not 0.0 < value <= 360.0:
                raise RacerlabError(f"arc width {name} must be in (0, 360], got {value}")

    def width(self, arc: Arc) -> float:
        """Total opening of ``arc`` in degrees (360 for C)."""
        if arc is _ARC_A:
            return self.a_degrees
        if arc is _ARC_B:
            return self.b_degrees
        return 360.0


@dataclass(frozen=True, slots=True)
class AttackGeometry:
    """Everything an attack needs to know about where the target is.

    ``range_r`` is the distance in R from the attacker's measuring point (front centre for
    arcs A and B, any point of the attacker for C) to the nearest part of the target inside
    the arc, or to the nearest part of the target at all when none of it is in the arc.
    ``nearest`` holds the two points that realise that distance (attacker side first).
    ``sides`` are the target sides facing the attacker's measuring point; the defender chooses
    when there are two.
    """

    in_arc: bool
    in_range: bool
    range_r: float
    nearest: tuple[Point, Point]
    sides: frozenset[Side]

    @property
    def can_fire(self) -> bool:
        """True when the target is both (partly) in the arc and in range."""
        return self.in_arc and self.in_range


def _wedge_halfplanes(
    apex: Point, heading: float, width: float
) -> tuple[tuple[float, float, float], tuple[float, float, float], bool]:
    """The wedge's two bounding half-planes ``(nx, ny, c)`` and whether to intersect them.

    A wedge up to 180 degrees wide is the intersection of the half-plane left of its right
    edge and the half-plane right of its left edge; a wider wedge is their union.
    """
    half = width / 2.0
    rx, ry = heading_unit(heading - half)
    lx, ly = heading_unit(heading + half)
    h1 = (-ry, rx, -ry * apex[0] + rx * apex[1])
    h2 = (ly, -lx, ly * apex[0] - lx * apex[1])
    return h1, h2, width <= 180.0


def _in_wedge_parts(poly: list[Point], apex: Point, heading: float, width: float):
    """Convex pieces of ``poly`` that lie in the wedge (empty list: none)."""
    if width >= 360.0:
        return [poly]
    h1, h2, intersect = _wedge_halfplanes(apex, heading, width)
    if intersect:
        piece = clip_halfplane(clip_halfplane(poly, *h1, tol=0.0), *h2, tol=0.0)
        pieces = [piece] if piece else []
    else:
        pieces = [
            pc
            for pc in (clip_halfplane(poly, *h1, tol=0.0), clip_halfplane(poly, *h2, tol=0.0))
            if pc
        ]
    if not pieces:
        # not inside: still "in" when it touches an edge of the wedge (within EPS)
        gap, point = _gap_to_wedge(poly, apex, heading, width)
        if gap <= EPS:
            pieces = [[point]]
    return pieces


def _gap_to_wedge(
    poly: list[Point], apex: Point, heading: float, width: float
) -> tuple[float, Point]:
    """Distance from a convex polygon outside the wedge to the wedge, and the polygon's point.

    The closest approach of two disjoint convex shapes involves a corner of one of them, so
    it is enough to check the tip against the polygon and each polygon corner against the
    wedge's two edge rays. Measuring a gap this way (instead of loosening each half-plane)
    keeps "touching" the same for every width: a wider wedge never loses a target.
    """
    best = point_to_convex(apex[0], apex[1], poly)
    for angle in (heading - width / 2.0, heading + width / 2.0):
        rx, ry = heading_unit(angle)
        for vx, vy in poly:
            s = max(0.0, (vx - apex[0]) * rx + (vy - apex[1]) * ry)
            gap = math.hypot(vx - apex[0] - s * rx, vy - apex[1] - s * ry)
            if gap < best[0]:
                best = (gap, (vx, vy))
    return best


def arc_region(
    pose: Pose,
    body: Body,
    arc: Arc,
    range_r: float,
    r_per_m: float,
    arc_widths: ArcWidths | None = None,
    *,
    segments_per_quarter: int = 16,
) -> Polygon:
    """The area a weapon can reach: its firing arc clipped to its range (for drawing/queries).

    Arcs A and B are circular sectors with their tip at the front centre; arc C is the
    footprint grown by the range in every direction. The circle is drawn with
    ``segments_per_quarter`` segments per 90 degrees, so the polygon sits very slightly inside
    the true circle; :func:`attack_geometry` is exact and is what decides attacks.

    >>> round(arc_region(Pose(0, 0, 0), Body(2, 1), Arc.B, 1, 1.4).area, 2)  # pi * 1.4**2 / 2
    3.07
    """
    widths = arc_widths or ArcWidths()
    radius = range_r * r_per_m
    if arc is _ARC_C:
        return footprint(pose, body).buffer(radius, quad_segs=segments_per_quarter)
    width = widths.width(arc)
    apex = front_centre(pose, body)
    if radius <= 0.0:
        return shapely.polygons([apex, apex, apex, apex])
    n = max(2, math.ceil(width / 90.0 * segments_per_quarter) + 1)
    angles = np.radians(pose.heading + np.linspace(-width / 2.0, width / 2.0, n))
    ring = np.column_stack([apex[0] + radius * np.cos(angles), apex[1] + radius * np.sin(angles)])
    if width < 360.0:
        ring = np.vstack([[apex], ring])
    return shapely.polygons(ring)


def attack_geometry(
    att_pose: Pose,
    att_body: Body,
    arc: Arc,
    range_r: float,
    tgt_pose: Pose,
    tgt_body: Body,
    r_per_m: float,
    arc_widths: ArcWidths | None = None,
) -> AttackGeometry:
    """Is the target (at least partly) in the arc and in range, how far is it, from which side?

    * In arc (A, B): some part of the target footprint lies in the wedge whose tip is the
      attacker's front centre (touching an edge counts). Arc C: always.
    * Range (A, B): straight-line distance from the front centre to the nearest part of the
      target that is in the arc (to the nearest part at all when none is). Arc C: distance
      between the two footprints (the measuring card may start anywhere on the attacker).
    * In range: that distance is at most ``range_r * r_per_m`` M.
    * Sides: :func:`sides_facing` of the attacker's measuring point.

    >>> g = attack_geometry(Pose(0, 0, 0), Body(2, 1), Arc.A, 2, Pose(4.7, 0, 0), Body(2, 1), 1.4)
    >>> g.in_arc, g.in_range, round(g.range_r, 4), sorted(s.name for s in g.sides)
    (True, True, 1.9286, ['REAR'])
    """
    widths = arc_widths or ArcWidths()
    tgt = corner_list(tgt_pose, tgt_body)
    if arc is _ARC_C:
        dist, p, q = convex_to_convex(corner_list(att_pose, att_body), tgt)
        in_arc = True
    else:
        apex = front_centre(att_pose, att_body)
        parts = _in_wedge_parts(tgt, apex, att_pose.heading, widths.width(arc))
        in_arc = bool(parts)
        best = (math.inf, apex)
        for part in parts or [tgt]:
            d, near = point_to_convex(apex[0], apex[1], part)
            if d < best[0]:
                best = (d, near)
        dist, p, q = best[0], apex, best[1]
    return AttackGeometry(
        in_arc=in_arc,
        in_range=dist <= range_r * r_per_m + EPS,
        range_r=dist / r_per_m,
        nearest=(p, q),
        sides=sides_facing(tgt_pose, tgt_body, p),
    )


def range_bands(range_r: float, edges: Sequence[float] = (1.0, 2.0)) -> int:
    """Index of the range band ``range_r`` falls in: 0 if ``<= edges[0]``, 1 if ``<= edges[1]``…

    Returns ``len(edges)`` beyond the last edge. Coiled asks ``range_bands(r) == 0`` (Range 1
    or less) and ``== 1`` (between Range 1 and 2).

    >>> range_bands(1.0), range_bands(1.5), range_bands(2.0), range_bands(2.01)
    (0, 1, 1, 2)
    """
    for i, edge in enumerate(edges):
        if range_r <= edge + EPS:
            return i
    return len(edges)


def distance_r(a: Point | BaseGeometry, b: Point | BaseGeometry, r_per_m: float) -> float:
    """Distance in R between two points or shapely geometries (0 when they touch).

    >>> distance_r((0, 0), (2.8, 0), 1.4)
    2.0
    """
    if not isinstance(a, BaseGeometry) and not isinstance(b, BaseGeometry):
        return math.hypot(b[0] - a[0], b[1] - a[1]) / r_per_m
    ga = a if isinstance(a, BaseGeometry) else shapely.points(a)
    gb = b if isinstance(b, BaseGeometry) else shapely.points(b)
    return float(shapely.distance(ga, gb)) / r_per_m


# ---------------------------------------------------------------------------------------------
# which sides face a source


def _geometry_points(source: Point | BaseGeometry) -> list[Point]:
    if isinstance(source, BaseGeometry):
        coords = shapely.get_coordinates(source)
        return [(float(x), float(y)) for x, y in coords]
    return [(float(source[0]), float(source[1]))]


def sides_facing(tgt_pose: Pose, tgt_body: Body, source: Point | BaseGeometry) -> frozenset[Side]:
    """The target sides whose outward half-plane holds (part of) ``source``.

    A side faces a source when some part of the source lies on or beyond that side's edge
    line (FRONT: level with or ahead of the front edge; LEFT: on or beyond the left edge's
    line, and so on), so a rammer whose front edge lies flush on the target's left side faces
    LEFT. A point ahead and to the left of
    the target faces both FRONT and LEFT (the defender picks). ``source`` is an ``(x, y)``
    point or any shapely geometry (for a ram pass the rammer's front edge or contact point).
    When the source lies entirely inside the target, the side(s) with the nearest edge are
    returned.

    >>> sorted(s.name for s in sides_facing(Pose(0, 0, 0), Body(2, 1), (3, 2)))
    ['FRONT', 'LEFT']
    """
    fx, fy = heading_unit(tgt_pose.heading)
    hl, hw = tgt_body.length / 2.0, tgt_body.width / 2.0
    found: set[Side] = set()
    local = []
    for px, py in _geometry_points(source):
        dx, dy = px - tgt_pose.x, py - tgt_pose.y
        u, v = dx * fx + dy * fy, -dx * fy + dy * fx
        local.append((u, v))
        if u >= hl - EPS:
            found.add(Side.FRONT)
        elif u <= -hl + EPS:
            found.add(Side.REAR)
        if v >= hw - EPS:
            found.add(Side.LEFT)
        elif v <= -hw + EPS:
            found.add(Side.RIGHT)
    if found or not local:
        return frozenset(found)
    u = sum(p[0] for p in local) / len(local)
    v = sum(p[1] for p in local) / len(local)
    gaps = {Side.FRONT: hl - u, Side.REAR: u + hl, Side.LEFT: hw - v, Side.RIGHT: v + hw}
    least = min(gaps.values())
    return frozenset(side for side, gap in gaps.items() if gap <= least + EPS)
