"""Table geometry for Racer Knights: racer footprints, moves, turns, firing arcs, range, contact.

Conventions (the rules engine relies on them):

* Lengths are in **M** (1.0 = the short side of a card). One **R** (the long side) is
  ``r_per_m`` M; it is always passed in (1.4 for 2.5 x 3.5 inch cards), never assumed.
* Angles are in degrees; heading 0 points along +x and angles grow counter-clockwise.
* A racer is an oriented rectangle, :class:`Body` (length along its heading, width across),
  centred on :class:`Pose` ``(x, y)``.
* Corners are listed counter-clockwise starting at the front-right corner:
  front-right, front-left, rear-left, rear-right.

Hot functions work on plain floats (a racer has four corners, so Python arithmetic beats
any library call) and only build shapely geometry when a polygon is asked for.
:func:`attack_geometry` is exact (no circle approximation); :func:`arc_region` is a polygon
for drawing and quick area queries. The rulings behind the geometry are recorded in
``docs/rulings.md``.

The package is split by topic (:mod:`.body`, :mod:`.motion`, :mod:`.arcs`, :mod:`.contact`,
:mod:`.reach`); import everything from ``racerlab.knights.geometry``. Two modules serve the
rules engine directly and are imported by their own names: :mod:`.table` (the arena's
racer shapes, waypoint discs, walls and contact, cached for the questions asked on every
action) and :mod:`.overlap` (the plain-arithmetic fast path of its overlap checks).

>>> p = Pose(0.0, 0.0, 0.0)
>>> front_centre(p, Body(2.0, 1.0))
(1.0, 0.0)
>>> moved(p, 3.0, "forward")
Pose(x=3.0, y=0.0, heading=0.0)
"""

from __future__ import annotations

from .arcs import (
    ArcWidths,
    AttackGeometry,
    arc_region,
    attack_geometry,
    distance_r,
    range_bands,
    sides_facing,
)
from .body import (
    EPS,
    Body,
    Point,
    Pose,
    corners,
    footprint,
    footprints,
    front_centre,
    rear_centre,
    side_centre,
)
from .contact import Contact, Wall, arena_walls, first_contact
from .motion import (
    DEFAULT_DEGREES_PER_HANDLING,
    Direction,
    away_direction,
    direction_vector,
    moved,
    ram_lane,
    swept,
    turn_limit,
    turned,
)
from .reach import reachable_region

_direction_vector = direction_vector  # kept for callers written against the first release

__all__ = [
    "DEFAULT_DEGREES_PER_HANDLING",
    "EPS",
    "ArcWidths",
    "AttackGeometry",
    "Body",
    "Contact",
    "Direction",
    "Point",
    "Pose",
    "Wall",
    "arc_region",
    "arena_walls",
    "attack_geometry",
    "away_direction",
    "corners",
    "direction_vector",
    "distance_r",
    "first_contact",
    "footprint",
    "footprints",
    "front_centre",
    "moved",
    "ram_lane",
    "range_bands",
    "reachable_region",
    "rear_centre",
    "side_centre",
    "sides_facing",
    "swept",
    "turn_limit",
    "turned",
]
