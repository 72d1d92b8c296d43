"""Refusals beside their controls and in the log, page names in engine text, redraw safety."""

from __future__ import annotations

import panel as pn

from racerlab.app import knights_app, sonic_app
from racerlab.app.kit.controls import redraw_guard
from racerlab.app.kit.messages import RefusalNote
from racerlab.app.kit.naming import PageWords, seat_label
from racerlab.app.kit.session import BOT, HUMAN
from racerlab.app.sonic.dashboard import engine_paths_as_board
from racerlab.core.errors import RacerlabError
from racerlab.sonic import SetSpeed


def click(button: pn.widgets.Button) -> None:
    button.clicks += 1


def test_seats_are_one_based_with_the_racers_name():
    words = PageWords(["Cindy", "Storm"])
    assert seat_label(1, ["Cindy", "Storm"]) == "2. Storm"
    assert words("player 2 fires at Player 1.") == "2. Storm fires at 1. Cindy."
    assert words("Director: SetSpeed(player=1, value=5)") == (
        "Director: Set speed (2. Storm, value 5)"
    )


def test_card_ids_in_director_actions_read_as_card_names():
    words = PageWords(["A"], cards={"spring": "Spring", "boost": "Boost"})
    assert words("SetDeck(cards=('spring', 'boost'))") == "Set deck (cards Spring, Boost)"


def test_engine_paths_are_written_with_board_lanes():
    assert engine_paths_as_board("no run along ((3, 0), (4, 4))") == "no run along (3,1) → (4,5)"
    assert engine_paths_as_board("nothing to change") == "nothing to change"


def test_a_refused_typed_path_shows_beside_the_box_and_in_the_log():
    app = sonic_app(seed=0)
    s = app.session
    for _ in range(len(s.player_names)):
        s.step("action")
    before = s.timeline.index
    app.hand.typed_path.value = "(20,1) (21,1)"
    click(app.hand.try_button)
    assert s.timeline.index == before  # nothing changed
    assert app.hand.path_note.text.startswith("Spring does not allow")
    shown = app.hand.path_note.pane.object
    assert 'id="rl-typed-path-note"' in shown and "(20,1) → (21,1)" in shown
    assert app.log.lines()[-1].text == "Refused: Spring does not allow run along (20,1) → (21,1)"
    assert app.log.lines()[-1].kind == "refused"
    # the next use of the control clears its note
    app.hand.typed_path.value = "nonsense"
    click(app.hand.try_button)
    assert "could not read a path" in app.hand.path_note.text


def test_a_director_action_is_logged_in_the_pages_names():
    app = sonic_app(seed=0)
    app.session.direct(SetSpeed(0, 4))
    first = app.session.player_names[0]
    assert app.log.lines()[-1].text == f"Director: 1. {first}'s Speed set to 4"


def test_refusal_note_catches_errors_and_clears_on_success():
    app = knights_app(seed=3)
    note = RefusalNote(app.session, "rl-test-note")

    def refuse() -> None:
        raise RacerlabError("no such thing")

    note.attempt(refuse, "test")()
    assert note.text == "test: no such thing"
    assert note.pane.visible
    note.attempt(lambda: None, "test")()
    assert note.text == "" and not note.pane.visible


def test_a_failing_redraw_is_reported_once_and_does_not_recurse():
    app = knights_app(seed=3)
    s = app.session
    calls = []

    def broken() -> None:
        calls.append(1)
        raise RuntimeError("boom")

    watcher = s.param.watch(redraw_guard(s, broken), "version")
    try:
        s.step("action")
    finally:
        s.param.unwatch(watcher)
    assert len(calls) == 1  # the report's version bump did not redraw again
    assert "boom" in s.error


def test_the_round_slider_past_the_last_round_reached_shows_the_last_round():
    app = knights_app(seed=3)
    slider = app.steps.round_slider
    assert app.session.rounds() == [1] and slider.end == 2  # the slider always spans two
    slider._process_events({"value": 2, "value_throttled": 2})
    assert app.session.error == ""
    assert app.session.round == 1


def test_stepping_a_players_turn_is_not_labelled_like_rotating():
    app = knights_app(seed=3)
    assert app.hand.turn_button.label == "Turn"  # rotate the racer
    assert app.steps.turn_button.label == "Player ▶"  # step to the next player


def test_seat_controls_name_the_seats_of_the_game_shown():
    app = knights_app(seed=3)
    s = app.session

    def labels() -> list[str]:  # a widget's labels are text, never read as HTML
        return list(app.steps.seats.options)

    assert labels() == [f"{i + 1}. {n}" for i, n in enumerate(s.player_names)]
    s.new_random(11)
    assert labels() == [f"{i + 1}. {n}" for i, n in enumerate(s.player_names)]


def test_one_seat_widget_sets_who_plays_each_seat_and_follows_the_session():
    app = knights_app(seed=3)
    s, seats = app.session, app.steps.seats
    assert seats.value == [] and set(s.controllers) == {BOT}
    seats.value = [1, 3]  # ticked: played by hand
    assert s.controllers == [BOT, HUMAN, BOT, HUMAN]
    seats.value = [3]
    assert s.controllers == [BOT, BOT, BOT, HUMAN]
    s.set_controller(0, HUMAN)  # set elsewhere: the widget shows it
    assert seats.value == [0, 3]
