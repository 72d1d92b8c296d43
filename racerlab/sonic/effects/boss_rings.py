"""Rings a boss card takes from a racer: onto the boss's profile, or scattered on the track.

``boss_steal_rings`` (the first boss decks) puts the rings it takes on the boss's profile,
so every steal adds a hit to destroy it; ``boss_scatter_rings`` (the calibrated decks,
docs/rulings.md "Rings a boss takes") knocks them off the racer instead: they fall one per
space on the column just ahead of the racer, its own lane first, so a racer can run
through some of them again. Both take rings from the racer's right-most stacks first.

>>> take_rings((3, 1, 0), 2)
((2, 0, 0), 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.frozen import fast_replace
from ..movement.racer_damage import lanes_by_distance

if TYPE_CHECKING:
    from ..board.board import Board
    from ..track import Coord

__all__ = ["scatter_rings", "scatter_spaces", "take_rings"]


def take_rings(stacks: tuple[int, ...], n: int) -> tuple[tuple[int, ...], int]:
    """The stacks after taking up to ``n`` rings, right-most stacks first, and how many."""
    left = list(stacks)
    took = 0
    for i in range(len(left) - 1, -1, -1):
        while left[i] and took < n:
            left[i] -= 1
            took += 1
    return tuple(left), took


def scatter_spaces(board: Board, pos: Coord) -> list[Coord]:
    """Where rings knocked off a racer at ``pos`` fall: the column just ahead of it (its own
    column at the end of the laid track), its own lane first, then the nearest lanes."""
    col = pos[0] + 1 if board.track.in_bounds(pos[0] + 1, pos[1]) else pos[0]
    return [(col, ln) for ln in lanes_by_distance(pos[1]) if board.track.in_bounds(col, ln)]


def scatter_rings(board: Board, racer_id: str, n: int) -> tuple[Board, int, list[Coord]]:
    """Knock up to ``n`` rings off ``racer_id``: one per space of :func:`scatter_spaces`
    (round again when there are more rings than spaces). Returns the board, the rings
    taken and the spaces they fell on."""
    token = board.racer(racer_id)
    stacks, took = take_rings(token.stacks, n)
    board = board.with_racer(fast_replace(token, stacks=stacks))
    spots = scatter_spaces(board, token.pos)
    fell: list[Coord] = []
    for k in range(took):
        spot = spots[k % len(spots)]
        board = board.with_rings(spot, board.rings_at(spot) + 1)
        fell.append(spot)
    return board, took, fell
