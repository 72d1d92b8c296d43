"""Resolving a move: the whole walk of a path as the game plays it, and the lean walk.

* :func:`resolve_move` applies the Track Reference space by space (Run and Spin: every
  space entered; Jump: spaces passed over only for elevation and badnik attacks,
  everything else on the landing space; High Jump: only the landing space's terrain) and
  returns a :class:`~.vocabulary.MoveResult` with the new board, the mover, the events and
  where the movement ended. A result is kept on the board's path memo, so the same walk
  on the same board is made once.
* :func:`resolve_outcome`, the lean walk: what a movement leaves its mover with, by the
  very walk of :func:`resolve_move` (:func:`~.walker.walk_path`), without its events and
  without writing the mover into a new board. For a caller that judges moves (the bots),
  not one that plays them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .move_events import BossHit, MoveEnded
from .vocabulary import DEFAULT_RULES, MoveOutcome, MoveResult
from .walker import Walk, walk_path

if TYPE_CHECKING:
    from ...core.dice import ChanceSource
    from ..board.board import Board
    from .vocabulary import Movement, MoveRules, Path

__all__ = ["kept_result", "outcome_of", "resolve_move", "resolve_outcome"]


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


# -- the lean walk ------------------------------------------------------------------------------
def resolve_outcome(
    board: Board,
    mover: str,
    path: Path,
    kind: Movement,
    *,
    rules: MoveRules = DEFAULT_RULES,
    chance: ChanceSource | None = None,
    back_first: bool = False,
    keep: bool = False,
) -> MoveOutcome:
    """The lean walk: what :func:`resolve_move` leaves the mover with (its token, who was
    damaged, how it reached the boss) by the same walk, without the events and without
    writing the mover into the board. For a caller that judges a move, not one that plays
    it; a result :func:`resolve_move` kept for this very walk is used instead, and with
    ``keep`` the full walk is made and kept (for a move about to be played)."""
    key = (id(board), mover, path.spaces, path.landings, path.pushes, path.kinds, id(kind))
    got = kept_result(board, (*key, id(rules), back_first), rules, path)
    if got is None and keep:
        got = resolve_move(
            board, mover, path, kind, rules=rules, chance=chance, back_first=back_first
        )
    if got is not None:
        return outcome_of(got)
    walk = Walk(board, mover, rules, chance, lean=True)
    walk_path(walk, path, kind, back_first)
    return MoveOutcome(walk.token, tuple(walk.damaged), tuple(walk.boss_hits), walk.rest)


def outcome_of(result: MoveResult) -> MoveOutcome:
    """The :class:`MoveOutcome` of a full walk's ``result``."""
    hits = tuple(e.kind for e in result.events if type(e) is BossHit) if result.hit_boss else ()
    return MoveOutcome(result.mover, result.damaged, hits, result.board)
