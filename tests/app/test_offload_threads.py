"""``offload``: ``in_server()`` answers only on the thread running the session's event loop;
``hand_over`` gives work done elsewhere back to its page.

Bokeh's current document is process-wide: while the server's loop makes a page, another
thread of the same process asking Panel for "the current document" is told that page's.
A served factory here starts a thread while its page is being made and compares what
each thread is told.
"""

from __future__ import annotations

import threading
import urllib.request

import panel as pn

from racerlab.app.server import offload


def test_another_thread_is_not_taken_for_the_served_page(serve_app):
    seen: dict[str, object] = {}

    def app():
        seen["loop"] = offload.in_server()
        seen["curdoc"] = pn.state.curdoc  # what the old fallback answered with

        def other() -> None:
            seen["thread"] = offload.in_server()
            seen["thread curdoc"] = pn.state.curdoc

        worker = threading.Thread(target=other)
        worker.start()
        worker.join(timeout=30)
        return pn.pane.Markdown("page")

    url = serve_app(app)
    with urllib.request.urlopen(url, timeout=60) as answer:
        assert answer.status == 200
    assert seen["loop"] is not None, "the page's own loop thread must see its document"
    assert seen["loop"] is seen["curdoc"]
    # the other thread is told of the page by Bokeh's process-wide document...
    assert seen["thread curdoc"] is seen["curdoc"]
    # ...but does not take itself to be in the server
    assert seen["thread"] is None


def test_outside_a_server_there_is_no_document():
    assert offload.in_server() is None


def test_jobs_hand_results_back_through_the_public_hand_over():
    from racerlab.app.server import jobs

    assert "hand_over" in offload.__all__ and offload.hand_over.__doc__
    assert jobs.hand_over is offload.hand_over  # one function for both, no private import
    ran: list[object] = []

    class Page:
        def add_next_tick_callback(self, fn):
            ran.append(fn)

    class ClosedPage:
        def add_next_tick_callback(self, fn):
            raise RuntimeError("the session has ended")

    def work() -> None:
        pass

    offload.hand_over(Page(), work)
    assert ran == [work]
    offload.hand_over(ClosedPage(), work)  # a closed page: nothing raised, nothing run
    assert ran == [work]


def test_the_page_whose_callback_bokeh_runs_wins_over_a_stale_panel_document(run_alone):
    """A callback keeps Panel's current document from where it was scheduled; the page
    is the one whose callback Bokeh runs (else work handed "to the page" would change
    this page's models under another page's lock)."""
    import weakref

    from bokeh.document import Document
    from bokeh.io.doc import patch_curdoc
    from panel.io.state import set_curdoc
    from tornado.ioloop import IOLoop

    class Context:  # what in_server() reads of a served session: its server's loop
        def __init__(self, loop):
            app = type("App", (), {"io_loop": loop})()
            self.server_context = type("Server", (), {"application_context": app})()

    async def check() -> dict[str, object]:
        loop = IOLoop.current()
        contexts = [Context(loop), Context(loop)]  # kept alive: documents hold weak refs
        page, other = Document(), Document()
        for doc, context in zip((page, other), contexts, strict=True):
            doc._session_context = weakref.ref(context)
        with set_curdoc(other):
            stale = offload.in_server()
            with patch_curdoc(page):
                running = offload.in_server()
        return {"page": page, "other": other, "stale": stale, "running": running}

    seen = run_alone(check())
    assert seen["stale"] is seen["other"]  # Panel's document alone
    assert seen["running"] is seen["page"]  # Bokeh runs this page's callback: this page
