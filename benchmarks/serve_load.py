"""Serving a class under load: 30 tabs at once, crafted links, hostile visitors.

Starts a real ``racerlab serve all --num-procs N`` (``--num-procs``, default 1)
on a free loopback port in its own process group (with ``--probe``, this
script's own ``--serve`` mode, the same ``start_server`` the command calls,
with the probe inside; one process only), then in Chromium, every request to
127.0.0.1 only:

* **pages**: ``--pages`` tabs (Knights and Battle Racers in turn) opened at
  once. For each tab, the time until its page frame is drawn (``frame``: the
  websocket is connected and the "Preparing" message or the dashboard shows) and
  until its dashboard is usable (``dashboard``: the Step button shows and is
  enabled, and the plot has drawn); meanwhile ``/liveness`` is polled every
  50 ms (``liveness``: each round trip). Median and worst of each, and how many
  tabs connected.
* **crafted**: tab B steps its own Knights game while tab A opens, each in a
  tab of its own, a link whose options once froze the server (``move_step_m = 0``)
  and a 525-action game; each Step's time until B's step counter moves. Then
  (``three_long_links``) B steps while three tabs open a long game's link each,
  all at once (about 1,350 actions and 6,000 characters each).
* **hostile**: ``--bot-tabs`` tabs (2) play an 8-player Racer Knights game with
  "Bot for bot seats" set to search, pressing "Round ▶▶" again as soon as the
  round is done, and ``--sim-tabs`` tabs (2) run 20,000-game simulations
  (Simulate tab; when a run asks whether to go on, they press Continue) while
  ``--step-tabs`` tabs (20) each press Step ``--steps`` times; each Step's time
  until its tab's step counter moves (median, worst) and ``/liveness``
  meanwhile. The page is driven only through its visible
  controls (buttons by role and name), so the same run works whether the bots
  and simulations run on the server's event loop or off it.

``--probe`` also records, inside the server, every stall of its event loop of
100 ms or more and what the loop thread was running meanwhile (a stack sampler
at 200 Hz), written as JSON to ``--probe-out``. Figures, not pass/fail (the goal:
liveness and Step under 1 s). Run: ``python benchmarks/serve_load.py [--only
hostile] [--num-procs 2]`` (needs Playwright and Debian's /usr/bin/chromium;
a few minutes per part). Every loop is bounded in time; the server's process
group and the browser are stopped at the end, also on failure.

Thirty Chromium tabs on the server's own machine take most of its processors
(on two cores, the tabs' own rendering is most of the time to a frame); with
``--browser-nice 19`` they yield to the server, as visitors' browsers on their
own machines would, but on a busy machine they then crawl. Compare runs
interleaved (before, after, before, after) on the same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from socket_visitor import SocketVisitor

CHROMIUM = os.environ.get("RACERLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",  # nothing leaves the machine
]
LOAD_MS = 120_000
STATUS = re.compile(r"· step (\d+) of")
"""A dashboard's status line ("Round r · step k of n"): the step shown."""
PLOT_DRAWN_JS = """() => !!(window.Bokeh && Bokeh.index && Bokeh.index.query_one(
  v => v.canvas_view !== undefined && typeof v.has_finished === 'function' && v.has_finished()))"""
"""True once a Bokeh plot of the page has drawn."""


def _summary(samples: list[float]) -> dict[str, float | int]:
    if not samples:
        return {"n": 0}
    return {
        "median_s": round(statistics.median(samples), 3),
        "worst_s": round(max(samples), 3),
        "n": len(samples),
    }


# -- the server, optionally with a loop probe ---------------------------------------------
def _frame_key(frame: Any) -> str:
    path = frame.f_code.co_filename
    for mark in ("site-packages/", "racerlab/", "lib/python3"):
        if mark in path:
            path = path.split(mark, 1)[1]
            break
    return f"{path}:{frame.f_code.co_name}"


class LoopProbe:
    """Stalls of the event loop (a 10 ms tick that came late) and the loop thread's stacks."""

    def __init__(self, loop: Any) -> None:
        self.loop = loop
        self.ident = threading.get_ident()
        self.samples: list[tuple[float, tuple[str, ...]]] = []
        self.stalls: list[tuple[float, float]] = []
        self.last = time.monotonic()
        self.stop = threading.Event()

    def tick(self) -> None:
        now = time.monotonic()
        if now - self.last > 0.1:
            self.stalls.append((self.last, now))
        self.last = now
        self.loop.call_later(0.01, self.tick)

    def sample(self) -> None:
        while not self.stop.is_set():
            frame = sys._current_frames().get(self.ident)
            stack = []
            while frame is not None:
                stack.append(_frame_key(frame))
                frame = frame.f_back
            self.samples.append((time.monotonic(), tuple(stack)))
            time.sleep(0.005)

    def report(self) -> dict[str, Any]:
        """The stalls, longest first, each with the functions most often on the stack."""
        out = []
        for start, end in sorted(self.stalls, key=lambda s: s[0] - s[1])[:40]:
            counts: Counter[str] = Counter()
            n = 0
            for t, stack in self.samples:
                if start <= t <= end:
                    n += 1
                    counts.update(set(stack))
            top = [f"{k} {v / max(n, 1):.0%}" for k, v in counts.most_common(60)]
            out.append({"at": round(start, 2), "stall_s": round(end - start, 3), "stack": top})
        whole: Counter[str] = Counter()
        for _, stack in self.samples:
            whole.update(set(stack))
        total = len(self.samples)
        return {
            "stalls": out,
            "stalled_s": round(sum(e - s for s, e in self.stalls), 2),
            "whole": [f"{k} {v / max(total, 1):.1%}" for k, v in whole.most_common(120)],
        }


def serve(port: int, probe_out: str | None) -> None:
    """Run ``racerlab serve all`` on ``port`` in this process (with a probe if asked)."""
    import asyncio
    import signal

    from tornado.ioloop import IOLoop

    from racerlab.app.server.serve import start_server

    if probe_out:
        loop = IOLoop.current().asyncio_loop
        probe = LoopProbe(loop)
        loop.call_soon(probe.tick)
        threading.Thread(target=probe.sample, daemon=True).start()

        def dump(*_: Any) -> None:
            probe.stop.set()
            Path(probe_out).write_text(json.dumps(probe.report(), indent=1))
            os._exit(0)

        signal.signal(signal.SIGTERM, lambda *a: loop.call_soon_threadsafe(dump))
    else:
        signal.signal(signal.SIGTERM, lambda *a: os._exit(0))
    asyncio.set_event_loop(IOLoop.current().asyncio_loop)
    start_server("all", port=port, show=False)


# -- the browser side ---------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_live(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/liveness", timeout=2).read()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} not live after {timeout:.0f} s")


class Liveness:
    """``/liveness`` round trips measured in a thread between :meth:`start` and :meth:`stop`
    (or while a ``with`` block runs)."""

    def __init__(self, url: str) -> None:
        self.url, self.times, self.done = url, [], threading.Event()
        self.failed = 0  # round trips that failed or took over a minute (counted in times too)
        self.thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        while not self.done.is_set():
            t = time.monotonic()
            try:
                urllib.request.urlopen(self.url + "/liveness", timeout=60).read()
            except OSError:
                self.failed += 1
            self.times.append(time.monotonic() - t)
            time.sleep(0.05)

    def start(self) -> None:
        """Start polling."""
        self.thread.start()

    def stop(self) -> None:
        """Stop polling (and wait for the round trip under way); idempotent."""
        self.done.set()
        if self.thread.is_alive():
            self.thread.join()

    def __enter__(self) -> Liveness:
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


async def _usable(tab: Any, timeout_ms: int = LOAD_MS) -> Any:
    """Wait until ``tab``'s Step button is enabled and its plot has drawn; returns the button."""
    from playwright.async_api import expect

    step = tab.get_by_role("button", name="Step", exact=True)
    await expect(step).to_be_enabled(timeout=timeout_ms)
    await tab.wait_for_function(PLOT_DRAWN_JS, timeout=timeout_ms)
    return step


async def _open_tab(context: Any, url: str, started: float, out: dict[str, Any]) -> None:
    """Open ``url`` in a new tab; note when its frame and its dashboard show (from ``started``)."""
    tab = await context.new_page()
    try:
        await tab.goto(url, wait_until="commit", timeout=LOAD_MS)
        step = tab.get_by_role("button", name="Step", exact=True)
        await step.or_(tab.get_by_text("Preparing the game")).first.wait_for(timeout=LOAD_MS)
        out["frame"].append(time.monotonic() - started)
        await _usable(tab)
        out["dashboard"].append(time.monotonic() - started)
    except Exception as exc:  # a tab that never shows is counted, not raised
        out["errors"][str(exc).split("\n")[0][:80]] += 1


async def _open_socket(url: str, path: str, started: float, out: dict[str, Any]) -> None:
    """Open ``path`` as a :class:`SocketVisitor`; note when its document holds a Step button
    and a step number (from ``started``)."""
    visitor = SocketVisitor()
    try:
        await visitor.open(url, path, LOAD_MS / 1000)
        out["socket_dashboard"].append(time.monotonic() - started)
    except Exception as exc:  # a visitor never served is counted, not raised
        out["errors"][f"socket: {str(exc).splitlines()[0][:70]}"] += 1
    finally:
        out["visitors"].append(visitor)


def thirty_pages(url: str, browser_path: str, pages: int, socket_pages: int = 0) -> dict[str, Any]:
    """Open ``pages`` tabs and ``socket_pages`` socket visitors at once; time to frame and
    to dashboard per tab (to a document with the dashboard per visitor), liveness
    meanwhile."""
    import asyncio

    from playwright.async_api import async_playwright

    out: dict[str, Any] = {
        "frame": [],
        "dashboard": [],
        "socket_dashboard": [],
        "visitors": [],
        "errors": Counter(),
    }

    async def go() -> None:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=browser_path, args=CHROMIUM_ARGS)
            context = await browser.new_context(viewport={"width": 1366, "height": 768})
            started = time.monotonic()
            paths = [f"{url}/{'knights' if i % 2 else 'sonic'}" for i in range(pages)]
            routes = [f"/{'sonic' if i % 2 else 'knights'}" for i in range(socket_pages)]
            await asyncio.gather(
                *(_open_tab(context, path, started, out) for path in paths),
                *(_open_socket(url, route, started, out) for route in routes),
            )
            for visitor in out["visitors"]:
                visitor.close()
            await browser.close()

    with Liveness(url) as live:
        asyncio.run(go())
    return {
        "pages": pages,
        "socket_pages": socket_pages,
        "connected": len(out["frame"]),
        "usable": len(out["dashboard"]),
        "frame": _summary(out["frame"]),
        "dashboard": _summary(out["dashboard"]),
        "socket_usable": len(out["socket_dashboard"]),
        "socket_dashboard": _summary(out["socket_dashboard"]),
        "liveness": _summary(live.times),
        "page_errors": dict(out["errors"].most_common(3)),
    }


def _token(text: str) -> str:
    import base64
    import zlib

    raw = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def crafted_links() -> list[str]:
    """A share link that once froze the server, and a long game (525 actions: it ends
    before the 1,500 asked for)."""
    from racerlab.app.kit.session import encode_share_token
    from racerlab.core.timeline import Timeline
    from racerlab.knights import KnightsRules, example_setup

    tl = Timeline.new(KnightsRules(), example_setup(), seed=3)
    frozen = json.loads(tl.dumps())
    frozen["options"]["move_step_m"] = 0
    tl.run(lambda s: tl.rules.legal_actions(s)[-1], max_steps=1500)
    return [_token(json.dumps(frozen)), encode_share_token(tl)]


def long_links(count: int = 3) -> list[str]:
    """``count`` share links of long real games: 8-racer Racer Knights jousts played to the
    end by random legal moves (about 1,350 actions and 6,000 characters each, three times
    the longest game a bot plays; replaying one costs the server about 0.15 s of CPU)."""
    from racerlab.app.kit.session import encode_share_token
    from racerlab.core.timeline import Timeline
    from racerlab.knights import KnightsRules
    from racerlab.knights.setup import random_setup

    links = []
    for seed in range(3, 3 + count):
        tl = Timeline.new(KnightsRules(), random_setup(8, seed=seed), seed=seed)
        pick = random.Random(seed)
        tl.run(lambda s, tl=tl, pick=pick: pick.choice(tl.rules.legal_actions(s)), max_steps=5000)
        links.append(encode_share_token(tl))
    return links


def _step_number(page: Any) -> int:
    """The step number in ``page``'s status line (sync API)."""
    text = page.get_by_text(STATUS).filter(visible=True).first.inner_text(timeout=LOAD_MS)
    return int(STATUS.search(text).group(1))


def _timed_step(tab: Any, step: Any) -> float:
    """Press ``step`` in ``tab`` (the way :data:`PRESS` says); seconds until its step
    counter moves (60 s at most)."""
    before = _step_number(tab)
    started = time.monotonic()
    if PRESS == "click":
        step.click()
    else:
        step.wait_for(state="visible", timeout=LOAD_MS)
        step.dispatch_event("click")
    while _step_number(tab) == before and time.monotonic() - started < 60:
        tab.wait_for_timeout(10)
    return time.monotonic() - started


def crafted_step(url: str, browser: Any, clicks: int = 3) -> dict[str, Any]:
    """Tab B's Step time while tab A opens each crafted link (``clicks`` Steps per link)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    b = context.new_page()
    b.goto(url + "/knights")
    step = b.get_by_role("button", name="Step", exact=True)
    step.wait_for(timeout=LOAD_MS)
    answers: list[float] = []
    with Liveness(url) as live:
        for link in crafted_links():
            a = context.new_page()
            a.goto(f"{url}/knights?game={link}", wait_until="commit")
            answers += [_timed_step(b, step) for _ in range(clicks)]
        a.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    context.close()
    return {
        "step": _summary(answers),
        "steps_s": [round(t, 3) for t in answers],
        "liveness": _summary(live.times),
    }


def long_links_step(url: str, browser: Any, clicks: int = 3) -> dict[str, Any]:
    """Tab B's Step time while three tabs open a long shared link each, all at once
    (:func:`long_links`): B presses Step ``clicks`` times as soon as the three are asked
    for. ``loading_after_steps`` counts the link tabs not yet usable when B's last Step
    showed (3: every Step was measured while all three loaded); ``links_usable_s`` is
    when each link tab became usable (from the moment they were asked for)."""
    links = long_links()
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    b = context.new_page()
    b.goto(url + "/knights")
    step = b.get_by_role("button", name="Step", exact=True)
    step.wait_for(timeout=LOAD_MS)
    _step_number(b)
    with Liveness(url) as live:
        tabs = [context.new_page() for _ in links]
        started = time.monotonic()
        for tab, link in zip(tabs, links, strict=True):
            tab.goto(f"{url}/knights?game={link}", wait_until="commit", timeout=LOAD_MS)
        answers = [_timed_step(b, step) for _ in range(clicks)]
        steps_done = time.monotonic() - started
        usable = [_usable_now(tab) for tab in tabs]
        ready = []
        for tab in tabs:
            _usable_sync(tab)
            ready.append(round(time.monotonic() - started, 2))
    context.close()
    return {
        "link_chars": [len(link) for link in links],
        "step": _summary(answers),
        "steps_s": [round(t, 3) for t in answers],
        "steps_done_s": round(steps_done, 2),
        "loading_after_steps": usable.count(False),
        "links_usable_s": ready,
        "liveness": _summary(live.times),
    }


def _usable_now(tab: Any) -> bool:
    """Whether ``tab``'s dashboard shows now: its Step button (disabled at the end of a
    finished game, as the long links' games are) and its drawn plot (sync API)."""
    try:
        shown = tab.get_by_role("button", name="Step", exact=True).is_visible(timeout=500)
        return shown and bool(tab.evaluate(PLOT_DRAWN_JS))
    except Exception:  # not shown yet: the page is still being prepared
        return False


def _usable_sync(tab: Any) -> None:
    """Wait until ``tab``'s dashboard shows: its Step button and its drawn plot (sync API)."""
    tab.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    tab.wait_for_function(PLOT_DRAWN_JS, timeout=LOAD_MS)


# -- hostile visitors ---------------------------------------------------------------------
def eight_player_link(seed: int = 2) -> str:
    """A share link of a fresh 8-player Racer Knights game."""
    from racerlab.app.kit.session import encode_share_token
    from racerlab.core.timeline import Timeline
    from racerlab.knights import KnightsRules
    from racerlab.knights.setup import random_setup

    return encode_share_token(Timeline.new(KnightsRules(), random_setup(8, seed=seed), seed=seed))


async def _shown_step(tab: Any, timeout_s: float) -> int:
    """The step number in ``tab``'s status line."""
    line = tab.get_by_text(STATUS).filter(visible=True).first
    text = await line.inner_text(timeout=timeout_s * 1000)
    return int(STATUS.search(text).group(1))


PRESS = "event"
"""How a tab presses a button (``--press``): ``event`` dispatches the button's click
event in the page, as a person's click arrives; ``click`` is Playwright's click, which
first waits until the button has held still over several animation frames (with eight
tabs drawing in one browser on two cores, that wait alone took 1-2 s of a 1.5-2.3 s
Step: measured with the websocket's frames, the server answered within 0.1-0.3 s)."""


async def _press(button: Any, timeout_s: float) -> None:
    """Press ``button`` the way :data:`PRESS` says."""
    if PRESS == "click":
        await button.click(timeout=timeout_s * 1000)
    else:
        await button.wait_for(state="visible", timeout=timeout_s * 1000)
        await button.dispatch_event("click", timeout=timeout_s * 1000)


async def _press_until_moved(tab: Any, button: Any, timeout_s: float) -> float | None:
    """Press ``button``; seconds until ``tab``'s step counter moves (``None``: it did not,
    or the page did not show its status line in time)."""
    try:
        before = await _shown_step(tab, timeout_s)
    except Exception:  # the page is too busy to show it: counted by the caller
        return None
    started = time.monotonic()
    moved = re.compile(rf"· step (?!{before} of)\d+ of")
    try:
        await _press(button, timeout_s)
        await (
            tab.get_by_text(moved)
            .filter(visible=True)
            .first.wait_for(timeout=max(1.0, timeout_s - (time.monotonic() - started)) * 1000)
        )
    except Exception:  # not moved in time: the caller counts it
        return None
    return time.monotonic() - started


async def _bot_rounds(tab: Any, until: float, out: dict[str, Any]) -> None:
    """Search bots for every seat; press "Round ▶▶" again as soon as a round is done."""
    group = tab.locator(".bk-input-group", has_text="Bot for bot seats").locator("select")
    await group.select_option("search", timeout=LOAD_MS)
    button = tab.get_by_role("button", name="Round ▶▶", exact=True)
    while time.monotonic() < until:
        took = await _press_until_moved(tab, button, max(5.0, until - time.monotonic()))
        if took is None:  # over, or still running when the scenario ends
            break
        out["bot_rounds"].append(took)


async def _simulations(tab: Any, games: int, until: float, out: dict[str, Any]) -> None:
    """Run ``games``-game simulations in the Simulate tab, again when one finishes; a run
    that asks whether to go on (it looks long) is told to continue."""
    await tab.locator(".bk-tab", has_text="Simulate").click(timeout=LOAD_MS)
    field = tab.locator(".bk-input-group", has_text="Games").locator("input").first
    await field.fill(str(games), timeout=LOAD_MS)
    await field.press("Enter")
    run = tab.get_by_role("button", name="Simulate", exact=True)
    go_on = tab.get_by_role("button", name="Continue", exact=True)
    finished = tab.get_by_text(f"{games} game(s) in")
    while time.monotonic() < until:
        await run.click(timeout=max(1.0, until - time.monotonic()) * 1000)
        out["simulations_started"] += 1
        try:  # a hostile visitor goes on: the run then plays for good
            await go_on.click(timeout=max(1.0, until - time.monotonic()) * 1000)
            out["simulations_continued"] += 1
        except Exception:  # a short run never asks; else the scenario ended first
            pass
        try:
            await finished.first.wait_for(timeout=max(1.0, until - time.monotonic()) * 1000)
        except Exception:  # still running when the scenario ends: the usual case
            return
        out["simulations_finished"] += 1


async def _stepper(
    tab: Any, steps: int, until: float, rng: random.Random, out: dict[str, Any]
) -> None:
    """Press Step ``steps`` times, a second or so apart, until ``until`` at the latest; each
    Step's time until it shows. ``tab`` is a Chromium tab or a :class:`SocketVisitor`
    (whose Steps go to ``socket_step``)."""
    by_socket = isinstance(tab, SocketVisitor)
    button = None if by_socket else tab.get_by_role("button", name="Step", exact=True)
    for _ in range(steps):
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        left = until - time.monotonic()
        if left < 1.0:
            out["steps_not_made"] += 1
            continue
        pressed = time.monotonic()
        if by_socket:
            took = await tab.press_step(min(STEP_TIMEOUT_S, left))
        else:
            took = await _press_until_moved(tab, button, min(STEP_TIMEOUT_S, left))
        if took is None:
            out["steps_not_shown"] += 1
        elif by_socket:
            out["socket_step"].append(took)
        else:
            out["step"].append(took)
            answer = _server_answer(tab, pressed, pressed + took)
            if answer is not None:
                out["step_answer"].append(answer)


_FRAMES: dict[int, list[tuple[float, str]]] = {}
"""Per tab (by ``id``): when its websocket sent a frame and received a patch."""


def _record_frames(tab: Any) -> None:
    """Note the times of ``tab``'s websocket frames: each sent, each patch received."""
    seen = _FRAMES.setdefault(id(tab), [])

    def on_socket(ws: Any) -> None:
        ws.on("framesent", lambda _f: seen.append((time.monotonic(), "sent")))
        ws.on(
            "framereceived",
            lambda f: (
                seen.append((time.monotonic(), "patch"))
                if isinstance(f, str) and '"PATCH-DOC"' in f
                else None
            ),
        )

    tab.on("websocket", on_socket)


def _server_answer(tab: Any, start: float, shown: float) -> float | None:
    """Seconds from the first frame ``tab`` sent after ``start`` (the press reaching the
    socket) to the last patch it received before ``shown``: the server's and the
    network's share of a Step, without the browser's drawing and the test driver."""
    frames = _FRAMES.get(id(tab), [])
    sent = next((t for t, kind in frames if kind == "sent" and t >= start), None)
    got = [t for t, kind in frames if kind == "patch" and sent is not None and sent <= t <= shown]
    return None if sent is None or not got else round(got[-1] - sent, 3)


OPEN_MS = 300_000
"""Hostile visitors: the longest a tab may take to open before the load starts."""
STEP_TIMEOUT_S = 120.0
"""A Step not shown after this long is counted as not shown."""


def hostile_visitors(url: str, browser_path: str, opts: argparse.Namespace) -> dict[str, Any]:
    """Step tabs' Step latency while bot-round and simulation tabs load the server."""
    from playwright.async_api import async_playwright

    out: dict[str, Any] = {
        "step": [],
        "step_answer": [],
        "socket_step": [],
        "steps_not_shown": 0,
        "steps_not_made": 0,
        "bot_rounds": [],
        "simulations_started": 0,
        "simulations_continued": 0,
        "simulations_finished": 0,
        "errors": Counter(),
    }
    link = eight_player_link()
    rng = random.Random(7)
    times: dict[str, float] = {}

    async def opened(context: Any, path: str) -> Any:
        tab = await context.new_page()
        _record_frames(tab)
        await tab.goto(url + path, wait_until="commit", timeout=OPEN_MS)
        await _usable(tab, OPEN_MS)
        return tab

    async def by_socket() -> SocketVisitor:
        visitor = SocketVisitor()
        visitors.append(visitor)
        await visitor.open(url, "/knights", OPEN_MS / 1000)
        return visitor

    visitors: list[SocketVisitor] = []

    async def go(live: Liveness) -> None:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=browser_path, args=CHROMIUM_ARGS)
            try:
                context = await browser.new_context(viewport={"width": 1366, "height": 768})
                started = time.monotonic()
                ends = [opts.step_tabs, opts.step_tabs + opts.bot_tabs]
                paths = (
                    ["/knights"] * opts.step_tabs
                    + [f"/knights?game={link}"] * opts.bot_tabs
                    + ["/knights"] * opts.sim_tabs
                )
                cuts = list(zip([0, *ends], [*ends, len(paths)], strict=True))
                tabs = await asyncio.gather(
                    *(opened(context, path) for path in paths),
                    *(by_socket() for _ in range(opts.socket_steppers)),
                    return_exceptions=True,
                )
                times["all_usable_s"] = round(time.monotonic() - started, 1)
                for tab in tabs:  # a tab never usable is counted, and left out
                    if isinstance(tab, Exception):
                        out["errors"][f"not usable: {str(tab).splitlines()[0][:60]}"] += 1
                ok = [[t for t in tabs[a:b] if not isinstance(t, Exception)] for a, b in cuts]
                steppers, bots, sims = ok
                steppers += [t for t in tabs[len(paths) :] if not isinstance(t, Exception)]
                until = time.monotonic() + opts.measure_s + opts.settle_s
                load = [asyncio.ensure_future(_bot_rounds(t, until, out)) for t in bots]
                load += [
                    asyncio.ensure_future(_simulations(t, opts.games, until, out)) for t in sims
                ]
                await asyncio.sleep(opts.settle_s)  # the hostile work is under way
                live.start()
                measured = time.monotonic()
                stop = measured + opts.measure_s
                await asyncio.gather(
                    *(
                        _stepper(t, opts.steps, stop, random.Random(rng.random()), out)
                        for t in steppers
                    )
                )
                live.stop()
                times["measured_s"] = round(time.monotonic() - measured, 1)
                for task in load:
                    task.cancel()
                for result in await asyncio.gather(*load, return_exceptions=True):
                    if isinstance(result, Exception) and not isinstance(
                        result, asyncio.CancelledError
                    ):
                        out["errors"][str(result).split("\n")[0][:80]] += 1
            finally:
                for visitor in visitors:
                    visitor.close()
                await browser.close()

    live = Liveness(url)
    try:
        asyncio.run(go(live))
    finally:
        live.stop()
    return {
        "press": PRESS,
        "step_tabs": opts.step_tabs,
        "bot_tabs": opts.bot_tabs,
        "sim_tabs": opts.sim_tabs,
        "socket_steppers": opts.socket_steppers,
        **times,
        "step": _summary(out["step"]),
        "step_server_answer": _summary(out["step_answer"]),
        "socket_step": _summary(out["socket_step"]),
        "steps_not_shown": out["steps_not_shown"],
        "steps_not_made": out["steps_not_made"],
        "liveness": _summary(live.times),
        "liveness_failed": live.failed,
        "bot_rounds": _summary(out["bot_rounds"]),
        "simulations_started": out["simulations_started"],
        "simulations_continued": out["simulations_continued"],
        "simulations_finished": out["simulations_finished"],
        "errors": dict(out["errors"].most_common(3)),
    }


def _niced_browser(nice: int) -> str:
    """A launcher running Chromium at ``nice`` (0: Chromium itself)."""
    if nice <= 0:
        return CHROMIUM
    import tempfile

    fd, path = tempfile.mkstemp(prefix="serve-load-chromium-", suffix=".sh")
    with os.fdopen(fd, "w") as f:
        f.write(f'#!/bin/sh\nexec nice -n {int(nice)} {CHROMIUM} "$@"\n')
    os.chmod(path, 0o755)
    return path


def _start_server(port: int, opts: argparse.Namespace, probe_out: str | None) -> Any:
    """The server under test, in a process group of its own (its forked processes too)."""
    if probe_out:  # this script's own serve mode, to run the probe inside the server
        cmd = [sys.executable, __file__, "--serve", str(port), "--probe-out", probe_out]
    else:  # the command itself
        cmd = [sys.executable, "-m", "racerlab", "serve", "all", "--port", str(port)]
        cmd += ["--no-show"]
        if opts.num_procs != 1:  # older servers have no such option
            cmd += ["--num-procs", str(opts.num_procs)]
    return subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )


def _stop_server(proc: Any) -> None:
    """Stop the server's whole process group (SIGTERM, then SIGKILL after 30 s)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def _warm_up(url: str, browser_path: str) -> str:
    """Open one page first (imports and caches warm, as in use); once per server process
    (which process takes each is the kernel's choice)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=browser_path, args=CHROMIUM_ARGS)
        try:
            warm = browser.new_page()
            warm.goto(url + "/knights")
            warm.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
            return "dashboard shown"
        except Exception as exc:  # a page left unfilled is a finding, not a crash
            return f"no dashboard: {str(exc).splitlines()[0][:60]}"
        finally:
            browser.close()


def run(opts: argparse.Namespace, probe_out: str | None, parts: list[str]) -> dict[str, Any]:
    """Start a server, run the asked parts, stop the server; returns the figures."""
    from playwright.sync_api import sync_playwright

    browser_path = _niced_browser(opts.browser_nice)
    port = _free_port()
    proc = _start_server(port, opts, probe_out)
    url = f"http://127.0.0.1:{port}"
    out: dict[str, Any] = {"num_procs": opts.num_procs}
    try:
        _wait_live(url)
        out["warm_up"] = [_warm_up(url, browser_path) for _ in range(max(1, opts.num_procs))]
        if "crafted" in parts:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=browser_path, args=CHROMIUM_ARGS)
                try:
                    out["crafted_links"] = crafted_step(url, browser)
                finally:
                    browser.close()
        if "crafted" in parts or "links" in parts:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=browser_path, args=CHROMIUM_ARGS)
                try:
                    out["three_long_links"] = long_links_step(url, browser)
                finally:
                    browser.close()
        if "pages" in parts:  # its own browser, driven asynchronously: every tab at once
            out["thirty_pages"] = thirty_pages(url, browser_path, opts.pages, opts.socket_pages)
        if "hostile" in parts:
            out["hostile"] = hostile_visitors(url, browser_path, opts)
    finally:
        _stop_server(proc)
        if browser_path != CHROMIUM:
            os.unlink(browser_path)
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line: run the benchmark, print one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--only",
        choices=["pages", "crafted", "links", "hostile"],
        action="append",
        help="run this part (repeatable; default: all; links: only crafted's three long links)",
    )
    parser.add_argument("--num-procs", type=int, default=1, help="server processes (default 1)")
    parser.add_argument("--pages", type=int, default=30, help="pages: tabs opened at once")
    parser.add_argument(
        "--socket-pages",
        type=int,
        default=0,
        help="pages: visitors opened at once over the websocket alone, as browsers on other "
        "machines would (no Chromium; reported as socket_dashboard)",
    )
    parser.add_argument("--step-tabs", type=int, default=20, help="hostile: tabs pressing Step")
    parser.add_argument(
        "--socket-steppers",
        type=int,
        default=0,
        help="hostile: visitors pressing Step over the websocket alone, as browsers on other "
        "machines would (no Chromium; their Steps are reported as socket_step)",
    )
    parser.add_argument("--steps", type=int, default=4, help="hostile: Steps per step tab")
    parser.add_argument("--bot-tabs", type=int, default=2, help="hostile: search-bot round tabs")
    parser.add_argument("--sim-tabs", type=int, default=2, help="hostile: simulation tabs")
    parser.add_argument("--games", type=int, default=20_000, help="hostile: games per simulation")
    parser.add_argument(
        "--measure-s",
        type=float,
        default=300.0,
        help="hostile: longest the Steps are measured (s); Steps not made by then are counted",
    )
    parser.add_argument(
        "--settle-s", type=float, default=3.0, help="hostile: load alone before measuring (s)"
    )
    parser.add_argument("--probe", action="store_true", help="record the server loop's stalls")
    parser.add_argument("--probe-out", default=None, help="where the probe's JSON goes")
    parser.add_argument(
        "--browser-nice",
        type=int,
        default=0,
        help="run Chromium at this niceness (default 0: none); a positive value makes the tabs "
        "stand in for visitors' own machines, leaving the processors to the server",
    )
    parser.add_argument(
        "--press",
        choices=["event", "click"],
        default="event",
        help="hostile: how a tab presses a button (default event: the click event, as a "
        "person's; click: Playwright's, which first waits for the button to hold still)",
    )
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    global PRESS
    PRESS = args.press
    # a ``timeout`` or ``kill`` ends the run through its clean-up (server group, browser)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.serve is not None:
        serve(args.serve, args.probe_out)
        return 0
    probe_out = args.probe_out or ("serve_load_probe.json" if args.probe else None)
    if probe_out:
        if args.num_procs != 1:
            parser.error("--probe runs inside one server process: use --num-procs 1")
        probe_out = str(Path(probe_out).resolve())
    parts = args.only or ["pages", "crafted", "hostile"]
    print(json.dumps(run(args, probe_out, parts), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
