"""Where a dashboard's board is drawn in the page, measured from Bokeh's own views.

The board is the arena's table (Racer Knights) or the track's lanes (Battle Racers) as
drawn, not the figure, its canvas, axes or padding: the figure named ``rl-board`` is found
among Bokeh's views (``Bokeh.index``), and the board's corners in data units are turned
into screen pixels by the plot frame's own scales (``frame.x_scale.compute``), clipped to
the frame (the track runs on past it), then offset by the canvas's box in the page. Used
by the browser tests and ``benchmarks/screenshots.py``.
"""

from __future__ import annotations

from typing import Any

KNIGHTS_TABLE = (0.0, 20.0, 0.0, 20.0)
"""The default joust's table in M: x from, x to, y from, y to."""
SONIC_LANES = (-1e6, 1e6, -4.5, 0.5)
"""The track's five lanes (any column: clipped to the frame)."""

BOARD_JS = """
([x0, x1, y0, y1]) => {
  if (!window.Bokeh || !Bokeh.index) return null;
  const v = Bokeh.index.query_one((v) => v.model && v.model.name === 'rl-board' && v.frame);
  if (!v || !v.canvas_view) return null;
  const c = v.canvas_view.el.getBoundingClientRect();
  if (!(c.width > 0 && c.height > 0)) return null;
  const f = v.frame.bbox, xs = v.frame.x_scale, ys = v.frame.y_scale;
  const clip = (a, lo, hi) => Math.max(lo, Math.min(hi, a));
  const xa = clip(xs.compute(x0), f.left, f.right), xb = clip(xs.compute(x1), f.left, f.right);
  const ya = clip(ys.compute(y0), f.top, f.bottom), yb = clip(ys.compute(y1), f.top, f.bottom);
  return {x: c.x + Math.min(xa, xb), y: c.y + Math.min(ya, yb),
          width: Math.abs(xb - xa), height: Math.abs(yb - ya),
          frame: {x: c.x + f.left, y: c.y + f.top, width: f.width, height: f.height}};
}
"""


def board_box(page: Any, slug: str) -> dict | None:
    """The board's box in the page (x, y, width, height in CSS px; ``frame`` the plot
    frame's), or ``None`` before it is drawn."""
    extent = KNIGHTS_TABLE if slug == "knights" else SONIC_LANES
    return page.evaluate(BOARD_JS, list(extent))


def fill(box: dict, width: int, height: int) -> float:
    """How much of the window the board fills along its limiting side: the larger of its
    width over the window's width and its height over the window's height."""
    return max(box["width"] / width, box["height"] / height)


def inside(box: dict, width: int, height: int, slack: float = 1.0) -> bool:
    """Whether the box lies wholly in the window (to ``slack`` px)."""
    return (
        box["x"] >= -slack
        and box["y"] >= -slack
        and box["x"] + box["width"] <= width + slack
        and box["y"] + box["height"] <= height + slack
    )
