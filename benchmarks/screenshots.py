"""Regenerate the README's screenshots (docs/screenshots/*.png) from the current dashboards.

Serves every dashboard with ``racerlab serve all`` on a free loopback port, opens
each page in Chromium (Debian's binary; ``RACERLAB_CHROMIUM`` overrides it), plays
the same seeded steps each time and saves:

* ``landing.png``: the landing page at 1366x768;
* ``knights-1366.png`` and ``knights-1920.png``: Racer Knights after two rounds;
* ``sonic.png``: Battle Racers after one round.

Run: ``python benchmarks/screenshots.py`` (``--out DIR`` to write elsewhere).
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = os.environ.get("RACERLAB_CHROMIUM", "/usr/bin/chromium")
LOAD_MS = 90_000


def _serve() -> tuple[subprocess.Popen, str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "racerlab", "serve", "all", "--port", str(port), "--no-show"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            urllib.request.urlopen(f"{url}/liveness", timeout=1)
            return proc, url
        except OSError:
            time.sleep(0.2)
    proc.terminate()
    raise RuntimeError(f"racerlab serve did not answer at {url}")


def _settle(page) -> None:
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(800)


def _open(page, url: str) -> None:
    page.goto(url)
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    page.locator("canvas").first.wait_for(timeout=LOAD_MS)


def _rounds(page, n: int) -> None:
    for k in range(n):
        page.get_by_role("button", name="Round ▶▶").click()
        page.get_by_text(f"Round {k + 2} · step").first.wait_for(timeout=LOAD_MS)


def take(out: Path) -> list[Path]:
    """Serve, open each page, save the pictures under ``out``; returns their paths."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    proc, url = _serve()
    saved: list[Path] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto(url + "/")
            _settle(page)
            saved.append(out / "landing.png")
            page.screenshot(path=str(saved[-1]))
            for width, height, name in ((1366, 768, "knights-1366"), (1920, 1080, "knights-1920")):
                page.set_viewport_size({"width": width, "height": height})
                _open(page, url + "/knights")
                _rounds(page, 2)
                _settle(page)
                saved.append(out / f"{name}.png")
                page.screenshot(path=str(saved[-1]))
            page.set_viewport_size({"width": 1366, "height": 768})
            _open(page, url + "/sonic")
            _rounds(page, 1)
            _settle(page)
            saved.append(out / "sonic.png")
            page.screenshot(path=str(saved[-1]))
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    return saved


def main() -> None:
    """Command-line entry: write the screenshots and list them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    for path in take(args.out):
        print(path)


if __name__ == "__main__":
    main()
