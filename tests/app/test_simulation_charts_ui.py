"""The Simulate tab's charts in a real browser, on the served dashboards at 1366x768: none
before a run, then, once a small run ends, each chart drawn on its canvas across the side
column's width (screenshots in test-artifacts/)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.ui

LOAD_MS = 60_000
GAMES = 4

_CHARTS_JS = """
() => {
  const out = {};
  if (!window.Bokeh || !Bokeh.index.all_views) return out;
  for (const v of Bokeh.index.all_views()) {
    const name = v.model.name;
    if (name && name.endsWith('-chart') && v.frame) {
      const box = v.el.getBoundingClientRect();
      // the frame (where the bars go) is laid out: 0 x 0 when Bokeh never laid the plot out
      out[name] = {width: box.width, height: box.height, bottom: box.bottom,
                   frame: [v.frame.bbox.width, v.frame.bbox.height]};
    }
  }
  return out;
}
"""
"""The charts on the page: name -> their box on the page and their frame's laid-out size."""


def _charts(page) -> dict:
    return page.evaluate(_CHARTS_JS)


def _scroll_to(page, name: str) -> None:
    page.evaluate(
        """(name) => { for (const v of Bokeh.index.all_views())
             if (v.model.name === name) { v.el.scrollIntoView({block: 'start'}); return; } }""",
        name,
    )


@pytest.mark.parametrize(
    ("route", "expected"),
    [
        ("knights", {"places-chart", "points-chart", "rounds-chart"}),
        ("sonic", {"points-chart", "rounds-chart"}),
    ],
)
def test_a_small_run_draws_its_charts_across_the_side_column(
    racerlab_server, page, js_errors, run_simulation, wait_for, screenshot, route, expected
):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{racerlab_server}/{route}")
    page.get_by_role("button", name="Step", exact=True).filter(visible=True).first.wait_for(
        timeout=LOAD_MS
    )
    page.locator(".bk-tab", has_text="Simulate").click()
    page.get_by_role("button", name="Simulate", exact=True).wait_for(timeout=LOAD_MS)
    assert _charts(page) == {}, "charts drawn before any run"
    run_simulation(page, GAMES)
    try:
        wait_for(lambda: expected <= set(_charts(page)), timeout=LOAD_MS / 1000)
    except Exception as exc:
        raise AssertionError(f"expected charts {sorted(expected)}, saw {_charts(page)}") from exc
    drawn = _charts(page)
    column = page.locator("progress").first.bounding_box()["width"]
    for name, box in drawn.items():
        # stretched across the tab as its progress bar is, in a column narrower than the page
        assert abs(box["width"] - column) <= 40 and 300 <= box["width"] <= 700, (name, box)
        assert 150 <= box["height"] <= 420, (name, box)
        assert box["frame"][0] >= box["width"] / 2 and box["frame"][1] >= 100, (name, box)
    if route == "knights":  # the tabs sit above the racers' table in the side column
        table = page.get_by_text("Racer (tokens)").first.bounding_box()
        last = max(box["bottom"] for box in drawn.values())
        assert table["y"] >= last, f"the racers' table (y {table['y']}) is over the charts ({last})"
    first = "places-chart" if "places-chart" in drawn else "points-chart"
    _scroll_to(page, first)
    screenshot(page, f"simulate-charts-{route}-1366")
    _scroll_to(page, "rounds-chart")
    screenshot(page, f"simulate-charts-{route}-1366-rounds")
    assert js_errors == []
