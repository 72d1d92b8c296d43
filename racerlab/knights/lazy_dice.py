"""Dice for one action that are only resumed when something is rolled.

Most actions of a joust (moves, turns, bids without a roll) roll nothing; the core's
:class:`~racerlab.core.dice.Dice` would still be resumed from the state's
:class:`~racerlab.core.dice.DiceState` and frozen into a new one. :class:`LazyDice` asks the
same :class:`Dice` for every roll, so the rolls are the core's exactly, but it resumes them
only on the first roll, and :meth:`LazyDice.snapshot` hands back the state's own
``DiceState`` when nothing was rolled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..core.dice import ChanceSource, Dice, DiceState, Roll

__all__ = ["LazyDice"]

T = TypeVar("T")


class LazyDice(ChanceSource):
    """A :class:`ChanceSource` over ``state``'s dice, resumed on the first roll."""

    __slots__ = ("_dice", "_state")

    def __init__(self, state: DiceState) -> None:
        self._state = state
        self._dice: Dice | None = None

    def _resumed(self) -> Dice:
        dice = self._dice
        if dice is None:
            dice = self._dice = Dice.resume(self._state)
        return dice

    def roll(self, n: int = 1, sides: int = 6, purpose: str = "roll") -> tuple[int, ...]:
        """As :meth:`Dice.roll`."""
        return self._resumed().roll(n, sides, purpose)

    def choice(self, items: Sequence[T], purpose: str = "draw") -> T:
        """As :meth:`Dice.choice`."""
        return self._resumed().choice(items, purpose)

    def order(self, items: Sequence[T], purpose: str = "roll-off") -> tuple[T, ...]:
        """As :meth:`Dice.order`."""
        return self._resumed().order(items, purpose)

    def shuffle(self, items: Sequence[T], purpose: str = "shuffle") -> tuple[T, ...]:
        """As :meth:`Dice.shuffle`."""
        return self._resumed().shuffle(items, purpose)

    def snapshot(self) -> DiceState:
        """The dice's position now: the state's own value when nothing was rolled."""
        return self._state if self._dice is None else self._dice.snapshot()

    def rolls(self) -> tuple[Roll, ...]:
        """Every roll made, in order."""
        return () if self._dice is None else tuple(self._dice.log)
