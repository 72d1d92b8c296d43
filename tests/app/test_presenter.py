"""Presenter mode without a browser: what it hides, enlarges and shows."""

from racerlab.app.sonic_dashboard import sonic_app


def test_presenter_hides_the_sidebar_controls_and_enlarges_the_track():
    app = sonic_app(seed=1)
    p = app.presenter
    height = app.track.figure.height
    p.toggle.value = True
    assert not any(w.visible for w in (app.steps, app.scenarios, app.mode, app.zones))
    assert app.track.figure.height > height and p.bar.visible
    assert "1. " in p.odds.object and "resolves first" in p.odds.object
    app.session.step("action")
    assert "step 1 of 1" in p.status.object
    p.toggle.value = False
    assert app.steps.visible and app.track.figure.height == height and not p.bar.visible


def test_presenter_mode_survives_a_plot_already_shown_in_a_page():
    """A shown figure holds stylesheet objects Panel's pane refuses to copy: switching
    presenter mode used to fail there (clicking the toggle in a served page)."""
    from bokeh.models import ImportedStyleSheet

    from racerlab.app.knights_dashboard import knights_app

    for app in (sonic_app(seed=1), knights_app(seed=1)):
        p = app.presenter
        fig = p.figure
        fig.stylesheets = [*fig.stylesheets, ImportedStyleSheet(url="panel.css")]
        before = (fig.height, fig.min_height)
        p.toggle.value = True
        assert app.session.error == ""
        assert fig.height > before[0]
        if app.session.kit.name == "knights":  # the arena keeps a least height: it grows too
            assert fig.min_height > before[1]
        p.toggle.value = False
        assert app.session.error == ""
        assert (fig.height, fig.min_height) == before


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
