"""The position editor's models, without a browser: every edit is a logged director action."""

import panel as pn
import pytest

from racerlab.app.kit.session import GameSession
from racerlab.app.knights.dashboard import knights_kit
from racerlab.app.panels.editor import KnightsEditor, SonicEditor, snap
from racerlab.app.sonic.dashboard import sonic_kit
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
    [("valor", 4), ("glory", 2), ("slow", 1), ("weakness", 2), ("next_waypoint", 2), ("armor", 9)],
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
    kit = sonic_kit()
    game = Timeline.new(kit.rules(), SonicSetup(("sonic", "tails")), seed=1)
    session = GameSession(kit, seed=1, timeline=game)
    ed = SonicEditor(session)
    assert ed.place(0, 4.7, -2.2)
    assert session.state.token(0).pos == (4, 2)
    assert ed.set_value(0, "speed", 6) and ed.set_value(0, "shield", 1)
    assert ed.values(0) == {"speed": 6, "rings": session.state.token(0).rings, "shield": 1}
    assert not ed.place(1, 5.5, -2.0)  # a badnik stands there
    assert "badnik" in session.error
    assert [o.label for o in ed.odds(0)][:2] == ["1. Sonic", "2. Tails"]


def test_the_next_waypoint_is_numbered_from_1_as_in_the_standings():
    ed = knights()
    assert ed.session.state.racers[1].next_waypoint == 0
    assert ed.values(1)["next_waypoint"] == 1  # the first waypoint is "1", as on the table
    assert ed.set_value(1, "next_waypoint", 2)
    assert ed.session.state.racers[1].next_waypoint == 1  # typed 2: waypoint 2 is next
    last = len(ed.session.state.setup.waypoints)
    assert ed.set_value(1, "next_waypoint", last + 1)  # one past the last: all crossed
    assert ed.session.state.racers[1].next_waypoint == last
    before = ed.session.state
    assert not ed.set_value(1, "next_waypoint", 0)
    assert ed.session.error.endswith(f"must be 1 to {last} (or all crossed), not 0")
    assert ed.session.state is before


def test_the_knights_editor_gives_the_pose_its_boxes_show():
    ed = knights()
    ed.place(1, 6.0, 7.5, heading=90.0)
    assert ed.pose(1) == (6.0, 7.5, 90.0)


def test_each_game_words_its_own_snap_switch():
    ed = knights()
    assert ed.snap_words == "Snap to M/8 and 15° (off: free)"
    assert SonicEditor(GameSession(sonic_kit(), seed=1)).snap_words is None  # always a space


def test_a_sonic_placement_is_logged_as_the_hover_names_the_space():
    kit = sonic_kit()
    game = Timeline.new(kit.rules(), SonicSetup(("sonic", "tails")), seed=1)
    session = GameSession(kit, seed=1, timeline=game)
    assert SonicEditor(session).place(0, 4.7, -2.2)  # column 4, lane 3 on the board
    assert session.log_lines()[-1].text == "Director: Player 1 placed on column 4, lane 3"


def test_the_place_boxes_follow_the_selected_racer_and_each_edit():
    from racerlab.app.knights.dashboard import knights_app
    from racerlab.app.panels.editor_view import knights_editor

    app = knights_app(seed=1, players=2)
    view = knights_editor(app.session, app.arena.figure)
    shown = lambda: tuple(box.value for box in view.pose_boxes)  # noqa: E731
    racers = app.session.state.racers
    assert shown() == view.model.pose_shown(0)  # rounded as the editor snaps
    app.session.selected = 1
    assert shown() == view.model.pose_shown(1)
    assert view.inputs["next_waypoint"].value == 1
    # typing only y and pressing Place keeps x and the heading where they were, exactly
    view.snap.value = False
    view.pose_boxes[1].value = round(racers[1].pose.y, 2) + 1.0
    assert view.model.place_typed(1, shown())
    now = app.session.state.racers[1].pose
    assert (now.x, now.heading) == (racers[1].pose.x, racers[1].pose.heading)
    assert now.y == round(racers[1].pose.y, 2) + 1.0 and shown() == view.model.pose_shown(1)


def test_the_sonic_editor_has_no_knights_snap_switch():
    from racerlab.app.panels.editor_view import sonic_editor
    from racerlab.app.sonic.dashboard import sonic_app

    app = sonic_app(seed=1)
    view = sonic_editor(app.session, app.track.figure)
    assert not view.snap.visible and "M/8" not in view.snap.label


def test_the_odds_from_here_name_the_boss_and_the_stat_picker_names_stats():
    from racerlab.app import sonic_app
    from racerlab.app.knights.dashboard import knights_app
    from racerlab.app.panels.editor_view import knights_editor
    from racerlab.sonic import Mode

    app = sonic_app(seed=2, mode=Mode.BOSS, players=3)
    labels = [o.label for o in SonicEditor(app.session).odds(0)]
    assert "Dr. Eggman (boss)" in labels and "Boss" not in labels
    kapp = knights_app(seed=1, players=2)
    stat = knights_editor(kapp.session, kapp.arena.figure)._layout
    picker = next(w for w in stat.select(pn.widgets.Select) if w.name == "Stat")
    assert "Ram damage" in picker.options and picker.options["Ram damage"] == "ram_damage"
