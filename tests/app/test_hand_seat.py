"""A seat played by hand: the step controls wait for its choice instead of doing nothing."""

from __future__ import annotations

import pytest

from racerlab.app import knights_app, sonic_app
from racerlab.app.kit.session import BOT, HUMAN


def forward_buttons(app):
    st = app.steps
    return (st.action_button, st.turn_button, st.round_button, st.play_toggle)


@pytest.mark.parametrize("make", [lambda: knights_app(seed=3), lambda: sonic_app(seed=3)])
def test_step_waits_for_the_hand_seat_and_says_whose_choice_it_is(make):
    app = make()
    s = app.session
    seat = s.acting
    who = s.player_names[seat]
    assert not any(b.disabled for b in forward_buttons(app))
    s.set_controller(seat, HUMAN)
    assert all(b.disabled for b in forward_buttons(app))
    status = app.steps.status.object
    assert f"{who} to choose: use the Play by hand tab" in status
    assert "to act" not in status and "<b>Round 1 · step 0 of 0 · " in status
    assert f"No events yet: {who} to choose." in app.log.pane.object
    assert "press Step" not in app.log.pane.object
    # the choice made by hand (the first legal one), the bot seats may go on
    s.play(s.rules.legal_actions(s.state)[0])
    assert s.acting != seat or s.controllers[s.acting] == HUMAN
    if s.controllers[s.acting] == BOT:
        assert not any(b.disabled for b in forward_buttons(app))
        assert "to choose" not in app.steps.status.object


def test_recorded_history_ahead_still_steps_past_a_hand_seat():
    app = knights_app(seed=3)
    s = app.session
    s.step("round")
    s.goto(0)
    s.set_controller(s.acting, HUMAN)
    assert not app.steps.action_button.disabled  # Step replays what was recorded
    assert "to choose" not in app.steps.status.object
    assert s.step("action") == 1


def test_back_to_a_bot_seat_re_enables_step():
    app = sonic_app(seed=3)
    s = app.session
    s.set_controller(s.acting, HUMAN)
    assert app.steps.action_button.disabled
    s.set_controller(s.acting, BOT)
    assert not app.steps.action_button.disabled
    assert "press Step" in app.log.pane.object
