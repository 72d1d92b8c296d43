"""Presenter mode without a browser: its own layout, what it hides, enlarges and shows."""

import re

from racerlab.app.knights.dashboard import knights_app
from racerlab.app.server.page_args import url_presenter
from racerlab.app.sonic.dashboard import sonic_app


def _laid_out(app) -> list:
    """Every object in the dashboard's main area, however deep."""
    out, todo = [], list(app.main_area())
    while todo:
        obj = todo.pop()
        out.append(obj)
        todo.extend(getattr(obj, "objects", []))
    return out


def test_presenter_layout_shows_the_plot_bar_and_odds_and_hides_sidebar_and_tabs():
    app = sonic_app(seed=1)
    p = app.presenter
    fig = app.track.figure
    before = (fig.sizing_mode, fig.height)
    p.toggle.value = True
    shown = _laid_out(app)
    assert app.presenting and not app.sidebar_area()[0].visible
    assert app.track_pane in shown and p.bar in shown and p.odds in shown
    assert app.tabs not in shown and app.standings not in shown
    assert fig.sizing_mode == "stretch_both"  # it fills the presenter layout's plot area
    assert "1. " in p.odds.object and "resolves first" in p.odds.object
    app.session.step("action")
    assert "step 1 of 1" in p.status.object
    p.toggle.value = False
    shown = _laid_out(app)
    assert app.sidebar_area()[0].visible and app.tabs in shown and p.bar not in shown
    assert (fig.sizing_mode, fig.height) == before


def test_presenter_odds_lines_are_separate_with_a_space_before_each_chance():
    """Each target's odds are one line of their own; the chance never runs into the words
    before it (it read "on average0%")."""
    app = knights_app(seed=1, presenter=True)
    html = app.presenter.odds.object
    lines = [re.sub(r"<[^>]+>", "", li.split("</li>")[0]) for li in html.split("<li>")[1:]]
    assert len(lines) == len(app.presenter.model.odds(0)) >= 2
    for line in lines:
        assert re.search(r"on average \(\d+%\)$", line), line


def test_presenter_mode_survives_a_plot_already_shown_in_a_page():
    """A shown figure holds stylesheet objects Panel's pane refuses to copy: switching
    presenter mode used to fail there (clicking the toggle in a served page)."""
    from bokeh.models import ImportedStyleSheet

    for app in (sonic_app(seed=1), knights_app(seed=1)):
        p = app.presenter
        fig = p.figure
        fig.stylesheets = [*fig.stylesheets, ImportedStyleSheet(url="panel.css")]
        before = (fig.sizing_mode, fig.height, fig.min_height)
        p.toggle.value = True
        assert app.session.error == ""
        assert fig.sizing_mode == "stretch_both"
        p.toggle.value = False
        assert app.session.error == ""
        assert (fig.sizing_mode, fig.height, fig.min_height) == before


def test_the_presenter_bar_offers_back_only_when_there_is_a_step_to_go_back_to():
    """Like the sidebar's: at the first step its Back is off (a click would do nothing)."""
    app = sonic_app(seed=1)
    p = app.presenter
    p.toggle.value = True
    assert p._back.disabled and not any(b.disabled for b in p._forward)
    app.session.step("action")
    assert not p._back.disabled
    app.session.back()
    assert p._back.disabled


def test_a_factory_opens_in_presenter_mode_when_asked_and_the_page_mode_follows():
    app = knights_app(seed=1, presenter=True)
    assert app.presenting and app.presenter.toggle.value and app.presenter.page.presenting
    app.presenter.toggle.value = False
    assert not app.presenting and not app.presenter.page.presenting
    assert not knights_app(seed=1).presenting  # no server, no URL: off


def test_url_presenter_takes_what_it_is_given_else_the_address():
    assert url_presenter(True) is True and url_presenter(False) is False
    assert url_presenter() is False  # outside a served page there is no address
