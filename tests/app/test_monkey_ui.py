"""A seeded monkey on each dashboard: every tab shown, then typing, clicking, dragging and
switching tabs in random order (the monkey is in ``tests/app/conftest.py``).

Each dashboard is served by ``racerlab serve``'s own route factory: Racer Knights,
Battle Racers and the plain dashboard (the core's Coin Race), the two game dashboards
also as ``?presenter=1`` pages. The monkey first shows every tab the dashboard declares,
by name (the lazily built ones until their spinner goes, the editor with twice the
actions), then walks at random. The run fails on any console error, page error, request
leaving 127.0.0.1, server-side error log record (a traceback), a tab left loading, or a
page that stops answering (a Step no longer changes the status line).
"""

from __future__ import annotations

import pytest

from racerlab.app.server.serve import app_routes

pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.ui

LOAD_MS = 60_000


@pytest.mark.parametrize(
    ("slug", "query"),
    [
        ("knights", ""),
        ("sonic", ""),
        ("coin-race", ""),
        ("knights", "?presenter=1"),
        ("sonic", "?presenter=1"),
    ],
)
def test_monkey(slug, query, serve_app, page, server_errors, loopback_only, monkey_run, tab_titles):
    url = serve_app({"/": app_routes(slug)["/"]})
    outside = loopback_only(page)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("dialog", lambda d: d.dismiss())
    page.goto(url + "/" + query)
    page.get_by_role("button", name="Step", exact=True).filter(visible=True).first.wait_for(
        timeout=LOAD_MS
    )

    if query:  # presenter mode: the page opens without its tabs
        assert page.locator(".bk-tab").filter(visible=True).count() == 0

    def problems() -> list[str]:
        found = errors + [f"request left 127.0.0.1: {u}" for u in outside]
        return found + [f"server: {r.getMessage()}" for r in server_errors]

    tabs = [] if query else tab_titles(slug)
    monkey = monkey_run(page, tabs=tabs, problems=problems)
    assert problems() == []
    never = set(tabs) - set(monkey.tabs_shown)
    assert not never, f"tabs never shown: {sorted(never)}"
    assert len(monkey.log) > 20  # the monkey really did something
