"""Movement physics: which paths a racer may take, and what happens space by space.

Two pure functions over an immutable :class:`~racerlab.sonic.board.Board`:

* :func:`paths` lists every legal path of a movement: each step forward, up or
  down (the golden rule: never back, never diagonal, never into a space
  already visited), exactly ``speed`` steps unless something stops it first: an
  obstacle, sure damage, or the end of the laid track. Treadmill pushes and the
  High Jump after a spring are followed, so a path is exactly what
  :func:`resolve_move` will walk.
* :func:`resolve_move` applies the Track Reference space by space (Run and
  Spin: every space entered; Jump: spaces passed over only for elevation and
  badnik attacks, everything else on the landing space; High Jump: only the
  landing space's terrain) and returns a :class:`MoveResult` with the new board,
  the mover, the events and where the movement ended.

:func:`damage` is the racer damage procedure (used here and by the game engine).

The pieces live in their own modules and are all importable from here:
:mod:`.move_rules` (kinds, rulings, :class:`Path`, :class:`MoveResult`),
:mod:`.path_search` (:func:`paths`), :mod:`.damage`, :mod:`.walker` (the walk space by
space); this module resolves a move.

The choices made where the rulebook is silent are listed in
docs/rulings.md; the ones that matter are fields of
:class:`MoveRules` (with documented defaults).

>>> from racerlab.sonic.board import RacerToken
>>> from racerlab.sonic.track import Section, SectionType, Track, Zone
>>> s = Section.from_grid("s", "S", Zone.BASE, SectionType.STRAIGHT, ["0.. 0.. 0.. 0.."] * 5)
>>> board = Board.new(Track((s,))).with_racer(RacerToken("sonic", 0, 2, speed=2))
>>> len(paths(board, (0, 2), 2, Movement.RUN))   # FF, FU, FD, UF, DF, UU, DD
7
>>> [p.end for p in paths(board, (0, 2), 2, Movement.RUN)][:3]
[(2, 2), (1, 1), (1, 3)]
"""

from __future__ import annotations

from ..core.dice import ChanceSource
from .board import Board
from .damage import damage, left_platform, safe_space
from .move_events import MoveEnded
from .move_rules import (
    DEFAULT_RULES,
    MAX_SPEED,
    MIN_SPEED,
    Movement,
    MoveResult,
    MoveRules,
    Path,
    landing_orders,
    speed_cap_at,
)
from .path_search import paths
from .walker import Walk, walk_path

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


# -- resolving a move -------------------------------------------------------------------------
def resolve_move(
    board: Board,
    mover: str,
    path: Path,
    kind: Movement,
    *,
    rules: MoveRules = DEFAULT_RULES,
    chance: ChanceSource | None = None,
    back_first: bool = False,
) -> MoveResult:
    """Walk ``path`` (from :func:`paths`) for racer ``mover``, applying every space's effects.

    ``kind`` is the movement the path was made for. ``chance`` draws badniks when
    a breakaway platform is left (needed only then). ``back_first`` is a
    large-base racer's choice of landing order (the space behind first). Speed
    changes during the move update the racer's Speed but the number of spaces
    stays the one planned, unless the movement ends early (obstacle, damage).
    """
    key = (id(board), mover, path.spaces, path.landings, path.pushes, path.kinds, id(kind))
    key = (*key, id(rules), back_first)  # Movement members are singletons: no enum hashing
    got = kept_result(board, key, rules, path)
    if got is not None:
        return got  # the same walk on the same board: the same result
    result, drew = _resolve(board, mover, path, kind, rules, chance, back_first)
    if not drew:  # a result that drew badniks is for that chance source only
        memo = board.path_memo()
        kept = memo.get("resolved")
        if kept is None or len(kept) >= _RESOLVED_SIZE:
            kept = memo["resolved"] = {}
        kept[key] = (board, rules, path.steps, result)
    return result


def kept_result(board: Board, key: tuple, rules: MoveRules, path: Path) -> MoveResult | None:
    """The result :func:`resolve_move` kept for ``key`` on ``board``, if any (``key``: the
    board's identity, the mover, the path's fields, the kind's and rules' identities and
    the landing order, as :func:`resolve_move` makes it)."""
    kept = board.path_memo().get("resolved")
    got = kept.get(key) if kept is not None else None
    if got is not None and got[0] is board and got[1] is rules and got[2] == path.steps:
        return got[3]
    return None


_RESOLVED_SIZE = 32
"""Resolved moves kept per path memo (the line of boards owns them): a bot's look at a
move is usually what the engine then walks."""


def _resolve(
    board: Board,
    mover: str,
    path: Path,
    kind: Movement,
    rules: MoveRules,
    chance: ChanceSource | None,
    back_first: bool,
) -> tuple[MoveResult, bool]:
    """:func:`resolve_move` itself, and whether it drew from ``chance``."""
    walk = Walk(board, mover, rules, chance)
    moved = walk_path(walk, path, kind, back_first)
    end = walk.token
    walk.events.append(MoveEnded(mover, end.pos, end.speed, moved, kind.value))
    return MoveResult(
        board=walk.board,
        mover=end,
        events=tuple(walk.events),
        ended_at=end.pos,
        damaged=tuple(walk.damaged),
        spaces_moved=moved,
        stopped=walk.stopped,
        hit_boss=walk.hit_boss,
    ), walk.drew
