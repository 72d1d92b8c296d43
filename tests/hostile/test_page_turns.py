"""Page requests taken in turn: the loop answers other work between two pages."""

from __future__ import annotations

import asyncio
import threading
import time
import urllib.request

import panel as pn
import pytest
from panel.io.server import DocHandler

from racerlab.app.server import patches
from racerlab.app.server.serve import start_server

PAGES = 12


@pytest.fixture
def slow_pages(monkeypatch):
    """Panel's page handler replaced by one holding the loop 0.1 s, then yielding once."""
    seen = {"active": 0, "most": 0, "finished": []}

    async def get(self, *args, **kwargs):
        seen["active"] += 1
        seen["most"] = max(seen["most"], seen["active"])
        time.sleep(0.1)  # making a page holds the loop ...
        await asyncio.sleep(0)  # ... then awaits, as Panel's does for its session
        seen["active"] -= 1
        seen["finished"].append(time.monotonic())
        self.write("page")

    monkeypatch.setattr(DocHandler, "get", get)
    return seen


@pytest.fixture
def served(free_loopback_port, liveness):
    """A real threaded ``start_server("all")`` on loopback."""
    port = free_loopback_port()
    srv = start_server("all", port=port, threaded=True)
    url = f"http://127.0.0.1:{port}"
    liveness(url)
    yield url
    srv.stop()
    srv.join(timeout=15)
    pn.state.reset()


@pytest.mark.integration  # runs the command or another process
def test_pages_are_made_one_at_a_time_and_liveness_answers_between(slow_pages, served):
    def page() -> None:
        urllib.request.urlopen(served + "/knights", timeout=60).read()

    threads = [threading.Thread(target=page) for _ in range(PAGES)]
    for t in threads:
        t.start()
    time.sleep(0.15)  # the requests are in; the loop is working through them
    urllib.request.urlopen(served + "/liveness", timeout=60).read()
    answered = time.monotonic()
    for t in threads:
        t.join()
    assert len(slow_pages["finished"]) == PAGES
    assert slow_pages["most"] == 1  # never two pages in the making at once
    # liveness did not wait for the queue of pages: some were still to come
    assert sum(done > answered for done in slow_pages["finished"]) >= PAGES // 2


def test_installing_twice_keeps_one_handler():
    from bokeh.server import urls

    assert patches.pages_in_turn()
    assert patches.pages_in_turn()
    handlers = [h for pattern, h, *_ in urls.per_app_patterns if pattern == r"/?"]
    assert handlers == [patches.page_handler()]
