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
