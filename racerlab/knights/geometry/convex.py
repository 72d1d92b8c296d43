"""Small exact helpers on convex polygons given as counter-clockwise lists of points.

Racers are rectangles, so plain Python on four corners is faster than any library call.

>>> point_to_convex(3.0, 0.0, [(1.0, -1.0), (1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0)][::-1])
(2.0, (1.0, 0.0))
"""

from __future__ import annotations

import math

import shapely

from .body import EPS, Point

__all__ = ["clip_halfplane", "convex_to_convex", "point_to_convex"]


def clip_halfplane(
    poly: list[Point], nx: float, ny: float, c: float, tol: float = EPS
) -> list[Point]:
    """Keep the part of convex ``poly`` where ``nx*x + ny*y >= c - tol`` (Sutherland-Hodgman)."""
    out: list[Point] = []
    n = len(poly)
    if n == 0:
        return out
    vals = [nx * p[0] + ny * p[1] - c for p in poly]
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        vp, vq = vals[i], vals[(i + 1) % n]
        if vp >= -tol:
            out.append(p)
        if (vp > tol and vq < -tol) or (vp < -tol and vq > tol):
            t = vp / (vp - vq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _point_segment(px: float, py: float, a: Point, b: Point) -> tuple[float, Point]:
    """Squared distance from a point to segment ab, and the nearest point on it."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    ll = ex * ex + ey * ey
    if ll <= 0.0:
        t = 0.0
    else:
        t = ((px - a[0]) * ex + (py - a[1]) * ey) / ll
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    qx, qy = a[0] + t * ex, a[1] + t * ey
    return ((px - qx) ** 2 + (py - qy) ** 2, (qx, qy))


def _inside(px: float, py: float, poly: list[Point]) -> bool:
    """Is the point inside or on convex CCW ``poly``?"""
    n = len(poly)
    if n < 3:
        return False
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]) < -EPS:
            return False
    return True


def point_to_convex(px: float, py: float, poly: list[Point]) -> tuple[float, Point]:
    """Distance from a point to a convex CCW polygon (0 inside) and the nearest point."""
    if _inside(px, py, poly):
        return (0.0, (px, py))
    best = (math.inf, (px, py))
    n = len(poly)
    for i in range(n):
        d2, q = _point_segment(px, py, poly[i], poly[(i + 1) % n])
        if d2 < best[0]:
            best = (d2, q)
    return (math.sqrt(best[0]), best[1])


def convex_to_convex(p: list[Point], q: list[Point]) -> tuple[float, Point, Point]:
    """Distance between convex CCW polygons and the realising points (p side first)."""
    if _convex_overlap(p, q):
        inter = shapely.intersection(shapely.polygons(p), shapely.polygons(q))
        rp = inter.representative_point() if not inter.is_empty else shapely.points(p[0])
        pt = (rp.x, rp.y)
        return (0.0, pt, pt)
    best = (math.inf, p[0], q[0])
    for a in p:
        d2, near = _nearest_on_ring(a[0], a[1], q)
        if d2 < best[0]:
            best = (d2, a, near)
    for b in q:
        d2, near = _nearest_on_ring(b[0], b[1], p)
        if d2 < best[0]:
            best = (d2, near, b)
    return (math.sqrt(best[0]), best[1], best[2])


def _nearest_on_ring(px: float, py: float, poly: list[Point]) -> tuple[float, Point]:
    best = (math.inf, poly[0])
    n = len(poly)
    for i in range(n):
        d2, near = _point_segment(px, py, poly[i], poly[(i + 1) % n])
        if d2 < best[0]:
            best = (d2, near)
    return best


def _convex_overlap(p: list[Point], q: list[Point]) -> bool:
    """Separating-axis test: do two convex polygons share any point (touching counts)?"""
    for poly in (p, q):
        n = len(poly)
        for i in range(n):
            a, b = poly[i], poly[(i + 1) % n]
            nx, ny = b[1] - a[1], a[0] - b[0]  # outward normal of a CCW edge
            amax = max(nx * v[0] + ny * v[1] for v in p)
            amin = min(nx * v[0] + ny * v[1] for v in p)
            bmax = max(nx * v[0] + ny * v[1] for v in q)
            bmin = min(nx * v[0] + ny * v[1] for v in q)
            scale = math.hypot(nx, ny) * EPS
            if amax < bmin - scale or bmax < amin - scale:
                return False
    return True
