"""Regenerate the README's screenshots (docs/screenshots/*.png) from the current dashboards.

Serves every dashboard with ``racerlab serve all`` on a free loopback port, opens
each page in Chromium (Debian's binary; ``RACERLAB_CHROMIUM`` overrides it), plays
the same seeded steps each time and saves:

* ``landing.png``: the landing page at 1366x768;
* ``knights-1366.png`` and ``knights-1920.png``: Racer Knights after two rounds;
* ``sonic.png``: Battle Racers after one round;
* ``<game>-<width>x<height>-<normal|presenter>.png``: each game at 1024x768, 1366x768 and
  1920x1080, in the normal page and in presenter mode, with the share of the window its
  board fills along its limiting side printed as a table (the board measured as drawn:
  see ``tests/app/board_box.py``).

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
sys.path.insert(0, str(ROOT / "tests" / "app"))
from board_box import board_box, fill  # noqa: E402  (the tests' own measure)

SIZES = ((1024, 768), (1366, 768), (1920, 1080))
ROUNDS = {"knights": 2, "sonic": 1}
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
        page.get_by_role("button", name="Round ▶▶").filter(visible=True).first.click()
        page.get_by_text(f"Round {k + 2} · step").first.wait_for(timeout=LOAD_MS)


def _board(page, slug: str) -> dict:
    """The board's box once two readings agree (the layout has settled)."""
    last = None
    for _ in range(60):
        now = board_box(page, slug)
        if now and last and all(abs(now[k] - last[k]) < 0.5 for k in ("x", "y", "width")):
            return now
        last = now
        page.wait_for_timeout(300)
    raise RuntimeError(f"the {slug} board did not settle: {last}")


def sizes_and_modes(browser, url: str, out: Path) -> tuple[list[Path], list[str]]:
    """Each game at each size, normal and presenter: the pictures and a table of fills."""
    saved, rows = [], ["| game | size | normal | presenter | presenter area / normal |"]
    rows.append("|---|---|---|---|---|")
    for slug, rounds in ROUNDS.items():
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        _open(page, f"{url}/{slug}")
        _rounds(page, rounds)
        found: dict[tuple[int, str], dict] = {}
        for mode in ("normal", "presenter"):
            if mode == "presenter":
                page.locator(".rl-presenter-toggle").filter(visible=True).first.click()
                page.locator("#rl-presenter-odds").wait_for(timeout=LOAD_MS)
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                box = found[(width, mode)] = _board(page, slug)
                box["fill"] = fill(box, width, height)
                saved.append(out / f"{slug}-{width}x{height}-{mode}.png")
                page.screenshot(path=str(saved[-1]))
        for width, height in SIZES:
            n, p = found[(width, "normal")], found[(width, "presenter")]
            gain = (p["width"] * p["height"]) / (n["width"] * n["height"])
            rows.append(
                f"| {slug} | {width}x{height} | {n['fill']:.0%} | {p['fill']:.0%} | {gain:.2f} |"
            )
        page.close()
    return saved, rows


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
            more, rows = sizes_and_modes(browser, url, out)
            saved += more
            print("\n".join(rows))
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
