"""The seeded monkey in a class: on a teacher's page with a class started, and on a
follower's page (``?follow=CODE``), served by ``racerlab serve --num-procs 2 --data-dir
<tmp>`` (the ``class_server`` fixture in ``tests/app/conftest.py``).

The teacher starts the class with the Class tab's own "Start a class" button and the
follow link is read from the page; a follower opens it in a browser context of its own.
On the teacher's page the monkey tours every tab (the Class tab too: it may ask a
question, reveal it, end the class or start another), with the follower open; on the
follower's page (after the teacher asked a question, so Yes/No are there) it clicks the
class bar's "Try it yourself" / "Back to the class", the answer buttons, keys and tabs.
The run fails on a console error or page error on either page, a request leaving
127.0.0.1, a traceback or ERROR line in the server's log, or a page that stops answering
(a Step no longer changes the status line).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.ui

LOAD_MS = 90_000
STATUS = re.compile(r"Round \d+ · step \d+ of \d+")
SERVER_TROUBLE = re.compile(r"Traceback|\bERROR\b|Exception in callback")


def _open(browser: Any, url: str, loopback_only: Any, errors: list[str], who: str) -> Any:
    """A page of its own browser context at ``url``: its console errors, page errors and
    requests leaving 127.0.0.1 are collected in ``errors`` (named by ``who``)."""
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    outside = loopback_only(page)
    page.outside = outside
    page.on("console", lambda m: errors.append(f"{who}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"{who}: pageerror: {exc}"))
    page.on("dialog", lambda d: d.dismiss())
    page.goto(url)
    if "follow=" in url:
        page.get_by_text("Following class").first.wait_for(timeout=LOAD_MS)
    else:
        page.get_by_role("button", name="Step", exact=True).first.wait_for(timeout=LOAD_MS)
    page.get_by_text(STATUS).filter(visible=True).first.wait_for(timeout=LOAD_MS)
    return page


def _start_class(teacher: Any) -> str:
    """Start a class with the Class tab's button; the follow link the page shows."""
    teacher.locator(".bk-tab", has_text=re.compile("^Class$")).first.click()
    teacher.get_by_role("button", name="Start a class").click()
    link = teacher.locator(".rl-follow-link")
    link.wait_for(timeout=30_000)
    return link.get_attribute("href")


@pytest.mark.parametrize("who", ["teacher", "follower"])
def test_monkey_in_a_class(who, class_server, browser, loopback_only, monkey_run, tab_titles):
    log_start = class_server.log.stat().st_size if class_server.log.exists() else 0
    errors: list[str] = []
    teacher = _open(browser, f"{class_server.url}/knights", loopback_only, errors, "teacher")
    link = _start_class(teacher)
    assert re.fullmatch(rf"{re.escape(class_server.url)}/knights\?follow=[A-Z0-9]{{6}}", link)
    follower = _open(browser, link, loopback_only, errors, "follower")
    if who == "follower":  # a question open, so the follower has its answer buttons
        teacher.get_by_role("button", name="Ask the class").click()
        follower.get_by_role("button", name="Yes", exact=True).wait_for(timeout=30_000)

    def problems() -> list[str]:
        found = list(errors)
        for name, page in (("teacher", teacher), ("follower", follower)):
            found += [f"{name}: request left 127.0.0.1: {u}" for u in page.outside]
        text = class_server.log.read_bytes()[log_start:].decode(errors="replace")
        bad = [line for line in text.splitlines() if SERVER_TROUBLE.search(line)]
        return found + [f"server: {line}" for line in bad[:5]]

    page = teacher if who == "teacher" else follower
    tabs = tab_titles("knights") if who == "teacher" else []
    monkey = monkey_run(page, tabs=tabs, problems=problems)
    assert problems() == [], class_server.tail()
    never = set(tabs) - set(monkey.tabs_shown)
    assert not never, f"tabs never shown: {sorted(never)}"
    assert len(monkey.log) > 20  # the monkey really did something
    print(f"{who}: {len(monkey.log)} monkey actions", flush=True)
