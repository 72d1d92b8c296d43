"""The landing page in a real browser: loads cleanly and links every installed dashboard."""

from __future__ import annotations

import pytest

from racerlab.app import landing_app, listed_dashboards

pytestmark = pytest.mark.ui


def test_landing_page_links_the_installed_dashboards(serve_app, page, js_errors, screenshot):
    url = serve_app(landing_app)
    page.goto(url + "/")
    page.get_by_text("Explore two tabletop racing games").wait_for(timeout=20_000)
    for d in listed_dashboards():
        assert page.get_by_text(d.title).first.is_visible()
        link = page.get_by_role("link", name=f"Open the {d.title} dashboard")
        assert link.count() == (1 if d.is_available() else 0)
        if d.is_available():
            assert link.get_attribute("href") == f"./{d.slug}"
    screenshot(page, "landing", publish=True)
    assert js_errors == []


def test_landing_page_requests_nothing_from_the_internet(serve_app, page, js_errors):
    url = serve_app(landing_app)
    external: list[str] = []
    page.on(
        "request",
        lambda req: external.append(req.url) if not req.url.startswith(url) else None,
    )
    page.goto(url + "/")
    page.get_by_text("Explore two tabletop racing games").wait_for(timeout=20_000)
    page.wait_for_load_state("networkidle")
    assert [u for u in external if not u.startswith(("data:", "blob:"))] == []
    assert js_errors == []
