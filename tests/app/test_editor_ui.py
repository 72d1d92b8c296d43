"""The position editor in a real browser: drag a racer, see its position and the odds change."""

from __future__ import annotations

import pytest

from racerlab.app import knights_app, sonic_app

pytestmark = pytest.mark.ui

LOAD_MS = 30_000

# the page position (CSS px) of handle ``i`` of the editor, from the plot's own scales
_HANDLE_XY_JS = """
(i) => {
  const rv = Bokeh.index.query_one(v => v.model && v.model.name === 'edit-handles-renderer');
  if (!rv || !rv.model.visible) return null;
  const d = rv.model.data_source.data;
  const col = (k) => (d instanceof Map ? d.get(k) : d[k]);
  const x = col('x')[i], y = col('y')[i];
  rv.parent.canvas_view.el.scrollIntoView({block: 'center'});
  const sx = rv.coordinates.x_scale.compute(x), sy = rv.coordinates.y_scale.compute(y);
  const box = rv.parent.canvas_view.el.getBoundingClientRect();
  return [box.left + sx, box.top + sy];
}
"""

_PLOT_XY_JS = """
([x, y]) => {
  const rv = Bokeh.index.query_one(v => v.model && v.model.name === 'edit-handles-renderer');
  const sx = rv.coordinates.x_scale.compute(x), sy = rv.coordinates.y_scale.compute(y);
  const box = rv.parent.canvas_view.el.getBoundingClientRect();
  return [box.left + sx, box.top + sy];
}
"""


def drag(page, start, end):
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=12)
    page.mouse.up()


def open_editor(page, url, wait_for, source):
    page.goto(url + "/")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    page.locator(".bk-tab", has_text="Edit position").click()
    box = page.locator(".rl-drag-toggle input[type=checkbox]")
    box.wait_for(timeout=LOAD_MS)
    box.check()
    return wait_for(lambda: page.evaluate(_HANDLE_XY_JS, 0), timeout=LOAD_MS / 1000)


def test_dragging_a_knights_racer_moves_it_and_the_odds_follow(
    serve_app, page, js_errors, read_source, wait_for
):
    url = serve_app(lambda: knights_app(seed=3, players=2, template=True))
    start = open_editor(page, url, wait_for, "arena-racers")
    before = read_source(page, "arena-racers")
    odds_before = page.locator("#rl-editor-odds").inner_text()
    # drag racer 1 next to racer 2, facing it: the odds from here change
    other = (before["x"][1], before["y"][1])
    target = page.evaluate(_PLOT_XY_JS, [other[0] - 3.0, other[1]])
    drag(page, start, target)
    moved = wait_for(
        lambda: (r := read_source(page, "arena-racers"))["x"][0] != before["x"][0] and r
    )
    # snapped to M/8
    assert (moved["x"][0] * 8) == pytest.approx(round(moved["x"][0] * 8))
    assert (moved["y"][0] * 8) == pytest.approx(round(moved["y"][0] * 8))
    wait_for(lambda: page.locator("#rl-editor-odds").inner_text() != odds_before)
    wait_for(lambda: page.get_by_text("placed at").count() >= 1)  # logged in the event log
    assert js_errors == []


def test_dragging_a_sonic_racer_puts_it_on_a_space(
    serve_app, page, js_errors, read_source, wait_for
):
    url = serve_app(lambda: sonic_app(seed=1, template=True))
    start = open_editor(page, url, wait_for, "track-racers")
    before = read_source(page, "track-racers")
    col = int(read_source(page, "edit-handles")["x"][0])
    free = next(
        (c, ln)
        for c in range(col + 2, col + 6)
        for ln in range(5)
        if (c, ln) not in set(zip(before["col"], before["lane"]))
    )
    target = page.evaluate(_PLOT_XY_JS, [free[0] + 0.5, -free[1]])
    drag(page, start, target)
    # placed (and logged), or refused with the reason shown (a badnik or rock there)
    wait_for(
        lambda: page.get_by_text("placed on column").count() or page.get_by_text("taken by").count()
    )
    if page.get_by_text("placed on column").count():
        # seat 1's handle sits on the centre of its new space
        wait_for(lambda: read_source(page, "edit-handles")["x"][0] == free[0] + 0.5)
        assert read_source(page, "edit-handles")["y"][0] == -free[1]
    else:
        assert read_source(page, "edit-handles")["x"][0] == col + 0.5
    assert js_errors == []
