"""The dashboards' layout in Chromium at projector and laptop sizes, from the real
``racerlab serve``: the plot fits the page's width, nothing beside it overlaps it or each
other, and presenter mode (``?presenter=1`` on every route) puts the plot first."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui

LOAD_MS = 90_000
SIZES = [(1024, 768), (1280, 720), (1366, 768), (1920, 1080)]
SHOTS = Path("/tmp/shell-shots")

_BOX_JS = """
([selector, own]) => {
  const find = (root) => {
    const el = root.querySelector(selector);
    if (el) return el;
    for (const n of root.querySelectorAll('*')) {
      if (n.shadowRoot) { const f = find(n.shadowRoot); if (f) return f; }
    }
    return null;
  };
  const el = find(document);
  if (!el) return null;
  const box = (own ? el : (el.getRootNode().host || el)).getBoundingClientRect();
  return {x: box.x, y: box.y, width: box.width, height: box.height};
}
"""
"""The page box of the first element matching a selector (through shadow roots): its own
(``own``, a view's element) or that of the view it is drawn in."""

PARTS = {
    "plot": (".bk-Figure", True),
    "picker": (".rl-racer-picker", True),
    "standings": ("#rl-standings", False),
    "log": (".rl-log", False),
}


def box(page, part: str) -> dict | None:
    selector, own = PARTS[part]
    return page.evaluate(_BOX_JS, [selector, own])


def overlap(a: dict, b: dict) -> bool:
    """Whether two boxes share any area (touching edges do not count)."""
    return (
        a["x"] + a["width"] > b["x"] + 1
        and b["x"] + b["width"] > a["x"] + 1
        and a["y"] + a["height"] > b["y"] + 1
        and b["y"] + b["height"] > a["y"] + 1
    )


def keep(page, screenshot, name: str) -> None:
    """A screenshot in test-artifacts/ and, for looking at, /tmp/shell-shots/."""
    path = screenshot(page, name)
    SHOTS.mkdir(exist_ok=True)
    shutil.copyfile(path, SHOTS / path.name)


def open_page(browser, url: str, size: tuple[int, int], ready: str):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.locator(ready).first.wait_for(timeout=LOAD_MS)
    return context, page, errors


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("slug", ["knights", "sonic"])
def test_the_plot_fits_and_nothing_beside_it_overlaps(
    racerlab_server, browser, screenshot, wait_for, slug, size
):
    width, height = size
    context, page, errors = open_page(browser, f"{racerlab_server}/{slug}", size, ".bk-tab")
    try:
        boxes = wait_for(
            lambda: all(box(page, p) for p in PARTS) and {p: box(page, p) for p in PARTS}
        )
        keep(page, screenshot, f"layout-{slug}-{width}x{height}")
        plot = boxes["plot"]
        assert plot["x"] >= 0 and plot["x"] + plot["width"] <= width, plot  # fully in the width
        assert plot["width"] >= 0.5 * (width - 300), plot  # it fills the main area's width
        assert 0 <= plot["y"] < height / 2, plot  # its title (at its top) is on screen
        assert page.locator(
            "a.title", has_text=page.title().split(" - ")[-1][:10]
        ).first.is_visible()  # the page's title
        names = list(PARTS)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                assert not overlap(boxes[a], boxes[b]), (a, boxes[a], b, boxes[b])
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)], ids=["1366x768", "1024x768"])
@pytest.mark.parametrize("slug", ["knights", "sonic"])
def test_presenter_flag_works_on_the_served_routes_and_puts_the_plot_first(
    racerlab_server, browser, screenshot, wait_for, slug, size
):
    width, height = size
    url = f"{racerlab_server}/{slug}?presenter=1"
    context, page, errors = open_page(browser, url, size, "#rl-presenter-odds li")
    try:
        wait_for(lambda: not page.locator("#sidebar").is_visible())
        plot = wait_for(lambda: box(page, "plot"))
        keep(page, screenshot, f"layout-{slug}-presenter-{width}x{height}")
        assert 0 <= plot["y"] < height / 2, plot  # the plot's top is in the upper half
        assert plot["x"] + plot["width"] <= width
        odds = page.locator("#rl-presenter-odds")
        odds_box = odds.bounding_box()
        assert odds_box is not None and not overlap(plot, odds_box)
        assert plot["width"] * plot["height"] > odds_box["width"] * odds_box["height"]
        for line in page.locator("#rl-presenter-odds li").all_inner_texts():
            assert line.rstrip().endswith("%)") and " (" in line, line  # "average (0%)"
        for name in ("◀ Back", "Step", "Player ▶"):
            buttons = page.get_by_role("button", name=name, exact=True)
            shown = [b for b in buttons.all() if b.is_visible()]
            assert len(shown) == 1, name  # the bar's; the sidebar's are hidden
            b = shown[0].bounding_box()
            assert b is not None and b["y"] + b["height"] <= height and b["x"] + b["width"] <= width
        status = page.get_by_text("step 0 of 0").all()
        assert any(t.is_visible() for t in status)  # the bar's status line
        assert page.locator(".bk-tab").count() == 0  # no tabs in presenter mode
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("slug", ["knights", "sonic"])
def test_in_a_narrow_notebook_cell_the_dashboard_comes_first_and_fits(
    serve_app, browser, screenshot, wait_for, slug
):
    """A notebook cell (no page template) of 900 px, as in JupyterLab with its side bar
    open: the plot takes the cell's width above the controls instead of being squashed
    beside them."""
    from racerlab.app import knights_app, sonic_app

    make = knights_app if slug == "knights" else sonic_app
    url = serve_app(lambda: make(seed=3))
    size = (900, 900)
    context, page, errors = open_page(browser, url + "/", size, ".bk-tab")
    try:
        boxes = wait_for(
            lambda: all(box(page, p) for p in PARTS) and {p: box(page, p) for p in PARTS}
        )
        keep(page, screenshot, f"layout-{slug}-notebook-900")
        plot = boxes["plot"]
        assert plot["x"] >= 0 and plot["x"] + plot["width"] <= size[0], plot
        assert plot["width"] >= 500 and plot["y"] < 200, plot  # first, and not squashed
        steps = page.get_by_role("button", name="Step", exact=True).bounding_box()
        assert steps is not None and steps["y"] > plot["y"] + plot["height"]  # controls below
        names = list(PARTS)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                assert not overlap(boxes[a], boxes[b]), (a, boxes[a], b, boxes[b])
        assert errors == []
    finally:
        context.close()
