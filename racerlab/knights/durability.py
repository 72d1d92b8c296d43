"""Losing Durability: Durable's save, wrecks and their Glory, and blockers' damage.

Every loss of Durability in a joust (shots, Rams and their recoil, Collisions, flares)
goes through :func:`lose`, so Durable and wrecking are written once. A Ram's damage and
its recoil happen together (:func:`held`): the race ends after both.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from ..core.dice import ChanceSource
from .draft import Draft, has_any
from .events import BlockerDamaged, BlockerDestroyed, DamageDealt, DurableRolled, Wrecked
from .parts import Ability
from .results import end_race, gain_glory

__all__ = ["ALL_BUT_ONE", "held", "hit_blocker", "lose", "wreck"]

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
