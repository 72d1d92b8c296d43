"""Light first pages, counted in the browser: each served dashboard (``racerlab serve all``,
normal and ``?presenter=1``) holds at most 200 Bokeh models once it shows its game, and its
plot at most 100 with the position editor's drag handles shown."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.ui

LOAD_MS = 60_000
PAGE_MODELS = 200
"""The most Bokeh models a dashboard's first page may hold (it was 230 and 220)."""
PLOT_MODELS = 100
"""The most Bokeh models the plot may hold, drag handles included."""

_SHOWN_JS = """
() => {
  const docs = window.Bokeh ? Bokeh.documents : [];
  if (!docs.length) return false;
  for (const m of docs[0].all_models) {
    if (m.type === 'Figure' && m.title && String(m.title.text).startsWith('Round')) return true;
  }
  return false;
}
"""
"""Whether the page shows its game: the plot, titled with the round, is in the document."""

_COUNT_JS = """
() => {
  const doc = Bokeh.documents[0];
  const types = {};
  for (const m of doc.all_models) types[m.type] = (types[m.type] || 0) + 1;
  let plot = null;
  for (const m of doc.all_models) {
    if (m.type === 'Figure' && String(m.title.text).startsWith('Round')) plot = m;
  }
  const handles = Array.from(doc.all_models).find((m) => m.name === 'edit-handles-renderer');
  return {
    page: doc.all_models.size,
    plot: plot.references().size,
    handles: handles ? handles.visible : null,
    types: Object.entries(types).sort((a, b) => b[1] - a[1]).slice(0, 12),
  };
}
"""
"""The page's model count, its plot's, whether the editor's handles are shown, the census."""


def open_page(browser, url: str):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(url)
    # a presenter page also has the sidebar's Step, hidden: wait for the one shown
    page.get_by_role("button", name="Step", exact=True).filter(visible=True).first.wait_for(
        timeout=LOAD_MS
    )
    page.wait_for_function(_SHOWN_JS, timeout=LOAD_MS)
    return page


@pytest.mark.parametrize("route", ["knights", "sonic", "knights?presenter=1", "sonic?presenter=1"])
def test_the_first_page_holds_at_most_200_models(racerlab_server, browser, route):
    page = open_page(browser, f"{racerlab_server}/{route}")
    counted = page.evaluate(_COUNT_JS)
    page.close()
    assert counted["page"] <= PAGE_MODELS, counted
    assert counted["plot"] <= PLOT_MODELS, counted
    assert counted["handles"] is None, counted  # the editor's handles come with the editor


@pytest.mark.parametrize("route", ["knights", "sonic"])
def test_the_plot_holds_at_most_100_models_with_the_editors_handles(
    racerlab_server, browser, route
):
    page = open_page(browser, f"{racerlab_server}/{route}")
    page.locator(".bk-tab", has_text="Edit position").click()
    box = page.locator(".rl-drag-toggle input[type=checkbox]")
    box.wait_for(timeout=LOAD_MS)
    box.check()
    page.wait_for_function(f"({_COUNT_JS})().handles === true", timeout=LOAD_MS)
    counted = page.evaluate(_COUNT_JS)
    page.close()
    assert counted["plot"] <= PLOT_MODELS, counted
