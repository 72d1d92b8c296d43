"""Boss effects added to the rulebook's primitives: each one a function registered here.

A boss's profile rules and card actions are written with the effect primitives
(:class:`~racerlab.sonic.effect_names.Effect`). An effect they lack is a function here,
registered by name and parameters with :func:`~racerlab.sonic.effect_names.boss_effect`:

.. code-block:: python

    @boss_effect("boss_gift_rings", rings=int)
    def gift_rings(board, boss_id, boss_rings, spec, racing, chance):
        \"\"\"Boss: give every racer still racing ``rings`` rings.\"\"\"
        ...
        return board, boss_rings, events

It gets the board, the boss's id and rings, the effect as the file wrote it
(``spec.get("rings")``), the seats still racing and the chance source, and returns the
board, the boss's rings and the events, as a primitive does. A boss file then names it like
any primitive (``{ effect = "boss_gift_rings", rings = 2 }``). This module is read when a
boss file names an effect that is not a primitive. None is added yet: ``docs/new-boss.md`` is
the recipe.
"""

from __future__ import annotations

__all__: list[str] = []
