"""The bare arena figure in a real browser: at most 100 Bokeh models there too, and at a
1024x768 window the 20M table fills the plot, drawn to scale."""

from __future__ import annotations

import pytest

from racerlab.knights import KnightsRules, example_setup
from racerlab.viz.arena import ARENA_OVERLAYS, ArenaPlot
from racerlab.viz.editing import add_drag_handles

pytestmark = pytest.mark.ui

LOAD_MS = 30_000

_FIGURE_JS = """
() => {
  const view = Bokeh.index.query_one(v => v.model && v.model.type === 'Figure');
  if (!view || !(view.frame.bbox.width > 0)) return null;
  const m = view.model, f = view.frame.bbox;
  if (!Number.isFinite(m.x_range.start) || !Number.isFinite(m.y_range.start)) return null;
  return {
    models: m.references().size,
    x: [m.x_range.start, m.x_range.end],
    y: [m.y_range.start, m.y_range.end],
    frame: [f.width, f.height],
  };
}
"""


def arena_with_handles():
    plot = ArenaPlot(KnightsRules().initial_state(example_setup()), overlays=ARENA_OVERLAYS)
    add_drag_handles(plot.figure)
    return plot.figure


def test_the_served_arena_is_light_and_fills_its_plot_to_scale(page, serve_app, js_errors):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(serve_app(arena_with_handles))
    page.wait_for_function(f"({_FIGURE_JS})() !== null", timeout=LOAD_MS)
    shown = page.evaluate(_FIGURE_JS)
    assert shown["models"] <= 100, shown
    (x0, x1), (y0, y1), (fw, fh) = shown["x"], shown["y"], shown["frame"]
    # the table and a small margin along the frame's limiting side (the other side shows
    # what the frame has room for, to scale)
    assert min(x1 - x0, y1 - y0) <= 26.0, shown
    assert x0 <= 0 and x1 >= 20 and y0 <= 0 and y1 >= 20, shown  # all of the table
    assert (x1 - x0) / fw == pytest.approx((y1 - y0) / fh, rel=0.01), shown  # 1M = 1M
    assert js_errors == []
