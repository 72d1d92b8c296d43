"""What decides a joust: Durability lost, wrecks, Glory, the end of the race, the standings,
the winner and the Falcons pot.

Every loss of Durability in a joust (shots, Rams and their recoil, Collisions, flares)
goes through :func:`lose`, so Durable's save and wrecking are written once. A Ram's damage
and its recoil happen together (:func:`held`): the race ends after both.

>>> from racerlab.knights.options import KnightsOptions
>>> falcon_split(4, 0, 2, ante=1)
(3, 0, 1, 0)
>>> falcon_split(3, 1, None, ante=1)
(0, 3, 0)
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.dice import ChanceSource
from ..build import has_any
from ..events import (
    BlockerDamaged,
    BlockerDestroyed,
    DamageDealt,
    DurableRolled,
    GloryGained,
    RaceEnded,
    Wrecked,
)
from ..options import KnightsOptions, TieBreak
from ..parts import Ability
from ..state import Phase

if TYPE_CHECKING:
    from ..draft import Draft

__all__ = [
    "ALL_BUT_ONE",
    "FALCON_SHARES",
    "Result",
    "end_race",
    "falcon_split",
    "gain_glory",
    "held",
    "hit_blocker",
    "lose",
    "result",
    "winner_of",
    "wreck",
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


# -- losing Durability ---------------------------------------------------------------------
ALL_BUT_ONE = "all but one racer are Wrecked!"
"""Why a race ends when a wreck leaves one racer (or none) running."""


def lose(d: Draft, i: int, amount: int, cause: str, by: int | None, dice: ChanceSource) -> int:
    """Racer ``i`` loses ``amount`` Durability (Durable may hold it at 1); returns the loss."""
    rs = d.racers[i]
    if rs.wrecked or amount <= 0:
        return 0
    left = rs.durability - amount
    d.emit(DamageDealt(i, d.name(i), amount, max(left, 0), cause))
    if left <= 0 and has_any(d.racer(i), Ability.DURABLE):
        roll = dice.d6("durable")
        saved = roll >= d.options.durable_saves_on
        d.emit(DurableRolled(i, d.name(i), roll, saved))
        if saved:
            left = 1
    d.set(i, durability=max(left, 0))
    if left <= 0:
        wreck(d, i, by)
    return amount


def wreck(d: Draft, i: int, by: int | None) -> None:
    """Racer ``i`` is Wrecked!: Glory to the wrecker, Glory lost by the wrecked."""
    d.set(i, wrecked=True, durability=0, done=True)
    d.emit(Wrecked(i, d.name(i), by))
    g = d.options.wreck_glory
    if by is not None and by != i:
        gain_glory(d, by, g, f"wrecking {d.name(i)}")
    gain_glory(d, i, -g, "being Wrecked!")
    if not d.wrecks_held:
        _end_if_one_left(d)


@contextlib.contextmanager
def held(d: Draft) -> Iterator[None]:
    """Losses inside the block happen together: the race ends (if it does) after them all.

    A Ram's damage and its recoil are one event; the rammer's recoil still counts when
    the Ram wrecks the last opponent.
    """
    d.wrecks_held = True
    try:
        yield
    finally:
        d.wrecks_held = False
    _end_if_one_left(d)


def _end_if_one_left(d: Draft) -> None:
    if len(d.active()) <= 1 and not d.over:
        end_race(d, ALL_BUT_ONE)


def hit_blocker(d: Draft, w: int, amount: int, by: int | None) -> None:
    """Waypoint ``w``'s blocker loses ``amount`` Durability (destroyed at 0)."""
    if d.blockers[w] <= 0 or amount <= 0:
        return
    left = max(0, d.blockers[w] - amount)
    d.set_blocker(w, left)
    d.emit(BlockerDamaged(w, amount, left))
    if left == 0:
        d.emit(BlockerDestroyed(w, by))
