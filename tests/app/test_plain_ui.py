"""The plain dashboard (any game, from its descriptor alone) in a real browser: Coin Race."""

from __future__ import annotations

import pytest

from racerlab.app.server.serve import app_routes

pytestmark = pytest.mark.ui


def test_coin_race_is_served_with_the_plain_dashboard(serve_app, page, js_errors):
    url = serve_app(app_routes("coin-race"))
    external: list[str] = []
    page.on(
        "request",
        lambda req: external.append(req.url) if not req.url.startswith(url) else None,
    )
    page.goto(url + "/")
    page.get_by_text("Coin Race (test game)").first.wait_for(timeout=20_000)
    page.get_by_text("positions").first.wait_for(timeout=20_000)
    page.wait_for_load_state("networkidle")
    assert [u for u in external if not u.startswith(("data:", "blob:"))] == []
    assert js_errors == []
