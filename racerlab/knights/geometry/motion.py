"""Moving a racer: straight slides, sideways slides, turns about a side mark, swept areas.

>>> moved(Pose(0.0, 0.0, 0.0), 3.0, "forward")
Pose(x=3.0, y=0.0, heading=0.0)
"""

from __future__ import annotations

import math
from enum import StrEnum

import shapely
from shapely.geometry import Polygon

from racerlab.core.errors import RacerlabError
from racerlab.knights.parts import Side

from .body import EPS, Body, Point, Pose, corner_list, heading_unit, norm_heading, side_centre

_PIVOTS = (Side.LEFT, Side.RIGHT)
"""The pivot sides, read once (on Python 3.11 reading an Enum class attribute is slow)."""

__all__ = [
    "DEFAULT_DEGREES_PER_HANDLING",
    "Direction",
    "away_direction",
    "direction_vector",
    "moved",
    "ram_lane",
    "swept",
    "turn_limit",
    "turned",
]

DEFAULT_DEGREES_PER_HANDLING = 45.0
"""The turning diagram's step: each point of Handling allows 45 more degrees per turn."""


class Direction(StrEnum):
    """Which way a move goes, relative to the racer's facing (it never changes the facing).

    The one ``Direction`` of Racer Knights: a ``Move`` action names one, and the
    geometry slides a body along it.
    """

    FORWARD = "forward"
    """Along the heading: 1 Speed Point per move."""
    REVERSE = "reverse"
    """Backwards, against the heading: 2 Speed Points per move (2 even for a partial one)."""
    LEFT = "left"
    """Sideways to the racer's left (Sidewinder only): 2 Speed Points."""
    RIGHT = "right"
    """Sideways to the racer's right (Sidewinder only): 2 Speed Points."""


_DIRECTION_SIGNS = {
    Direction.FORWARD: (1.0, 0.0),
    Direction.REVERSE: (-1.0, 0.0),
    Direction.LEFT: (0.0, 1.0),
    Direction.RIGHT: (0.0, -1.0),
}


def direction_vector(pose: Pose, direction: Direction | str | float) -> Point:
    """Unit vector of a relative :class:`Direction` or of an absolute angle in degrees.

    >>> direction_vector(Pose(0.0, 0.0, 90.0), "right")
    (1.0, 0.0)
    """
    if isinstance(direction, (int, float)) and not isinstance(direction, bool):
        return heading_unit(float(direction))
    signs = _DIRECTION_SIGNS.get(direction)  # type: ignore[call-overload]
    if signs is None:
        allowed = ", ".join(m.value for m in Direction)
        raise RacerlabError(
            f"unknown direction {direction!r}: use one of {allowed} or an angle in degrees"
        )
    along, across = signs
    fx, fy = heading_unit(pose.heading)
    return (along * fx - across * fy, along * fy + across * fx)


def moved(pose: Pose, distance: float, direction: Direction | str | float = "forward") -> Pose:
    """The pose after sliding ``distance`` M without turning.

    ``direction`` is ``"forward"``, ``"reverse"``, ``"left"`` or ``"right"`` (relative to the
    racer; left/right are Sidewinder moves) or an absolute angle in degrees (Bounce, Discharge).
    A negative distance slides the opposite way.

    >>> moved(Pose(0, 0, 90), 2, "right")
    Pose(x=2.0, y=0.0, heading=90)
    """
    dx, dy = direction_vector(pose, direction)
    return Pose(pose.x + dx * distance, pose.y + dy * distance, pose.heading)


def turn_limit(handling: int, degrees_per_handling: float = DEFAULT_DEGREES_PER_HANDLING) -> float:
    """Largest turn (degrees) one Speed Point buys: the turning diagram's line ``handling``.

    Capped at 180 (the diagram ends at a full about-face).

    >>> turn_limit(2), turn_limit(4), turn_limit(5)
    (90.0, 180.0, 180.0)
    """
    return float(min(180.0, max(0, handling) * degrees_per_handling))


def turned(pose: Pose, body: Body, degrees: float, pivot: Side) -> Pose:
    """The pose after turning ``degrees`` (positive = counter-clockwise) about a side's mark.

    The turning diagram is laid on the centring mark of the LEFT or RIGHT side and the racer
    rotates rigidly about that mark: the mark stays put while the front swings one way and the
    rear the other (turning toward the pivot side moves the racer's centre forward and toward
    that side; turning away from it moves the centre backward). The result's heading is
    normalised into [0, 360).

    >>> turned(Pose(0, 0, 0), Body(2, 1), -90, Side.RIGHT)
    Pose(x=0.5, y=-0.5, heading=270.0)
    """
    if pivot not in _PIVOTS:
        raise RacerlabError(f"a turn pivots on the LEFT or RIGHT side mark, not {pivot.name}")
    px, py = side_centre(pose, body, pivot)
    c, s = heading_unit(degrees)
    ox, oy = pose.x - px, pose.y - py
    return Pose(px + c * ox - s * oy, py + s * ox + c * oy, norm_heading(pose.heading + degrees))


def swept(pose: Pose, body: Body, new_pose: Pose) -> Polygon:
    """Area covered while moving from ``pose`` to ``new_pose`` in a straight line.

    It is the convex hull of both footprints, which is exact for a slide without turning
    (forward, reverse, sideways, Bounce). For a turn it over-covers slightly (use it as a
    conservative test).

    >>> swept(Pose(0, 0, 0), Body(2, 1), Pose(3, 0, 0)).area
    5.0
    """
    pts = corner_list(pose, body) + corner_list(new_pose, body)
    return shapely.convex_hull(shapely.multipoints(pts))


def ram_lane(pose: Pose, body: Body, max_distance: float) -> Polygon:
    """The straight lane ahead of the front edge, one body wide and ``max_distance`` long.

    >>> ram_lane(Pose(0, 0, 0), Body(2, 1), 3).bounds
    (1.0, -0.5, 4.0, 0.5)
    """
    fr, fl, _, _ = corner_list(pose, body)
    fx, fy = heading_unit(pose.heading)
    dx, dy = fx * max_distance, fy * max_distance
    return shapely.polygons([(fr[0] + dx, fr[1] + dy), (fl[0] + dx, fl[1] + dy), fl, fr])


def away_direction(source: Point, tgt_pose: Pose, fallback: float | None = None) -> float:
    """Absolute angle (degrees) pointing from ``source`` straight away through the target.

    Bounce pushes "directly away" along the line from the attacker's centre (pass
    ``attacker_pose.centre``) through the target's centre. When the two coincide the
    ``fallback`` angle is used (by default the target's own heading reversed).

    >>> away_direction((0.0, 0.0), Pose(3.0, 3.0, 0.0))
    45.0
    """
    dx, dy = tgt_pose.x - source[0], tgt_pose.y - source[1]
    if math.hypot(dx, dy) <= EPS:
        return norm_heading(tgt_pose.heading + 180.0 if fallback is None else fallback)
    return norm_heading(math.degrees(math.atan2(dy, dx)))
