"""What the catalog's effect primitives do, and the expansions' hooks on the board.

The primitives (racer Abilities and Powers, boss rules) are named in ``effect_names.py``,
the vocabulary the catalog files are written in; their behaviour is here. The map (a
newcomer starts at ``primitives.py``):

* ``primitives.py``: the behaviour of every effect primitive: Abilities shape a racer's
  token and card Speed cap, Powers run when a racer uses its Power card, boss primitives
  run when a boss card or profile rule resolves (each primitive implemented exactly once);
* ``boss_rings.py``: the rings a boss card takes from a racer (onto the boss's profile, or
  scattered on the track);
* ``expansions.py``: the expansions' round-level hooks: traps flip each round, Virtual
  Reality tokens.
* ``added.py``: boss effects added to the primitives, each a function registered by name
  (read when a boss file names an effect that is not a primitive).

This package imports ``racerlab.core``, the top-level vocabulary modules (``track.py``,
``effect_names.py``, ``events.py``), ``board/``, ``movement/`` and, for type hints only,
``catalog/``. Its public names (those of the former ``racerlab.sonic.effects`` module)
load lazily.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "HANDLED",
    "apply_boss_effect",
    "apply_power",
    "hurt",
    "power_movement",
    "power_options",
    "power_speed",
    "racer_token",
    "speed_cap",
    "spread_rings",
    "start_speed",
]

_WHERE = dict.fromkeys(
    (*__all__, "ABILITIES", "BOSS", "POWERS", "boss_step", "move_boss", "targets"), "primitives"
)


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        module = importlib.import_module(f".{_WHERE[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
