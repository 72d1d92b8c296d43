"""A served Step reaches the page as few messages: the busy line shown, then the move with
every redraw it caused (the busy line hidden again included) in one patch. Each message is
a patch and a re-layout in every browser showing the page; before the move's changes were
held together, one Step was 9-14 messages."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.ui

LOAD_S = 90


@pytest.mark.parametrize("route", ["knights", "sonic"])
def test_a_step_is_sent_as_at_most_three_patches(
    page, racerlab_server, wait_for, status_step, route
):
    patches: list[str] = []

    def on_socket(ws):
        ws.on(
            "framereceived",
            lambda f: patches.append(f) if isinstance(f, str) and '"PATCH-DOC"' in f else None,
        )

    page.on("websocket", on_socket)
    page.goto(f"{racerlab_server}/{route}")
    wait_for(lambda: status_step(page) is not None, timeout=LOAD_S)
    working = page.get_by_text("Working:").filter(visible=True)
    counts = []
    for _ in range(4):
        wait_for(lambda: working.count() == 0 and status_step(page) is not None, timeout=LOAD_S)
        before = status_step(page)
        sent = len(patches)
        page.get_by_role("button", name="Step", exact=True).click()
        wait_for(
            lambda b=before: status_step(page) not in (None, b) and working.count() == 0,
            timeout=LOAD_S,
        )
        # the last patch may still be on its way when the page already shows the step
        wait_for(lambda s=sent: len(patches) - s >= 2, timeout=LOAD_S)
        counts.append(len(patches) - sent)
    assert max(counts) <= 3, f"patches per Step: {counts} (the move's changes are not held)"
