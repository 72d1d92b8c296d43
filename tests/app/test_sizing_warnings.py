"""A dashboard's layout asks Panel for nothing it has to override: a column that declares it
stretches only across while its board stretches both ways draws a warning into every
notebook cell that shows it (and is then sized both ways anyway)."""

from __future__ import annotations

import logging

import panel as pn
import pytest
from bokeh.document import Document

from racerlab.app import knights_app, sonic_app


@pytest.mark.parametrize("make", [knights_app, sonic_app], ids=["knights", "sonic"])
@pytest.mark.parametrize("template", [False, True], ids=["cell", "page"])
@pytest.mark.parametrize("presenter", [False, True], ids=["normal", "presenter"])
def test_a_dashboard_renders_without_a_sizing_warning(make, template, presenter, caplog):
    dashboard = make(seed=4, template=template, presenter=presenter)
    with caplog.at_level(logging.WARNING):
        view = pn.panel(dashboard)
        view.get_root(Document()) if not template else view.server_doc(Document())
        dashboard.presenting = not presenter  # and after the switch re-lays the page
    overridden = [r.getMessage() for r in caplog.records if "is being overridden" in r.getMessage()]
    assert overridden == []


def test_a_board_across_the_page_stretches_both_ways_in_a_box_of_its_own():
    """The board in a box across the page (not straight in the page's column: Bokeh then laid
    out that column's plots only, never a chart drawn later in the tabs below the board), the
    box and the column declaring the same stretch across, nothing overridden."""
    dashboard = sonic_app(seed=4, template=False)
    (body,) = dashboard.main_area(in_page=False)
    box = body.objects[1]
    assert isinstance(box, pn.FlexBox) and box.objects == [dashboard.board_holder()]
    assert dashboard.board_holder().sizing_mode == "stretch_both"
    assert box.sizing_mode == "stretch_width"
    assert body.get_root(Document()).sizing_mode == "stretch_width"  # as drawn
