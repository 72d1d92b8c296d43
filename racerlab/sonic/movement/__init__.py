"""Movement physics: which paths a racer may take, and what happens space by space.

Two pure functions over an immutable :class:`~racerlab.sonic.board.board.Board`:

* :func:`~.path_search.paths` lists every legal path of a movement: each step forward,
  up or down (the golden rule: never back, never diagonal, never into a space already
  visited), exactly ``speed`` steps unless something stops it first: an obstacle, sure
  damage, or the end of the laid track. Treadmill pushes and the High Jump after a spring
  are followed, so a path is exactly what :func:`~.resolve.resolve_move` will walk.
* :func:`~.resolve.resolve_move` applies the Track Reference space by space and returns a
  :class:`~.vocabulary.MoveResult` with the new board, the mover, the events and where
  the movement ended.

The choices made where the rulebook is silent are listed in docs/rulings.md; the ones
that matter are fields of :class:`~.vocabulary.MoveRules` (with documented defaults).

>>> from racerlab.sonic.board import Board, RacerToken
>>> from racerlab.sonic.movement import Movement, paths
>>> from racerlab.sonic.track import Section, SectionType, Track, Zone
>>> s = Section.from_grid("s", "S", Zone.BASE, SectionType.STRAIGHT, ["0.. 0.. 0.. 0.."] * 5)
>>> board = Board.new(Track((s,))).with_racer(RacerToken("sonic", 0, 2, speed=2))
>>> len(paths(board, (0, 2), 2, Movement.RUN))   # FF, FU, FD, UF, DF, UU, DD
7
>>> [p.end for p in paths(board, (0, 2), 2, Movement.RUN)][:3]
[(2, 2), (1, 1), (1, 3)]

The map (a newcomer starts at ``vocabulary.py``, then ``resolve.py``):

* ``vocabulary.py``: kinds of movement (:class:`~.vocabulary.Movement`), the movement
  rulings (:class:`~.vocabulary.MoveRules`), :class:`~.vocabulary.Path`, the results, and
  the small per-board lookups every piece uses;
* ``path_search.py``: the path search, over flat per-space tables;
* ``walker.py``: the walk of one movement, space by space (:class:`~.walker.Walk`, the
  mutable working form of a move), where every effect of the Track Reference is written once;
* ``plain_spaces.py``: the table of spaces where nothing acts, which the walk takes the
  short way;
* ``racer_damage.py``: the racer damage procedure (rings lost or a restart, and where
  they go), ring pick-ups and leaving a breakaway platform;
* ``resolve.py``: :func:`~.resolve.resolve_move` (the walk as the game plays it) and the
  lean walk the bots judge moves by (:func:`~.resolve.resolve_outcome`);
* ``move_events.py``: the events of movement (what terrain, badniks, rings and damage did).

This package imports only ``racerlab.core``, ``track.py`` and ``board/``. Its public names
(those of the former ``racerlab.sonic.movement`` module) load lazily.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "DEFAULT_RULES",
    "MAX_SPEED",
    "MIN_SPEED",
    "MoveResult",
    "MoveRules",
    "Movement",
    "Path",
    "damage",
    "kept_result",
    "landing_orders",
    "left_platform",
    "paths",
    "resolve_move",
    "safe_space",
    "speed_cap_at",
]

_WHERE = {
    **dict.fromkeys(
        (
            "DEFAULT_RULES",
            "MAX_SPEED",
            "MIN_SPEED",
            "MoveResult",
            "MoveRules",
            "Movement",
            "Path",
            "landing_orders",
            "speed_cap_at",
        ),
        "vocabulary",
    ),
    **dict.fromkeys(("damage", "left_platform", "safe_space"), "racer_damage"),
    **dict.fromkeys(("kept_result", "resolve_move"), "resolve"),
    "paths": "path_search",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        module = importlib.import_module(f".{_WHERE[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
