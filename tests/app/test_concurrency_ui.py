"""Many browser sessions at once: each has its own game, and one failing leaves others alone."""

from __future__ import annotations

import itertools
import time
from dataclasses import replace

import pytest

from racerlab.app import knights_app

pytestmark = pytest.mark.ui

SESSIONS = 20
"""Concurrent browser sessions against one real ``racerlab serve``."""

LOAD_S = 150.0


def test_twenty_sessions_step_and_tweak_at_once_without_crossing(
    racerlab_server, browser, read_source, wait_for, status_step, server_log
):
    started = time.monotonic()
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    pages = []
    for _ in range(SESSIONS):
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        pages.append(page)
    for page in pages:  # start every load before waiting for any
        page.goto(racerlab_server + "/knights", wait_until="commit", timeout=LOAD_S * 1000)
    for i, page in enumerate(pages):
        try:
            page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_S * 1000)
        except Exception:  # say what the page shows instead, and what the server logged
            shown = page.inner_text("body")[:200]
            pytest.fail(
                f"page {i} of {SESSIONS} showed no Step button in {LOAD_S:g} s; it shows "
                f"{shown!r}; page errors: {errors[:5]}; server log:\n{server_log(racerlab_server)}"
            )
    loaded = time.monotonic() - started
    # the step bar can show before the plot has its data: wait for what the arena shows
    first = [
        wait_for(lambda p=p: (read_source(p, "arena-racers") or {}).get("durability"), LOAD_S)[0]
        for p in pages
    ]
    # every page plays its own number of steps (clicks interleaved across the pages)
    steps = [1 + i % 3 for i in range(SESSIONS)]
    for k in range(max(steps)):
        movers = [i for i in range(SESSIONS) if steps[i] > k]
        for i in movers:
            pages[i].get_by_role("button", name="Step", exact=True).click()
        for i in movers:
            wait_for(lambda i=i, k=k: status_step(pages[i]) == k + 1, timeout=90)
    stepped = time.monotonic() - started
    # every third page also tweaks a stat (Durability, on the Tweak tab) at the same time
    tweaked = [i for i in range(SESSIONS) if i % 3 == 0]
    for i in tweaked:
        pages[i].get_by_text("Tweak racer", exact=True).click()
    for i in tweaked:
        group = pages[i].locator(".bk-input-group", has_text="Durability now:")
        handle = group.locator(".noUi-handle").first
        handle.wait_for(timeout=90_000)
        now = first[i].split(" / ")[0]
        wait_for(lambda group=group, now=now: f"Durability now: {now}" in group.inner_text())
        handle.focus()
        handle.press("ArrowLeft")
    for i, page in enumerate(pages):
        now, start = (int(v) for v in first[i].split(" / "))
        shown = read_source(page, "arena-racers")["durability"][0]
        if i in tweaked:
            want = f"{now - 1} / {start}"
            wait_for(
                lambda page=page, want=want: (
                    read_source(page, "arena-racers")["durability"][0] == want
                ),
                timeout=90,
            )
            # the event log's update may reach the page a moment after the arena's
            page.get_by_text(f"Durability set to {now - 1}").first.wait_for(timeout=90_000)
        else:
            assert shown == first[i], (i, shown, first[i])
            assert page.get_by_text("Durability set to").count() == 0, i
        # no state crossing: each page still shows exactly its own number of steps
        assert status_step(page) == steps[i] + (1 if i in tweaked else 0), i
    assert errors == []
    context.close()
    elapsed = time.monotonic() - started
    print(
        f"{SESSIONS} sessions: loaded at {loaded:.1f} s, stepped at {stepped:.1f} s, "
        f"tweaked and checked at {elapsed:.1f} s"
    )


class InjectedFailure(RuntimeError):
    """A deliberate bug in one session's bot."""


def broken_bot(state, rules, rng):
    raise InjectedFailure("injected failure")


def test_an_exception_in_one_session_shows_there_and_others_keep_running(
    serve_app, browser, wait_for
):
    count = itertools.count()

    def factory():
        app = knights_app(seed=1, template=True)
        if next(count) == 0:  # the first session gets a bot that crashes
            app.session.kit = replace(app.session.kit, bots={"greedy": broken_bot})
        return app

    url = serve_app(factory)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    bad, good = context.new_page(), context.new_page()
    errors: list[str] = []
    for p in (bad, good):
        p.on("pageerror", lambda exc: errors.append(str(exc)))
    bad.goto(url + "/")
    bad.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_S * 1000)
    good.goto(url + "/")
    good.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_S * 1000)
    bad.get_by_role("button", name="Step", exact=True).click()
    message = "step: unexpected error (InjectedFailure: injected failure)"
    banner = bad.locator(".alert-danger", has_text=message)
    wait_for(lambda: banner.count() == 1)
    wait_for(lambda: bad.locator("li.rl-refused", has_text=message).count() == 1)  # logged
    good.get_by_role("button", name="Step", exact=True).click()
    wait_for(lambda: good.get_by_text("drove").count() >= 1)
    assert good.get_by_text("unexpected error").count() == 0
    # the failed session is still alive: it can still move through its history
    bad.get_by_role("button", name="Dismiss").click()
    wait_for(lambda: banner.count() == 0 or not banner.first.is_visible())
    assert errors == []
    context.close()
