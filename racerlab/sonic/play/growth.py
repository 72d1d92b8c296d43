"""Track growth: the track is laid as the race goes.

At set-up the Start, two Straights and the first Turn are laid; the first racer into
the last-laid Turn has the next sections laid (two Straights and the final Turn, then
two Straights and the Finish), each with its rings and bag badniks placed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board.board import BADNIK_ORDER
from ..events import TrackPlaced
from ..track import SectionType

if TYPE_CHECKING:
    from ..state import SonicState
    from .transition import Turn

__all__ = ["GROWTH", "STRAIGHTS", "check_growth", "grow"]

GROWTH = 3
"""Sections laid when a racer first enters a Turn (2 Straights and a Turn or the Finish)."""
STRAIGHTS = 6
"""Straights a full track uses: 2 at set-up and 2 after each Turn (rulebook)."""


def check_growth(t: Turn, state: SonicState, seat: int) -> SonicState:
    """The first racer into the last-laid Turn has the next sections laid."""
    track = state.board.track
    if not state.pending or track.sections[-1].type is not SectionType.TURN:
        return state
    first = track.offsets[-1]
    if any(token.col >= first for token in state.board.racers):
        return grow(t, state, seat)
    return state


def grow(t: Turn, state: SonicState, seat: int) -> SonicState:
    """Lay the next sections (rings and badniks placed), as ``seat`` reached them."""
    board = state.board
    pile, bag = board.ring_pile, board.bag
    yellow = state.players <= state.options.yellow_max_players
    laid = [t.facts.section(sid) for sid in state.pending[:GROWTH]]
    for section in laid:
        board = board.appended(section, t.dice, yellow=yellow)
    drawn = tuple(
        b.value
        for b, n0, n1 in zip(BADNIK_ORDER, bag, board.bag, strict=True)
        for _ in range(n0 - n1)
    )
    t.emit(TrackPlaced(tuple(s.name for s in laid), pile - board.ring_pile, drawn, seat))
    return t.change(state, board=board, pending=state.pending[GROWTH:])
