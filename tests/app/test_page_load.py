"""A page's dashboard reaches the browser whole: in the first document it pulls when
it is ready before the page's socket opens, else once the browser has shown the page.

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

from racerlab.app.server import offload, page_ready
from racerlab.app.server.offload import LoadGate
from racerlab.app.server.serve import start_server

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


def _open_page(url: str) -> object:
    """Ask for a page as a browser would, without ever opening its socket; its document."""
    before = _session_docs()
    urllib.request.urlopen(url, timeout=60).read()
    (doc,) = _session_docs() - before
    return doc


@pytest.mark.integration  # runs the command or another process
def test_a_dashboard_built_before_the_socket_opens_is_in_the_first_document(served, monkeypatch):
    handed: list[float] = []
    original = offload.hand_over

    def hand_over(doc, fn):
        handed.append(time.monotonic())
        original(doc, fn)

    monkeypatch.setattr(offload, "hand_over", hand_over)
    doc = _open_page(served + "/knights")
    _wait(lambda: handed)
    # nobody has drawn the page, but its socket has not opened either: the document the
    # browser will pull holds the dashboard
    _wait(lambda: _models(doc) > 2 * FRAME_MODELS)


@pytest.mark.integration  # runs the command or another process
def test_a_dashboard_built_after_the_socket_opened_waits_for_the_page_to_be_shown(
    served, monkeypatch
):
    held: list = []
    monkeypatch.setattr(offload, "hand_over", lambda doc, fn: held.append((doc, fn)))
    monkeypatch.setattr(page_ready, "READY_WAIT_S", 0.0)
    doc = _open_page(served + "/knights")
    _wait(lambda: held)  # the dashboard is built, not yet handed over

    async def socket_opens():  # as the page's socket does, tired of waiting
        await page_ready.wait_for(doc)

    opened: list[bool] = []
    doc.add_next_tick_callback(socket_opens)
    doc.add_next_tick_callback(lambda: opened.append(not page_ready.before_socket(doc)))
    _wait(lambda: opened)
    assert opened == [True]
    for target, fn in held:
        target.add_next_tick_callback(fn)
    time.sleep(1.0)  # the loop had every chance to put it in
    assert _models(doc) < FRAME_MODELS  # still the frame: the browser may have pulled it

    # the browser reports the page drawn (as Bokeh's client does once it rendered it)
    doc.add_next_tick_callback(lambda: doc.callbacks.trigger_event(DocumentReady()))
    _wait(lambda: _models(doc) > 2 * FRAME_MODELS)


@pytest.mark.integration  # runs the command or another process
def test_served_pages_load_only_the_script_bundles_they_use(served):
    html = urllib.request.urlopen(served + "/knights", timeout=60).read().decode()
    assert "static/js/bokeh.min.js" in html and "bokeh-widgets" in html
    assert "bokeh-mathjax" not in html and "bokeh-gl" not in html


class _Doc:
    """A document as :mod:`page_ready` sees it: its session's request path."""

    def __init__(self, path: str) -> None:
        self.session_context = type("Context", (), {"request": type("R", (), {"path": path})()})()


def test_a_page_made_for_its_socket_is_not_waited_for(monkeypatch):
    # under several processes a socket can reach a process that never sent the HTML:
    # that socket is opening already, so the dashboard must go through the gate
    monkeypatch.setattr(page_ready, "_installed", True)  # as under ``racerlab serve``
    from_socket, from_page = _Doc("/knights/ws"), _Doc("/knights")
    page_ready.expect(from_socket)
    page_ready.expect(from_page)
    assert not page_ready.before_socket(from_socket)
    assert page_ready.before_socket(from_page)


def test_a_page_of_a_server_whose_sockets_do_not_wait_is_filled_through_the_gate(monkeypatch):
    # a server started without the waiting socket (Panel's own): its browser may pull the
    # document before the dashboard is in it, and a change made then would be lost
    monkeypatch.setattr(page_ready, "_installed", False)
    page = _Doc("/knights")
    page_ready.expect(page)
    assert not page_ready.before_socket(page)
    monkeypatch.setattr(page_ready, "_installed", True)
    page_ready.expect(page)
    assert page_ready.before_socket(page)


@pytest.mark.integration  # runs the command or another process
def test_bootstraps_own_style_sheet_is_loaded_by_the_page_not_by_each_component(served):
    from bokeh.models import ImportedStyleSheet

    url = served + "/knights"
    html = urllib.request.urlopen(url, timeout=60).read().decode()
    assert "bootstrap5/css/bootstrap.min.css" in html  # the page frame keeps Bootstrap
    doc = _open_page(url)
    _wait(lambda: _models(doc) > 2 * FRAME_MODELS)
    linked = {
        s.url
        for model in list(doc.models)
        for s in (getattr(model, "stylesheets", None) or [])
        if isinstance(s, ImportedStyleSheet)
    }
    assert any("theme/bootstrap.css" in u for u in linked)  # Panel's Bootstrap theme stays
    assert not [u for u in linked if "bootstrap.min.css" in u]


def test_a_socket_waits_for_the_dashboard_a_second_at_most_unless_it_is_going_in(
    monkeypatch, run_alone
):
    import asyncio

    monkeypatch.setattr(page_ready, "READY_WAIT_S", 0.05)
    page_ready.sockets_wait()  # as a server started in this process does (not needed here)

    async def opens(doc, *, going_in: bool) -> float:
        page = page_ready._pages[doc]
        if going_in:
            assert page_ready.before_socket(doc)  # the dashboard starts going in ...
            asyncio.get_running_loop().call_later(0.3, page.filled.set)  # ... done later
        started = asyncio.get_running_loop().time()
        await page_ready.wait_for(doc)
        return asyncio.get_running_loop().time() - started

    idle, filling = _Doc("/knights"), _Doc("/knights")
    page_ready.expect(idle)
    page_ready.expect(filling)
    assert run_alone(opens(idle, going_in=False)) < 0.3  # nothing coming: opens on the frame
    assert not page_ready.before_socket(idle)  # and later changes go through the gate
    assert run_alone(opens(filling, going_in=True)) >= 0.3  # going in: waits for it
