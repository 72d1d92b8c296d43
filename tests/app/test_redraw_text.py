"""``redraw.set_text`` puts a pane's new text straight into its Bokeh models where Panel
itself would change them at once, and the page gets exactly what Panel would send."""

from __future__ import annotations

import panel as pn
import pytest
from bokeh.document import Document

from racerlab.app.kit.escape import html_pane, markdown_pane
from racerlab.app.kit.redraw import set_text, shown_models

HOSTILE = '<img src=x onerror="window.__pwned=1"> & <b>bold</b> "quoted" \'single\''


def _model(pane):
    model, *_ = shown_models(pane).values()
    return model


def _rendered(markup: str) -> str:
    """The text Panel's own path gives an HTML pane's model for ``markup``."""
    pane = html_pane(markup)
    pn.Column(pane).server_doc(Document())
    return _model(pane).text


@pytest.mark.parametrize("markup", ["<b>step 3</b> of 9", HOSTILE, "", "plain"])
def test_a_shown_html_pane_gets_what_panel_would_send(markup):
    pane = html_pane("before")
    pn.Column(pane).server_doc(Document())
    seen = []
    pane.param.watch(seen.append, "object")
    set_text(pane, markup)
    assert pane.object == markup
    assert _model(pane).text == _rendered(markup)
    assert seen == []  # the pane's own re-render did not run (the text went straight in)


def test_a_pane_not_yet_on_a_page_and_a_markdown_pane_go_through_panel():
    loose = html_pane("before")
    set_text(loose, "<i>after</i>")
    assert loose.object == "<i>after</i>"
    md = markdown_pane("before")
    pn.Column(md).server_doc(Document())
    set_text(md, "**after**")
    assert md.object == "**after**"
    assert "<strong>after</strong>" in _model(md).text.replace("&lt;", "<").replace("&gt;", ">")


def test_the_same_text_changes_nothing():
    pane = html_pane("same")
    doc = Document()
    pn.Column(pane).server_doc(doc)
    changes = []
    doc.callbacks.on_change(changes.append)
    set_text(pane, "same")
    assert changes == []
