"""The status for a seat played by hand names what that dashboard really offers."""

from __future__ import annotations

import pytest

from racerlab.app import knights_app, sonic_app
from racerlab.app.kit.hand_seat import HAND_HELP, NO_HAND_PLAY
from racerlab.app.kit.plain_dashboard import plain_app
from racerlab.app.kit.session import BOT, HUMAN


def _hand_status(app) -> str:
    s = app.session
    s.set_controller(s.acting, HUMAN)
    return app.steps.status.object


def _tab_titles(app) -> list[str]:
    return [spec.title for spec in app.PANELS]


@pytest.mark.parametrize("make", [lambda: knights_app(seed=3), lambda: sonic_app(seed=3)])
def test_a_dashboard_with_a_hand_tab_points_to_it(make):
    app = make()
    who = app.session.player_names[app.session.acting]
    assert "Play by hand" in _tab_titles(app)
    assert f"{who} to choose: {HAND_HELP}</b>" in _hand_status(app)


def test_the_plain_dashboard_says_to_give_the_seat_back_to_the_bot():
    app = plain_app("coin-race", seed=3)
    who = app.session.player_names[app.session.acting]
    assert "Play by hand" not in _tab_titles(app)  # nothing to choose with here
    status = _hand_status(app)
    assert f"{who} to choose: {NO_HAND_PLAY}</b>" in status
    assert "Play by hand tab" not in status
    # what it points to is there: the step controls' list of seats played by hand
    assert "Seats played by hand" in NO_HAND_PLAY
    assert any(
        "Seats played by hand" in str(getattr(p, "object", "")) for p in app.steps._layout.objects
    )
    app.session.set_controller(app.session.acting, BOT)  # untick it: the game goes on
    assert "to choose" not in app.steps.status.object
    assert not app.steps.action_button.disabled
