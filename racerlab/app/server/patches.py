"""Every change racerlab makes to Panel's and Bokeh's own behaviour, in one place.

The dashboards need a few things Panel and Bokeh do not do by themselves. Each is a patch
of a library class, function or table, made here and nowhere else, by one call:

* :func:`apply` (no arguments): the patches every page needs. The kit applies them when
  the dashboards are imported (:mod:`racerlab.app.kit.controls`), in a notebook as under
  a server.
* ``apply(server=True)``: those, plus the ones for servers started from now on;
  ``racerlab serve`` (:func:`racerlab.app.server.serve.start_server`) calls it before
  starting its server.

Each patch is idempotent, says why it exists, and was checked against panel 1.9.4 and
bokeh 3.9.2 (tornado 6.6.1); ``pyproject.toml`` pins ``panel>=1.9,<1.10`` and
``bokeh>=3.9,<3.10`` to the versions the tests run on. A patch whose library code path is
gone does nothing and says so (returns ``False``, or logs a warning).

The page patches:

* :func:`event_lock`: a browser event arriving right after a typed value runs under the
  Bokeh document lock (the "type, then click" session death).
* :func:`local_stylesheets`: a pane updated before it is in a document takes its
  stylesheets from the served session's own route, not the CDN (pages work offline).
* :func:`markdown_without_links`: every Markdown pane's default renderer options are
  :data:`MARKDOWN_OPTIONS` (bare text never becomes a link).
* the closed-tab log filter of :mod:`racerlab.app.server.closed_tabs` (logging only, no
  code patched) is installed by :func:`apply` as well.

The server patches:

* :func:`used_bundles_only`: Bokeh's server lists only the BokehJS bundles a page uses
  (:data:`USED_BUNDLES`).
* :func:`pages_in_turn`: Panel's page handler, in Bokeh's table of routes, is replaced by
  one that takes page requests one at a time (:mod:`racerlab.app.server.page_turns`).
* :func:`sockets_wait_for_pages`: Panel's websocket handler is replaced by one that opens
  a page's socket once its dashboard is in it (:mod:`racerlab.app.server.page_ready`).

Not here, because they change nothing in how Panel or Bokeh behave, though they use their
private names for the app's own pages and panes: the app's own subclass of Panel's
Bootstrap design (:class:`racerlab.app.kit.landing.PageBootstrap`, which overrides the
design's ``_resources`` for the pages that choose it), the served page's ``dist_url``
template variable, set in the page's own document
(:func:`racerlab.app.server.offline.use_local_resources`), and the quick way of setting an
HTML pane's text (:func:`racerlab.app.kit.redraw.set_text`, which reads Panel's record of
the pane's models).
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import Any

from . import page_ready, page_turns
from .closed_tabs import quiet_closed_tabs

__all__ = [
    "MARKDOWN_OPTIONS",
    "USED_BUNDLES",
    "apply",
    "event_lock",
    "event_lock_installed",
    "local_stylesheets",
    "markdown_without_links",
    "page_handler",
    "pages_in_turn",
    "socket_handler",
    "sockets_wait_for_pages",
    "swap_route",
    "used_bundles_only",
]

log = logging.getLogger(__name__)


def apply(*, server: bool = False) -> dict[str, bool]:
    """Apply the page patches (and with ``server``, the server patches) once; calling again
    changes nothing. Returns whether each patch is in place, by name."""
    done = {
        "event_lock": event_lock(),
        "local_stylesheets": local_stylesheets(),
        "markdown_without_links": markdown_without_links(),
    }
    quiet_closed_tabs()
    if server:
        done.update(
            used_bundles_only=used_bundles_only(),
            pages_in_turn=pages_in_turn(),
            sockets_wait_for_pages=sockets_wait_for_pages(),
        )
    return done


# -- the page patches ----------------------------------------------------------------------------

# Why (the "type, then click" session death): Panel 1.9 holds a widget's new value back for
# about 50 ms (its debounce) before applying it. When a button click arrives inside that
# window (type a seed, then click "New random game" without pressing Enter), Panel keeps the
# order by scheduling one coroutine that first applies the pending values and then the click.
# It hands that coroutine to ``pn.state.execute``, which starts a coroutine on the event loop
# directly, so it runs *without* the Bokeh document lock. Every model the callbacks then
# change raises ``RuntimeError: _pending_writes should be non-None ...`` inside Bokeh; our
# error handler reported it, which redrew the page, which raised again, until
# ``RecursionError``; the session never answered again.
#
# The patch: Panel's ``Syncable._server_event`` schedules that coroutine as a Bokeh
# *next-tick callback* instead: Bokeh runs those with the document lock held and awaits a
# coroutine inside the locked section, so the pending values and the click are applied in
# order and may change any model. Everything else in Panel is untouched. Checked against
# panel 1.9.4 (``Syncable._server_event``, ``_event_coroutine``, ``_comm_event``,
# ``state._unblocked``, ``state._change_callbacks``) and bokeh 3.9.2.

_EVENT_LOCK = False


def _server_event(self: Any, doc: Any, event: Any) -> None:
    """Panel's ``Syncable._server_event`` with the deferred branch run under the lock."""
    from panel.io.state import state

    if doc.session_context and (not state._unblocked(doc) or doc in state._change_callbacks):
        # a next-tick callback is run (and, being a coroutine, awaited) with the lock held
        doc.add_next_tick_callback(partial(self._event_coroutine, doc, event))
    else:
        self._comm_event(doc, event)


def event_lock() -> bool:
    """Patch Panel once so deferred browser events run under the document lock.

    Returns whether the patch is in place (False on a Panel without the
    deferred-event code path, which does not need it).

    >>> event_lock() == event_lock_installed()
    True
    """
    global _EVENT_LOCK
    if _EVENT_LOCK:
        return True
    from panel.reactive import Syncable

    if not hasattr(Syncable, "_event_coroutine") or not hasattr(Syncable, "_server_event"):
        return False
    Syncable._server_event = _server_event
    _EVENT_LOCK = True
    return True


def event_lock_installed() -> bool:
    """Whether :func:`event_lock` has patched Panel in this process."""
    return _EVENT_LOCK


# Why: Panel patches the address of each component stylesheet (``loading.css`` among them) to
# the page's ``dist_url``, a template variable it only sets after the app's factory has built
# the page; :func:`racerlab.app.server.offline.use_local_resources` sets it before. One path
# is left: Panel updates a pane whose Bokeh model is not in a document yet (a pane on a tab
# never shown) with the CDN address, since it finds no document to ask; offline, that request
# fails. The patch: Panel's stylesheet patcher (``patch_stylesheet``, imported by name into
# ``panel.reactive`` as well) uses the current session's own ``dist_url`` in that case;
# outside a served session (a notebook) nothing changes. Checked against panel 1.9.4
# (``panel.io.resources.patch_stylesheet``, ``CDN_DIST``) and bokeh 3.9.2
# (``Document._template_variables``).

_ORIGINAL_PATCH_STYLESHEET: Any = None


def _local_first(stylesheet: Any, dist_url: str) -> Any:
    """Panel's ``patch_stylesheet``, using the session's own route instead of the CDN."""
    from panel.io.resources import CDN_DIST
    from panel.io.state import state

    if dist_url == CDN_DIST:
        doc = state.curdoc
        local = doc._template_variables.get("dist_url") if doc is not None else None
        if local:
            dist_url = local
    return _ORIGINAL_PATCH_STYLESHEET(stylesheet, dist_url)


def local_stylesheets() -> bool:
    """Make Panel's stylesheet patcher prefer the served session's own route (idempotent).

    >>> local_stylesheets() and local_stylesheets()
    True
    """
    global _ORIGINAL_PATCH_STYLESHEET
    import panel.io.resources as resources
    import panel.reactive as reactive

    if _ORIGINAL_PATCH_STYLESHEET is None:
        _ORIGINAL_PATCH_STYLESHEET = resources.patch_stylesheet
        resources.patch_stylesheet = _local_first
        reactive.patch_stylesheet = _local_first
    return True


# Why: a value from a catalog, saved game or link reaches Markdown panes escaped
# (:mod:`racerlab.app.kit.escape`), and the project's own panes are made with link-making from
# bare text ("linkify") switched off (:func:`racerlab.app.kit.escape.markdown_pane`). The
# patch makes that the default of every Markdown pane made from now on (a class parameter's
# default), so a pane built elsewhere (Panel's own Alert, a pane made without
# ``markdown_pane``) cannot turn ``example.com`` into a link either. Checked against panel
# 1.9.4 (``pn.pane.Markdown.param.renderer_options``).

MARKDOWN_OPTIONS = {"linkify": False}
"""Renderer options of every project Markdown pane: bare text never becomes a link."""


def markdown_without_links() -> bool:
    """Make :data:`MARKDOWN_OPTIONS` the default of every Markdown pane made from now on
    (idempotent), so no pane built without ``markdown_pane`` makes links either."""
    import panel as pn

    default = pn.pane.Markdown.param.renderer_options.default or {}
    if any(default.get(k) != v for k, v in MARKDOWN_OPTIONS.items()):
        pn.pane.Markdown.param.renderer_options.default = {**default, **MARKDOWN_OPTIONS}
    return True


# -- the server patches --------------------------------------------------------------------------

# Why: Bokeh's server lists all five BokehJS bundles in every page it serves, and Panel adds
# the MathJax one whenever a page holds a text pane. A served dashboard needs three of them:
# the patch leaves out the WebGL bundle (the plots draw on a canvas) and the 1.8 MB MathJax
# one (no text is set as mathematics; without it a "$$" in a name stays plain text), which is
# 2.3 MB less script for every tab to fetch and compile. It wraps
# ``BokehTornado.resources`` (checked against bokeh 3.9.2 and panel 1.9.4), for Bokeh
# servers in this process.

USED_BUNDLES = ("bokeh", "bokeh-widgets", "bokeh-tables")
"""The BokehJS bundles a served page loads (Panel's own script needs the tables one)."""


def used_bundles_only() -> bool:
    """Make Bokeh servers in this process list only :data:`USED_BUNDLES` in their pages
    (idempotent).

    >>> used_bundles_only() and used_bundles_only()
    True
    """
    from bokeh.server.tornado import BokehTornado

    original = BokehTornado.resources
    if getattr(original, "used_bundles_only", False):
        return True

    def resources(self: Any, absolute_url: Any = None) -> Any:
        listed = original(self, absolute_url)
        return listed.clone(components=[c for c in listed.components if c in USED_BUNDLES])

    resources.used_bundles_only = True  # type: ignore[attr-defined]
    resources.__doc__ = original.__doc__
    BokehTornado.resources = resources  # type: ignore[method-assign]
    return True


def swap_route(pattern: str, theirs: Any, ours: Any) -> bool:
    """Put the handler ``ours`` in Bokeh's table of per-application routes, in the place of
    Panel's ``theirs`` at ``pattern`` (for servers started from now on). Returns whether
    ``ours`` is there now (``False``: the table no longer holds Panel's handler, and
    nothing was changed). Checked against bokeh 3.9.2 (``bokeh.server.urls.per_app_patterns``)
    and panel 1.9.4 (which puts its ``DocHandler`` and ``WSHandler`` there on import)."""
    from bokeh.server import urls

    for i, (at, current, *rest) in enumerate(urls.per_app_patterns):
        if current is ours:
            return True
        if at == pattern and current is theirs:
            urls.per_app_patterns[i] = (at, ours, *rest)
            return True
    return False


# Why: see :mod:`racerlab.app.server.page_turns` (page requests taken in turn, so the event
# loop answers between two pages). The patch subclasses Panel's ``DocHandler`` (its public
# ``get``) and swaps it into Bokeh's routes. Checked against panel 1.9.4 and bokeh 3.9.2.

_PAGE_HANDLER: Any = None


def page_handler() -> Any:
    """Panel's page handler, made to take its requests one at a time (one class per process)."""
    global _PAGE_HANDLER
    if _PAGE_HANDLER is None:
        from panel.io.server import DocHandler

        class PageInTurn(DocHandler):
            """Panel's page handler; a request waits for the one before it and a gap."""

            async def get(self, *args: Any, **kwargs: Any) -> None:
                async with page_turns.turn(self.application):
                    await asyncio.sleep(page_turns.GAP_S)
                    await super().get(*args, **kwargs)

        _PAGE_HANDLER = PageInTurn
    return _PAGE_HANDLER


def pages_in_turn() -> bool:
    """Make servers started from now on make one page at a time, with a gap between two.

    Puts :func:`page_handler` in Bokeh's routes in the place of Panel's own page handler
    (:func:`swap_route`); returns ``False`` (and logs why) when it is not there.
    """
    from panel.io.server import DocHandler

    if swap_route(r"/?", DocHandler, page_handler()):
        return True
    log.warning("Panel's page handler was not found: page requests are not taken in turn")
    return False


# Why: see :mod:`racerlab.app.server.page_ready` (a served page's socket opens once its
# dashboard is in the page, so the browser's first document is the whole dashboard). The
# patch subclasses Panel's ``WSHandler`` and overrides its private ``_async_open`` (the
# socket's opening, which acknowledges it to the browser), and swaps it into Bokeh's routes.
# Checked against panel 1.9.4 (``WSHandler._async_open``) and bokeh 3.9.2
# (``application_context.get_session``, ``bokeh.util.token.get_session_id``).

_SOCKET_HANDLER: Any = None


def socket_handler() -> Any:
    """Panel's socket handler, made to wait for its page's dashboard before opening (one
    class per process)."""
    global _SOCKET_HANDLER
    if _SOCKET_HANDLER is None:
        from bokeh.util.token import get_session_id
        from panel.io.server import WSHandler

        class SocketWhenReady(WSHandler):
            """Panel's socket handler; opening waits for the page's dashboard."""

            async def _async_open(self, token: str) -> None:
                try:
                    session = self.application_context.get_session(get_session_id(token))
                except Exception:  # no such session yet: Bokeh makes (or refuses) it
                    session = None
                if session is not None:
                    await page_ready.wait_for(session.document)
                await super()._async_open(token)
                connection = getattr(self, "connection", None)
                if connection is not None:  # Bokeh made (or found) the session, connected
                    page_ready.note_opened(connection.session.document)

        _SOCKET_HANDLER = SocketWhenReady
    return _SOCKET_HANDLER


def sockets_wait_for_pages() -> bool:
    """Make servers started from now on open a page's socket once its dashboard is in it.

    Puts :func:`socket_handler` in Bokeh's routes in the place of Panel's socket handler
    (:func:`swap_route`) and tells :mod:`~racerlab.app.server.page_ready` so; returns
    ``False`` (and logs why) when it is not there.
    """
    from panel.io.server import WSHandler

    if swap_route(r"/ws", WSHandler, socket_handler()):
        page_ready.sockets_wait()
        return True
    log.warning("Panel's socket handler was not found: pages may be filled in twice")
    return False
