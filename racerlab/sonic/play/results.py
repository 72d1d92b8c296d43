"""Scoring and results: crossing the Finish Line, ending the game, naming the winners.

The winners of a race or boss game are the racers with the most rings plus badniks
among those still in (and, with ``winner_must_finish``, across the line); ties are
shared or go to the first across (``winner_tie``). Solo mode judges its one racer
differently (see :class:`~.variants.SoloVariant`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import GameEnded, RacerFinished
from ..options import WinnerTie
from ..state import Phase

if TYPE_CHECKING:
    from ..state import SonicState
    from .transition import Turn

__all__ = ["check_finish", "game_over", "race_winners"]


def check_finish(t: Turn, state: SonicState) -> SonicState:
    """Mark every racer newly across the Finish Line; the round is then played out."""
    line = state.board.track.finish_line_col
    if line is None:
        return state
    finished = list(state.finished)
    order = list(state.finish_order)
    for s, token in enumerate(state.board.racers):
        if not finished[s] and not state.lost[s] and token.col >= line:
            finished[s] = state.round
            order.append(s)
            t.emit(RacerFinished(s, state.round))
    if tuple(finished) == state.finished:
        return state
    return t.change(state, finished=tuple(finished), finish_order=tuple(order), ending=True)


def game_over(t: Turn, state: SonicState, reason: str) -> SonicState:
    """End the game: scores, winners (and a solo rank) by the mode's variant."""
    scores = tuple(state.score(s) for s in range(state.players))
    winners, rank = t.variant.results(state, scores)
    t.emit(GameEnded(scores, winners, reason, rank))
    return t.change(state, phase=Phase.OVER, winners=winners, rank=rank, end_reason=reason)


def race_winners(state: SonicState, scores: tuple[int, ...]) -> tuple[int, ...]:
    """Most rings plus badniks among the racers who may win (see the module doc)."""
    o = state.options
    eligible = [
        s
        for s in range(state.players)
        if not state.lost[s] and (state.finished[s] or not o.winner_must_finish)
    ]
    if not eligible:
        return ()
    best = max(scores[s] for s in eligible)
    tied = [s for s in eligible if scores[s] == best]
    if len(tied) > 1 and o.winner_tie is WinnerTie.FIRST_ACROSS:
        across = [s for s in state.finish_order if s in tied]
        tied = across[:1] or tied
    return tuple(tied)
