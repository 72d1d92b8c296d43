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

The public names below load on first use (so importing one module of the package loads
only what that module needs); import them from ``racerlab.knights.geometry``. Code inside
the game imports each from its module. Start with ``body.py``, then ``motion.py``.

- ``body.py``: the racer on the table: :class:`Pose`, :class:`Body`, corners, footprints,
  reference points.
- ``motion.py``: moving a racer: straight and sideways slides, turns about a side mark,
  swept areas, the turn limit.
- ``arcs.py``: firing arcs, range and the sides an attack can land on (exact).
- ``contact.py``: sliding into things: arena walls and the first obstacle a straight slide
  meets, exactly (the reference the engine's own measures in ``movement/obstacles.py`` are
  tested against).
- ``reach.py``: where a racer can get to this round (sampled, for bots and dashboards).
- ``convex.py``: small exact helpers on convex polygons (distances, clipping).
- ``sweep.py``: the area a turning racer sweeps, and whether it touches a waypoint's disc.
- ``table.py``: the rules engine's view of the table (racer shapes, waypoint discs, walls
  and contact), cached for the questions asked on every action; imported by its own name.
- ``overlap.py``: the plain-arithmetic fast path of the table's overlap checks; imported
  by its own name.
- ``tolerance.py``: the tolerances of the geometry, in one place.

May import: :mod:`racerlab.core` and ``racerlab.knights.parts`` (arcs and sides) only: no
rule, state or catalog.

>>> from racerlab.knights.geometry import Body, Pose, front_centre, moved
>>> p = Pose(0.0, 0.0, 0.0)
>>> front_centre(p, Body(2.0, 1.0))
(1.0, 0.0)
>>> moved(p, 3.0, "forward")
Pose(x=3.0, y=0.0, heading=0.0)
"""

from __future__ import annotations

import importlib
from typing import Any

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

_WHERE = {
    "ArcWidths": "arcs",
    "AttackGeometry": "arcs",
    "arc_region": "arcs",
    "attack_geometry": "arcs",
    "distance_r": "arcs",
    "range_bands": "arcs",
    "sides_facing": "arcs",
    "Body": "body",
    "EPS": "body",
    "Point": "body",
    "Pose": "body",
    "corners": "body",
    "footprint": "body",
    "footprints": "body",
    "front_centre": "body",
    "rear_centre": "body",
    "side_centre": "body",
    "Contact": "contact",
    "Wall": "contact",
    "arena_walls": "contact",
    "first_contact": "contact",
    "DEFAULT_DEGREES_PER_HANDLING": "motion",
    "Direction": "motion",
    "away_direction": "motion",
    "direction_vector": "motion",
    "moved": "motion",
    "ram_lane": "motion",
    "swept": "motion",
    "turn_limit": "motion",
    "turned": "motion",
    "reachable_region": "reach",
}
"""The module of this package that defines each public name (loaded on first use)."""

_ALIASES = {"_direction_vector": "direction_vector"}
"""Old names kept for callers written against the first release."""


def __getattr__(name: str) -> Any:
    public = _ALIASES.get(name, name)
    if public in _WHERE:
        module = importlib.import_module(f".{_WHERE[public]}", __name__)
        return getattr(module, public)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
