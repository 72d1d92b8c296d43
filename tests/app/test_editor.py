"""The position editor's models, without a browser: every edit is a logged director action."""

import pytest

from racerlab.app.editor import KnightsEditor, SonicEditor, snap
from racerlab.app.knights_dashboard import knights_kit
from racerlab.app.session import GameSession
from racerlab.app.sonic_dashboard import sonic_kit
from racerlab.core.timeline import Timeline
from racerlab.sonic import SonicSetup


def knights(seed=1):
    return KnightsEditor(GameSession(knights_kit(2), seed=seed))


def test_snap_rounds_to_the_grid():
    assert snap(3.07, 0.125) == 3.125 and snap(187.0, 15.0) == 180.0


def test_place_snaps_or_goes_free_and_is_logged_and_replays():
    ed = knights()
    assert ed.place(0, 5.06, 4.97, heading=52.0)
    assert ed.session.state.racers[0].pose.heading == 45.0
    ed.snapping = False
    assert ed.place(0, 5.06, 4.97)
    pose = ed.session.state.racers[0].pose
    assert (pose.x, pose.y) == (5.06, 4.97)
    assert len(ed.session.timeline.actions) == 2
    again = Timeline.loads(ed.session.timeline.dumps())
    assert again.state == ed.session.state


def test_aim_turns_towards_the_handle():
    ed = knights()
    ed.place(0, 5.0, 5.0, heading=0.0)
    assert ed.aim(0, 5.0, 9.0)
    assert ed.session.state.racers[0].pose.heading == 90.0


def test_refused_edit_shows_the_reason_and_changes_nothing():
    ed = knights()
    before = ed.session.state
    assert not ed.place(0, 0.05, 0.05)
    assert "off the arena" in ed.session.error and ed.session.state is before
    assert not ed.set_value(0, "durability", 99)
    assert "Durability must be" in ed.session.error and ed.session.state is before


@pytest.mark.parametrize(
    "name, value",
    [("valor", 4), ("glory", 2), ("slow", 1), ("weakness", 2), ("next_waypoint", 1), ("armor", 9)],
)
def test_values_are_set_exactly(name, value):
    ed = knights()
    assert ed.set_value(1, name, value)
    assert ed.values(1)[name] == value
    assert ed.set_value(1, name, value) and len(ed.session.timeline.actions) == 1  # no-op


def test_odds_follow_the_edited_position():
    ed = knights()
    before = [o.words for o in ed.odds(0)]
    other = ed.session.state.racers[1].pose
    assert ed.place(0, other.x - 3.0, other.y, heading=0.0)
    after = ed.odds(0)
    assert [o.words for o in after] != before
    assert after[0].words.startswith("in arc")


def test_blocker_edit():
    ed = knights()
    assert ed.set_blocker(1, 0)
    assert ed.session.state.blockers[1] == 0


def test_sonic_editor_places_on_the_space_under_the_point_and_sets_values():
    session = GameSession(sonic_kit(), seed=1)
    session._start(Timeline.new(session.rules, SonicSetup(("sonic", "tails")), seed=1))
    ed = SonicEditor(session)
    assert ed.place(0, 4.7, -2.2)
    assert session.state.token(0).pos == (4, 2)
    assert ed.set_value(0, "speed", 6) and ed.set_value(0, "shield", 1)
    assert ed.values(0) == {"speed": 6, "rings": session.state.token(0).rings, "shield": 1}
    assert not ed.place(1, 5.5, -2.0)  # a badnik stands there
    assert "badnik" in session.error
    assert [o.label for o in ed.odds(0)][:2] == ["1. Sonic", "2. Tails"]
