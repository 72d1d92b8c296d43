"""A served page's socket opens once its dashboard is in the page, so the browser's
first document is the whole dashboard.

A served dashboard is built in a worker thread (:mod:`racerlab.app.server.offload`)
while the browser fetches the page's scripts. If the browser pulled the
document before the dashboard was in it, the dashboard could only follow as one
large change after the browser reports the page drawn (Panel drops earlier
changes, see :class:`~racerlab.app.server.offload.LoadGate`): one more round trip, and
BokehJS laying the whole page out a second time. Here the page's socket waits,
without holding the event loop, until the dashboard is in the document; Bokeh
acknowledges the socket only then, so the document the browser then pulls holds
it. A build still running after :data:`READY_WAIT_S` lets the socket open on the
bare frame ("Preparing the game..."), and the dashboard follows through the
gate as before.

This module holds what each page's socket waits for; the socket handler that waits
(Panel's, made to await :func:`wait_for` before opening) is put in Bokeh's routes by
:func:`racerlab.app.server.patches.sockets_wait_for_pages`, which then calls
:func:`sockets_wait`.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from typing import Any

__all__ = [
    "FILLING_WAIT_S",
    "READY_WAIT_S",
    "before_socket",
    "expect",
    "note_opened",
    "ready",
    "socket_opened",
    "sockets_wait",
    "wait_for",
]

READY_WAIT_S = 1.0
"""Longest a page's socket waits for a dashboard still being built."""
FILLING_WAIT_S = 30.0
"""Longest it waits for a dashboard already going into the page (a few turns of the loop,
unless the session ended meanwhile)."""

_TICKS = 50
"""Event-loop turns :func:`ready` waits at most for the page's queued changes."""


class _Page:
    """What one served document's socket waits for."""

    def __init__(self) -> None:
        self.filled = asyncio.Event()
        self.filling = False  # the dashboard is going in: the socket waits for it, however long
        self.socket_open = False


_pages: weakref.WeakKeyDictionary[Any, _Page] = weakref.WeakKeyDictionary()
_opened: weakref.WeakSet[Any] = weakref.WeakSet()
"""Documents a socket has opened on (a page shown at least once)."""
_installed = False
"""Whether servers started in this process open a page's socket only once it is ready."""


def socket_opened(doc: Any) -> bool:
    """Whether a socket has opened on ``doc`` (its page was shown, even if only briefly)."""
    return doc in _opened


def note_opened(doc: Any) -> None:
    """A socket has opened on ``doc`` (told by the socket handler, once Bokeh connected it)."""
    _opened.add(doc)


def sockets_wait() -> None:
    """Servers started in this process from now on open a page's socket only once the page
    is ready (told by :func:`racerlab.app.server.patches.sockets_wait_for_pages` once its
    socket handler is in Bokeh's routes): :func:`expect` then registers pages."""
    global _installed
    _installed = True


def expect(doc: Any) -> None:
    """``doc``'s socket is to wait for :func:`ready` (called on the loop, as the page is made).

    A page made for its socket (under several server processes, when the socket reaches
    a process other than the one that sent the HTML) is not waited for: that socket is
    opening already, so its dashboard goes through the gate. Nor is a page of a server
    whose sockets do not wait (one started without
    :func:`racerlab.app.server.patches.sockets_wait_for_pages`): its browser may pull the
    document before the dashboard is in it, and changes made then never reach the page."""
    if not _installed:
        return
    request = getattr(doc.session_context, "request", None)
    if str(getattr(request, "path", "")).endswith("/ws"):
        return
    _pages[doc] = _Page()


def before_socket(doc: Any) -> bool:
    """Whether ``doc``'s socket still waits: a change made now (and through :func:`ready`)
    reaches the browser in its first document. Saying so commits the socket to wait for
    :func:`ready`."""
    page = _pages.get(doc)
    if page is None or page.socket_open:
        return False
    page.filling = True
    return True


def ready(doc: Any) -> None:
    """``doc`` holds its dashboard: let its socket open once the changes Panel queued for
    the next turns of the loop have run (it makes a page's models on the next turn)."""
    from bokeh.server.callbacks import NextTickCallback

    page = _pages.get(doc)
    if page is None:
        return

    def check(turns_left: int) -> None:
        queued = any(isinstance(cb, NextTickCallback) for cb in doc.session_callbacks)
        if queued and turns_left > 0:
            doc.add_next_tick_callback(lambda: check(turns_left - 1))
        else:
            page.filled.set()

    doc.add_next_tick_callback(lambda: check(_TICKS))


async def wait_for(doc: Any) -> None:
    """Wait (without holding the event loop) until ``doc`` holds its dashboard, at most
    :data:`READY_WAIT_S` (or :data:`FILLING_WAIT_S` for one already going in); from then on
    its socket counts as open."""
    page = _pages.get(doc)
    if page is None or page.socket_open:
        return
    try:
        await asyncio.wait_for(page.filled.wait(), READY_WAIT_S)
    except TimeoutError:
        if page.filling:  # the dashboard is going in now: a few turns of the loop
            with contextlib.suppress(TimeoutError):  # unless the session ended meanwhile
                await asyncio.wait_for(page.filled.wait(), FILLING_WAIT_S)
    page.socket_open = True
