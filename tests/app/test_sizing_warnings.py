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


def test_a_board_that_stretches_both_ways_makes_its_column_stretch_both_ways():
    dashboard = sonic_app(seed=4, template=False)
    doc = Document()
    root = pn.panel(dashboard).get_root(doc)
    (body,) = dashboard.main_area(in_page=False)
    assert body._models[root.ref["id"]][0].sizing_mode == "stretch_both"
