"""The plain-space tables of the space-by-space walk (:mod:`.movement`): the spaces where a
step meets nothing that acts, so the walk may take them the short way."""

from __future__ import annotations

from typing import Any

from .board import Board
from .move_rules import MoveRules, badnik_reach
from .track import LANES, Coord

__all__ = ["beside", "plain_spaces"]


def plain_spaces(board: Board, rules: MoveRules) -> bytearray:
    """Not 0 for each space (flat index) where a run entering it or a jump passing over it
    meets nothing that acts but a Turn lane: no feature, no water, no badnik and out of
    every badnik's reach; the value is the Turn lane's number, 255 off the Turn lanes.
    Rings, elevation and the Turn lane's Speed are checked by the step itself. Kept in
    the board's layout memo (terrain and badniks)."""
    key = ("plain", rules.buzz_bomber_reach)
    memo = board.layout_memo()
    got = memo.get(key)
    if got is not None:
        return got
    got = bytearray(plain_terrain(board))
    n = len(got)
    buzz, crab = badnik_reach(board, rules)
    for col, lane in (*buzz, *crab, *(pos for pos, _ in board.badniks)):
        if 0 <= lane < LANES and 0 <= col * LANES + lane < n:
            got[col * LANES + lane] = 0
    memo[key] = got
    return got


def plain_terrain(board: Board) -> bytes:
    """The terrain's part of :func:`plain_spaces` (no feature, no water; the Turn lane
    number or 255), kept in the board's terrain memo."""
    memo = board.terrain_memo()
    got = memo.get("plain")
    if got is None:
        cells, _ = board._terrain()
        turns = board.track._turns  # each space's Turn lane number or None (Track.turn_lane)
        got = memo["plain"] = bytes(
            0 if cell.feature is not None or cell.is_water else 255 if turn is None else turn
            for cell, turn in zip(cells, turns, strict=True)
        )
    return got


def beside(rings: Any, pos: Coord) -> int:
    """Rings on the spaces just above and below ``pos`` (what a ring magnet also takes;
    ``rings`` is the rings index's ``get``)."""
    return rings((pos[0], pos[1] - 1)) or rings((pos[0], pos[1] + 1))
