"""Director edits of counters: absolute stats, tokens, Valor, Glory, next waypoint, blockers.

Each one changes exactly its field, is logged, replays from a saved game and is refused
with a reason (leaving the state as it was) on a bad value.
"""

import dataclasses

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.core.rules import ForceRolls
from racerlab.core.timeline import Timeline
from racerlab.knights.actions import (
    DriveRoll,
    PlaceRacer,
    SetBlocker,
    SetGlory,
    SetNextWaypoint,
    SetStat,
    SetTokens,
    SetValor,
)
from racerlab.knights.director import BlockerSet, stat_value
from racerlab.knights.events import StatChanged
from racerlab.knights.geometry import Pose
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_setup

rules = KnightsRules()


def timeline():
    return Timeline.new(rules, lesson_setup(("jeff", "cindy")), seed=2)


def changed_fields(before, after):
    """Names of the racer fields that differ, per player."""
    return {
        i: {f.name for f in dataclasses.fields(a) if getattr(a, f.name) != getattr(b, f.name)}
        for i, (a, b) in enumerate(zip(before.racers, after.racers))
        if a != b
    }


@pytest.mark.parametrize(
    "action, field, value",
    [
        (SetValor(1, 5), "valor", 5),
        (SetGlory(0, 3), "glory", 3),
        (SetNextWaypoint(1, 2), "next_waypoint", 2),
    ],
)
def test_each_counter_edit_changes_exactly_its_field_and_is_logged(action, field, value):
    tl = timeline()
    before = tl.state
    step = tl.play(action)
    assert getattr(tl.state.racers[action.player], field) == value
    assert changed_fields(before, tl.state) == {action.player: {field}}
    assert tl.state.blockers == before.blockers and tl.state.phase is before.phase
    assert isinstance(step.events[0], StatChanged) and step.events[0].player == action.player


def test_tokens_change_both_counts_and_slow_lowers_the_drive():
    tl = timeline()
    tl.play(SetTokens(0, slow=2, weakness=1))
    assert (tl.state.racers[0].slow, tl.state.racers[0].weakness) == (2, 1)
    tl.play(ForceRolls((3, 3)))
    tl.play(DriveRoll())
    assert tl.state.racers[0].speed_points == 3 + 4 - 2  # roll + Jeff's Speed - Slow


def test_set_stat_is_absolute_and_stacks_with_earlier_tweaks():
    tl = timeline()
    tl.play(SetStat(0, "speed", 6))
    assert stat_value(tl.state.racers[0], "speed") == 6
    tl.play(SetStat(0, "speed", 6))  # setting it again changes nothing
    assert stat_value(tl.state.racers[0], "speed") == 6
    step = tl.play(SetStat(0, "strength", 0))
    assert stat_value(tl.state.racers[0], "strength") == 0
    assert step.events[0].describe().endswith("strength set to 0.")
    tl.play(ForceRolls((3, 3)))
    tl.play(DriveRoll())
    assert tl.state.racers[0].speed_points == 3 + 6


def test_blocker_edit_sets_durability_and_logs_it():
    tl = timeline()
    step = tl.play(SetBlocker(1, 0))
    assert tl.state.blockers[1] == 0 and isinstance(step.events[0], BlockerSet)
    assert "removed" in step.events[0].describe()
    tl.play(SetBlocker(1, 1))
    assert tl.state.blockers[1] == 1


def test_blocker_cannot_stand_again_under_a_racer():
    tl = timeline()
    tl.play(SetBlocker(0, 0))
    tl.play(PlaceRacer(0, Pose(10.0, 10.0, 0.0)))  # on the open waypoint 1
    before = tl.state
    with pytest.raises(IllegalActionError, match="jeff's racer is on the waypoint"):
        tl.play(SetBlocker(0, 1))
    assert tl.state is before


@pytest.mark.parametrize(
    "action, reason",
    [
        (SetValor(0, -1), "SetValor: Valor must be from 0 to 1000, got -1"),
        (SetGlory(0, 1.5), "SetGlory: Glory must be a whole number, got 1.5"),
        (SetTokens(0, 1, -2), "Weakness tokens must be"),
        (SetNextWaypoint(0, 9), "the next waypoint must be 1 to 3"),
        # numbered from 1 in the reason, as on the table: 0-based -1 is "waypoint 0"
        (SetNextWaypoint(0, -1), r"must be 1 to 3 \(or all crossed\), not 0$"),
        (SetNextWaypoint(0, "2"), "the next waypoint must be a whole number, not '2'"),
        (SetStat(0, "luck", 2), "unknown stat 'luck'"),
        (SetStat(1, "armor", -1), "armor must be a whole number >= 0"),
        (SetBlocker(7, 1), r"there is no waypoint 8 \(waypoints 1 to 3\)"),
        (SetBlocker(0, 99), "a blocker's Durability must be 0 to"),
        (SetGlory(5, 1), "there is no player 5"),
    ],
)
def test_bad_values_are_refused_with_a_reason_and_change_nothing(action, reason):
    tl = timeline()
    before = tl.state
    with pytest.raises(IllegalActionError, match=reason):
        tl.play(action)
    assert tl.state is before and len(tl.actions) == 0


def test_every_edit_replays_from_a_saved_game():
    tl = timeline()
    for action in (
        SetStat(0, "armor", 9),
        SetTokens(1, 1, 2),
        SetValor(0, 1),
        SetGlory(1, 2),
        SetNextWaypoint(0, 1),
        SetBlocker(2, 0),
        PlaceRacer(1, Pose(4.0, 6.0, 30.0)),
    ):
        tl.play(action)
    again = Timeline.loads(tl.dumps())
    assert again.state == tl.state
    assert [type(a) for a in again.actions] == [type(a) for a in tl.actions]
