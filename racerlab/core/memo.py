"""A bounded memo of one function, owned by whoever makes it (a session, a plot, a rules object).

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

__all__ = ["Memo"]

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
