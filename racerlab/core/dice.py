"""Seeded, recorded dice that can live inside an immutable game state.

Rules never touch a global random generator. A game state carries a
:class:`DiceState`, a small frozen value; :meth:`Dice.resume` turns it into a
:class:`Dice` that the rules roll with, and :meth:`Dice.snapshot` freezes the
dice again into the next state. Replaying the same actions from the same state
therefore gives the same rolls, and branching a game needs no copying.

Every roll is recorded (:attr:`Dice.log`), and the next rolls can be forced for
teaching and scenario tests:

>>> dice = Dice.seeded(7)
>>> dice.force(6, 1)
>>> dice.roll(2, purpose="attack")
(6, 1)
>>> dice.log[-1]
Roll(purpose='attack', sides=6, values=(6, 1), forced=True)
>>> a = Dice.seeded(42).roll(5)
>>> b = Dice.seeded(42).roll(5)
>>> a == b and all(1 <= v <= 6 for v in a)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

__all__ = ["ChanceSource", "Dice", "DiceState", "Roll"]

T = TypeVar("T")

_BATCH = 64  # d6 faces drawn from numpy at a time and kept in the state


@dataclass(frozen=True, slots=True)
class Roll:
    """One recorded chance result: what it was for and the values that came up."""

    purpose: str
    sides: int
    values: tuple[int, ...]
    forced: bool = False

    @property
    def total(self) -> int:
        """Sum of the values rolled."""
        return sum(self.values)


@dataclass(frozen=True, slots=True)
class DiceState:
    """The frozen state of a :class:`Dice`: seed, generator position, queued faces.

    ``forced`` faces are used before anything random; ``pending`` holds d6
    faces already drawn from the generator but not yet used.
    """

    seed: int
    generator: tuple[int, int, int, int] | None = None
    pending: tuple[int, ...] = ()
    forced: tuple[int, ...] = ()

    def with_forced(self, *values: int) -> DiceState:
        """A copy whose next d6 faces are ``values`` (after any already forced)."""
        for v in values:
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 6:
                raise ValueError(f"a forced die face must be a whole number 1-6, got {v!r}")
        return DiceState(self.seed, self.generator, self.pending, self.forced + tuple(values))

    def reseeded(self, seed: int) -> DiceState:
        """Fresh dice from ``seed``; forced faces are kept."""
        return DiceState(int(seed), None, (), self.forced)


class ChanceSource:
    """What rules may ask of chance. :class:`Dice` samples it; exact enumeration explores it."""

    def d6(self, purpose: str = "d6") -> int:
        """One six-sided die."""
        return self.roll(1, 6, purpose)[0]

    def roll(self, n: int = 1, sides: int = 6, purpose: str = "roll") -> tuple[int, ...]:
        """``n`` dice of ``sides`` faces each, in the order rolled."""
        raise NotImplementedError

    def total(self, n: int = 2, sides: int = 6, purpose: str = "roll") -> int:
        """The total of ``n`` dice, when only the sum matters (2d6 + Strength, say).

        Sampling rolls (and records) the individual dice; exact enumeration
        branches once per distinct total instead of once per face sequence.
        """
        return sum(self.roll(n, sides, purpose))

    def choice(self, items: Sequence[T], purpose: str = "draw") -> T:
        """One item drawn uniformly at random (a blind draw from a bag)."""
        raise NotImplementedError

    def order(self, items: Sequence[T], purpose: str = "roll-off") -> tuple[T, ...]:
        """A uniformly random order of ``items``: a roll-off among tied players."""
        raise NotImplementedError

    def shuffle(self, items: Sequence[T], purpose: str = "shuffle") -> tuple[T, ...]:
        """The items in a uniformly random order (a shuffled deck)."""
        return self.order(items, purpose)


class Dice(ChanceSource):
    """Dice backed by :class:`numpy.random.Generator` (PCG64), recording every roll."""

    def __init__(self, state: DiceState) -> None:
        self._origin: DiceState | None = state  # handed back while nothing is drawn or forced
        self._seed = state.seed
        self._gen_state = state.generator
        self._pending = list(state.pending)
        self._forced = list(state.forced)
        self._generator: np.random.Generator | None = None
        self.log: list[Roll] = []

    @classmethod
    def seeded(cls, seed: int) -> Dice:
        """New dice from an integer seed."""
        return cls(DiceState(int(seed)))

    @classmethod
    def resume(cls, state: DiceState) -> Dice:
        """Dice that continue exactly where ``state`` left off."""
        return cls(state)

    # -- generator plumbing -------------------------------------------------
    def _gen(self) -> np.random.Generator:
        if self._generator is None:
            bitgen = np.random.PCG64(self._seed)
            if self._gen_state is not None:
                s, inc, has32, u32 = self._gen_state
                bitgen.state = {
                    "bit_generator": "PCG64",
                    "state": {"state": s, "inc": inc},
                    "has_uint32": has32,
                    "uinteger": u32,
                }
            self._generator = np.random.Generator(bitgen)
        return self._generator

    def snapshot(self) -> DiceState:
        """Freeze the dice's current position: the very state resumed from while
        nothing was drawn or forced (most actions roll nothing)."""
        if self._origin is not None and not self.log:
            return self._origin
        if self._generator is not None:
            st = self._generator.bit_generator.state
            self._gen_state = (
                st["state"]["state"],
                st["state"]["inc"],
                st["has_uint32"],
                st["uinteger"],
            )
        return DiceState(self._seed, self._gen_state, tuple(self._pending), tuple(self._forced))

    def force(self, *values: int) -> None:
        """Make the next d6 faces come up as ``values`` (for tests and lessons)."""
        state = DiceState(self._seed).with_forced(*values)
        self._forced.extend(state.forced)
        self._origin = None

    # -- chance -------------------------------------------------------------
    def _face(self) -> tuple[int, bool]:
        if self._forced:
            return self._forced.pop(0), True
        if not self._pending:
            self._pending = self._gen().integers(1, 7, size=_BATCH).tolist()
            self._pending.reverse()
        return self._pending.pop(), False

    def roll(self, n: int = 1, sides: int = 6, purpose: str = "roll") -> tuple[int, ...]:
        """Roll ``n`` dice; d6 faces honour :meth:`force`."""
        if n < 0:
            raise ValueError("cannot roll a negative number of dice")
        forced = False
        if sides == 6:
            values = []
            for _ in range(n):
                v, f = self._face()
                values.append(v)
                forced = forced or f
            out = tuple(values)
        else:
            out = tuple(int(v) for v in self._gen().integers(1, sides + 1, size=n))
        self.log.append(Roll(purpose, sides, out, forced))
        return out

    def choice(self, items: Sequence[T], purpose: str = "draw") -> T:
        """Draw one of ``items`` uniformly; recorded with the 1-based index drawn."""
        if not items:
            raise ValueError(f"cannot draw from an empty pool ({purpose})")
        i = int(self._gen().integers(len(items)))
        self.log.append(Roll(purpose, len(items), (i + 1,)))
        return items[i]

    def order(self, items: Sequence[T], purpose: str = "roll-off") -> tuple[T, ...]:
        """Roll off: everyone tied rolls a d6, re-rolling ties, highest first."""
        items = list(items)
        if len(items) <= 1:
            return tuple(items)
        rolls = self.roll(len(items), 6, purpose)
        groups: dict[int, list[T]] = {}
        for item, r in zip(items, rolls, strict=True):
            groups.setdefault(r, []).append(item)
        result: list[T] = []
        for r in sorted(groups, reverse=True):
            result.extend(self.order(groups[r], purpose))
        return tuple(result)

    def shuffle(self, items: Sequence[T], purpose: str = "shuffle") -> tuple[T, ...]:
        """A shuffled copy of ``items`` (recorded as the permutation drawn)."""
        perm = self._gen().permutation(len(items))
        self.log.append(Roll(purpose, len(items), tuple(int(p) + 1 for p in perm)))
        return tuple(items[int(p)] for p in perm)
