"""In a real browser on ``racerlab serve --catalog DIR``: the page's game keeps its edited
card through a dropped connection and a reload (it lives in the page's address), its
link replays it on another server, and uploads over the limits are refused with a
message while the game goes on; a page script's oversized message costs the server
little and no other visitor notices."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from urllib.parse import parse_qs, urlparse

import psutil
import pytest

from racerlab.core.catalog import data_dir

pytestmark = pytest.mark.ui

LOAD_MS = 60_000
LANCE = 'id = "thunderhead_lance"'
EMPTY = "eJyrVkpMLsnMzytWslKIjq0FACr5BUA"
"""A token of ``{"actions": []}`` (an address with no game yet)."""
KEEP_SOCKETS = """
(() => {
  const Native = window.WebSocket
  window.__sockets = []
  window.WebSocket = function (...args) {
    const s = new Native(...args)
    window.__sockets.push(s)
    return s
  }
  window.WebSocket.prototype = Native.prototype
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 })
})()
"""
"""An init script that keeps the page's websockets where a test can close or use them."""


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def served(*args: str):
    """``racerlab serve knights ARGS`` in a subprocess: yields (url, process)."""
    port = _free_port()
    command = [sys.executable, "-m", "racerlab", "serve", "knights", *args]
    proc = subprocess.Popen(
        [*command, "--port", str(port), "--no-show"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(url + "/liveness", timeout=2).read()
                break
            except OSError:
                assert proc.poll() is None, "the server stopped while starting"
                assert time.monotonic() < deadline, "the server did not answer in 90 s"
                time.sleep(0.3)
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cards")
    text = (data_dir() / "knights" / "parts.toml").read_text(encoding="utf-8")
    head, lance, tail = text.partition(LANCE)
    block, sep, rest = tail.partition("\n\n")
    edited = head + lance + block.replace("strength = 3", "strength = 6") + sep + rest
    (folder / "parts.toml").write_text(edited, encoding="utf-8")
    return folder


def open_page(page, url: str):
    page.goto(url)
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)


def steps(page, n: int, wait_for, status_step) -> None:
    for i in range(n):
        page.get_by_role("button", name="Step", exact=True).click()
        wait_for(lambda i=i: status_step(page) == i + 1, timeout=LOAD_MS / 1000)


def log_text(page) -> str:
    log = page.locator(".rl-log")
    return log.first.inner_text() if log.count() else ""


def decoded(token: str) -> dict:
    """The saved-game JSON a ``?game=`` token holds."""
    import base64
    import json
    import zlib

    return json.loads(zlib.decompress(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))))


def altered(token: str) -> str:
    """``token`` with its catalog part changed (the lance's Strength 6 -> 9), hash kept."""
    import base64
    import json
    import zlib

    raw = zlib.decompress(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    data = json.loads(raw)
    data["catalog"]["changes"]["parts.toml"]["weapon"]["rows"]["set"]["thunderhead_lance"] = {
        "strength": 9
    }
    packed = zlib.compress(json.dumps(data).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def game_in_address(page) -> str:
    """The page's ``?game=`` token, as the page itself reads its address.

    Read from the page, not from the driver's copy of its address: headless Chromium may
    leave a websocket message unread (and the address it brings unchanged) until
    something drives the page, so a wait on the driver's copy alone can wait for ever."""
    href = page.evaluate("window.location.href")
    return parse_qs(urlparse(href).query).get("game", [""])[0]


def test_a_dropped_connection_and_a_reload_keep_the_game_and_its_card(
    cards, page, wait_for, status_step, js_errors
):
    page.add_init_script(KEEP_SOCKETS)
    with served("--catalog", str(cards)) as (url, _proc):
        open_page(page, url + "/")
        page.get_by_text("Catalog", exact=True).click()
        page.get_by_text("Playing your catalog").first.wait_for(timeout=LOAD_MS)
        steps(page, 8, wait_for, status_step)
        # the address follows within DEBOUNCE_MS and an encoding: wait for the 8th action
        in_address = lambda: len(decoded(game_in_address(page) or EMPTY)["actions"])  # noqa: E731
        wait_for(lambda: in_address() == 8, timeout=60, interval=0.5)
        token_at_8 = game_in_address(page)
        shown = log_text(page)
        assert "Round" in shown or shown  # the log of the 8 steps
        page.evaluate("window.__sockets.forEach((s) => s.close())")  # the connection drops
        page.reload()
        page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
        wait_for(lambda: status_step(page) == 8, timeout=LOAD_MS / 1000)
        wait_for(lambda: log_text(page) == shown, timeout=LOAD_MS / 1000)
        page.get_by_text("Catalog", exact=True).click()
        page.get_by_text("Playing your catalog").first.wait_for(timeout=LOAD_MS)
        assert decoded(game_in_address(page)) == decoded(token_at_8)
    print(f"address token after 8 steps: {len(token_at_8)} chars")
    with served() as (other, _proc):  # another server, the bundled cards, nothing shared
        open_page(page, f"{other}/?game={token_at_8}")
        wait_for(lambda: status_step(page) == 8, timeout=LOAD_MS / 1000)
        wait_for(lambda: log_text(page) == shown, timeout=LOAD_MS / 1000)
        page.get_by_text("Catalog", exact=True).click()
        page.get_by_text("Playing your catalog").first.wait_for(timeout=LOAD_MS)
        open_page(page, f"{other}/?game={altered(token_at_8)}")
        page.get_by_text("cut or altered").first.wait_for(timeout=LOAD_MS)
        assert status_step(page) == 0  # refused: the page keeps its own game
        saved = json.dumps(decoded(token_at_8)).encode()  # the saved-game file of that game
        page.locator("input[type=file][accept*=json]").set_input_files(
            files=[{"name": "game.json", "mimeType": "application/json", "buffer": saved}]
        )
        wait_for(lambda: status_step(page) == 8, timeout=LOAD_MS / 1000)
        wait_for(lambda: log_text(page) == shown, timeout=LOAD_MS / 1000)
        page.get_by_text("Catalog", exact=True).click()
        page.get_by_text("Playing your catalog").first.wait_for(timeout=LOAD_MS)
    assert not [e for e in js_errors if "WebSocket" not in e]


def test_uploads_over_the_limits_are_refused_and_the_game_goes_on(
    page, wait_for, status_step, cards
):
    page.add_init_script(KEEP_SOCKETS)
    with served() as (url, _proc):
        open_page(page, url + "/")
        steps(page, 1, wait_for, status_step)
        page.get_by_text("Catalog", exact=True).click()
        upload = page.locator(".rl-catalog-upload input[type=file]")
        upload.wait_for(state="attached", timeout=LOAD_MS)
        big = [
            {"name": f"f{i}.toml", "mimeType": "application/toml", "buffer": b"#" * 4_990_000}
            for i in range(10)
        ]
        upload.set_input_files(files=big)
        page.locator(".rl-catalog-problems li", has_text="file too large").first.wait_for(
            timeout=LOAD_MS
        )
        several = [
            {"name": f"f{i}.toml", "mimeType": "application/toml", "buffer": b"#" * 1_900_000}
            for i in range(3)
        ]
        upload.set_input_files(files=several)
        page.locator(".rl-catalog-problems li", has_text="3 files chosen together").first.wait_for(
            timeout=LOAD_MS
        )
        assert (
            "5,000,000 bytes in all" in page.locator(".rl-catalog-problems li").first.inner_text()
        )
        steps_before = status_step(page)
        page.get_by_role("button", name="Step", exact=True).click()
        wait_for(lambda: status_step(page) == steps_before + 1, timeout=LOAD_MS / 1000)
        assert page.evaluate("window.__sockets.every((s) => s.readyState === 1)")


def test_an_oversized_message_from_a_page_script_costs_little_and_others_go_on(
    page, context, wait_for, status_step
):
    page.add_init_script(KEEP_SOCKETS)
    with served() as (url, proc):
        other = context.new_page()
        open_page(other, url + "/")
        open_page(page, url + "/")
        before = psutil.Process(proc.pid).memory_info().rss
        page.evaluate("window.__sockets[0].send('x'.repeat(60 * 1000 * 1000))")
        wait_for(lambda: page.evaluate("window.__sockets[0].readyState") == 3, timeout=60)
        grown = psutil.Process(proc.pid).memory_info().rss - before
        print(f"server memory grew by {grown / 1e6:.1f} MB after a 60 MB message")
        assert grown < 200e6
        other.get_by_role("button", name="Step", exact=True).click()
        wait_for(lambda: status_step(other) == 1, timeout=LOAD_MS / 1000)
