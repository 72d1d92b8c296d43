"""Moving and turning: costs, the 1M-before-turning rule, contact, crossings, forced moves.

Voluntary moves stop short of anything solid: a move that would run into a
racer, a standing blocker or a wall is refused (saying what is in the way and
how far), while a move that ends touching it is allowed (the way to line up a
Ram). Forced moves (Bounce) stop at the first contact and cause a Collision.

Crossing waypoints (the module's last part): a racer crosses its next waypoint (when that
waypoint's blocker is destroyed) by moving or turning over it; the Glory for it, and for
being first across the last one, is given there (:func:`cross`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.dice import ChanceSource
from ...core.errors import IllegalActionError
from ..actions import Direction, Discharge, Move, Turn
from ..events import Collided, Discharged, Moved, Pushed, Turned, WaypointCrossed
from ..geometry.body import Pose, side_centre
from ..geometry.motion import moved, turn_limit, turned
from ..geometry.overlap import segment_distance
from ..geometry.sweep import turn_touches_disc
from ..geometry.table import Table, disc_corners, sweep_touches_disc
from ..geometry.tolerance import CLEAR_M, TOL_M
from ..joust.results import gain_glory, hit_blocker, lose
from ..parts import Ability, Side
from . import obstacles

if TYPE_CHECKING:
    from ..draft import Draft
    from ..geometry.contact import Contact

# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_FORWARD = Direction.FORWARD
_REVERSE = Direction.REVERSE
_SIDEWAYS = (Direction.LEFT, Direction.RIGHT)
_PIVOTS = (Side.LEFT, Side.RIGHT)
_TORQUED = Ability.TORQUED
_SIDEWINDER = Ability.SIDEWINDER

__all__ = [
    "COSTS",
    "check_discharge",
    "check_move",
    "check_turn",
    "contact_ahead",
    "cross",
    "describe_key",
    "pay_move",
    "push",
    "resolve_discharge",
    "resolve_move",
    "resolve_turn",
    "runs_into",
    "touches_waypoint",
    "turn_blocked",
    "turn_is_clear",
]

COSTS = {Direction.FORWARD: 1, Direction.REVERSE: 2, Direction.LEFT: 2, Direction.RIGHT: 2}
"""Speed Points per move (partial moves cost the same)."""

TOL = TOL_M
"""Slack (M) when comparing distances."""
TURN_SAMPLE_DEGREES = 15.0
"""A turn's sweep is checked for contact at every this many degrees."""


def describe_key(d: Draft, key) -> str:
    """Plain words for an obstacle key."""
    if isinstance(key, tuple) and key[0] == "racer":
        return f"{d.name(key[1])}'s racer"
    if isinstance(key, tuple) and key[0] == "blocker":
        return f"the blocker of waypoint {key[1] + 1}"
    if key is None:
        return "nothing"
    return f"the {key.value} wall"


def contact_ahead(d: Draft, i: int, direction: Direction, limit: float) -> Contact:
    """How far racer ``i`` can slide ``direction`` (up to ``limit``) before touching something."""
    return obstacles.measure(d, i, direction, limit)  # a Direction is its name (a str): no .value


def _movement_points(d: Draft, i: int) -> int:
    rs = d.r(i)
    return rs.speed_points + rs.turbo_points


def check_can_move(d: Draft, i: int, what: str) -> None:
    rs = d.r(i)
    if rs.stalled:
        raise IllegalActionError(f"{d.name(i)} stalled this round and cannot move ({what})")


def check_move(d: Draft, i: int, action: Move) -> Contact:
    """Refuse an illegal move with the reason; return the contact ahead."""
    check_can_move(d, i, "move")
    dist = action.distance
    _check_distance(dist, "a move must be longer than 0M")
    if dist > 1.0 + TOL:
        raise IllegalActionError(f"one move goes at most 1M, got {dist:g}M")
    if action.direction in _SIDEWAYS and not d.racer(i).has(_SIDEWINDER):
        raise IllegalActionError(f"{d.name(i)}'s racer has no Sidewinder: no sideways moves")
    cost = COSTS[action.direction]
    have = _movement_points(d, i)
    if have < cost:
        raise IllegalActionError(
            f"a {action.direction.value} move needs {cost} Speed Points; {d.name(i)} has {have}"
        )
    return _check_clear(d, i, action.direction, dist, d.name(i), " (Ram it instead, or move less)")


def _check_distance(dist, refusal: str) -> None:
    """Refuse a distance that is not a finite number above 0 (``refusal`` says what needs it)."""
    if not (isinstance(dist, int | float) and math.isfinite(dist)) or dist <= 0:
        raise IllegalActionError(f"{refusal}, got {dist!r}")


def _check_clear(
    d: Draft, i: int, direction: Direction, dist: float, mover: str, hint: str = ""
) -> Contact:
    """Refuse a voluntary slide that would run into something; return the contact ahead.

    Ending exactly in touch is allowed (the way to line up a Ram).
    """
    contact = contact_ahead(d, i, direction, dist)
    if runs_into(contact, dist):
        raise IllegalActionError(
            f"{mover} would run into {describe_key(d, contact.key)} after "
            f"{contact.distance:.2f}M{hint}"
        )
    return contact


def runs_into(contact: Contact, dist: float) -> bool:
    """Whether a voluntary slide of ``dist`` with ``contact`` ahead (see :func:`contact_ahead`)
    would run into what it touches; ending exactly in touch does not (the way to line up a
    Ram). A bot rules out such a move with this instead of asking ``check`` to refuse it."""
    return contact.key is not None and contact.distance < dist - TOL


def pay_move(d: Draft, i: int, cost: int) -> None:
    """Pay a move's cost: ordinary Speed Points first, then Turbo's bonus."""
    rs = d.r(i)
    from_sp = min(cost, rs.speed_points)
    from_turbo = cost - from_sp
    d.set(
        i,
        speed_points=rs.speed_points - from_sp,
        turbo_points=rs.turbo_points - from_turbo,
        turbo_used=rs.turbo_used or from_turbo > 0,
        acted=True,
    )


def slide(d: Draft, i: int, direction: Direction | float, dist: float) -> None:
    """Move racer ``i`` (already checked), counting crossings and the turn/ram counters."""
    rs = d.r(i)
    old = rs.pose
    new = moved(old, dist, direction)
    if isinstance(direction, Direction):
        moved_total = rs.moved_since_turn + dist
        turns = rs.turns_left
        if moved_total >= d.options.turn_needs_m - TOL:
            turns = 2 if d.racer(i).has(_TORQUED) else 1
        run = rs.straight_run + dist if direction is _FORWARD else 0.0
        d.set(
            i,
            pose=new,
            moved_since_turn=moved_total,
            turns_left=turns,
            straight_run=run,
            backed_off=rs.backed_off or direction is not _FORWARD,
        )
    else:
        d.set(i, pose=new)
    cross(d, i, old, new)


def resolve_move(d: Draft, i: int, action: Move) -> None:
    """Carry out a checked move."""
    cost = COSTS[action.direction]
    pay_move(d, i, cost)
    slide(d, i, action.direction, action.distance)
    rs = d.r(i)
    d.emit(
        Moved(
            i,
            d.name(i),
            str(action.direction),  # its value, without Enum's Python-level .value
            action.distance,
            cost,
            rs.speed_points + rs.turbo_points,
        )
    )


def turn_blocked(d: Draft, i: int, degrees: float, pivot: Side):
    """The obstacle key a turn would sweep into, or ``None`` if the turn is clear.

    The body is checked at every ``TURN_SAMPLE_DEGREES`` of the turn (and at its end).
    """
    pose, body = d.pose(i), d.table.body
    tol = d.options.contact_tolerance_m
    if turn_is_clear(d, i, pivot, tol):
        return None
    steps = max(1, math.ceil(abs(degrees) / TURN_SAMPLE_DEGREES))
    for k in range(1, steps + 1):
        key = obstacles.overlapping(d, i, turned(pose, body, degrees * k / steps, pivot), tol)
        if key is not None:
            return key
    return None


def turn_is_clear(d: Draft, i: int, pivot: Side, tol: float) -> bool:
    """Whether racer ``i`` turning any amount about its ``pivot`` mark stays clear of every
    racer, standing blocker and wall by more than ``tol`` (and :data:`CLEAR_M`).

    The body turns rigidly about the mark, so it stays within the distance of its far
    corners from the mark; what lies wholly beyond that circle cannot be touched (a
    quick answer before the turn is checked pose by pose).
    """
    pose, body, table = d.pose(i), d.table.body, d.table
    px, py = side_centre(pose, body, pivot)
    far = math.hypot(body.length / 2.0, body.width) + abs(tol) + CLEAR_M
    if not (far <= px <= table.width - far and far <= py <= table.height - far):
        return False
    return all(math.hypot(cx - px, cy - py) > far + r for _, cx, cy, r, _ in obstacles.discs(d, i))


def check_turn(d: Draft, i: int, action: Turn) -> None:
    """Refuse an illegal turn with the reason."""
    check_can_move(d, i, "turn")
    rs = d.r(i)
    racer = d.racer(i)
    deg = action.degrees
    if not (isinstance(deg, int | float) and math.isfinite(deg)) or deg == 0:
        raise IllegalActionError(f"a turn needs a non-zero angle, got {deg!r}")
    if action.pivot not in _PIVOTS:
        raise IllegalActionError("a turn pivots on the left or right side's centre mark")
    limit = turn_limit(racer.stats.handling, d.options.degrees_per_handling)
    if abs(deg) > limit + TOL:
        raise IllegalActionError(
            f"Handling {racer.stats.handling} allows turns up to {limit:g} degrees, "
            f"not {abs(deg):g}"
        )
    if rs.turbo_used:
        raise IllegalActionError(f"{d.name(i)} used Turbo's bonus Speed this round: no turns")
    if rs.speed_points < 1:
        raise IllegalActionError(f"a turn needs 1 Speed Point; {d.name(i)} has {rs.speed_points}")
    if rs.turns_left < 1:
        need = d.options.turn_needs_m
        raise IllegalActionError(
            f"{d.name(i)} must move {need:g}M since the round began and since the last turn "
            f"before turning (has moved {rs.moved_since_turn:.2f}M)"
        )
    key = turn_blocked(d, i, deg, action.pivot)
    if key is not None:
        raise IllegalActionError(f"the turn would hit {describe_key(d, key)}")


def resolve_turn(d: Draft, i: int, action: Turn) -> None:
    """Carry out a checked turn."""
    rs = d.r(i)
    old = rs.pose
    new = turned(old, d.table.body, action.degrees, action.pivot)
    d.set(
        i,
        pose=new,
        speed_points=rs.speed_points - 1,
        turbo_points=0,
        turns_left=rs.turns_left - 1,
        moved_since_turn=0.0,
        straight_run=0.0,
        turned=True,
        acted=True,
    )
    cross(d, i, old, new, (action.degrees, action.pivot))
    d.emit(Turned(i, d.name(i), action.degrees, action.pivot.value, d.r(i).speed_points))


def check_discharge(d: Draft, i: int, action: Discharge) -> None:
    """Refuse an illegal Discharge with the reason."""
    racer = d.racer(i)
    rs = d.r(i)
    if not racer.has(Ability.DISCHARGE):
        raise IllegalActionError(f"{d.name(i)}'s weapon cannot Discharge")
    check_can_move(d, i, "discharge")
    if rs.fired:
        raise IllegalActionError("Discharge replaces the round's attack; the weapon was used")
    if rs.turbo_used:
        raise IllegalActionError(f"{d.name(i)} used Turbo's bonus Speed this round: no shooting")
    dist = action.distance
    _check_distance(dist, "a Discharge must move more than 0M")
    top = d.options.discharge_max_m
    if dist > top + TOL:
        raise IllegalActionError(f"Discharge moves at most {top:g}M, got {dist:g}M")
    cost = math.ceil(dist - TOL)
    if rs.speed_points < cost:
        raise IllegalActionError(
            f"Discharging {dist:g}M costs {cost} Speed Points; {d.name(i)} has {rs.speed_points}"
        )
    _check_clear(d, i, _REVERSE, dist, "the Discharge")


def resolve_discharge(d: Draft, i: int, action: Discharge) -> None:
    """Carry out a checked Discharge."""
    cost = math.ceil(action.distance - TOL)
    rs = d.r(i)
    d.set(i, speed_points=rs.speed_points - cost, fired=True, turbo_points=0, acted=True)
    slide(d, i, _REVERSE, action.distance)
    d.emit(Discharged(i, d.name(i), action.distance, cost))


def push(d: Draft, i: int, heading: float, distance: float, by: int | None, dice: ChanceSource):
    """Force racer ``i`` ``distance`` M along ``heading``: it stops at the first contact.

    A contact is a Collision: the racer loses Durability, and so does the racer
    or blocker it hit (walls take nothing).
    """
    contact = obstacles.measure(d, i, heading, distance)
    if contact.distance > TOL:
        slide(d, i, heading, contact.distance)
    d.emit(
        Pushed(
            i, d.name(i), contact.distance, describe_key(d, contact.key) if contact.key else None
        )
    )
    if contact.key is None:
        return
    dmg = d.options.collision_damage
    d.emit(Collided(i, d.name(i), describe_key(d, contact.key)))
    key = contact.key
    if isinstance(key, tuple) and key[0] == "racer":
        lose(d, key[1], dmg, "a Collision", by, dice)
    elif isinstance(key, tuple) and key[0] == "blocker":
        hit_blocker(d, key[1], dmg, None)
    lose(d, i, dmg, "a Collision", by, dice)


# -- crossing waypoints --------------------------------------------------------------------
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
