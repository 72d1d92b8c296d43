"""Presenter mode in a real browser: ?presenter=1 hides the sidebar, keeps Step/Back and odds."""

from __future__ import annotations

import pytest

from racerlab.app import knights_app, sonic_app

pytestmark = pytest.mark.ui

LOAD_MS = 30_000

_FONT_JS = "() => getComputedStyle(document.querySelector('#main')).fontSize"


@pytest.mark.parametrize("make", [knights_app, sonic_app], ids=["knights", "sonic"])
def test_presenter_flag_hides_the_sidebar_and_keeps_step_and_odds(
    make, serve_app, page, js_errors, wait_for
):
    url = serve_app(lambda: make(seed=1, template=True))
    page.goto(url + "/?presenter=1")
    odds = page.locator("#rl-presenter-odds")
    odds.wait_for(timeout=LOAD_MS)
    wait_for(lambda: not page.locator("#sidebar").is_visible())
    wait_for(lambda: page.evaluate(_FONT_JS) == "20px")  # the page's text is larger
    before = page.locator("#rl-presenter-odds").inner_text()
    assert "Odds from here" in before
    step = page.get_by_role("button", name="Step", exact=True)
    visible = [step.nth(i) for i in range(step.count()) if step.nth(i).is_visible()]
    assert len(visible) == 1  # the presenter bar's, the sidebar's is hidden
    visible[0].click()
    wait_for(lambda: page.get_by_text("step 1 of 1").count() >= 1)
    # the toggle brings the ordinary page back
    page.locator(".rl-presenter-toggle button, .rl-presenter-toggle").first.click()
    wait_for(lambda: page.locator("#sidebar").is_visible())
    wait_for(lambda: page.evaluate(_FONT_JS) == "16px")
    assert js_errors == []
