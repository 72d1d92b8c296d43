"""Sliding into things: arena walls and the first obstacle a straight slide meets.

>>> first_contact(Pose(5, 5, 0), Body(2, 1), "forward", 10, arena_walls(10, 10))
Contact(distance=4.0, key=<Wall.EAST: 'east'>)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from racerlab.core.errors import RacerlabError

from .body import EPS, Body, Point, Pose, corner_list
from .motion import Direction, direction_vector
from .tolerance import SURE_M, TOL_M, ZERO

__all__ = ["Contact", "Wall", "arena_walls", "first_contact"]


class Wall(Enum):
    """The four edges of a rectangular arena, used as obstacle keys by :func:`arena_walls`."""

    SOUTH = "south"
    """The edge along y = 0."""
    EAST = "east"
    """The edge along x = width."""
    NORTH = "north"
    """The edge along y = height."""
    WEST = "west"
    """The edge along x = 0."""


@dataclass(frozen=True, slots=True)
class Contact:
    """Result of :func:`first_contact`: how far the body slid and what it touched (or None)."""

    distance: float
    key: Any


def arena_walls(width: float, height: float, thickness: float = 1.0) -> list[tuple[Wall, Polygon]]:
    """The edges of a ``width`` x ``height`` arena (corner at the origin) as wall obstacles.

    Each wall is a slab ``thickness`` M deep lying just outside the arena, long enough to
    close the corners, keyed by :class:`Wall`. Pass them to :func:`first_contact`.

    >>> [(k.name, w.bounds) for k, w in arena_walls(10, 6)][:2]
    [('SOUTH', (-1.0, -1.0, 11.0, 0.0)), ('EAST', (10.0, -1.0, 11.0, 7.0))]
    """
    t = thickness
    return [
        (Wall.SOUTH, shapely.box(-t, -t, width + t, 0.0)),
        (Wall.EAST, shapely.box(width, -t, width + t, height + t)),
        (Wall.NORTH, shapely.box(-t, height, width + t, height + t)),
        (Wall.WEST, shapely.box(-t, -t, 0.0, height + t)),
    ]


def _segments(geoms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """All boundary segments (holes included) of polygons: (n, 2, 2) array and owner index."""
    rings, owner = shapely.get_rings(geoms, return_index=True)
    coords, ring_of = shapely.get_coordinates(rings, return_index=True)
    same = ring_of[:-1] == ring_of[1:]
    segs = np.stack([coords[:-1][same], coords[1:][same]], axis=1)
    return segs, owner[ring_of[:-1][same]]


def _cast(points: np.ndarray, segs: np.ndarray, sign: float) -> tuple[np.ndarray, ...]:
    """Times ``t >= 0`` at which points sliding along ``sign`` * x meet segments.

    Works in the slide's own frame (the slide runs along +x), so a segment is met where its
    y matches the point's. Segments parallel to the slide are skipped (sliding along an edge
    is not a hit). Returns (times, point index, segment index).
    """
    ax, ay = segs[:, 0, 0], segs[:, 0, 1]
    ex, ey = segs[:, 1, 0] - ax, segs[:, 1, 1] - ay
    ey = np.where(np.abs(ey) > ZERO, ey, np.nan)
    with np.errstate(invalid="ignore"):
        u = (points[:, 1:2] - ay) / ey
        t = sign * (ax + u * ex - points[:, 0:1])
        ok = (u >= -SURE_M) & (u <= 1.0 + SURE_M) & (t >= -SURE_M)
    pi, si = np.nonzero(ok)
    return np.maximum(t[pi, si], 0.0), pi, si


def _penetrates(body_pts: list[Point], d: Point, t: float, obstacle: BaseGeometry) -> bool:
    """Does the body, slid a hair past ``t``, overlap the obstacle's interior?"""
    step = t + TOL_M
    moved_pts = [(x + d[0] * step, y + d[1] * step) for x, y in body_pts]
    return bool(shapely.relate_pattern(shapely.polygons(moved_pts), obstacle, "T********"))


def first_contact(
    pose: Pose,
    body: Body,
    direction: Direction | str | float,
    max_distance: float,
    obstacles: Iterable[tuple[Any, BaseGeometry]],
) -> Contact:
    """How far the body slides straight in ``direction`` before it hits the first obstacle.

    ``direction`` is relative (``"forward"``, ``"reverse"``, ``"left"``, ``"right"``) or an
    absolute angle in degrees. ``obstacles`` is a sequence of ``(key, polygon)`` (racers,
    blockers, :func:`arena_walls`). The result is the largest slide (at most ``max_distance``)
    that does not overlap any obstacle, with the key of the obstacle that stopped it, or key
    None when nothing is in the way. A body already touching an obstacle it slides into stops
    at distance 0 (still a Collision); touching something it slides away from, or grazing
    past an edge without overlapping, does not stop it.

    The contact times are exact: every corner of the body is cast along the slide against the
    obstacles' edges, and every obstacle corner backwards against the body's edges.

    >>> first_contact(Pose(0, 0, 0), Body(2, 1), "forward", 5, [("b", shapely.box(3, -1, 4, 1))])
    Contact(distance=2.0, key='b')
    """
    if not max_distance >= 0.0:
        raise RacerlabError(f"a slide needs a distance of 0 or more, got {max_distance!r}")
    obs = list(obstacles)
    none = Contact(distance=float(max_distance), key=None)
    if not obs:
        return none
    d = direction_vector(pose, direction)
    body_pts = corner_list(pose, body)
    body_arr = np.array(body_pts, dtype=float)
    xs = [x for x, _ in body_pts]
    ys = [y for _, y in body_pts]
    ex, ey = d[0] * max_distance, d[1] * max_distance
    lo = (min(xs) + min(ex, 0.0) - EPS, min(ys) + min(ey, 0.0) - EPS)
    hi = (max(xs) + max(ex, 0.0) + EPS, max(ys) + max(ey, 0.0) + EPS)
    geoms = np.array([g for _, g in obs], dtype=object)
    bounds = shapely.bounds(geoms)
    near = np.nonzero(
        (bounds[:, 0] <= hi[0])
        & (bounds[:, 2] >= lo[0])
        & (bounds[:, 1] <= hi[1])
        & (bounds[:, 3] >= lo[1])
    )[0]
    if len(near) == 0:
        return none
    segs, owner = _segments(geoms[near])
    # rotate into the slide's frame: the slide runs along +x
    to_frame = np.array([[d[0], -d[1]], [d[1], d[0]]])
    body_f = body_arr @ to_frame
    segs_f = segs @ to_frame
    t1, _, s1 = _cast(body_f, segs_f, 1.0)
    t2, v2, _ = _cast(segs_f[:, 0], np.stack([body_f, body_f[[1, 2, 3, 0]]], axis=1), -1.0)
    # obstacles the body already touches or overlaps may stop it at once
    blo = (min(xs) - EPS, min(ys) - EPS)
    bhi = (max(xs) + EPS, max(ys) + EPS)
    nb = bounds[near]
    close = np.nonzero(
        (nb[:, 0] <= bhi[0]) & (nb[:, 2] >= blo[0]) & (nb[:, 1] <= bhi[1]) & (nb[:, 3] >= blo[1])
    )[0]
    now = close[shapely.intersects(shapely.polygons(body_pts), geoms[near][close])]
    times = np.concatenate([t1, t2, np.zeros(len(now))])
    which = np.concatenate([owner[s1], owner[v2], now])
    keep = times <= max_distance + EPS
    times, which = times[keep], which[keep]
    order = np.lexsort((which, times))
    tried: set[tuple[float, int]] = set()
    for k in order:
        t, j = float(times[k]), int(which[k])
        if (t, j) in tried:
            continue
        tried.add((t, j))
        i = int(near[j])
        if _penetrates(body_pts, d, t, obs[i][1]):
            return Contact(distance=min(t, float(max_distance)), key=obs[i][0])
    return none
