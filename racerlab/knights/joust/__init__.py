"""The course of a joust: the round, and what decides who wins.

Start with ``rounds.py``. The package gives no names of its own; import each from its
module.

- ``rounds.py``: the round: drive rolls (Valor first, Surge, Stall), the order of play,
  turns and their end (a racer left on a waypoint flares), the round's end.
- ``results.py``: Durability lost (Durable's save, wrecks and their Glory, blockers'
  damage), Glory gained, the end of the race, the standings, the winner and the Falcons pot.

May import: :mod:`racerlab.core`, the engine's vocabulary and working form (``parts``,
``build``, ``actions``, ``events``, ``options``, ``state``, ``draft``) and ``geometry``.
Never ``movement`` or ``combat`` (they build on this package), the rules engine,
``queries`` or the bots.
"""
