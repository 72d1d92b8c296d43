"""Crossing waypoints: which waypoints a slide or a turn passes over, and their Glory.

A racer crosses its next waypoint (when that waypoint's blocker is destroyed) by moving
over it; the Glory for it, and for being first across the last one, is given here.
"""

from __future__ import annotations

import math

from .draft import Draft
from .events import WaypointCrossed
from .geometry import Pose, side_centre
from .geometry.overlap import segment_distance
from .geometry.sweep import turn_touches_disc
from .geometry.table import Table, disc_corners, sweep_touches_disc
from .geometry.tolerance import TOL_M
from .parts import Side
from .results import gain_glory

__all__ = ["cross", "touches_waypoint"]


def cross(d: Draft, i: int, old: Pose, new: Pose, turn: tuple[float, Side] | None = None) -> None:
    """Glory for each waypoint, in order, that the movement from ``old`` to ``new`` touches.

    A slide covers :func:`~racerlab.knights.geometry.swept` (see
    :func:`~racerlab.knights.geometry.table.sweep_touches_disc`). A turn (``turn`` gives its
    degrees and pivot side) covers the area the racer sweeps rotating, not the hull of
    its two footprints (:func:`~racerlab.knights.geometry.sweep.turn_touches_disc`).
    Waypoints far from the path are ruled out first by bounding circles.
    """
    wps = d.setup.waypoints
    last = len(wps) - 1
    while True:
        rs = d.racers[i]
        w = rs.next_waypoint
        if w > last or d.blockers[w] > 0 or rs.wrecked:
            return
        if not touches_waypoint(d.table, old, new, turn, wps[w]):
            return
        d.set(i, next_waypoint=w + 1)
        d.emit(WaypointCrossed(i, d.name(i), w))
        gain_glory(d, i, d.options.waypoint_glory, f"crossing waypoint {w + 1}")
        if w == last and d.first_across_last is None:
            d.first_across_last = i
            gain_glory(d, i, d.options.first_across_last_glory, "first across the last waypoint")


def touches_waypoint(
    table: Table,
    old: Pose,
    new: Pose,
    turn: tuple[float, Side] | None,
    waypoint: tuple[float, float],
) -> bool:
    """Whether the move (a slide, or a turn of ``turn``) passes over the waypoint at
    ``waypoint``."""
    body, size = table.body, table.waypoint_diameter
    wx, wy = waypoint
    if turn is None:
        reach = table.racer_radius + size / 2.0
        if segment_distance(old.x, old.y, new.x, new.y, wx, wy) > reach + TOL_M:
            return False
        return sweep_touches_disc(old, body, new, (wx, wy), size)
    degrees, pivot = turn
    px, py = side_centre(old, body, pivot)
    far = math.hypot(body.length / 2.0, body.width) + size / 2.0
    if math.hypot(wx - px, wy - py) > far + TOL_M:
        return False
    corners = disc_corners(wx, wy, size)
    return turn_touches_disc(old, body, degrees, pivot, (wx, wy), size, corners)
