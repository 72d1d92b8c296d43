"""Bounded memos, owned by whoever makes them (a session, a plot, a rules object, a catalog).

:class:`Memo` remembers one function's answers; :class:`BoundedDict` is a plain dict of
remembered values that an object keeps for the code that uses it (a catalog's racers, a
track's terrain tables), keyed by value and emptied when full.

Results are kept by the call's arguments (which must be hashable values, like
racerlab's frozen states) up to ``maxsize``; the least recently used go first.
A memo is never shared behind its owner's back: two browser sessions each make
their own, so neither can see nor grow the other's. Calls from several threads
are safe (a value may be computed twice by a race; both answers are equal).

>>> calls = []
>>> square = Memo(lambda x: calls.append(x) or x * x, maxsize=2)
>>> square(3), square(3), square(4), square(5), square(3)
(9, 9, 16, 25, 9)
>>> calls, len(square)
([3, 4, 5, 3], 2)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

__all__ = ["BoundedDict", "Memo"]

V = TypeVar("V")


class Memo(Generic[V]):
    """Remembers ``fn(*args)`` for the ``maxsize`` most recently asked argument tuples."""

    def __init__(self, fn: Callable[..., V], maxsize: int = 256) -> None:
        if maxsize < 1:
            raise ValueError(f"maxsize must be 1 or more, got {maxsize}")
        self.fn = fn
        self.maxsize = maxsize
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, *args: Any) -> V:
        with self._lock:
            if args in self._values:
                self._values.move_to_end(args)
                return self._values[args]
        value = self.fn(*args)
        with self._lock:
            self._values[args] = value
            self._values.move_to_end(args)
            while len(self._values) > self.maxsize:
                self._values.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        """Forget every remembered value."""
        with self._lock:
            self._values.clear()


class BoundedDict(dict):
    """A dict of remembered values that never holds more than ``maxsize`` entries:
    :meth:`put` empties it first when it is full (single dict operations, so safe across
    threads). Keys are values (never an object's ``id``). A copy or a pickle of its owner
    gets an empty one: what it remembers can always be worked out again.

    >>> memo = BoundedDict(maxsize=2)
    >>> memo.put("a", 1), memo.put("b", 2), memo.put("c", 3)
    (1, 2, 3)
    >>> sorted(memo.items())
    [('c', 3)]
    >>> import pickle; pickle.loads(pickle.dumps(memo)), pickle.loads(pickle.dumps(memo)).maxsize
    ({}, 2)
    """

    __slots__ = ("maxsize",)

    def __init__(self, maxsize: int = 256) -> None:
        if maxsize < 1:
            raise ValueError(f"maxsize must be 1 or more, got {maxsize}")
        super().__init__()
        self.maxsize = maxsize

    def put(self, key: Hashable, value: V) -> V:
        """Remember ``value`` for ``key`` (emptying the dict first if it is full); returns
        ``value``."""
        if len(self) >= self.maxsize and key not in self:
            self.clear()
        self[key] = value
        return value

    def __reduce__(self) -> tuple:
        return (type(self), (self.maxsize,))

    def __copy__(self) -> BoundedDict:
        return type(self)(self.maxsize)

    def __deepcopy__(self, memo: dict) -> BoundedDict:
        return type(self)(self.maxsize)
