"""The lean walk: what a movement leaves its mover with, by the very walk of
:func:`~.movement.resolve_move` (:func:`~.walker.walk_path`), without its events and
without writing the mover into a new board. For a caller that judges moves (the bots), not one
that plays them."""

from __future__ import annotations

from ..core.dice import ChanceSource
from .board import Board
from .move_events import BossHit
from .move_rules import DEFAULT_RULES, Movement, MoveOutcome, MoveResult, MoveRules, Path
from .movement import kept_result, resolve_move
from .walker import Walk, walk_path

__all__ = ["MoveOutcome", "outcome_of", "resolve_outcome"]


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
