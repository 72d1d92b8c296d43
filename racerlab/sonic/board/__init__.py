"""The board: the laid track and every token on it (racers, rings, badniks, rocks, the boss).

The map:

* ``board.py``: :class:`Board` (immutable: every change returns a new board),
  :class:`RacerToken` (a racer as movement sees it) and :class:`Badnik`; a newcomer starts
  here;
* ``lookups.py``: the terrain and layout memos and token indexes a line of boards shares,
  owned and bounded by the line (:class:`~.lookups.Lookups`);
* ``rings.py``: where collected rings go on a racer's profile (its ring stacks).

This package imports only ``racerlab.core`` and the printed track (``track.py``). Its
public names load lazily: ``from racerlab.sonic.board import Board`` works as before.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["BADNIK_ORDER", "VR_CELL", "Badnik", "Board", "RacerToken"]

_WHERE = dict.fromkeys((*__all__, "trap_columns"), "board")


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        module = importlib.import_module(f".{_WHERE[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
