"""Where collected rings go on a racer's profile (Battle Racers).

The rulebook puts the rings a racer collects on the left-most stack holding the
fewest rings, all of them together: three rings collected at once onto empty stacks
give ``(3, 0, 0)``, not one on each stack. Rings collected on different spaces of a
move are separate collections, each placed by the rule in turn.

>>> collect_onto((0, 0, 0), 3)
(3, 0, 0)
>>> collect_onto((3, 1, 2), 2)
(3, 3, 2)
"""

from __future__ import annotations

__all__ = ["collect_onto", "one_at_a_time", "restack"]


def collect_onto(stacks: tuple[int, ...], n: int) -> tuple[int, ...]:
    """The stacks after collecting ``n`` rings at once: all on the left-most least-filled."""
    if not stacks or n <= 0:
        return stacks
    i = stacks.index(min(stacks))
    return (*stacks[:i], stacks[i] + n, *stacks[i + 1 :])


def one_at_a_time(total: int, count: int) -> tuple[int, ...]:
    """``count`` stacks holding ``total`` rings laid one ring at a time (each on the left-most
    least-filled stack): how a bare ring count (a director's or a scenario's) is laid out.

    >>> one_at_a_time(5, 3)
    (2, 2, 1)
    """
    if count <= 0:
        return ()
    base, extra = divmod(max(total, 0), count)
    return tuple(base + (1 if k < extra else 0) for k in range(count))


def restack(stacks: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The same rings on a profile of ``count`` stacks: stacks kept left to right, new ones
    empty; the rings of stacks that no longer exist are collected at once onto the rest.

    >>> restack((2, 1, 0), 4)
    (2, 1, 0, 0)
    >>> restack((2, 1, 0, 3), 3)
    (2, 1, 3)
    """
    if count <= 0:
        return ()
    kept = (*stacks[:count], *(0,) * max(0, count - len(stacks)))
    return collect_onto(kept, sum(stacks[count:]))
