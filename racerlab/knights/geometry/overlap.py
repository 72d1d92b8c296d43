"""Plain-arithmetic overlap tests: the fast path of the arena's contact and overlap checks.

Rectangles by separating axes with a tolerance, a rectangle against a disc, a point's
distance to a segment, the wall nearest a point. No shapely call and no snapping of tiny
residues, so they are cheap enough to run on every step a bot considers; the exact
measures with shapely are in the rest of this package.

>>> from racerlab.knights.geometry import Body, Pose
>>> body = Body(2.0, 1.0)
>>> sat_overlap(rect_corners(Pose(0, 0, 0), body), rect_corners(Pose(1.5, 0, 0), body), 1e-6)
True
>>> sat_overlap(rect_corners(Pose(0, 0, 0), body), rect_corners(Pose(2.5, 0, 0), body), 1e-6)
False
"""

from __future__ import annotations

import math

from .body import Pose
from .contact import Wall

__all__ = [
    "heading_vector",
    "nearest_wall",
    "rect_corners",
    "rect_disc_overlap",
    "sat_overlap",
    "segment_distance",
]


_OFFSETS = {"forward": 0.0, "reverse": 180.0, "left": 90.0, "right": -90.0}


def heading_vector(pose: Pose, direction) -> tuple[float, float]:
    """Unit vector of a relative direction name (or an absolute angle in degrees), without
    the snapping and checks of :func:`~.motion.direction_vector` (the sweeps' fast path)."""
    if isinstance(direction, str):
        angle = pose.heading + _OFFSETS[direction]  # a Direction hashes and compares as its name
    else:
        angle = float(direction)
    rad = math.radians(angle)
    return (math.cos(rad), math.sin(rad))


def segment_distance(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    """Distance from point p to segment ab."""
    ex, ey = bx - ax, by - ay
    ll = ex * ex + ey * ey
    t = 0.0 if ll <= 0.0 else max(0.0, min(1.0, ((px - ax) * ex + (py - ay) * ey) / ll))
    return math.hypot(px - ax - t * ex, py - ay - t * ey)


def rect_corners(pose: Pose, body) -> list[tuple[float, float]]:
    """The four corners (front-right, front-left, rear-left, rear-right) from plain cos and
    sin, without the snapping of tiny residues that :func:`~.body.corners` does."""
    rad = math.radians(pose.heading)
    fx, fy = math.cos(rad), math.sin(rad)
    hl, hw = body.length / 2.0, body.width / 2.0
    ax, ay, bx, by = fx * hl, fy * hl, -fy * hw, fx * hw
    x, y = pose.x, pose.y
    return [
        (x + ax - bx, y + ay - by),
        (x + ax + bx, y + ay + by),
        (x - ax + bx, y - ay + by),
        (x - ax - bx, y - ay - by),
    ]


def sat_overlap(p, q, tol: float) -> bool:
    """Do two convex quadrilaterals overlap by more than ``tol`` on every separating axis?"""
    for poly in (p, q):
        for k in range(len(poly)):
            ax, ay = poly[k]
            bx, by = poly[(k + 1) % len(poly)]
            nx, ny = by - ay, ax - bx
            norm = math.hypot(nx, ny)
            nx, ny = nx / norm, ny / norm
            pa = [nx * vx + ny * vy for vx, vy in p]
            qa = [nx * vx + ny * vy for vx, vy in q]
            if min(max(pa), max(qa)) - max(min(pa), min(qa)) <= tol:
                return False
    return True


def rect_disc_overlap(pose: Pose, body, cx: float, cy: float, r: float, tol: float) -> bool:
    """Does the rectangle at ``pose`` overlap the disc at ``(cx, cy)`` of radius ``r`` by more
    than ``tol`` (a centre inside the rectangle always does)?"""
    rad = math.radians(pose.heading)
    fx, fy = math.cos(rad), math.sin(rad)
    dx, dy = cx - pose.x, cy - pose.y
    u, v = dx * fx + dy * fy, -dx * fy + dy * fx
    hl, hw = body.length / 2.0, body.width / 2.0
    qx = max(-hl, min(hl, u))
    qy = max(-hw, min(hw, v))
    inside = abs(u) <= hl and abs(v) <= hw
    return inside or math.hypot(u - qx, v - qy) < r - tol


def nearest_wall(x: float, y: float, width: float, height: float) -> Wall:
    """The arena wall nearest the point ``(x, y)``."""
    gaps = {Wall.WEST: x, Wall.SOUTH: y, Wall.EAST: width - x, Wall.NORTH: height - y}
    return min(gaps, key=gaps.get)
