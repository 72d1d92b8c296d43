"""Moving racers: moves, turns and forced moves, the waypoints they cross, what they touch.

Start with ``moves.py``. The package gives no names of its own; import each from its
module.

- ``moves.py``: moving and turning (costs, the 1M-before-turning rule, contact), Discharge,
  forced moves (Bounce's push and its Collision) and crossing waypoints (which waypoints a
  slide or a turn passes over, and their Glory).
- ``obstacles.py``: what stands in a racer's way on a draft (racers, standing blockers,
  walls) and where a slide would first touch it, in plain arithmetic, shared by the rules
  and the bots' previews. The exact shapely measure they are tested against is
  ``geometry/contact.py``.

May import: :mod:`racerlab.core`, the engine's vocabulary and working form (``parts``,
``build``, ``actions``, ``events``, ``options``, ``state``, ``draft``), ``geometry`` and
``joust`` (Durability lost in a Collision, Glory for a crossing). Never ``combat``, the
rules engine, ``queries`` or the bots.
"""
