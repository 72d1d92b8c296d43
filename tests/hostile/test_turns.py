"""Issue 17, liveness: pages are handed over in turn, in pieces, and page requests go first.

No browser and no server here: a fake document whose next-tick callbacks go to
a real asyncio loop stands in for a served session. The served behaviour
(thirty pages at once, a crafted link) is measured by tests/hostile/test_app_hostile.py,
tests/hostile/test_crafted_link_ui.py and benchmarks/serve_load.py.
"""

from __future__ import annotations

import asyncio

import panel as pn
import pytest

from racerlab.app import offload, serve
from racerlab.app.dashboards import dashboards


class FakeDoc:
    """A served document's callback hook: runs ``fn`` on the loop, or refuses (page closed)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, log: list, closed: bool = False) -> None:
        self.loop, self.log, self.closed = loop, log, closed

    def add_next_tick_callback(self, fn) -> None:
        if self.closed:
            raise RuntimeError("session destroyed")
        self.log.append("tick")
        self.loop.call_soon(fn)


def _run(body) -> list:
    log: list = []

    async def main() -> None:
        await body(asyncio.get_running_loop(), log)

    asyncio.run(main())
    return log


async def _until(cond, timeout: float = 5.0) -> None:
    for _ in range(int(timeout / 0.01)):
        if cond():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


def test_pieces_of_every_page_run_one_at_a_time_in_order_with_the_loop_free_between():
    async def body(loop, log):
        a, b = FakeDoc(loop, log), FakeDoc(loop, log)
        offload.in_turn(a, [lambda: log.append("a1"), lambda: log.append("a2")])
        offload.in_turn(b, [lambda: log.append("b1")])
        offload.in_turn(a, [lambda: log.append("a3")])
        loop.call_soon(lambda: log.append("other"))  # another session's message
        await _until(lambda: "a3" in log)

    log = _run(body)
    pieces = [x for x in log if x != "tick"]
    assert [x for x in pieces if x != "other"] == ["a1", "a2", "b1", "a3"]
    # one piece handed to the loop at a time: each "tick" is followed by its piece
    assert log.count("tick") == 4
    assert pieces.index("other") < pieces.index("a3")  # others get in between


def test_a_closed_page_is_skipped_and_a_failing_piece_does_not_stop_the_queue(caplog):
    def boom() -> None:
        raise ValueError("broken piece")

    async def body(loop, log):
        closed, open_ = FakeDoc(loop, log, closed=True), FakeDoc(loop, log)
        offload.in_turn(closed, [lambda: log.append("never")])
        offload.in_turn(open_, [boom, lambda: log.append("after")])
        await _until(lambda: "after" in log)

    log = _run(body)
    assert "never" not in log and "after" in log
    assert "handing a page over failed" in caplog.text


def test_a_piece_whose_callback_never_runs_lets_the_next_go_after_the_watchdog(monkeypatch):
    monkeypatch.setattr(offload, "TURN_WATCHDOG_S", 0.05)

    class Lost(FakeDoc):
        def add_next_tick_callback(self, fn) -> None:  # accepted, then dropped (page closing)
            self.log.append("lost")

    async def body(loop, log):
        offload.in_turn(Lost(loop, log), [lambda: log.append("never")])
        offload.in_turn(FakeDoc(loop, log), [lambda: log.append("next")])
        await _until(lambda: "next" in log)

    log = _run(body)
    assert "never" not in log


def test_pieces_wait_while_page_requests_wait(monkeypatch):
    monkeypatch.setattr(offload, "waiting_pages", [1])

    async def body(loop, log):
        offload.in_turn(FakeDoc(loop, log), [lambda: log.append("piece")])
        await asyncio.sleep(0.1)
        log.append("request served")
        offload.waiting_pages[0] = 0
        await _until(lambda: "piece" in log)

    log = _run(body)
    assert log.index("request served") < log.index("piece")


def _shape(obj) -> object:
    """A layout's tree: (type, children) for rows and columns, the type name for the rest."""
    if isinstance(obj, (pn.Row, pn.Column)) and not isinstance(obj, pn.Tabs):
        return (type(obj).__name__, [_shape(o) for o in obj.objects])
    return type(obj).__name__


@pytest.mark.parametrize("slug", ["knights", "sonic"])
def test_a_page_handed_over_in_pieces_ends_as_one_built_at_once(slug):
    app = dashboards()[slug].build()
    main, sidebar = pn.Column(pn.pane.Alert("Preparing")), pn.Column()
    message = main[0]
    steps = serve._page_pieces(app, main, sidebar, message)
    assert len(steps) > len(app._main()) + len(app._sidebar())  # rows split child by child
    offload.in_turn(None, steps)
    assert _shape(sidebar) == _shape(pn.Column(pn.Column(*app._sidebar())))
    assert _shape(main) == _shape(pn.Column(pn.Column(*app._main())))
    # the parts the dashboard keeps are the very objects shown
    shown = set()

    def walk(o) -> None:
        shown.add(id(o))
        for child in getattr(o, "objects", []):
            walk(child)

    walk(main)
    walk(sidebar)
    kept = [v for v in vars(app).values() if isinstance(v, pn.viewable.Viewable)]
    in_page = [v for v in kept if id(v) in shown]
    assert in_page and all(id(v) in shown for v in in_page)
    assert main.objects[0] is not message


def test_page_requests_are_taken_in_turn_by_panels_handler():
    from bokeh.server import urls
    from panel.io.server import DocHandler

    assert serve.one_page_at_a_time()
    assert serve.one_page_at_a_time()  # idempotent
    handlers = [entry[1] for entry in urls.per_app_patterns]
    handler = serve._handler_class()
    assert handler in handlers and DocHandler not in handlers
    assert issubclass(handler, DocHandler)


def test_the_page_frame_has_no_server_wide_busy_spinner():
    from racerlab.app.landing import dashboard_template

    assert dashboard_template("t", main=[pn.pane.Markdown("x")]).busy_indicator is None


def test_a_worker_lets_waiting_page_requests_through_before_it_starts(monkeypatch):
    import threading
    import time

    handed: list = []

    class Doc:
        def add_next_tick_callback(self, fn) -> None:
            handed.append(fn)

    monkeypatch.setattr(offload, "in_server", lambda: Doc())
    monkeypatch.setattr(offload, "waiting_pages", [1])
    started = threading.Event()

    def work() -> str:
        started.set()
        return "built"

    future = offload.off_loop(work, handed.append, handed.append)
    assert not started.wait(0.2)  # a page request still waits: the worker holds off
    offload.waiting_pages[0] = 0
    assert future.result(timeout=5) == "built"
    deadline = time.monotonic() + 5
    while not handed and time.monotonic() < deadline:
        time.sleep(0.01)
    handed[0]()  # the hand-over, run as the loop would
    assert handed[-1] == "built"


def test_the_controls_come_last_so_a_visible_step_means_the_whole_page_is_there():
    app = dashboards()["knights"].build()
    main, sidebar = pn.Column(pn.pane.Alert("Preparing")), pn.Column()
    steps = serve._page_pieces(app, main, sidebar, main[0])
    for step in steps:
        step()
        if sidebar.objects:  # the first control arrived: the main area is complete
            assert len(main.objects) == 1
            assert _shape(main) == _shape(pn.Column(pn.Column(*app._main())))
            break
    else:
        raise AssertionError("the sidebar was never filled")
