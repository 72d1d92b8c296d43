"""Pages opened one after another in Chromium all show their dashboard.

Before, a page whose dashboard was handed over while the browser was still
drawing the frame it had pulled stayed on "Preparing the game..." for good
(about one page in four on a busy two-core machine).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.ui

OPENINGS = 4
LOAD_MS = 60_000


def test_every_page_opened_in_turn_shows_its_dashboard(racerlab_server, browser):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    shown = []
    for _ in range(OPENINGS):
        for slug in ("knights", "sonic"):
            page = context.new_page()
            page.goto(f"{racerlab_server}/{slug}")
            step = page.get_by_role("button", name="Step", exact=True)
            try:
                step.wait_for(timeout=LOAD_MS)
                shown.append(slug)
            except Exception:  # a page left unfilled is the finding
                shown.append(f"{slug}: {page.inner_text('body')[:80]!r}")
            page.close()
    context.close()
    assert shown == ["knights", "sonic"] * OPENINGS


def test_the_first_document_a_page_pulls_holds_its_plot(racerlab_server, browser):
    """The dashboard is built while the browser fetches the scripts; the page's socket
    opens once it is in the document, so nothing is laid out twice."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    documents: list[str] = []

    def on_socket(socket) -> None:
        socket.on(
            "framereceived",
            lambda f: (
                documents.append(f) if isinstance(f, str) and f.startswith('{"doc"') else None
            ),
        )

    page.on("websocket", on_socket)
    page.goto(f"{racerlab_server}/knights")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    assert documents, "no document was pulled over the page's socket"
    assert '"name":"Figure"' in documents[0], "the first document was the bare page frame"
    page.close()
