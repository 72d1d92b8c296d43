"""Issue 17 item 9 in a real browser: a 25 MB upload gets "file too large", the page lives on.

Before, any upload of 20 MB or more closed the websocket (code 1006) with no
message. The page now checks the size before reading the file.
"""

from __future__ import annotations

import pytest

from racerlab.app import knights_app

pytestmark = pytest.mark.ui

LOAD_MS = 60_000


def knights_page():
    return knights_app(seed=3, template=True)


def test_a_25_mb_upload_is_refused_with_a_message_and_the_page_keeps_working(
    serve_app, page, js_errors
):
    url = serve_app(knights_page)
    page.goto(url + "/")
    step = page.get_by_role("button", name="Step", exact=True)
    step.wait_for(timeout=LOAD_MS)
    big = {"name": "huge.json", "mimeType": "application/json", "buffer": b" " * 25_000_000}
    page.locator("input[type=file]").set_input_files(big)
    page.get_by_text("file too large").first.wait_for(timeout=LOAD_MS)
    assert page.get_by_text("huge.json: file too large").count() >= 1
    step.click()
    page.get_by_text("· step 1 of").first.wait_for(timeout=LOAD_MS)
    assert not [e for e in js_errors if "1006" in e or "WebSocket" in e]
