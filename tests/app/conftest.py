"""The seeded monkey, shared by the browser tests that drive a whole dashboard at random.

``monkey_run(page, tabs=[...], problems=fn)`` (a fixture) first shows every tab named
in ``tabs`` in turn (a lazily built tab until its "Loading …" spinner has gone), doing a
few random actions inside each (the editor's boxes and buttons among them), then walks
``actions`` random actions over the whole page: every visible text and number input
(typed into WITHOUT pressing Enter, then often a button clicked at once), every button,
every slider handle, every tab and the page's keys (a clicker's, 1-9, P). After each
action ``problems()`` must be empty (the caller's console errors, requests leaving
127.0.0.1, server errors); every :data:`CHECK_EVERY` actions the page must still
answer (Back or Step changes the status line). Every action is printed, so a failure
replays with the same seed (``RACERLAB_MONKEY_SEED``; ``RACERLAB_MONKEY_ACTIONS`` sets
the walk's length). The walk is counted in actions, not seconds, so a seed replays the
same walk on a busy machine.

``class_server`` (a fixture) serves ``racerlab serve --num-procs 2 --data-dir <tmp>`` in a
process of its own for the class tests (restartable; its log is ``server.log``).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

SEED = int(os.environ.get("RACERLAB_MONKEY_SEED", "1606"))
"""The monkey's seed (printed with every failure)."""
MONKEY_ACTIONS = int(os.environ.get("RACERLAB_MONKEY_ACTIONS", "30"))
"""How many random actions the walk takes after the tour of the tabs."""
ACTIONS_PER_TAB = 3
"""Random actions done inside each tab during the tour (the editor gets twice as many)."""
CHECK_EVERY = 15
"""Every this many walk actions, check that the page still answers."""
ACTION_TIMEOUT_MS = 3_000
"""How long an action waits for its element (one that went away is skipped, not a failure)."""
STATUS_TIMEOUT_MS = 30_000
"""How long to wait for the status line to be on the page (a redraw on a busy machine can
take seconds; the line missing for this long is a failure)."""
TAB_FILL_TIMEOUT_MS = 60_000
"""How long a tab shown for the first time may keep its "Loading …" spinner."""
ANSWER_TIMEOUT_S = 30
"""How long a Back or Step may take to change the status line on a busy machine."""
BUSY_TIMEOUT_MS = 120_000
"""How long a move being worked out (the page's "Working: …") may take on a busy machine."""
STATUS = re.compile(r"Round \d+ · step \d+ of \d+")
WHY_NO_STEP = re.compile(r"Waiting for .* \(played by hand\)|to choose: |game is over")
"""What the page says when Step cannot move the game on (a seat played by hand is to
choose, the game is over): the page answers, there is just nothing to step."""
SKIP_BUTTONS = {"Save game (JSON)"}
"""Buttons the monkey leaves alone (a file download opens no page state worth testing)."""
KEYS = ["PageDown", "PageUp", "ArrowRight", "ArrowLeft", " ", "1", "2", "3", "p"]
"""Keys the monkey presses: a clicker's, the racer numbers and presenter mode's P."""
EDITOR_TAB = "Edit position"
TABS = ".bk-panel-models-tabs-Tabs, .bk-Tabs"
"""The tabs' element (Panel's Tabs model, or Bokeh's)."""

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the ui tests skip without Playwright; this module must still import
    PlaywrightTimeout = TimeoutError  # type: ignore[misc,assignment]


def _visible(locator: Any) -> list:
    return [locator.nth(i) for i in range(locator.count()) if locator.nth(i).is_visible()]


def _text_for(rng: random.Random, kind: str) -> str:
    if kind == "number":
        return str(rng.choice([0, 1, 2, 3, 7, 17, 99, -1, 100000]))
    return rng.choice(
        ["(5,3) (6,3)", "(20,1) (21,1)", "nonsense", "", "spring, boost", "  ", "(1,9)", "1"]
    )


class Monkey:
    """The random walk: one method per kind of action, each logged before it is done.

    Actions look for their elements in ``self.within`` (the whole page unless set).
    """

    def __init__(self, page: Any, rng: random.Random, log: list[str]) -> None:
        self.page = page
        self.within = page
        self.rng = rng
        self.log = log
        self.tabs_shown: list[str] = []

    def note(self, what: str) -> None:
        """Log an action (printed at once, so a failure's output replays the walk)."""
        self.log.append(what)
        print(f"monkey[{len(self.log)}]: {what}", flush=True)

    def buttons(self) -> list:
        """The visible, enabled buttons the monkey may click."""
        found = _visible(self.within.locator("button.bk-btn:not([disabled])"))
        return [b for b in found if (b.inner_text() or "").strip() not in SKIP_BUTTONS]

    def click_button(self) -> bool:
        buttons = self.buttons()
        if not buttons:
            return False
        b = self.rng.choice(buttons)
        self.note(f"click {(b.inner_text() or '').strip()!r}")
        b.click(timeout=ACTION_TIMEOUT_MS)
        return True

    def type_then_click(self) -> bool:
        fields = _visible(self.within.locator("input.bk-input[type=text], textarea.bk-input"))
        if not fields:
            return False
        f = self.rng.choice(fields)
        kind = "number" if (f.get_attribute("inputmode") or "") in ("numeric", "decimal") else ""
        text = _text_for(self.rng, kind)
        self.note(f"type {text!r} into a {kind or 'text'} box (no Enter)")
        f.fill(text, timeout=ACTION_TIMEOUT_MS)
        if self.rng.random() < 0.7:
            self.click_button()
        return True

    def drag_slider(self) -> bool:
        handles = _visible(self.within.locator(".noUi-handle"))
        if not handles:
            return False
        h = self.rng.choice(handles)
        key = self.rng.choice(["ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End"])
        self.note(f"slider handle: {key}")
        h.focus(timeout=ACTION_TIMEOUT_MS)
        h.press(key, timeout=ACTION_TIMEOUT_MS)
        return True

    def switch_tab(self) -> bool:
        tabs = _visible(self.page.locator(".bk-tab"))
        if not tabs:
            return False
        t = self.rng.choice(tabs)
        title = (t.inner_text() or "").strip()
        self.note(f"tab {title!r}")
        t.click(timeout=ACTION_TIMEOUT_MS)
        self.tabs_shown.append(title)
        return True

    def press_key(self) -> bool:
        """A clicker's or keyboard's key, on whatever has the focus (a text box keeps it)."""
        key = self.rng.choice(KEYS)
        self.note(f"key {key!r}")
        self.page.keyboard.press(key)
        return True

    def act(self, tabs: bool = True) -> bool:
        """One random action (a tab switch only when ``tabs``); a vanished element is skipped.
        Returns whether there was anything to act on."""
        kinds = [
            self.click_button,
            self.type_then_click,
            self.drag_slider,
            self.switch_tab,
            self.press_key,
        ]
        weights = [5, 3, 2, 2 if tabs else 0, 2 if tabs else 0]  # P would hide the tabs
        choice = self.rng.choices(kinds, weights=weights)[0]
        try:
            return choice()
        except PlaywrightTimeout:  # the element went away (a panel redrew): not a failure
            self.note("  (the element was gone before the action; skipped)")
            return True

    def show_tab(self, title: str) -> None:
        """Show the tab called ``title`` and wait until its panel is filled (no spinner)."""
        self.note(f"tour: tab {title!r}")
        tab = self.page.locator(".bk-tab", has_text=re.compile(f"^{re.escape(title)}$"))
        tab.first.click(timeout=STATUS_TIMEOUT_MS)
        spinner = self.page.get_by_text(f"Loading {title}…")
        try:
            spinner.first.wait_for(state="hidden", timeout=TAB_FILL_TIMEOUT_MS)
        except PlaywrightTimeout:
            raise AssertionError(
                f"the {title!r} tab still showed its loading spinner after "
                f"{TAB_FILL_TIMEOUT_MS // 1000} s"
            ) from None
        self.tabs_shown.append(title)


def status(page: Any) -> str:
    """The visible status line's text (presenter mode hides the sidebar's and shows its own)."""
    loc = page.get_by_text(STATUS).filter(visible=True).first
    return loc.inner_text(timeout=STATUS_TIMEOUT_MS)


def still_answers(page: Any, monkey: Monkey) -> None:
    """The session still answers: Back (or, at the start, Step) changes the status line,
    or the page says why it cannot step (a seat played by hand, the game over). A move
    still being worked out is waited for first (a click meanwhile is refused as busy); a
    game playing itself (autoplay) is paused first, or the page is never done working."""
    pause = page.get_by_role("button", name="‖ Pause").filter(visible=True)
    play = page.get_by_role("button", name="▶ Play").filter(visible=True)
    for _ in range(3):  # a redraw may cover or replace the button for a moment
        if not pause.count():
            break
        monkey.note("check: ‖ Pause (autoplay keeps the page working)")
        try:
            pause.first.click(timeout=ACTION_TIMEOUT_MS)
            play.first.wait_for(timeout=BUSY_TIMEOUT_MS)
        except PlaywrightTimeout:
            continue
    busy = page.locator(".rl-busy")
    if any("simulating" in text for text in busy.all_inner_texts()):
        # a simulation the monkey started runs its games in niced workers, which a busy
        # machine starves: stopping it is part of the page answering
        monkey.show_tab("Simulate")
        stop = page.get_by_role("button", name="Stop", exact=True).filter(visible=True)
        with contextlib.suppress(PlaywrightTimeout):  # it may have finished meanwhile
            monkey.note("check: Stop (the simulation keeps the page working)")
            stop.first.click(timeout=ACTION_TIMEOUT_MS)
    try:
        busy.first.wait_for(state="hidden", timeout=BUSY_TIMEOUT_MS)
    except PlaywrightTimeout:
        raise AssertionError(
            f"the page still said it was working after {BUSY_TIMEOUT_MS // 1000} s"
        ) from None
    before = status(page)
    back = page.get_by_role("button", name="◀ Back").filter(visible=True).first
    step = page.get_by_role("button", name="Step", exact=True).filter(visible=True).first
    button = back if back.is_enabled() else step
    monkey.note(f"check: {(button.inner_text() or '').strip()}")
    for _ in range(3):  # a redraw may cover or replace the button for a moment
        try:
            button.click(timeout=ACTION_TIMEOUT_MS)
            break
        except PlaywrightTimeout:
            continue
    waiting = page.get_by_text(WHY_NO_STEP)
    deadline = time.monotonic() + ANSWER_TIMEOUT_S
    while time.monotonic() < deadline:
        if status(page) != before or waiting.count():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the page stopped answering (status stayed {before!r})")


def run_monkey(
    page: Any,
    *,
    tabs: list[str],
    problems: Callable[[], list[str]],
    actions: int = MONKEY_ACTIONS,
    seed: int = SEED,
) -> Monkey:
    """Tour ``tabs`` (by title), then walk ``actions`` random actions; fail on any of
    ``problems()`` or a page that stops answering. Returns the monkey (its log and the tabs
    it showed)."""
    monkey = Monkey(page, random.Random(seed), [])

    def check() -> None:
        found = problems()
        assert not found, f"after {monkey.log[-5:]} (seed {seed}): {found[:5]}"

    for title in tabs:
        monkey.show_tab(title)
        monkey.within = page.locator(TABS).first  # actions inside the shown tab
        wanted = ACTIONS_PER_TAB * (2 if title == EDITOR_TAB else 1)
        for _ in range(4 * wanted):  # draws that find nothing of their kind are not counted
            wanted -= monkey.act(tabs=False)
            check()
            if wanted == 0:
                break
        monkey.within = page
    done = 0
    for _ in range(4 * actions):  # draws that find nothing of their kind are not counted
        if not monkey.act():
            continue
        done += 1
        page.wait_for_timeout(monkey.rng.choice([0, 0, 20, 100, 300]))
        check()
        if done % CHECK_EVERY == 0:
            still_answers(page, monkey)
        if done == actions:
            break
    still_answers(page, monkey)
    check()
    return monkey


@pytest.fixture
def monkey_run() -> Callable[..., Monkey]:
    """``monkey_run(page, tabs=[...], problems=fn, actions=N, seed=S)``: :func:`run_monkey`."""
    return run_monkey


@pytest.fixture
def tab_titles() -> Callable[[str], list[str]]:
    """``tab_titles(slug)``: the titles of the tabs dashboard ``slug`` declares, in order."""

    def titles(slug: str) -> list[str]:
        from racerlab.app.kit.dashboards import dashboards
        from racerlab.app.kit.shell import TAB, DashboardShell

        d = dashboards()[slug]
        module = importlib.import_module(d.module)
        shells = [
            v
            for v in vars(module).values()
            if isinstance(v, type) and issubclass(v, DashboardShell) and v.__module__ == d.module
        ]
        assert len(shells) == 1, f"{d.module} should define one dashboard shell: {shells}"
        return [spec.title for spec in shells[0].PANELS if spec.place == TAB]

    return titles


def _run_alone(coro: Any, timeout: float = 120.0) -> Any:
    """Run ``coro`` to its end in a thread of its own (this thread may already be running an
    event loop, as a test worker's does, and ``asyncio.run`` refuses to run inside one)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result(timeout=timeout)


@pytest.fixture
def run_alone() -> Callable[..., Any]:
    """``run_alone(coro, timeout=120)``: the coroutine's result, run in a thread of its own."""
    return _run_alone


# -- a class server (racerlab serve --num-procs 2 --data-dir DIR) -------------------------
class ClassServer:
    """``racerlab serve --num-procs 2 --data-dir DIR`` in its own process group; restartable."""

    def __init__(self, root: Path, port: int, data: Path, liveness: Any) -> None:
        self.root, self.port, self.data, self.liveness = root, port, data, liveness
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen | None = None
        self.log = root / "test-artifacts" / f"racerlab-class-{port}.log"

    def start(self) -> None:
        self.log.parent.mkdir(exist_ok=True)
        command = [sys.executable, "-m", "racerlab", "serve", "--num-procs", "2", "--no-show"]
        command += ["--port", str(self.port), "--data-dir", str(self.data)]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, cwd=self.root,
                start_new_session=True,
            )  # fmt: skip
        self.liveness(self.url, proc=self.proc)

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""


@pytest.fixture
def class_server(racerlab_root, free_loopback_port, liveness, tmp_path) -> Iterator[ClassServer]:
    from tornado.process import cpu_count

    if cpu_count() < 2:
        pytest.skip("needs 2 cores for --num-procs 2")
    server = ClassServer(racerlab_root, free_loopback_port(), tmp_path / "data", liveness)
    server.start()
    try:
        yield server
    finally:
        server.stop()
