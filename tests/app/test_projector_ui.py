"""The projector page in Chromium, from the real ``racerlab serve``: the board fits the
window and fills it at laptop and projector sizes, presenter mode enlarges it and gives
the normal layout back when switched off, a clicker's keys step and go back (not while
typing), and a click on a racer selects it.

The board is measured as drawn (the arena's table, the track's lanes) from Bokeh's own
views: see :mod:`tests.app.board_box`. One server for the module; one page per test, its
sizes set with ``page.set_viewport_size``.
"""

from __future__ import annotations

import re
import time

import pytest

from .board_box import board_box, fill, inside

pytestmark = pytest.mark.ui

LOAD_MS = 90_000
SIZES = [(1024, 768), (1366, 768), (1920, 1080)]
NORMAL_FILL, PRESENTER_FILL = 0.55, 0.85
"""The least share of the window the board fills along its limiting side."""
PRESENTER_GAIN = 1.2
"""Presenter mode's board is at least this many times the normal one's area."""
SETTLE_S = 20.0
STATUS = re.compile(r"Round \d+ · step (\d+) of \d+")


def open_page(browser, url: str, size: tuple[int, int]):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    page.get_by_role("button", name="Step", exact=True).filter(visible=True).first.wait_for(
        timeout=LOAD_MS
    )
    return context, page, errors


def settled_box(page, slug: str) -> dict:
    """The board's box once three readings 300 ms apart agree (the layout has settled
    after a resize or a switch of layout)."""
    deadline = time.monotonic() + SETTLE_S
    last, same = None, 0
    while time.monotonic() < deadline:
        now = board_box(page, slug)
        keys = ("x", "y", "width", "height")
        agree = now and last and all(abs(now[k] - last[k]) < 0.5 for k in keys)
        same = same + 1 if agree else 0
        if same >= 2:
            return now
        last = now
        page.wait_for_timeout(300)
    raise AssertionError(f"the {slug} board never settled; last box seen: {last}")


def step_shown(page) -> int:
    line = page.get_by_text(STATUS).filter(visible=True).first
    found = STATUS.search(line.inner_text(timeout=30_000))
    assert found, "no status line on the page"
    return int(found.group(1))


def wait_step(page, wanted: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    seen = None
    while time.monotonic() < deadline:
        try:
            seen = step_shown(page)
        except Exception:  # the line is being redrawn
            seen = None
        if seen == wanted:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"expected the status line at step {wanted}, saw step {seen}")


def switch_presenter(page, on: bool) -> None:
    """Click the presenter switch; wait for the layout asked for (the odds column in
    presenter mode, the tabs in the normal page)."""
    page.locator(".rl-presenter-toggle").filter(visible=True).first.click()
    page.locator("#sidebar").wait_for(state="hidden" if on else "visible", timeout=30_000)
    if on:
        page.locator("#rl-presenter-odds").wait_for(timeout=30_000)
    else:
        page.locator(".bk-tab").filter(visible=True).first.wait_for(timeout=30_000)


@pytest.mark.parametrize("mode", ["normal", "presenter"])
@pytest.mark.parametrize("slug", ["knights", "sonic"])
def test_the_board_fits_the_window_and_fills_it(racerlab_server, browser, slug, mode):
    query = "?presenter=1" if mode == "presenter" else ""
    least = PRESENTER_FILL if mode == "presenter" else NORMAL_FILL
    context, page, errors = open_page(browser, f"{racerlab_server}/{slug}{query}", SIZES[0])
    try:
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            box = settled_box(page, slug)
            where = f"{slug} {mode} at {width}x{height}: board {box}"
            assert inside(box, width, height), where
            assert fill(box, width, height) >= least, (
                f"{where} fills {fill(box, width, height):.3f}"
            )
            if slug == "knights":  # a square table drawn square: 1M across is 1M up
                assert abs(box["width"] - box["height"]) <= 0.03 * box["width"], where
            # the page itself does not scroll to show it
            assert page.evaluate("document.querySelector('#main').scrollTop") == 0
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("slug", ["knights", "sonic"])
def test_presenter_mode_enlarges_the_board_and_gives_the_normal_page_back(
    racerlab_server, browser, slug
):
    context, page, errors = open_page(browser, f"{racerlab_server}/{slug}", SIZES[1])
    try:
        for width, height in SIZES[1:]:
            page.set_viewport_size({"width": width, "height": height})
            normal = settled_box(page, slug)
            switch_presenter(page, True)
            big = settled_box(page, slug)
            gain = (big["width"] * big["height"]) / (normal["width"] * normal["height"])
            assert gain >= PRESENTER_GAIN, f"{slug} at {width}x{height}: {normal} -> {big}"
            switch_presenter(page, False)
            back = settled_box(page, slug)
            for k in ("x", "y", "width", "height"):
                assert abs(back[k] - normal[k]) <= 3, f"{slug} {k}: {normal} then {back}"
            assert page.locator(".bk-tab").filter(visible=True).count() > 0  # the tabs are back
        assert errors == []
    finally:
        context.close()


def test_clicker_keys_step_and_go_back_but_not_while_typing(racerlab_server, browser):
    context, page, errors = open_page(browser, f"{racerlab_server}/knights?presenter=1", SIZES[1])
    try:
        page.locator("#rl-presenter-odds").wait_for(timeout=LOAD_MS)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        start = step_shown(page)
        page.keyboard.press("PageDown")
        wait_step(page, start + 1)
        page.keyboard.press("ArrowRight")
        wait_step(page, start + 2)
        page.keyboard.press("PageUp")
        wait_step(page, start + 1)
        page.keyboard.press("ArrowLeft")
        wait_step(page, start)
        page.keyboard.press("p")  # P: presenter mode off; the keys still work there
        page.locator("#sidebar").wait_for(state="visible", timeout=30_000)
        page.locator(".bk-tab").filter(visible=True).first.wait_for(timeout=30_000)
        box = page.locator("input.bk-input").filter(visible=True).first
        box.click()
        for key in ("PageDown", "ArrowRight", " ", "2", "p"):
            box.press(key)
        # a key outside the box steps once: the keys typed before it (sent in order) did not
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.keyboard.press("PageDown")
        wait_step(page, start + 1)
        assert page.locator("#sidebar").is_visible()  # "p" typed in the box changed nothing
        picker = page.locator(".rl-racer-picker select").first
        assert picker.evaluate("s => s.selectedOptions[0].text").startswith("1. ")
        page.keyboard.press("2")
        deadline = time.monotonic() + 15
        while not picker.evaluate("s => s.selectedOptions[0].text").startswith("2. "):
            assert time.monotonic() < deadline, "key 2 did not select racer 2"
            page.wait_for_timeout(100)
        assert errors == []
    finally:
        context.close()


_DATA_TO_PAGE_JS = """
([x, y]) => {
  const v = Bokeh.index.query_one((v) => v.model && v.model.name === 'rl-board' && v.frame);
  const c = v.canvas_view.el.getBoundingClientRect();
  return [c.x + v.frame.x_scale.compute(x), c.y + v.frame.y_scale.compute(y)];
}
"""


def racer_spot(read_source, page, slug: str, seat: int) -> tuple[float, float]:
    """Where racer ``seat`` is drawn, in the page."""
    if slug == "knights":
        data = read_source(page, "arena-racers")
        xs, ys = data["xs"][seat], data["ys"][seat]
        x, y = sum(xs) / len(xs), sum(ys) / len(ys)
    else:
        data = read_source(page, "track-racers")
        x, y = data["x"][seat], data["y"][seat]
    return tuple(page.evaluate(_DATA_TO_PAGE_JS, [x, y]))


@pytest.mark.parametrize(
    ("slug", "query"), [("knights", ""), ("knights", "?presenter=1"), ("sonic", "")]
)
def test_a_click_on_a_racer_selects_it(racerlab_server, browser, read_source, slug, query):
    context, page, errors = open_page(browser, f"{racerlab_server}/{slug}{query}", SIZES[1])
    try:
        picker = page.locator(".rl-racer-picker select").filter(visible=True).first
        picker.wait_for(timeout=LOAD_MS)
        settled_box(page, slug)
        assert picker.evaluate("s => s.selectedOptions[0].text").startswith("1. ")
        x, y = racer_spot(read_source, page, slug, 1)
        page.mouse.click(x, y)
        deadline = time.monotonic() + 15
        shown = ""
        while not shown.startswith("2. "):
            assert time.monotonic() < deadline, (
                f"clicked racer 2 at {x:.0f},{y:.0f}; picker: {shown}"
            )
            page.wait_for_timeout(100)
            shown = picker.evaluate("s => s.selectedOptions[0].text")
        assert errors == []
    finally:
        context.close()
