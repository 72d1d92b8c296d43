"""Page requests taken in turn, so one server's event loop answers between two pages.

Under ``racerlab serve`` every session shares one event loop. Making a page
(its session, its frame and the HTML sent back) takes about a tenth of a
second on that loop and never yields. Thirty requests arriving together used
to run back to back in one turn of the loop, holding ``/liveness`` and every
other session's clicks for seconds. Here each page request waits for the one
before it and then for a short gap, so whatever else came in runs in between.

This module holds the turns; the page handler that takes them (Panel's, made to wait
for :func:`turn` and :data:`GAP_S`) is put in Bokeh's routes by
:func:`racerlab.app.server.patches.pages_in_turn`.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

__all__ = ["GAP_S", "turn"]

GAP_S = 0.02
"""Pause between two page requests: room for the loop to answer what else waits."""

_turns: weakref.WeakKeyDictionary[Any, asyncio.Lock] = weakref.WeakKeyDictionary()


def turn(application: Any) -> asyncio.Lock:
    """The lock one application's page requests take in turn (used on its server's loop)."""
    lock = _turns.get(application)
    if lock is None:
        lock = _turns[application] = asyncio.Lock()
    return lock
