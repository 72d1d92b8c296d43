"""A class in real browsers: ``racerlab serve --num-procs 2 --data-dir <tmp>``, one Chromium
context per person (teacher, students), as the testing recipes' "A class in a test" says.

The teacher starts a class; followers (one a phone, 390×844) show the teacher's Step
within 2 s; "Try it yourself" forks without touching the teacher's game and "Back to the
class" follows again; the teacher's visible address in a fresh context cannot move the
teacher's game; the class survives a server restart (the teacher's context resumes it);
"End class" leaves followers with their own game. The teacher asks a question, two followers
answer (one changes its answer: still two students), the teacher reveals and both the teacher
and a follower see the chart and the same exact answer.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

pytestmark = pytest.mark.ui

LOAD_MS = 90_000
LAG_LIMIT_S = 2.0
STEP = re.compile(r"step (\d+) of (\d+)")
STATUS = re.compile(r"Round \d+ · step \d+ of \d+")


def _open(browser: Any, url: str, width: int = 1366, height: int = 900) -> Any:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    if "follow=" in url:  # a follower: the class bar says where the game is
        page.get_by_text("Following class").wait_for(timeout=LOAD_MS)
    else:
        page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    page.get_by_text(STATUS).filter(visible=True).first.wait_for(timeout=LOAD_MS)
    return page


def _where(page: Any) -> str:
    text = page.get_by_text(STATUS).filter(visible=True).first.inner_text(timeout=30_000)
    return STEP.search(text).group(0)


def _wait_where(page: Any, want: str, timeout_s: float = 30.0, who: str = "page") -> float:
    """Seconds until ``page``'s status line says ``want`` (fails naming what it says)."""
    t0 = time.monotonic()
    seen = ""
    while time.monotonic() - t0 < timeout_s:
        try:
            seen = _where(page)
        except Exception as exc:  # between redraws
            seen = f"no status ({type(exc).__name__})"
        if seen == want:
            return time.monotonic() - t0
        page.wait_for_timeout(50)  # polling what the page shows, not a sleep for an outcome
    raise AssertionError(f"{who}: expected {want!r} within {timeout_s} s, saw {seen!r}")


def _start_class(teacher: Any) -> str:
    teacher.locator(".bk-tab", has_text=re.compile("^Class$")).first.click()
    teacher.get_by_role("button", name="Start a class").click()
    link = teacher.locator(".rl-follow-link")
    link.wait_for(timeout=30_000)
    return link.get_attribute("href")


def _step(page: Any) -> str:
    """Click Step on ``page``; returns where it then is."""
    before = _where(page)
    page.get_by_role("button", name="Step", exact=True).click()
    t0 = time.monotonic()
    while _where(page) == before and time.monotonic() - t0 < 30:
        page.wait_for_timeout(30)
    after = _where(page)
    assert after != before, f"Step did not move the page from {before!r}"
    return after


def test_followers_follow_the_teacher_and_can_try_their_own_move(class_server, browser):
    url = class_server.url
    teacher = _open(browser, f"{url}/knights")
    link = _start_class(teacher)
    assert re.fullmatch(rf"{re.escape(url)}/knights\?follow=[A-Z0-9]{{6}}", link), link
    qr = teacher.locator(".rl-class-qr").get_attribute("src")
    assert qr.startswith("data:image/svg+xml"), qr[:40]
    note = teacher.locator(".rl-class-note").inner_text()
    assert "racerlab serve --network" in note  # loopback only: the one option named
    laptop = _open(browser, link)
    phone = _open(browser, link, width=390, height=844)
    start = _where(teacher)
    for who, page in (("laptop", laptop), ("phone", phone)):
        _wait_where(page, start, who=who)
    lags = []
    for _ in range(3):
        now = _step(teacher)
        t_click = time.monotonic()
        for who, page in (("laptop", laptop), ("phone", phone)):
            _wait_where(page, now, timeout_s=10, who=who)
            lags.append(time.monotonic() - t_click)
    assert max(lags) < LAG_LIMIT_S, f"follower lags {lags} (limit {LAG_LIMIT_S} s)"
    # the phone shows the board inside its width
    box = phone.locator(".bk-Canvas, canvas").first.bounding_box()
    assert box is not None and box["x"] >= -1 and box["x"] + box["width"] <= 391, box

    # Try it yourself: the laptop steps on its own; the teacher's game does not move
    teacher_at = _where(teacher)
    laptop.get_by_role("button", name="Try it yourself").click()
    laptop.get_by_role("button", name="Back to the class").wait_for(timeout=30_000)
    mine = _step(laptop)
    assert mine != teacher_at
    assert _where(teacher) == teacher_at
    now = _step(teacher)
    _wait_where(phone, now, timeout_s=10, who="phone")  # still following
    assert _where(laptop) == mine  # away from the class
    laptop.get_by_role("button", name="Back to the class").click()
    _wait_where(laptop, now, timeout_s=10, who="laptop back in the class")

    # a student who types the teacher's visible address gets a page of their own
    stranger = _open(browser, teacher.url)
    _step(stranger)
    assert _where(teacher) == now
    assert not stranger.locator(".rl-follow-link").count()

    # End class: followers keep the last position as their own game
    teacher.get_by_role("button", name="End class").click()
    phone.get_by_text("this game is now your own").wait_for(timeout=10_000)
    kept = _where(phone)
    assert kept == now
    laptop.get_by_text("this game is now your own").wait_for(timeout=10_000)
    after = _step(laptop)
    assert after != now and _where(teacher) == now and _where(phone) == now
    for page in (teacher, laptop, phone, stranger):
        assert not page.errors, page.errors


def test_a_class_survives_a_server_restart(class_server, browser):
    teacher = _open(browser, f"{class_server.url}/knights")
    link = _start_class(teacher)
    code = link.rsplit("=", 1)[1]
    _step(teacher)
    at = _step(teacher)
    teacher.get_by_role("button", name="End class").wait_for(timeout=10_000)
    class_server.stop()
    class_server.start()
    teacher.reload()
    teacher.get_by_text(f"Class {code} resumed").wait_for(timeout=LOAD_MS)
    assert _where(teacher) == at, class_server.tail()
    follower = _open(browser, link)
    _wait_where(follower, at, who="follower after the restart")
    now = _step(teacher)
    _wait_where(follower, now, timeout_s=10, who="follower after the restart")


def _answer(page: Any, button: str, who: str) -> None:
    """Click ``button`` until the page says it was sent (a click within a second of the
    last answer is dropped by the page's rate limit, with a note)."""
    mine = page.locator(".rl-class-mine", has_text=re.compile(f"^{button.lower()}$"))
    t0 = time.monotonic()
    while time.monotonic() - t0 < 20:
        page.get_by_role("button", name=button, exact=True).click()
        try:
            mine.wait_for(timeout=1500)
            return
        except Exception:  # dropped as too soon, or not back yet: the page shows which
            continue
    seen = page.locator(".rl-class-question").inner_text()
    raise AssertionError(f"{who}: expected 'Your answer: {button.lower()}', saw {seen!r}")


def test_the_class_answers_a_question_and_everyone_sees_the_chart(class_server, browser):
    teacher = _open(browser, f"{class_server.url}/knights")
    link = _start_class(teacher)
    ann, bob = _open(browser, link), _open(browser, link)
    teacher.get_by_role("button", name="Ask the class").click()
    teacher.locator(".rl-class-answered", has_text="0 students answered").wait_for(timeout=20_000)
    for page in (ann, bob):
        page.get_by_text(re.compile(r"Question: Will .+'s shot at .+ hit\?")).wait_for(
            timeout=10_000
        )
    _answer(ann, "Yes", "ann")
    _answer(bob, "Yes", "bob")
    _answer(bob, "No", "bob changing its answer")
    answered = teacher.locator(".rl-class-answered")
    try:
        answered.filter(has_text="2 students answered").wait_for(timeout=10_000)
    except Exception as exc:
        raise AssertionError(
            f"expected '2 students answered', saw {answered.inner_text()!r}"
        ) from exc
    teacher.get_by_role("button", name="Reveal").click()
    exact = {}
    for who, page in (("teacher", teacher), ("ann", ann)):
        line = page.locator(".rl-class-exact")
        line.wait_for(timeout=10_000)
        exact[who] = line.inner_text()
        assert re.match(r"Exact: \d+\.\d% \(yes\) · 2 answers", exact[who]), exact[who]
        page.locator(".rl-class-result canvas").first.wait_for(timeout=10_000)
    assert exact["teacher"] == exact["ann"]
    assert not ann.get_by_role("button", name="Yes", exact=True).is_visible()  # closed
    for page in (teacher, ann, bob):
        assert not page.errors, page.errors
