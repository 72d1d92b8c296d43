"""Heavy work off the server's event loop: building a page, loading or replaying a game.

Under ``racerlab serve`` every session shares one event loop. Work that can
take a second or more (building a dashboard with its first state, replaying a
saved game from a file or a link) runs here in a small pool of worker threads
under a time budget (:func:`racerlab.core.limits.time_budget`), and only the
quick hand-over to the page runs on the loop, so every other session keeps
answering while one loads. Outside a server (notebooks, tests) the work simply
runs at once.

Hand-overs take their turn: a built page is put into its frame in pieces (one
part of the dashboard each), and the pieces of every page wait in one queue per
event loop, run one at a time with the loop free to answer others between two
of them (:func:`in_turn`). A page is handed over only once its browser has
loaded the frame (``pn.state.onload``), so a page nobody opened costs no hand-over.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import panel as pn

from ..core.limits import time_budget
from .session import LOAD_BUDGET_S

__all__ = [
    "LOAD_BUDGET_S",
    "PAGE_BUDGET_S",
    "WORKERS",
    "deferred_page",
    "in_server",
    "in_turn",
    "off_loop",
    "waiting_pages",
]

log = logging.getLogger(__name__)

WORKERS = 1
"""Worker threads shared by every session of one server (one: the event loop then
keeps at least half of the interpreter's time while pages are built)."""
PAGE_BUDGET_S = 20.0
"""After this long without its dashboard, a page says it is still being prepared."""
TURN_WATCHDOG_S = 10.0
"""A piece not run this long after its turn came (its page closed) lets the next one go."""
GAP_S = 0.02
"""Pause between two page requests or two hand-over pieces: the loop answers others meanwhile."""
PAGES_FIRST_S = 5.0
"""Longest a worker waits for page requests before it starts (see :func:`off_loop`)."""

waiting_pages = [0]
"""How many page requests wait for their turn (kept by :mod:`racerlab.app.serve`)."""

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="racerlab-load")
        return _pool


def in_server() -> Any:
    """The session's Bokeh document when running under a server, else ``None``."""
    doc = pn.state.curdoc
    return doc if doc is not None and doc.session_context is not None else None


def _hand_over(doc: Any, fn: Callable[[], None]) -> None:
    """Run ``fn`` on ``doc``'s event loop (safe from any thread); quiet if the page closed."""
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

    The worker first lets waiting page requests through (up to
    :data:`PAGES_FIRST_S`): the loop builds their frames faster when no worker
    competes with it for the interpreter. Outside a server both run at once,
    in order. Returns the worker's future (``None`` when run at once).
    """
    doc = in_server()

    def run() -> Any:
        with time_budget(budget_s, what):
            return work()

    def in_worker() -> Any:
        deadline = time.monotonic() + PAGES_FIRST_S
        while waiting_pages[0] > 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        return run()

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
            _hand_over(doc, lambda: failed(exc))
        else:
            result = future.result()
            _hand_over(doc, lambda: then(result))

    future = _executor().submit(in_worker)
    future.add_done_callback(done)
    return future


class _Turns:
    """One event loop's queue of hand-over pieces, run one at a time (on that loop only)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.items: deque[tuple[Any, Callable[[], None]]] = deque()
        self.turn = 0
        self.busy = False

    def next(self) -> None:
        """Send the next piece whose page is still open to its page's loop callback.

        While page requests wait (:data:`waiting_pages`), pieces wait: a visitor
        sees a page frame sooner, and a frame is cheaper than a piece.
        """
        self.turn += 1
        turn = self.turn
        if self.items and waiting_pages[0] > 0:
            self.busy = True
            self.loop.call_later(0.02, self.done, turn)
            return
        while self.items:
            doc, piece = self.items.popleft()

            def run(piece: Callable[[], None] = piece) -> None:
                try:
                    piece()
                except Exception:
                    log.exception("handing a page over failed")
                finally:
                    self.done(turn)

            try:
                doc.add_next_tick_callback(run)
            except Exception:  # the session ended while the piece waited
                log.debug("page closed before its turn", exc_info=True)
                continue
            self.busy = True
            self.loop.call_later(TURN_WATCHDOG_S, self.done, turn)
            return
        self.busy = False

    def done(self, turn: int) -> None:
        """Piece ``turn`` ran (or its watchdog fired): the next goes after a short gap, once."""
        if turn == self.turn:
            self.turn += 1  # a late finish or watchdog of this turn does nothing now
            self.loop.call_later(GAP_S, self.next)


_turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Turns] = weakref.WeakKeyDictionary()


def in_turn(doc: Any, pieces: list[Callable[[], None]]) -> None:
    """Run ``pieces`` on ``doc``'s event loop one by one, after those already queued.

    Call on the event loop. Between two pieces (of any page) the loop answers
    whatever else is waiting, so no session waits behind a whole page. Outside
    a server (``doc`` is ``None``) the pieces run at once, in order.
    """
    if doc is None:
        for piece in pieces:
            piece()
        return
    loop = asyncio.get_running_loop()
    turns = _turns.get(loop)
    if turns is None:
        turns = _turns[loop] = _Turns(loop)
    turns.items.extend((doc, piece) for piece in pieces)
    if not turns.busy:
        turns.next()


def deferred_page(
    title: str,
    build: Callable[[], Any],
    pieces: Callable[[Any, Any, Any, Any], list[Callable[[], None]]],
) -> tuple[Any, Any, Any]:
    """A page frame shown at once, filled when ``build()`` (run off the loop) is done.

    Returns ``(main, sidebar, message)``: two columns (``main`` shows ``message``)
    that ``pieces(app, main, sidebar, message)`` returns the steps to fill. The
    steps run in turn (:func:`in_turn`) once both the build is done and the
    browser has loaded the frame. A build that fails says why; one still running
    after :data:`PAGE_BUDGET_S` says it is slow.
    """
    message = pn.pane.Alert("Preparing the game...", alert_type="info", sizing_mode="stretch_width")
    main = pn.Column(message, sizing_mode="stretch_width")
    sidebar = pn.Column(sizing_mode="stretch_width")
    doc = in_server()
    state: dict[str, Any] = {"done": False, "app": None, "loaded": doc is None}

    def fill() -> None:
        if state["app"] is not None and state["loaded"]:
            app, state["app"] = state["app"], None
            in_turn(doc, pieces(app, main, sidebar, message))

    def then(app: Any) -> None:
        state["done"] = True
        state["app"] = app
        fill()

    def loaded() -> None:
        state["loaded"] = True
        fill()

    def failed(exc: BaseException) -> None:
        state["done"] = True
        log.error("building a page failed", exc_info=exc)
        message.alert_type = "danger"
        message.object = f"This page could not be prepared ({type(exc).__name__}). Reload it."

    def slow() -> None:
        if not state["done"]:
            message.alert_type = "warning"
            message.object = (
                f"Still preparing the game after {PAGE_BUDGET_S:g} s: the server is busy "
                "or the game is very long. The page fills in when it is ready."
            )

    if doc is not None:
        pn.state.onload(loaded)
    off_loop(build, then, failed, budget_s=PAGE_BUDGET_S * 3, what="preparing the page")
    if doc is not None:
        doc.add_timeout_callback(slow, int(PAGE_BUDGET_S * 1000))
    return main, sidebar, message
