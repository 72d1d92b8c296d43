"""Exact probabilities, computed by running the rules themselves over every roll.

Rules ask for chance through a :class:`~racerlab.core.dice.ChanceSource`. Where
:class:`~racerlab.core.dice.Dice` samples it, :func:`exact` walks every branch:
it runs a function once per distinct sequence of rolls, and weighs each result
by its exact probability. So an attack's hit chance, a damage distribution or
a drive-order table comes from the same code that plays the game, never from a
second copy of the rules.

>>> dist = exact(lambda d: sum(d.roll(2)))
>>> dist[7]
Fraction(1, 6)
>>> probability(dist, lambda total: total > 8)
Fraction(5, 18)
>>> sum(dist.values())
Fraction(1, 1)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import TypeVar

from .dice import ChanceSource

__all__ = [
    "Distribution",
    "TooManyOutcomes",
    "chance_above",
    "check_distribution",
    "d6_outcomes",
    "exact",
    "expectation",
    "probability",
    "sum_outcomes",
]

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)

Distribution = dict
"""A mapping from outcome to its exact :class:`~fractions.Fraction` probability."""


class TooManyOutcomes(RuntimeError):
    """Exact enumeration would visit more branches than the limit allows."""


def d6_outcomes() -> list[tuple[int, Fraction]]:
    """The chance outcomes of one d6 as ``(face, probability)`` pairs.

    >>> d6_outcomes()[0]
    (1, Fraction(1, 6))
    """
    return [(face, Fraction(1, 6)) for face in range(1, 7)]


def sum_outcomes(n: int, sides: int = 6) -> list[tuple[int, Fraction]]:
    """The distribution of the total of ``n`` dice as ``(total, probability)`` pairs.

    >>> dict(sum_outcomes(2))[12]
    Fraction(1, 36)
    """
    counts: dict[int, int] = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for total, c in counts.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + c
        counts = nxt
    denom = sides**n
    return [(t, Fraction(c, denom)) for t, c in sorted(counts.items())]


@functools.cache
def _totals(n: int, sides: int) -> tuple[tuple[int, ...], tuple[Fraction, ...]]:
    pairs = sum_outcomes(n, sides)
    return tuple(t for t, _ in pairs), tuple(p for _, p in pairs)


@functools.cache
def chance_above(k: int, n: int = 2, sides: int = 6) -> Fraction:
    """The exact chance that the total of ``n`` dice is above ``k``: the probability
    :func:`exact` gives the outcomes of a roll decided by that alone (the same weights).

    >>> chance_above(7), chance_above(1), chance_above(12)
    (Fraction(5, 12), Fraction(1, 1), Fraction(0, 1))
    """
    totals, weights = _totals(n, sides)
    return sum((p for t, p in zip(totals, weights, strict=True) if t > k), Fraction(0))


class _Explorer(ChanceSource):
    """A chance source that follows a scripted branch prefix, then takes branch 0."""

    def __init__(self, script: list[int]) -> None:
        self.script = script
        self.pos = 0
        self.widths: list[int] = []
        self.prob = Fraction(1)

    def _branch(self, width: int, weights: Sequence[Fraction] | None = None) -> int:
        if self.pos < len(self.script):
            i = self.script[self.pos]
        else:
            i = 0
            self.script.append(0)
        self.widths.append(width)
        self.pos += 1
        self.prob *= weights[i] if weights is not None else Fraction(1, width)
        return i

    def roll(self, n: int = 1, sides: int = 6, purpose: str = "roll") -> tuple[int, ...]:
        return tuple(self._branch(sides) + 1 for _ in range(n))

    def total(self, n: int = 2, sides: int = 6, purpose: str = "roll") -> int:
        totals, weights = _totals(n, sides)
        return totals[self._branch(len(totals), weights)]

    def choice(self, items: Sequence[T], purpose: str = "draw") -> T:
        return items[self._branch(len(items))]

    def order(self, items: Sequence[T], purpose: str = "roll-off") -> tuple[T, ...]:
        # A fair roll-off gives every order the same chance, so branch on the
        # permutation directly instead of on (unbounded) re-rolls of ties.
        items = list(items)
        if len(items) <= 1:
            return tuple(items)
        perms = list(itertools.permutations(items))
        return perms[self._branch(len(perms))]


def exact(fn: Callable[[ChanceSource], K], *, limit: int = 200_000) -> dict[K, Fraction]:
    """Run ``fn`` over every sequence of chance results; return outcome -> probability.

    ``fn`` must be deterministic given its rolls and must return a hashable
    outcome. Raises :class:`TooManyOutcomes` past ``limit`` runs.
    """
    result: dict[K, Fraction] = {}
    script: list[int] = []
    runs = 0
    while True:
        runs += 1
        if runs > limit:
            raise TooManyOutcomes(f"more than {limit} chance branches")
        src = _Explorer(script)
        outcome = fn(src)
        result[outcome] = result.get(outcome, Fraction(0)) + src.prob
        # advance the odometer over the branches actually taken
        widths = src.widths
        del script[len(widths) :]
        i = len(widths) - 1
        while i >= 0 and script[i] + 1 >= widths[i]:
            i -= 1
        if i < 0:
            return result
        script[i] += 1
        del script[i + 1 :]


def probability(dist: dict[K, Fraction], event: Callable[[K], bool]) -> Fraction:
    """Total probability of the outcomes for which ``event`` is true."""
    return sum((p for o, p in dist.items() if event(o)), Fraction(0))


def expectation(dist: dict[K, Fraction], value: Callable[[K], float | int | Fraction]) -> Fraction:
    """The expected ``value`` of an outcome drawn from ``dist``.

    >>> expectation(exact(lambda d: d.d6()), lambda face: face)
    Fraction(7, 2)
    """
    return sum((Fraction(value(o)) * p for o, p in dist.items()), Fraction(0))


def check_distribution(pairs: Iterable[tuple[object, Fraction]]) -> None:
    """Raise ``ValueError`` unless the probabilities are in [0, 1] and sum to exactly 1."""
    total = Fraction(0)
    for outcome, p in pairs:
        if not 0 <= p <= 1:
            raise ValueError(f"probability {p} of {outcome!r} is outside [0, 1]")
        total += p
    if total != 1:
        raise ValueError(f"probabilities sum to {total}, not 1")
