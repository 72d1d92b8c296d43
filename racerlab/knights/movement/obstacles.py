"""What stands in a racer's way on a :class:`~racerlab.knights.draft.Draft`: where it would
first touch something, and what it overlaps.

The engine's own contact measures, in plain arithmetic over the draft's racers, standing
blockers and the table's walls: :func:`measure` (a slide's first contact), :func:`overlapping`
(a pose's first overlap), :func:`discs` (bounding circles, kept on the draft until a racer
moves or a blocker falls) and :func:`obstacles` (the same things as shapes, for the geometry
module's exact questions). Every rule that moves, turns or rams a racer asks these, and so do
the bots' previews, so the engine and a preview cannot disagree. The geometry package's
:mod:`~racerlab.knights.geometry.contact` is the shapely reference they are tested against.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..geometry.contact import Contact
from ..geometry.overlap import (
    heading_vector,
    nearest_wall,
    rect_corners,
    rect_disc_overlap,
    sat_overlap,
)
from ..geometry.table import slide_disc, slide_rect, slide_walls
from ..geometry.tolerance import CLEAR_M, TOL_M

if TYPE_CHECKING:
    from ..draft import Draft
    from ..geometry.body import Pose
    from ..state import KnightsState

__all__ = [
    "discs",
    "measure",
    "obstacles",
    "overlapping",
    "read_off",
    "shared_contacts",
    "slide_contact",
]

_MEASURED: tuple[KnightsState | None, dict] = (None, {})
"""The last state contacts were measured on, and its answers (see :func:`measure`)."""


def obstacles(d: Draft, exclude: int, *, blockers: bool = True) -> list[tuple[Any, Any]]:
    """What racer ``exclude`` can run into, as shapes: the racers and standing blockers of
    :func:`discs`, then the walls."""
    table = d.table
    out: list[tuple[Any, Any]] = [
        (key, table.shape(pose) if pose is not None else table.waypoint((x, y)))
        for key, x, y, _, pose in discs(d, exclude, blockers)
    ]
    out += list(table.walls)
    return out


def discs(d: Draft, exclude: int, blockers: bool = True):
    """Bounding circles of what racer ``exclude`` can hit: (key, x, y, radius, pose or None),
    kept on the draft until a racer moves or is wrecked or a blocker changes."""
    cached = d.discs_kept.get((exclude, blockers))
    if cached is not None:
        return cached
    rr = d.table.racer_radius
    out = [
        (("racer", j), r.pose.x, r.pose.y, rr, r.pose)
        for j, r in enumerate(d.racers)
        if j != exclude and not r.wrecked
    ]
    if blockers:
        wr = d.table.waypoint_diameter / 2.0
        out += [
            (("blocker", w), xy[0], xy[1], wr, None)
            for w, xy in enumerate(d.setup.waypoints)
            if d.blockers[w] > 0
        ]
    d.discs_kept[(exclude, blockers)] = out
    return out


def measure(d: Draft, i: int, direction, distance: float, *, blockers: bool = True) -> Contact:
    """Where racer ``i`` sliding ``direction`` first touches a racer, blocker or wall.

    The same answer as :func:`~racerlab.knights.geometry.first_contact` (the tests compare
    them), computed in plain arithmetic: far objects are skipped by bounding circles, racers
    by separating axes, blockers as exact discs, walls by the corners. While the draft is
    unedited the answer is shared with other drafts of the same state (a bot's look ahead,
    then ``check``, ask the same question), and a shorter slide the same way is read off a
    longer one when that settles it (:func:`read_off`).
    """
    memo = shared_contacts(d)
    key = (i, direction, distance, blockers)
    found = None
    if memo is not None:
        found = memo.get(key) or read_off(memo, key)
    if found is None:
        found = slide_contact(d, i, direction, distance, blockers)
        if memo is not None:
            memo[key] = found
    return found


def shared_contacts(d: Draft) -> dict | None:
    """The contacts measured so far on ``d``'s state (one memo shared by every draft of that
    state, keyed ``(racer, direction, distance, blockers)``), or None once ``d``'s racers or
    blockers changed."""
    global _MEASURED
    base = d.base
    if not d.read_only and (
        tuple(d.blockers) != base.blockers or any(a is not b for a, b in zip(d.racers, base.racers))
    ):
        return None
    state, memo = _MEASURED
    if state is not base:
        memo = {}
        _MEASURED = (base, memo)
    return memo


def slide_contact(d: Draft, i: int, direction, distance: float, blockers: bool) -> Contact:
    """:func:`measure`'s answer, worked out afresh (no memo is read or written)."""
    pose = d.racers[i].pose
    table = d.table
    body = table.body
    dx, dy = heading_vector(pose, direction)
    x, y = pose.x, pose.y
    ex, ey = x + dx * distance, y + dy * distance
    reach = table.racer_radius
    best, hit = float(distance), None
    for key, cx, cy, r, opose in discs(d, i, blockers):
        # bounding circles: skip what the path's centre line passes too far from
        along = max(0.0, min(distance, (cx - x) * dx + (cy - y) * dy))
        if math.hypot(cx - x - along * dx, cy - y - along * dy) > reach + r + TOL_M:
            continue
        if opose is not None:
            t = slide_rect(pose, body, dx, dy, best, opose)
        else:
            t = slide_disc(pose, body, dx, dy, best, cx, cy, r)
        if t is not None and (t < best or hit is None):
            best, hit = t, key
    # walls only when the racer's bounding circle comes near an edge (as Table.inside_by)
    rr = reach + CLEAR_M
    if not (
        rr <= min(x, ex)
        and max(x, ex) <= table.width - rr
        and rr <= min(y, ey)
        and max(y, ey) <= table.height - rr
    ):
        wall = slide_walls(pose, body, dx, dy, best, table.width, table.height)
        if wall is not None and (wall[0] < best or hit is None):
            best, hit = wall
    return Contact(float(best), hit)


def overlapping(d: Draft, i: int, pose: Pose, tol: float = TOL_M):
    """The first thing racer ``i`` would overlap (more than touch) at ``pose``, or None.

    Plain arithmetic: rectangles by separating axes, blockers as exact discs, walls by the
    corners.
    """
    body = d.table.body
    pts = rect_corners(pose, body)
    for x, y in pts:
        if x < -tol or y < -tol or x > d.table.width + tol or y > d.table.height + tol:
            return nearest_wall(x, y, d.table.width, d.table.height)
    reach = d.table.racer_radius
    for key, cx, cy, r, opose in discs(d, i):
        if math.hypot(cx - pose.x, cy - pose.y) > reach + r:
            continue
        if key[0] == "racer":
            if sat_overlap(pts, rect_corners(opose, body), tol):
                return key
        elif rect_disc_overlap(pose, body, cx, cy, r, tol):
            return key
    return None


_SLACK = TOL_M
"""Slides' contact measures accept a contact a hair (:data:`TOL_M`) past their length: a longer
slide's answer decides a shorter one only when it lies clear of that hair."""


def read_off(memo: dict, key: tuple) -> Contact | None:
    """The contact of a slide, read off a longer slide the same way measured on the state.

    Contacts found along a slide do not depend on its length, only which of them count:
    the longer slide's first contact is the shorter one's too when it comes within the
    shorter length, and when it (or the longer slide's end) lies well beyond that length
    the shorter slide meets nothing. Near-ties are left to be measured.
    """
    i, direction, distance, blockers = key
    for (j, way, longer, b), found in memo.items():
        if j != i or b is not blockers or longer <= distance or way != direction:
            continue
        if found.key is not None and found.distance <= distance:
            return found
        if found.distance > distance + _SLACK:
            return Contact(float(distance), None)
    return None
