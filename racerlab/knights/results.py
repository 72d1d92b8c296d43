"""Glory and the end of a joust: gaining Glory, ending the race, the standings, the winner
and the Falcons pot.

>>> from racerlab.knights.options import KnightsOptions
>>> falcon_split(4, 0, 2, ante=1)
(3, 0, 1, 0)
>>> falcon_split(3, 1, None, ante=1)
(0, 3, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .draft import Draft
from .events import GloryGained, RaceEnded
from .options import KnightsOptions, TieBreak
from .state import Phase

__all__ = [
    "FALCON_SHARES",
    "Result",
    "end_race",
    "falcon_split",
    "gain_glory",
    "result",
    "winner_of",
]

FALCON_SHARES = {2: None, 3: None, 4: (3, 1), 5: (3, 2)}
"""Falcons to the winner and second place by player count (None: the winner takes all)."""


@dataclass(frozen=True, slots=True)
class Result:
    """Standings (best first, as (player, Glory)), the winner (None: shared) and Falcons won."""

    standings: tuple[tuple[int, int], ...]
    winner: int | None
    tied: tuple[int, ...]
    falcons: tuple[int, ...]
    reason: str

    def describe(self) -> str:
        """One line for a result."""
        who = f"player {self.winner + 1} wins" if self.winner is not None else "shared win"
        return f"{who}; Glory: " + ", ".join(f"P{p + 1} {g}" for p, g in self.standings)


def winner_of(glory: Sequence[int], racers, options: KnightsOptions) -> int | None:
    """The single winner by Glory (ties settled by the option), or ``None`` if shared."""
    top = max(glory)
    tied = [i for i, g in enumerate(glory) if g == top]
    if len(tied) == 1:
        return tied[0]
    if options.tie_break is TieBreak.LAST_WAYPOINT:
        best = max(racers[i].next_waypoint for i in tied)
        still = [i for i in tied if racers[i].next_waypoint == best]
        if len(still) == 1:
            return still[0]
    return None


def gain_glory(d: Draft, i: int, amount: int, reason: str) -> None:
    """Racer ``i`` gains (or, if negative, loses) ``amount`` Glory for ``reason``."""
    if amount == 0:
        return
    rs = d.set(i, glory=d.racers[i].glory + amount)
    d.emit(GloryGained(i, d.name(i), amount, rs.glory, reason))


def end_race(d: Draft, reason: str) -> None:
    """The race ends now, for ``reason``, with the winner by Glory."""
    d.phase = Phase.OVER
    d.pending = None
    d.end_reason = reason
    glory = tuple(r.glory for r in d.racers)
    d.emit(RaceEnded(reason, glory, winner_of(glory, d.racers, d.options)))


def _second(glory: Sequence[int], winner: int) -> int | None:
    rest = [(g, i) for i, g in enumerate(glory) if i != winner]
    if not rest:
        return None
    top = max(g for g, _ in rest)
    tied = [i for g, i in rest if g == top]
    return tied[0] if len(tied) == 1 else None


def falcon_split(
    players: int, winner: int | None, second: int | None, ante: int
) -> tuple[int, ...]:
    """Falcons each player takes home from the pot (everyone antes ``ante``).

    A shared win returns every ante; a tie for second gives that share to the winner.
    More than five players: the winner takes all.
    """
    out = [0] * players
    if winner is None:
        return tuple([ante] * players)
    shares = FALCON_SHARES.get(players)
    if shares is None:
        out[winner] = ante * players
        return tuple(out)
    first, runner = shares
    out[winner] += first * ante
    if second is None:
        out[winner] += runner * ante
    else:
        out[second] += runner * ante
    return tuple(out)


def result(state) -> Result:
    """Glory standings, winner and Falcons of a (finished or capped) joust."""
    glory = tuple(r.glory for r in state.racers)
    winner = winner_of(glory, state.racers, state.options)
    top = max(glory)
    tied = tuple(i for i, g in enumerate(glory) if g == top)
    standings = tuple(sorted(enumerate(glory), key=lambda x: (-x[1], x[0])))
    if state.options.falcons_pot:
        second = _second(glory, winner) if winner is not None else None
        falcons = falcon_split(len(glory), winner, second, state.setup.falcon_ante)
    else:
        falcons = (0,) * len(glory)
    return Result(standings, winner, tied, falcons, state.end_reason)
