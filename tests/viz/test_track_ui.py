"""The track plot in a real browser at 1024x768: a column keeps its width in pixels (so
spaces stay readable and the tags the placer kept apart stay apart) and no text is cut
at the left edge, also in presenter mode."""

from __future__ import annotations

import pytest

from racerlab.app import sonic_app
from racerlab.viz.track_labels import text_box
from racerlab.viz.track_style import COLUMN_PX

pytestmark = pytest.mark.ui

LOAD_MS = 30_000

_TRACK_VIEW_JS = """
() => {
  for (const doc of (window.Bokeh ? Bokeh.documents : [])) {
    for (const m of doc.all_models) {
      if (m.title && m.title.text && m.title.text.startsWith('Round') && m.x_range) {
        return {width: m.inner_width, height: m.inner_height,
                start: m.x_range.start, end: m.x_range.end};
      }
    }
  }
  return null;
}
"""
"""The track figure's drawn width and height (px) and its x range, read in the page."""


def _view(page):
    return page.evaluate(_TRACK_VIEW_JS)


def _at_scale(view) -> bool:
    """Whether the x range shows the columns that fit at ``COLUMN_PX`` pixels each."""
    return (
        bool(view and view["width"] and view["width"] > 100)
        and abs((view["end"] - view["start"]) - view["width"] / COLUMN_PX) < 0.05
    )


def _at_scale_or_all(view) -> bool:
    """At scale, or the whole track from its first column with columns at least as wide."""
    whole = (
        view["start"] <= -0.5 + 1e-6 and view["width"] / (view["end"] - view["start"]) >= COLUMN_PX
    )
    return _at_scale(view) or whole


def _cut_at_left(page, read_source, start: float) -> list[str]:
    labels = read_source(page, "track-labels")
    return [
        text
        for i, text in enumerate(labels["text"])
        if (box := text_box(labels, i))[0] < start < box[2]
    ]


def test_columns_keep_their_width_and_no_text_is_cut_at_1024(
    serve_app, page, js_errors, read_source, wait_for
):
    page.set_viewport_size({"width": 1024, "height": 768})
    url = serve_app(lambda: sonic_app(seed=0, template=True))
    page.goto(url + "/")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    view = wait_for(lambda: (v := _view(page)) and _at_scale(v) and v, LOAD_MS / 1000)
    assert 450 <= view["width"] <= 700, view  # beside the side panel at 1024 px
    assert _cut_at_left(page, read_source, view["start"]) == []
    page.get_by_role("button", name="Presenter mode").click()
    wider = wait_for(  # the side panel is hidden: more columns shown, each as wide (or the
        # whole track, when it is shorter than the plot is wide: each column a little wider)
        lambda: (
            (v := _view(page)) and v["width"] > view["width"] + 200 and _at_scale_or_all(v) and v
        ),
        LOAD_MS / 1000,
    )
    assert _cut_at_left(page, read_source, wider["start"]) == []
    assert js_errors == []
