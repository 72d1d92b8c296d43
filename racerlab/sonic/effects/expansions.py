"""Expansion hooks at round level: traps flip each round; Virtual Reality tokens.

Breakaway platforms are removed by the movement physics as racers leave them
and by :func:`racerlab.sonic.effects.move_boss` as the boss does; springs are
movement physics too. What is left at round level lives here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import TrapsFlipped

if TYPE_CHECKING:
    from ...core.rules import Event
    from ..board.board import Board

__all__ = ["end_of_round", "place_vr_token"]


def end_of_round(board: Board) -> tuple[Board, list[Event]]:
    """Flip every trap on the track (rulebook: at the end of each round)."""
    flipped = board.flip_traps()
    if flipped is board:
        return board, []
    changed = len(set(flipped.flipped_traps) ^ set(board.flipped_traps))
    return flipped, [TrapsFlipped(changed)]


def place_vr_token(board: Board, at_col: int, limit: int) -> tuple[Board, int | None]:
    """Put a Virtual Reality token over the first column of the section holding ``at_col``
    and the last column of the previous section; returns the board and the covered first
    column, or ``None`` when it cannot (the Start Line's section, already covered, or all
    ``limit`` tokens in play)."""
    index = board.track.section_index(at_col)
    first = board.track.offsets[index]
    if index < 1 or first in board.vr_tokens or len(board.vr_tokens) >= limit:
        return board, None
    return board.with_vr_token(index), first
