"""One visitor's heavy request against another's Step: does the server stay fair?

Starts ``racerlab serve knights`` on a free loopback port, then in Chromium:

* tab A opens an 8-player Racer Knights game (a share link), sets the bot for
  bot seats to ``search`` and presses "Round ▶▶" (the search bot plays every
  seat for a whole round: tens of seconds of work);
* meanwhile tab B, on its own game, presses Step ``--steps`` times, each time
  waiting until its step counter moves; ``/liveness`` is polled every 100 ms.

Prints each of B's Step times (median and worst), liveness (median and worst)
and how long A's round took. Figures, not pass/fail. Compare the code before
and after with ``--tree``: the server runs the racerlab of that source tree (a
checkout or ``git archive`` of another commit); runs interleaved on the same
machine.

Run: ``python benchmarks/hostile_loop.py [--tree DIR]`` (needs Playwright and
/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

CHROMIUM = os.environ.get("RACERLAB_CHROMIUM", "/usr/bin/chromium")
LOAD_MS = 180_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def liveness(url: str, timeout: float = 5.0) -> float:
    started = time.monotonic()
    with urllib.request.urlopen(f"{url}/liveness", timeout=timeout) as r:
        r.read()
    return time.monotonic() - started


def wait_live(url: str, proc: subprocess.Popen, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited with {proc.returncode}")
        try:
            liveness(url, 2.0)
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("server not live")


def step_number(page) -> int:
    text = page.get_by_text("· step ").first.inner_text()
    return int(text.split("· step ")[1].split(" ")[0])


def summary(samples: list[float]) -> str:
    if not samples:
        return "none"
    return (
        f"median {statistics.median(samples):.2f} s, worst {max(samples):.2f} s (n={len(samples)})"
    )


def eight_player_link() -> str:
    from racerlab.app.kit.session import GameSession
    from racerlab.app.knights.game import knights_kit

    return GameSession(knights_kit(8), seed=1).share_token()


def measure(url: str, proc: subprocess.Popen, steps: int) -> tuple[list[float], list[float], float]:
    """Tab A's search round and tab B's Steps; B's Step times, liveness, A's round (s)."""
    from playwright.sync_api import sync_playwright

    probes: list[float] = []
    stop = threading.Event()

    def poll() -> None:
        while not stop.is_set():
            try:
                probes.append(liveness(url))
            except OSError:
                probes.append(5.0)
            time.sleep(0.1)

    wait_live(url, proc)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            context = browser.new_context(viewport={"width": 1366, "height": 900})
            a, b = context.new_page(), context.new_page()
            a.goto(f"{url}/knights?game={eight_player_link()}")
            b.goto(f"{url}/knights")
            for page in (a, b):
                page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
            picker = a.locator(".bk-input-group", has_text="Bot for bot seats").locator("select")
            picker.select_option("search")
            a.wait_for_timeout(500)  # the choice reaches the server
            threading.Thread(target=poll, daemon=True).start()
            round_started = time.monotonic()
            a.get_by_role("button", name="Round ▶▶").click()
            step = b.get_by_role("button", name="Step", exact=True)
            answers: list[float] = []
            for _ in range(steps):
                before = step_number(b)
                started = time.monotonic()
                step.click()
                while step_number(b) == before and time.monotonic() - started < 120:
                    b.wait_for_timeout(20)
                answers.append(time.monotonic() - started)
            a.get_by_text("Round 2 · step").first.wait_for(timeout=LOAD_MS * 3)
            round_s = time.monotonic() - round_started
            browser.close()
    finally:
        stop.set()
    return answers, probes, round_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=8, help="Steps tab B presses")
    parser.add_argument("--tree", default=".", help="source tree whose racerlab is served")
    args = parser.parse_args()
    tree = os.path.abspath(args.tree)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "racerlab", "serve", "knights", "--port", str(port)]
    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen(
            [*command, "--no-show"],
            stdout=subprocess.DEVNULL,
            stderr=log,
            cwd=tree,  # ``-m`` puts the working folder first on the path
            env={**os.environ, "PYTHONPATH": tree},
        )
        try:
            answers, probes, round_s = measure(url, proc, args.steps)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.seek(0)
            err = log.read().decode("utf-8", "replace")
    print(f"code: {tree}")
    print(f"tab B Step while tab A's search round runs: {summary(answers)}")
    print("  each: " + ", ".join(f"{t:.2f}" for t in answers))
    slow = sum(t >= 1.0 for t in probes)
    print(f"liveness meanwhile: {summary(probes)}; {slow} took 1 s or more (5 s: no answer)")
    print(f"tab A's round (8 players, search bot): {round_s:.1f} s")
    print(f"tracebacks in the server log: {err.count('Traceback')}")


if __name__ == "__main__":
    main()
