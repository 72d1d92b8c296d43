"""The new-game controls show the game's set-up procedure beside the new game."""

from racerlab.app.kit.controls import ScenarioControls
from racerlab.app.kit.escape import text as esc
from racerlab.app.kit.session import GameSession
from racerlab.app.knights.dashboard import knights_kit
from racerlab.app.sonic.dashboard import sonic_kit
from racerlab.knights.procedure import procedure_of
from racerlab.sonic.procedure import order_of


def test_knights_new_game_shows_who_places_waypoints_and_racers():
    session = GameSession(knights_kit(), seed=3)
    controls = ScenarioControls(session)
    text = controls.setup_notes.object
    names = knights_kit().names(session.state)
    assert text.startswith("**Set-up:** Waypoint 1 goes in the middle")
    assert f"{esc(names[0])} places 2" in text
    assert esc(" ".join(procedure_of(session.state).describe(names))) in text
    session.new_random(4)  # its names have an apostrophe: shown escaped, as every name
    assert controls.setup_notes.object.endswith(
        esc(" ".join(procedure_of(session.state).describe(knights_kit().names(session.state))))
    )


def test_battle_racers_new_game_shows_the_choosing_order():
    session = GameSession(sonic_kit(), seed=1)
    controls = ScenarioControls(session)
    names = sonic_kit().names(session.state)
    assert "Choosing racers, clockwise" in controls.setup_notes.object
    assert esc(" ".join(order_of(session.state).describe(names))) in controls.setup_notes.object
