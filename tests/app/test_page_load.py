"""A page's dashboard is handed over only once the browser has shown the page.

Panel drops document changes made before the browser reports a page drawn
(it expects to send the whole document later), but the browser may already
have pulled that document: a dashboard handed over in between never reached
the page, which then said "Preparing the game..." for good.
"""

from __future__ import annotations

import time
import urllib.request

import panel as pn
import pytest
from bokeh.events import DocumentReady

from racerlab.app import offload
from racerlab.app.offload import LoadGate
from racerlab.app.serve import start_server

FRAME_MODELS = 60
"""More models than a page frame has (about 20), far fewer than a dashboard (about 200,
with one source and one renderer per kind of mark)."""


def test_a_closed_gate_keeps_changes_until_it_opens_then_makes_them_in_order():
    made: list[int] = []
    gate = LoadGate()
    gate.run(lambda: made.append(1))
    gate.run(lambda: made.append(2))
    assert made == []
    gate.open()
    assert made == [1, 2]
    gate.run(lambda: made.append(3))  # once open, at once
    assert made == [1, 2, 3]


def test_outside_a_server_the_page_fills_at_once():
    main, _, _ = offload.deferred_page(
        "A page", lambda: "built", lambda app, m, s: m.append(pn.pane.Markdown(app))
    )
    assert [p.object for p in main.objects] == ["built"]


@pytest.fixture
def served(free_loopback_port, liveness):
    port = free_loopback_port()
    srv = start_server("all", port=port, threaded=True)
    url = f"http://127.0.0.1:{port}"
    liveness(url)
    yield url
    srv.stop()
    srv.join(timeout=15)
    pn.state.reset()


def _session_docs() -> set:
    return {doc for _, _, doc, _ in list(pn.state._views.values()) if doc is not None}


def _models(doc) -> int:
    return len(list(doc.models))


def _wait(condition, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def test_the_dashboard_waits_for_the_page_to_be_shown(served, monkeypatch):
    handed: list[float] = []
    original = offload.hand_over

    def hand_over(doc, fn):
        handed.append(time.monotonic())
        original(doc, fn)

    monkeypatch.setattr(offload, "hand_over", hand_over)
    before = _session_docs()
    urllib.request.urlopen(served + "/knights", timeout=60).read()  # no browser: never shown
    (doc,) = _session_docs() - before
    _wait(lambda: handed)  # the dashboard is built ...
    time.sleep(1.0)  # ... and the loop had every chance to put it in
    assert _models(doc) < FRAME_MODELS  # still the frame: nobody has seen the page yet

    # the browser reports the page drawn (as Bokeh's client does once it rendered it)
    doc.add_next_tick_callback(lambda: doc.callbacks.trigger_event(DocumentReady()))
    _wait(lambda: _models(doc) > 2 * FRAME_MODELS)
