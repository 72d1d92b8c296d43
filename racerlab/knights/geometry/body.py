"""The racer on the table: poses, bodies, corners, footprints and reference points.

>>> front_centre(Pose(0.0, 0.0, 0.0), Body(2.0, 1.0))
(1.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon

from racerlab.core.errors import RacerlabError
from racerlab.knights.parts import Side

from .tolerance import RESIDUE, SURE_M

# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_FRONT = Side.FRONT
_REAR = Side.REAR
_LEFT = Side.LEFT

__all__ = [
    "EPS",
    "Body",
    "Point",
    "Pose",
    "corner_array",
    "corner_list",
    "corners",
    "footprint",
    "footprints",
    "front_centre",
    "heading_unit",
    "norm_heading",
    "rear_centre",
    "side_centre",
]

EPS = SURE_M
"""Tolerance (in M) under which two lengths count as equal (touching counts as contact)."""

Point = tuple[float, float]
"""An ``(x, y)`` position in M."""


@dataclass(frozen=True, slots=True)
class Pose:
    """Where a racer stands: centre ``(x, y)`` in M and ``heading`` in degrees (0 = +x, CCW).

    >>> Pose(1.0, 2.0, 90.0).forward
    (0.0, 1.0)
    """

    x: float
    y: float
    heading: float

    @property
    def forward(self) -> Point:
        """Unit vector the racer faces."""
        return heading_unit(self.heading)

    @property
    def left(self) -> Point:
        """Unit vector to the racer's left (the forward vector turned 90 degrees CCW)."""
        fx, fy = heading_unit(self.heading)
        return (-fy, fx)

    @property
    def centre(self) -> Point:
        """The centre as an ``(x, y)`` tuple."""
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Body:
    """A racer's rectangle in M: ``length`` along the heading, ``width`` across it."""

    length: float
    width: float

    def __post_init__(self) -> None:
        if not (self.length > 0 and self.width > 0):
            raise RacerlabError(
                f"a racer body needs positive length and width, got {self.length} x {self.width}"
            )


# ---------------------------------------------------------------------------------------------
# small vector helpers (plain floats: four corners are cheaper in Python than in numpy)


def heading_unit(degrees: float) -> Point:
    """The unit vector of a heading in degrees (right angles give exact axis vectors)."""
    rad = math.radians(degrees)
    c, s = math.cos(rad), math.sin(rad)
    # snap tiny residues so right angles give exact axis vectors
    if abs(c) < RESIDUE:
        c = 0.0
    if abs(s) < RESIDUE:
        s = 0.0
    return (c, s)


def norm_heading(degrees: float) -> float:
    """A heading in degrees brought into [0, 360)."""
    h = degrees % 360.0
    return 0.0 if h == 360.0 else h


def corner_list(pose: Pose, body: Body) -> list[Point]:
    """The four corners of ``body`` standing at ``pose``, counter-clockwise, as plain tuples."""
    fx, fy = heading_unit(pose.heading)
    hl, hw = body.length / 2.0, body.width / 2.0
    ax, ay = fx * hl, fy * hl  # half-length along the heading
    bx, by = -fy * hw, fx * hw  # half-width to the left
    x, y = pose.x, pose.y
    return [
        (x + ax - bx, y + ay - by),  # front-right
        (x + ax + bx, y + ay + by),  # front-left
        (x - ax + bx, y - ay + by),  # rear-left
        (x - ax - bx, y - ay - by),  # rear-right
    ]


# ---------------------------------------------------------------------------------------------
# footprints and reference points


def corners(pose: Pose, body: Body) -> np.ndarray:
    """The four corners as a (4, 2) array: front-right, front-left, rear-left, rear-right.

    >>> corners(Pose(0, 0, 0), Body(2, 1)).tolist()
    [[1.0, -0.5], [1.0, 0.5], [-1.0, 0.5], [-1.0, -0.5]]
    """
    return np.array(corner_list(pose, body), dtype=float)


def footprint(pose: Pose, body: Body) -> Polygon:
    """The racer's rectangle as a shapely polygon (area ``length * width``).

    >>> footprint(Pose(0, 0, 90), Body(2, 1)).bounds
    (-0.5, -1.0, 0.5, 1.0)
    """
    return shapely.polygons(corner_list(pose, body))


def footprints(poses: Sequence[Pose] | np.ndarray, body: Body) -> np.ndarray:
    """Vectorised :func:`footprint`: an object array of polygons, one per pose.

    ``poses`` may be a sequence of :class:`Pose` or an (n, 3) array of ``x, y, heading``.

    >>> [round(p.area, 9) for p in footprints([Pose(0, 0, 0), Pose(5, 5, 33)], Body(2, 1))]
    [2.0, 2.0]
    """
    arr = _pose_array(poses)
    return shapely.polygons(corner_array(arr, body))


def _pose_array(poses: Sequence[Pose] | np.ndarray) -> np.ndarray:
    if isinstance(poses, np.ndarray):
        arr = np.asarray(poses, dtype=float).reshape(-1, 3)
    else:
        arr = np.array([(p.x, p.y, p.heading) for p in poses], dtype=float).reshape(-1, 3)
    return arr


def corner_array(arr: np.ndarray, body: Body) -> np.ndarray:
    """The corners of ``body`` at each row ``(x, y, heading)`` of ``arr``, as one array."""
    rad = np.radians(arr[:, 2])
    fx, fy = np.cos(rad), np.sin(rad)
    hl, hw = body.length / 2.0, body.width / 2.0
    signs_l = np.array([1.0, 1.0, -1.0, -1.0])
    signs_w = np.array([-1.0, 1.0, 1.0, -1.0])
    xs = arr[:, :1] + np.outer(fx * hl, signs_l) + np.outer(-fy * hw, signs_w)
    ys = arr[:, 1:2] + np.outer(fy * hl, signs_l) + np.outer(fx * hw, signs_w)
    return np.stack([xs, ys], axis=-1)


def front_centre(pose: Pose, body: Body) -> Point:
    """Middle of the front edge (the shield tab where arcs A and B are measured from)."""
    fx, fy = heading_unit(pose.heading)
    hl = body.length / 2.0
    return (pose.x + fx * hl, pose.y + fy * hl)


def rear_centre(pose: Pose, body: Body) -> Point:
    """Middle of the rear edge.

    >>> rear_centre(Pose(0, 0, 0), Body(2, 1))
    (-1.0, 0.0)
    """
    fx, fy = heading_unit(pose.heading)
    hl = body.length / 2.0
    return (pose.x - fx * hl, pose.y - fy * hl)


def side_centre(pose: Pose, body: Body, side: Side) -> Point:
    """Middle of one side's edge (for LEFT and RIGHT: the centring mark used for turns).

    >>> side_centre(Pose(0, 0, 0), Body(2, 1), Side.RIGHT)
    (0.0, -0.5)
    """
    fx, fy = heading_unit(pose.heading)
    hl, hw = body.length / 2.0, body.width / 2.0
    if side is _FRONT:
        return (pose.x + fx * hl, pose.y + fy * hl)
    if side is _REAR:
        return (pose.x - fx * hl, pose.y - fy * hl)
    if side is _LEFT:
        return (pose.x - fy * hw, pose.y + fx * hw)
    return (pose.x + fy * hw, pose.y - fx * hw)
