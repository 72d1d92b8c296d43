"""The plain-space tables of the space-by-space walk (:mod:`.walker`): the spaces where a
step meets nothing that acts, so the walk may take them the short way."""

from __future__ import annotations

from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..track import LANES, MIN_ELEVATION
from .vocabulary import badnik_reach

if TYPE_CHECKING:
    from ..board.board import Board
    from ..track import Coord
    from .vocabulary import MoveRules

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
        cells, _ = board.terrain_tables()
        turns = board.track.flat_turns  # each space's Turn lane number or None (Track.turn_lane)
        table = bytearray(map(_OFF_TURNS.get, turns, turns))  # a Turn lane's number, else 255
        every = range(len(cells))
        for i in compress(every, map(_FEATURE, cells)):  # the spaces with a feature
            table[i] = 0
        for i in compress(every, map(_WATER, map(_ELEVATION, cells))):
            table[i] = 0
        got = memo["plain"] = bytes(table)
    return got


_OFF_TURNS = {None: 255}
"""A space's byte in :func:`plain_terrain` off the Turn lanes (on them: the lane's number)."""
_FEATURE, _ELEVATION = attrgetter("feature"), attrgetter("elevation")
_WATER = MIN_ELEVATION.__eq__  # water is the lowest elevation (Cell.is_water)


def beside(rings: Any, pos: Coord) -> int:
    """Rings on the spaces just above and below ``pos`` (what a ring magnet also takes;
    ``rings`` is the rings index's ``get``)."""
    return rings((pos[0], pos[1] - 1)) or rings((pos[0], pos[1] + 1))
