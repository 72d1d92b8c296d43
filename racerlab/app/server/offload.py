"""Heavy work off the server's event loop: building a page, loading or replaying a game.

Under ``racerlab serve`` every session shares one event loop. Work that can
take a second or more (building a dashboard with its first state, replaying a
saved game from a file or a link) runs here in a small pool of worker threads
under a time budget (:func:`racerlab.core.limits.time_budget`), and only the
quick hand-over to the page runs on the loop, so every other session keeps
answering while one loads. Outside a server (notebooks, tests) the work simply
runs at once.

Bot moves and simulations are shared fairly between sessions by
:mod:`racerlab.app.server.jobs`. A write to a tab that has closed logs no traceback
(:mod:`racerlab.app.server.closed_tabs`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import panel as pn

from ...core.limits import time_budget
from ..kit.session import LOAD_BUDGET_S
from . import page_ready

__all__ = [
    "LOAD_BUDGET_S",
    "PAGE_BUDGET_S",
    "WORKERS",
    "LoadGate",
    "deferred_page",
    "hand_over",
    "in_server",
    "off_loop",
    "page_frame_parts",
]

log = logging.getLogger(__name__)

WORKERS = 2
"""Worker threads shared by every session of one server."""
PAGE_BUDGET_S = 20.0
"""After this long without its dashboard, a page says it is still being prepared."""

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="racerlab-load")
        return _pool


def in_server() -> Any:
    """The session's Bokeh document when this thread is running it under a server, else ``None``.

    Panel's current document falls back to Bokeh's process-wide one, which is whichever
    session the server's event loop is busy with at that moment: seen from another
    thread it names a page that thread is not running. So a document is answered only
    on the thread running its server's event loop; work on another thread is handed its
    document by whoever started it (see :func:`hand_over`). On the loop, the document
    whose callback Bokeh is running comes first (see :func:`_bokeh_running`).
    """
    for doc in (_bokeh_running(), pn.state.curdoc):
        if doc is not None and doc.session_context is not None:
            return doc if _runs_loop_of(doc) else None
    return None


def _bokeh_running() -> Any:
    """The document whose callback Bokeh's server is running now (it holds that document's
    lock), or ``None``.

    Panel's current document is first its own context variable, which a callback keeps
    from where it was scheduled: seen from one page's callback it can name another page,
    and work handed to that page would then change this page's models under the other's
    lock (Bokeh refuses: "_pending_writes should be non-None"). Bokeh sets the document
    of the callback it runs, so that one is asked first."""
    from panel.io.state import curdoc_locked

    return curdoc_locked()


def _runs_loop_of(doc: Any) -> bool:
    """Whether this thread is running the event loop of ``doc``'s server."""
    from tornado.ioloop import IOLoop

    server = getattr(doc.session_context, "server_context", None)
    loop = getattr(getattr(server, "application_context", None), "io_loop", None)
    return loop is not None and IOLoop.current(instance=False) is loop


def hand_over(doc: Any, fn: Callable[[], None]) -> None:
    """Run ``fn`` on ``doc``'s event loop (safe from any thread); quiet if the page closed.

    How work done on another thread gives its result back to its page: ``doc`` is the
    page's document, taken on the loop when the work was started."""
    try:
        doc.add_next_tick_callback(fn)
    except Exception:  # the session ended while the work ran
        log.debug("page closed before its work finished", exc_info=True)


def off_loop(
    work: Callable[[], Any],
    then: Callable[[Any], None],
    failed: Callable[[BaseException], None],
    *,
    budget_s: float = LOAD_BUDGET_S,
    what: str = "loading the game",
) -> Future | None:
    """Run ``work()`` in a worker, then ``then(result)`` (or ``failed(error)``) on the loop.

    Outside a server both run at once, in order. Returns the worker's future
    (``None`` when run at once).
    """
    doc = in_server()

    def run() -> Any:
        with time_budget(budget_s, what):
            return work()

    if doc is None:
        try:
            result = run()
        except Exception as exc:
            failed(exc)
        else:
            then(result)
        return None

    def done(future: Future) -> None:
        exc = future.exception()
        if exc is not None:
            hand_over(doc, lambda: failed(exc))
        else:
            result = future.result()
            hand_over(doc, lambda: then(result))

    future = _executor().submit(run)
    future.add_done_callback(done)
    return future


class LoadGate:
    """Holds page changes until the browser has shown the page, then makes them in order.

    Panel counts a session as connected only once the browser reports the page
    drawn. Changes made before that are dropped on the assumption that the
    whole document is still to be sent, but the browser may already have
    pulled it: a dashboard handed over in that window never reached the page,
    which kept saying "Preparing the game..." for good. Changes passed to
    :meth:`run` wait for :meth:`open` (Panel's ``onload``); outside a server
    the gate starts open.
    """

    def __init__(self, is_open: bool = False) -> None:
        self.is_open = is_open
        self._waiting: list[Callable[[], None]] = []

    def run(self, change: Callable[[], None]) -> None:
        """Make ``change`` now if the page is shown, else once it is."""
        if self.is_open:
            change()
        else:
            self._waiting.append(change)

    def open(self) -> None:
        """The page is shown: make the waiting changes, in the order they came."""
        self.is_open = True
        waiting, self._waiting = self._waiting, []
        for change in waiting:
            change()


def page_frame_parts() -> tuple[Any, Any, Any]:
    """The empty parts of a page frame: ``(main, sidebar, message)``, the main column
    holding only the message that the game is being prepared."""
    message = pn.pane.Alert("Preparing the game...", alert_type="info", sizing_mode="stretch_width")
    main = pn.Column(message, sizing_mode="stretch_width")
    return main, pn.Column(sizing_mode="stretch_width"), message


def deferred_page(
    title: str, build: Callable[[], Any], fill: Callable[[Any, Any, Any], None]
) -> tuple[Any, Any, Any]:
    """A page frame shown at once, filled when ``build()`` (run off the loop) is done.

    Returns ``(main, sidebar, message)``: two empty columns ``fill(app, main,
    sidebar)`` fills, and the pane saying what is happening. A build that fails
    says why; one still running after :data:`PAGE_BUDGET_S` says it is slow.
    Under a server a page built before its socket opened goes into the document
    the browser pulls (see :mod:`racerlab.app.server.page_ready`); any other change to
    the page waits until the browser has shown it (see :class:`LoadGate`).
    """
    main, sidebar, message = page_frame_parts()
    state = {"done": False}
    doc = in_server()
    gate = LoadGate(is_open=doc is None)
    if doc is not None:
        pn.state.onload(gate.open)
        page_ready.expect(doc)

    def show(app: Any) -> None:
        main[:] = []
        fill(app, main, sidebar)

    def change(make: Callable[[], None]) -> None:
        if doc is not None and page_ready.before_socket(doc):
            try:
                make()  # the browser has not pulled the document yet: it gets it whole
            finally:
                page_ready.ready(doc)
        else:
            gate.run(make)

    def then(app: Any) -> None:
        state["done"] = True
        change(lambda: show(app))

    def say(kind: str, text: str) -> None:
        message.alert_type = kind
        message.object = text

    def failed(exc: BaseException) -> None:
        state["done"] = True
        log.error("building a page failed", exc_info=exc)
        text = f"This page could not be prepared ({type(exc).__name__}). Reload it."
        change(lambda: say("danger", text))

    def slow() -> None:
        if not state["done"]:
            text = (
                f"Still preparing the game after {PAGE_BUDGET_S:g} s: the server is busy "
                "or the game is very long. The page fills in when it is ready."
            )
            gate.run(lambda: say("warning", text))

    off_loop(build, then, failed, budget_s=PAGE_BUDGET_S * 3, what="preparing the page")
    if doc is not None:
        doc.add_timeout_callback(slow, int(PAGE_BUDGET_S * 1000))
    return main, sidebar, message
