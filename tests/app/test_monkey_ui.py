"""A seeded monkey on each dashboard: type, click, drag and switch tabs in random order.

For each dashboard (served by ``racerlab serve``'s own route factories), a
``random.Random(SEED)`` picks actions among every visible text and number input
(typed into WITHOUT pressing Enter, then often a button clicked at once), every
button, every slider handle and every tab, for about ``MONKEY_SECONDS``. The run
fails on any console error, page error, request leaving 127.0.0.1, server-side
error log record (a traceback), or a page that stops answering (a Step no longer
changes the status line). Every action is printed, so a failure replays with
the same seed (``RACERLAB_MONKEY_SEED``) and is read from the test's output.
"""

from __future__ import annotations

import os
import random
import re
import time

import pytest

from racerlab.app.serve import app_routes

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

pytestmark = pytest.mark.ui

SEED = int(os.environ.get("RACERLAB_MONKEY_SEED", "1606"))
MONKEY_SECONDS = float(os.environ.get("RACERLAB_MONKEY_SECONDS", "60"))
LOAD_MS = 60_000
ACTION_TIMEOUT_MS = 3_000
"""How long an action waits for its element (one that went away is skipped, not a failure)."""
STATUS_TIMEOUT_MS = 30_000
"""How long to wait for the status line to be on the page (a redraw on a busy machine can
take seconds; the line missing for this long is a failure)."""
STATUS = re.compile(r"Round \d+ · step \d+ of \d+")
SKIP_BUTTONS = {"Save game (JSON)"}
"""Buttons the monkey leaves alone (a file download opens no page state worth testing)."""


def _visible(locator) -> list:
    return [locator.nth(i) for i in range(locator.count()) if locator.nth(i).is_visible()]


def _text_for(rng: random.Random, kind: str) -> str:
    if kind == "number":
        return str(rng.choice([0, 1, 2, 3, 7, 17, 99, -1, 100000]))
    return rng.choice(
        ["(5,3) (6,3)", "(20,1) (21,1)", "nonsense", "", "spring, boost", "  ", "(1,9)", "1"]
    )


class Monkey:
    """The random walk: one method per kind of action, each logged before it is done."""

    def __init__(self, page, rng: random.Random, log: list[str]) -> None:
        self.page = page
        self.rng = rng
        self.log = log

    def note(self, what: str) -> None:
        self.log.append(what)
        print(f"monkey[{len(self.log)}]: {what}", flush=True)

    def buttons(self) -> list:
        found = _visible(self.page.locator("button.bk-btn:not([disabled])"))
        return [b for b in found if (b.inner_text() or "").strip() not in SKIP_BUTTONS]

    def click_button(self) -> None:
        buttons = self.buttons()
        if not buttons:
            return
        b = self.rng.choice(buttons)
        self.note(f"click {(b.inner_text() or '').strip()!r}")
        b.click(timeout=ACTION_TIMEOUT_MS)

    def type_then_click(self) -> None:
        fields = _visible(self.page.locator("input.bk-input[type=text], textarea.bk-input"))
        if not fields:
            return
        f = self.rng.choice(fields)
        kind = "number" if (f.get_attribute("inputmode") or "") in ("numeric", "decimal") else ""
        text = _text_for(self.rng, kind)
        self.note(f"type {text!r} into a {kind or 'text'} box (no Enter)")
        f.fill(text, timeout=ACTION_TIMEOUT_MS)
        if self.rng.random() < 0.7:
            self.click_button()

    def drag_slider(self) -> None:
        handles = _visible(self.page.locator(".noUi-handle"))
        if not handles:
            return
        h = self.rng.choice(handles)
        key = self.rng.choice(["ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End"])
        self.note(f"slider handle: {key}")
        h.focus(timeout=ACTION_TIMEOUT_MS)
        h.press(key, timeout=ACTION_TIMEOUT_MS)

    def switch_tab(self) -> None:
        tabs = _visible(self.page.locator(".bk-tab"))
        if not tabs:
            return
        t = self.rng.choice(tabs)
        self.note(f"tab {(t.inner_text() or '').strip()!r}")
        t.click(timeout=ACTION_TIMEOUT_MS)

    def act(self) -> None:
        choice = self.rng.choices(
            [self.click_button, self.type_then_click, self.drag_slider, self.switch_tab],
            weights=[5, 3, 2, 2],
        )[0]
        try:
            choice()
        except PlaywrightTimeout:  # the element went away (a panel redrew): not a failure
            self.note("  (the element was gone before the action; skipped)")


def _status(page) -> str:
    # the visible one: presenter mode hides the sidebar's status line and shows its own
    loc = page.get_by_text(STATUS).filter(visible=True).first
    return loc.inner_text(timeout=STATUS_TIMEOUT_MS)


def _still_answers(page, monkey: Monkey) -> None:
    """The session still answers: Back (or, at the start, Step) changes the status line,
    or the page says why it cannot step (a seat played by hand, the game over)."""
    before = _status(page)
    back = page.get_by_role("button", name="◀ Back").filter(visible=True).first
    step = page.get_by_role("button", name="Step", exact=True).filter(visible=True).first
    button = back if back.is_enabled() else step
    monkey.note(f"check: {(button.inner_text() or '').strip()}")
    for _ in range(3):  # a redraw may cover or replace the button for a moment
        try:
            button.click(timeout=ACTION_TIMEOUT_MS)
            break
        except PlaywrightTimeout:
            page.wait_for_timeout(1000)
    waiting = page.get_by_text(re.compile(r"Waiting for .* \(played by hand\)|game is over"))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if _status(page) != before or waiting.count():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the page stopped answering (status stayed {before!r})")


@pytest.mark.parametrize("slug", ["knights", "sonic"])
def test_monkey(slug, serve_app, page, server_errors, loopback_only):
    url = serve_app({"/": app_routes(slug)["/"]})
    outside = loopback_only(page)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("dialog", lambda d: d.dismiss())
    page.goto(url + "/")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    log: list[str] = []
    monkey = Monkey(page, random.Random(SEED), log)
    deadline = time.monotonic() + MONKEY_SECONDS
    while time.monotonic() < deadline:
        monkey.act()
        page.wait_for_timeout(monkey.rng.choice([0, 0, 20, 100, 300]))
        problems = errors + [f"request left 127.0.0.1: {u}" for u in outside]
        problems += [f"server: {r.getMessage()}" for r in server_errors]
        assert not problems, f"after {log[-5:]} (seed {SEED}): {problems[:5]}"
        if len(log) % 15 == 0:
            _still_answers(page, monkey)
    _still_answers(page, monkey)
    page.wait_for_timeout(500)
    assert errors == [], f"seed {SEED}: {errors[:5]}"
    assert outside == []
    assert [r.getMessage() for r in server_errors] == []
    assert len(log) > 20  # the monkey really did something
