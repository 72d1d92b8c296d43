"""The lookups a line of boards shares: terrain and layout memos and token indexes.

A :class:`~racerlab.sonic.board.Board` and every board made from it share one
:class:`Lookups`, which keeps only the newest few memos and indexes, so a long game's
boards keep their values, not their lookups.
"""

from __future__ import annotations

from collections import deque
from contextlib import suppress

__all__ = ["LIVE_INDEXES", "LIVE_MEMOS", "Lookups", "Memo"]


class Memo(dict):
    """A memo of a line of boards; ``dropped`` once its line's :class:`Lookups` emptied it
    (the boards holding it then get a new one)."""

    __slots__ = ("dropped",)


LIVE_MEMOS = 6
"""Memos a line of boards keeps filled: the newest (a game needs one or two at a time)."""
LIVE_INDEXES = 16
"""Token indexes a line of boards keeps."""


class Lookups:
    """The owner of one line of boards' lookups (a board from :meth:`Board.new` and every
    board made from it): the newest :data:`LIVE_MEMOS` terrain and layout memos and up
    to :data:`LIVE_INDEXES` token indexes. Older memos are emptied and marked, so a
    Timeline of boards keeps their values, not their lookups; a board whose memo was
    dropped rebuilds what it needs (the same values: memos are pure)."""

    __slots__ = ("indexes", "memos")

    def __init__(self) -> None:
        self.memos: deque[Memo] = deque()
        self.indexes: dict[int, tuple[tuple, dict]] = {}

    def fresh(self) -> dict:
        """A new empty memo, dropping the oldest one kept when there are too many."""
        memo = Memo()
        memo.dropped = False
        memos = self.memos
        memos.append(memo)
        if len(memos) > LIVE_MEMOS:
            old = memos.popleft()
            old.clear()
            old.dropped = True
        return memo

    def index(self, items: tuple) -> dict:
        """``items`` (``(space, value)`` pairs) as a dict, built once while kept."""
        got = self.indexes.get(id(items))
        if got is None or got[0] is not items:
            return self.keep(items, dict(items))
        return got[1]

    def keep(self, items: tuple, index: dict) -> dict:
        """Keep ``index`` as the dict of ``items`` (the entry holds ``items``, so its id
        is not reused while kept)."""
        indexes = self.indexes
        if len(indexes) >= LIVE_INDEXES:
            # the oldest; boards cross threads, so another may have changed the lookups meanwhile
            with suppress(KeyError, RuntimeError, StopIteration):
                del indexes[next(iter(indexes))]
        indexes[id(items)] = (items, index)
        return index
