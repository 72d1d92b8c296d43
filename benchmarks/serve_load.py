"""Serving under load: 30 pages opened at once, and a Step while crafted links load.

Starts a real ``racerlab serve all`` on a free loopback port (with ``--probe``,
this script's own ``--serve`` mode, the same ``start_server`` the command calls,
with the probe inside), then in Chromium:

* **thirty pages**: ``--pages`` tabs (Knights and Battle Racers in turn) opened at
  once. For each tab, the time until its page frame is drawn (``frame``: the
  websocket is connected and the "Preparing" message or the dashboard shows) and
  until its dashboard is usable (``dashboard``: a Step button shows); meanwhile
  ``/liveness`` is polled every 50 ms (``liveness``: each round trip). Median and
  worst of each, and how many tabs connected.
* **crafted links**: tab B steps its own Knights game while tab A opens, each in a
  tab of its own, a link whose options once froze the server (``move_step_m = 0``)
  and a 1,500-action game; each Step's time until B's step counter moves.

``--probe`` also records, inside the server, every stall of its event loop of
100 ms or more and what the loop thread was running meanwhile (a stack sampler
at 200 Hz), written as JSON to ``--probe-out``. Figures, not pass/fail (the goal:
liveness and Step under 1 s). Run: ``python benchmarks/serve_load.py`` (needs
Playwright and Debian's /usr/bin/chromium; a few minutes).

Thirty Chromium tabs on the server's own machine take most of its processors
(on two cores, the tabs' own rendering is most of the time to a frame); with
``--browser-nice 19`` they yield to the server, as visitors' browsers on their
own machines would, but on a busy machine they then crawl. Compare runs
interleaved (before, after, before, after) on the same machine.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
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

CHROMIUM = os.environ.get("RACERLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
LOAD_MS = 120_000


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

    from racerlab.app.serve import start_server

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
    """``/liveness`` round trips measured in a thread while a ``with`` block runs."""

    def __init__(self, url: str) -> None:
        self.url, self.times, self.done = url, [], threading.Event()
        self.thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        while not self.done.is_set():
            t = time.monotonic()
            with contextlib.suppress(OSError):
                urllib.request.urlopen(self.url + "/liveness", timeout=60).read()
            self.times.append(time.monotonic() - t)
            time.sleep(0.05)

    def __enter__(self) -> Liveness:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.done.set()
        self.thread.join()


async def _open_tab(context: Any, url: str, started: float, out: dict[str, Any]) -> None:
    """Open ``url`` in a new tab; note when its frame and its dashboard show (from ``started``)."""
    tab = await context.new_page()
    try:
        await tab.goto(url, wait_until="commit", timeout=LOAD_MS)
        step = tab.get_by_role("button", name="Step", exact=True)
        await step.or_(tab.get_by_text("Preparing the game")).first.wait_for(timeout=LOAD_MS)
        out["frame"].append(time.monotonic() - started)
        await step.wait_for(timeout=LOAD_MS)
        out["dashboard"].append(time.monotonic() - started)
    except Exception as exc:  # a tab that never shows is counted, not raised
        out["errors"][str(exc).split("\n")[0][:80]] += 1


def thirty_pages(url: str, browser_path: str, pages: int) -> dict[str, Any]:
    """Open ``pages`` tabs at once; time to frame and to dashboard per tab, liveness meanwhile."""
    import asyncio

    from playwright.async_api import async_playwright

    out: dict[str, Any] = {"frame": [], "dashboard": [], "errors": Counter()}

    async def go() -> None:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=browser_path, args=CHROMIUM_ARGS)
            context = await browser.new_context(viewport={"width": 1366, "height": 768})
            started = time.monotonic()
            paths = [f"{url}/{'knights' if i % 2 else 'sonic'}" for i in range(pages)]
            await asyncio.gather(*(_open_tab(context, path, started, out) for path in paths))
            await browser.close()

    with Liveness(url) as live:
        asyncio.run(go())
    return {
        "pages": pages,
        "connected": len(out["frame"]),
        "usable": len(out["dashboard"]),
        "frame": _summary(out["frame"]),
        "dashboard": _summary(out["dashboard"]),
        "liveness": _summary(live.times),
        "page_errors": dict(out["errors"].most_common(3)),
    }


def _token(text: str) -> str:
    import base64
    import zlib

    raw = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def crafted_links() -> list[str]:
    """A share link that once froze the server, and a 1,500-action game."""
    from racerlab.app.session import encode_share_token
    from racerlab.core.timeline import Timeline
    from racerlab.knights import KnightsRules, example_setup

    tl = Timeline.new(KnightsRules(), example_setup(), seed=3)
    frozen = json.loads(tl.dumps())
    frozen["options"]["move_step_m"] = 0
    tl.run(lambda s: tl.rules.legal_actions(s)[-1], max_steps=1500)
    return [_token(json.dumps(frozen)), encode_share_token(tl)]


def _step_number(page: Any) -> int:
    text = page.get_by_text("· step ").first.inner_text()
    return int(text.split("· step ")[1].split(" ")[0])


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
            for _ in range(clicks):
                before = _step_number(b)
                started = time.monotonic()
                step.click()
                while _step_number(b) == before and time.monotonic() - started < 60:
                    b.wait_for_timeout(10)
                answers.append(time.monotonic() - started)
        a.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    context.close()
    return {
        "step": _summary(answers),
        "steps_s": [round(t, 3) for t in answers],
        "liveness": _summary(live.times),
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


def run(pages: int, probe_out: str | None, parts: list[str], nice: int) -> dict[str, Any]:
    """Start a server, run the asked parts, stop the server; returns the figures."""
    from playwright.sync_api import sync_playwright

    browser_path = _niced_browser(nice)

    port = _free_port()
    if probe_out:  # this script's own serve mode, to run the probe inside the server
        cmd = [sys.executable, __file__, "--serve", str(port), "--probe-out", probe_out]
    else:  # the command itself
        cmd = [sys.executable, "-m", "racerlab", "serve", "all", "--port", str(port), "--no-show"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    out: dict[str, Any] = {}
    try:
        _wait_live(url)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=browser_path, args=CHROMIUM_ARGS)
            warm = browser.new_page()  # one page first: imports and caches warm, as in use
            warm.goto(url + "/knights")
            try:
                warm.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
                out["warm_up"] = "dashboard shown"
            except Exception as exc:  # a page left unfilled is a finding, not a crash
                out["warm_up"] = f"no dashboard: {str(exc).splitlines()[0][:60]}"
            warm.close()
            if "crafted" in parts:
                out["crafted_links"] = crafted_step(url, browser)
            browser.close()
        if "pages" in parts:  # its own browser, driven asynchronously: every tab at once
            out["thirty_pages"] = thirty_pages(url, browser_path, pages)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        if browser_path != CHROMIUM:
            os.unlink(browser_path)
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line: run the benchmark, print one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--only", choices=["pages", "crafted"], help="run one part only")
    parser.add_argument("--probe", action="store_true", help="record the server loop's stalls")
    parser.add_argument("--probe-out", default=None, help="where the probe's JSON goes")
    parser.add_argument(
        "--browser-nice",
        type=int,
        default=0,
        help="run Chromium at this niceness (default 0: none); a positive value makes the tabs "
        "stand in for visitors' own machines, leaving the processors to the server",
    )
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve is not None:
        serve(args.serve, args.probe_out)
        return 0
    probe_out = args.probe_out or ("serve_load_probe.json" if args.probe else None)
    if probe_out:
        probe_out = str(Path(probe_out).resolve())
    parts = [args.only] if args.only else ["pages", "crafted"]
    print(json.dumps(run(args.pages, probe_out, parts, args.browser_nice), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
