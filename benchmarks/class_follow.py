"""How fast a class follows its teacher: ``python benchmarks/class_follow.py``.

Starts ``racerlab serve --num-procs 2 --data-dir <tmp>`` on a free loopback port; a
Chromium teacher starts a class; 29 followers are websocket visitors
(:mod:`socket_visitor`: Bokeh's own protocol, no browser, as a student's browser on
another machine would be) and one is a real Chromium page. Then the teacher presses Step
``--steps`` times; for each Step the lag is the time from the click until a follower's
page shows the new step number. Prints the median and worst lag and the server's CPU
time per Step per follower. Every request goes to 127.0.0.1 and the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from socket_visitor import SocketVisitor

ROOT = Path(__file__).resolve().parents[1]
STEP = re.compile(r"step (\d+) of")
STATUS = re.compile(r"Round \d+ · step \d+ of \d+")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_s(pid: int) -> float:
    """CPU seconds of ``pid`` and its children (the server processes)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


async def follow_over_socket(visitor: Follower, code: str) -> None:
    """Tell the page what a browser's store would: the ``?follow=`` code, then ready."""
    deadline = time.monotonic() + 60
    while visitor.document is None and time.monotonic() < deadline:
        await visitor._read(deadline)  # the dashboard may come after the page frame
    tree = visitor.document
    store_id = None
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if str(node.get("name", "")).startswith("BrowserStore") and "id" in node:
                store_id = node["id"]  # the store's parameters (a Bokeh data model)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    if store_id is None:
        raise RuntimeError("no browser store on the page")
    for attr, new in (("follow", code), ("ready", True)):
        event = {"kind": "ModelChanged", "model": {"id": store_id}, "attr": attr, "new": new}
        await visitor._send("PATCH-DOC", {"events": [event]})


class Follower(SocketVisitor):
    """A socket visitor that keeps the document it pulled (to find the browser store)."""

    document = None
    following = False

    async def _read(self, deadline: float) -> None:
        header = json.loads(await self._frame(deadline))
        await self._frame(deadline)
        content = await self._frame(deadline)
        for _ in range(2 * int(header.get("num_buffers", 0))):
            await self._frame(deadline)
        if header.get("msgtype") not in ("PULL-DOC-REPLY", "PATCH-DOC"):
            return
        if '"Step"' in content and self.step_id is None:
            self.step_id = "seen"
        if "Following class" in content:
            self.following = True
        if '"BrowserStore' in content:
            self.document = json.loads(content)  # the message that holds the browser store
        numbers = re.findall(r"(?:·|\\u00b7) step (\d+) of", content)
        if numbers:
            self.step = int(numbers[-1])

    async def listen(self) -> None:
        while True:
            try:
                await self._read(time.monotonic() + 3600)
            except Exception:
                return


async def run(steps: int, followers: int) -> None:
    from playwright.async_api import async_playwright

    port = _free_port()
    data = tempfile.mkdtemp(prefix="racerlab-class-bench-")
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "racerlab", "serve", "knights", "--num-procs", "2"]
    command += ["--no-show", "--port", str(port), "--data-dir", data]
    log = open(Path(data) / "server.log", "wb")  # noqa: SIM115 - open while the server runs
    server = subprocess.Popen(
        command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        for _ in range(240):
            try:
                urllib.request.urlopen(url + "/liveness", timeout=2).close()
                break
            except OSError:
                await asyncio.sleep(0.5)
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            teacher = await (await browser.new_context()).new_page()
            await teacher.goto(url + "/knights")
            step = teacher.get_by_role("button", name="Step", exact=True)
            await step.wait_for(timeout=120_000)
            await teacher.locator(".bk-tab", has_text=re.compile("^Class$")).first.click()
            await teacher.get_by_role("button", name="Start a class").click()
            link = teacher.locator(".rl-follow-link")
            await link.wait_for(timeout=60_000)
            href = await link.get_attribute("href")
            code = href.rsplit("=", 1)[1]
            chrome = await (await browser.new_context()).new_page()
            await chrome.goto(href)
            await chrome.get_by_text("Following class").wait_for(timeout=120_000)
            visitors = []
            for _ in range(followers - 1):
                v = Follower()
                await v.open(url, f"/knights?follow={code}", 120)
                await follow_over_socket(v, code)
                visitors.append(v)
            listeners = [asyncio.create_task(v.listen()) for v in visitors]
            for _ in range(5):  # a follow sent before the page was ready is sent again
                await asyncio.sleep(2)
                late = [v for v in visitors if not v.following]
                for v in late:
                    await follow_over_socket(v, code)
            late = sum(not v.following for v in visitors)
            print(f"{len(visitors) - late} of {len(visitors)} websocket visitors follow")
            lags: list[float] = []
            cpu0 = _cpu_s(server.pid)
            for _ in range(steps):
                status = await teacher.get_by_text(STATUS).first.inner_text()
                before = int(STEP.search(status).group(1)) if STEP.search(status) else -1
                await step.click()
                t0 = time.monotonic()
                want = before + 1
                waiting = set(range(len(visitors)))
                chrome_done = None
                while (waiting or chrome_done is None) and time.monotonic() - t0 < 10:
                    for i in list(waiting):
                        if visitors[i].step >= want:
                            lags.append(time.monotonic() - t0)
                            waiting.discard(i)
                    if chrome_done is None:
                        text = await chrome.get_by_text(STATUS).first.inner_text()
                        m = STEP.search(text)
                        if m and int(m.group(1)) >= want:
                            chrome_done = time.monotonic() - t0
                            lags.append(chrome_done)
                    await asyncio.sleep(0.01)
                if waiting or chrome_done is None:
                    stuck = sorted(visitors[i].step for i in waiting)
                    print(
                        f"step to {want}: {len(waiting)} followers not there after 10 s "
                        f"(they show steps {stuck}; the Chromium page: {chrome_done})"
                    )
            cpu = _cpu_s(server.pid) - cpu0
            for task in listeners:
                task.cancel()
            for v in visitors:
                v.close()
            await browser.close()
        lags.sort()
        print(f"{followers} followers ({followers - 1} websocket visitors, 1 Chromium page), "
              f"{steps} teacher Steps, 2 server processes")  # fmt: skip
        print(f"lag: median {statistics.median(lags):.3f} s, worst {lags[-1]:.3f} s "
              f"({len(lags)} follower updates)")  # fmt: skip
        print(f"server log: {data}/server.log")
        print(f"server CPU: {cpu:.2f} s in all, {1000 * cpu / steps / followers:.1f} ms "
              "per Step per follower")  # fmt: skip
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--followers", type=int, default=30)
    args = parser.parse_args()
    asyncio.run(run(args.steps, args.followers))


if __name__ == "__main__":
    main()
