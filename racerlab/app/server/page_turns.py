"""Page requests taken in turn, so one server's event loop answers between two pages.

Under ``racerlab serve`` every session shares one event loop. Making a page
(its session, its frame and the HTML sent back) takes about a tenth of a
second on that loop and never yields. Thirty requests arriving together used
to run back to back in one turn of the loop, holding ``/liveness`` and every
other session's clicks for seconds. Here each page request waits for the one
before it and then for a short gap, so whatever else came in runs in between.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any

__all__ = ["GAP_S", "one_page_at_a_time", "swap_route"]

log = logging.getLogger(__name__)

GAP_S = 0.02
"""Pause between two page requests: room for the loop to answer what else waits."""

_turns: weakref.WeakKeyDictionary[Any, asyncio.Lock] = weakref.WeakKeyDictionary()
_handler: Any = None


def _turn(application: Any) -> asyncio.Lock:
    """The lock one application's page requests take in turn (used on its server's loop)."""
    lock = _turns.get(application)
    if lock is None:
        lock = _turns[application] = asyncio.Lock()
    return lock


def _handler_class() -> Any:
    """Panel's page handler, made to take its requests one at a time."""
    global _handler
    if _handler is None:
        from panel.io.server import DocHandler

        class PageInTurn(DocHandler):
            """Panel's page handler; a request waits for the one before it and a gap."""

            async def get(self, *args: Any, **kwargs: Any) -> None:
                async with _turn(self.application):
                    await asyncio.sleep(GAP_S)
                    await super().get(*args, **kwargs)

        _handler = PageInTurn
    return _handler


def swap_route(pattern: str, theirs: Any, ours: Any) -> bool:
    """Put the handler ``ours`` in Bokeh's table of per-application routes, in the place of
    Panel's ``theirs`` at ``pattern`` (for servers started from now on). Returns whether
    ``ours`` is there now (``False``: the table no longer holds Panel's handler, and
    nothing was changed)."""
    from bokeh.server import urls

    for i, (at, current, *rest) in enumerate(urls.per_app_patterns):
        if current is ours:
            return True
        if at == pattern and current is theirs:
            urls.per_app_patterns[i] = (at, ours, *rest)
            return True
    return False


def one_page_at_a_time() -> bool:
    """Make servers started from now on make one page at a time, with a gap between two.

    Puts the handler in Bokeh's routes in the place of Panel's own page handler
    (:func:`swap_route`); returns ``False`` (and logs why) when it is not there.
    """
    from panel.io.server import DocHandler

    if swap_route(r"/?", DocHandler, _handler_class()):
        return True
    log.warning("Panel's page handler was not found: page requests are not taken in turn")
    return False
