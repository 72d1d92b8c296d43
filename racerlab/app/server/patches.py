"""Run a browser event that arrives right after a typed value under the Bokeh document lock.

Why this module exists (the "type, then click" session death): Panel 1.9 holds
a widget's new value back for about 50 ms (its debounce) before applying it.
When a button click arrives inside that window (type a seed, then click "New
random game" without pressing Enter), Panel keeps the order by scheduling one
coroutine that first applies the pending values and then the click. It hands
that coroutine to ``pn.state.execute``, which starts a coroutine on the event
loop directly, so it runs *without* the Bokeh document lock. Every model the
callbacks then change raises ``RuntimeError: _pending_writes should be
non-None ...`` inside Bokeh; our error handler reported it, which redrew the
page, which raised again, until ``RecursionError``; the session never answered
again.

:func:`install` makes Panel schedule that coroutine as a Bokeh *next-tick
callback* instead: Bokeh runs those with the document lock held and awaits a
coroutine inside the locked section, so the pending values and the click are
applied in order and may change any model. Everything else in Panel is
untouched. :func:`install` is idempotent and is called when the dashboards are
imported; on a Panel without this code path it does nothing.
"""

from __future__ import annotations

from functools import partial
from typing import Any

__all__ = ["install", "installed"]

_INSTALLED = False


def _server_event(self: Any, doc: Any, event: Any) -> None:
    """Panel's ``Syncable._server_event`` with the deferred branch run under the lock."""
    from panel.io.state import state

    if doc.session_context and (not state._unblocked(doc) or doc in state._change_callbacks):
        # a next-tick callback is run (and, being a coroutine, awaited) with the lock held
        doc.add_next_tick_callback(partial(self._event_coroutine, doc, event))
    else:
        self._comm_event(doc, event)


def install() -> bool:
    """Patch Panel once so deferred browser events run under the document lock.

    Returns whether the patch is in place (False on a Panel without the
    deferred-event code path, which does not need it).

    >>> install() == installed()
    True
    """
    global _INSTALLED
    if _INSTALLED:
        return True
    from panel.reactive import Syncable

    if not hasattr(Syncable, "_event_coroutine") or not hasattr(Syncable, "_server_event"):
        return False
    Syncable._server_event = _server_event
    _INSTALLED = True
    return True


def installed() -> bool:
    """Whether :func:`install` has patched Panel in this process."""
    return _INSTALLED
