"""Moves, reverse, turns (Handling, 1M first, Torqued), Sidewinder, contact, crossings, flare."""

from dataclasses import replace

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.knights.actions import Direction, EndTurn, Move, Turn
from racerlab.knights.catalog import load_catalog
from racerlab.knights.events import Flared, GloryGained, WaypointCrossed
from racerlab.knights.parts import Side
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_state, placed, staged

rules = KnightsRules()
CAT = load_catalog()


def refused(state, action, match):
    before = state
    with pytest.raises(IllegalActionError, match=match):
        rules.apply(state, action)
    assert state == before


def jeff_turn(**changes):
    """Jeff (Handling 3) at (10, 2) facing north toward waypoint 1, acting."""
    return staged(lesson_state(("jeff", "cindy")), 0, **changes)


def test_forward_costs_one_and_partial_costs_one():
    s = jeff_turn(speed_points=3)
    s1 = rules.apply(s, Move(1.0)).state
    assert s1.racers[0].speed_points == 2
    assert s1.racers[0].pose.y == pytest.approx(3.0)
    s2 = rules.apply(s1, Move(0.25)).state
    assert s2.racers[0].speed_points == 1
    assert s2.racers[0].pose.y == pytest.approx(3.25)


def test_reverse_costs_two_even_partial():
    s = jeff_turn(speed_points=3)
    s1 = rules.apply(s, Move(0.5, Direction.REVERSE)).state
    assert s1.racers[0].speed_points == 1
    assert s1.racers[0].pose.y == pytest.approx(1.5)
    refused(s1, Move(0.25, Direction.REVERSE), "needs 2 Speed Points")


def test_move_longer_than_1m_refused():
    refused(jeff_turn(), Move(1.5), "at most 1M")
    refused(jeff_turn(), Move(0.0), "longer than 0M")


def test_too_few_speed_points():
    s = jeff_turn(speed_points=0, turbo_points=0)
    refused(s, Move(1.0), "needs 1 Speed Points")


def test_run_into_racer_refused_but_touching_allowed():
    s = jeff_turn(speed_points=5)
    # Cindy parked 2M ahead of Jeff's front (Jeff front at y=2.7)
    s = placed(s, 1, 10.0, 2.7 + 0.5 + 0.7, 90.0)
    refused(s, Move(1.0), "run into")
    s1 = rules.apply(s, Move(0.5)).state
    assert s1.racers[0].pose.y == pytest.approx(2.5)


def test_walls_stop_moves():
    s = placed(jeff_turn(), 0, 10.0, 0.7 + 0.2, 270.0)  # 0.2M from the south wall, facing it
    refused(s, Move(0.5), "wall")
    rules.check(s, Move(0.2))


def test_turn_needs_1m_first_and_since_the_last_turn():
    s = jeff_turn(speed_points=6)
    refused(s, Turn(45.0, Side.LEFT), "must move 1M")
    s = rules.apply(s, Move(0.5)).state
    refused(s, Turn(45.0, Side.LEFT), "must move 1M")
    s = rules.apply(s, Move(0.5)).state
    s = rules.apply(s, Turn(45.0, Side.LEFT)).state
    assert s.racers[0].pose.heading == pytest.approx(135.0)
    assert s.racers[0].speed_points == 3
    refused(s, Turn(45.0, Side.LEFT), "must move 1M")


def test_turn_limited_by_handling():
    s = jeff_turn(speed_points=6, turns_left=1, moved_since_turn=1.0)  # Handling 3
    rules.check(s, Turn(135.0, Side.RIGHT))
    refused(s, Turn(150.0, Side.RIGHT), "up to 135 degrees")


def test_turn_pivots_about_the_side_mark():
    s = jeff_turn(speed_points=6, turns_left=1, moved_since_turn=1.0)
    s1 = rules.apply(s, Turn(-90.0, Side.RIGHT)).state
    p = s1.racers[0].pose
    # right mark of Jeff at (10.4, 2) stays; the body swings about it
    assert (p.x, p.y, p.heading) == (pytest.approx(10.4), pytest.approx(2.4), 0.0)


def test_torqued_allows_two_turns_per_movement():
    torq = CAT.racer("jeff").with_part(CAT, "skittering_spokes")
    s = staged(lesson_state((torq, "cindy")), 0, speed_points=6)
    s = rules.apply(s, Move(1.0)).state
    s = rules.apply(s, Turn(15.0, Side.LEFT)).state
    s = rules.apply(s, Turn(15.0, Side.LEFT)).state
    refused(s, Turn(15.0, Side.LEFT), "must move 1M")
    # without Torqued the second turn is refused
    s = jeff_turn(speed_points=6)
    s = rules.apply(s, Move(1.0)).state
    s = rules.apply(s, Turn(15.0, Side.LEFT)).state
    refused(s, Turn(15.0, Side.LEFT), "must move 1M")


def test_sidewinder_lateral_moves():
    refused(jeff_turn(), Move(1.0, Direction.LEFT), "Sidewinder")
    side = CAT.racer("jeff").with_part(CAT, "rattletrap")
    s = staged(lesson_state((side, "cindy")), 0, speed_points=3)
    s1 = rules.apply(s, Move(1.0, Direction.LEFT)).state
    p = s1.racers[0].pose
    assert (p.x, p.y, p.heading) == (pytest.approx(9.0), pytest.approx(2.0), 90.0)
    assert s1.racers[0].speed_points == 1


def test_blocked_waypoint_move_refused_and_crossing_after_opening():
    s = placed(jeff_turn(speed_points=5), 0, 10.0, 8.5, 90.0)  # front 0.5M from the disc
    refused(s, Move(1.0), "blocker of waypoint 1")
    opened = replace(s, blockers=(0, *s.blockers[1:]))
    step = rules.apply(opened, Move(1.0))
    assert [e.waypoint for e in step.events if isinstance(e, WaypointCrossed)] == [0]
    assert step.state.racers[0].glory == 1 and step.state.racers[0].next_waypoint == 1


def test_waypoints_only_in_order():
    # waypoint 2 is open and crossed before waypoint 1: no Glory
    s = jeff_turn(speed_points=5)
    wp2 = s.setup.waypoints[1]
    s = placed(s, 0, wp2[0], wp2[1] - 1.2, 90.0)
    s = replace(s, blockers=(1, 0, *s.blockers[2:]))
    step = rules.apply(s, Move(1.0))
    assert not [e for e in step.events if isinstance(e, WaypointCrossed)]
    assert step.state.racers[0].glory == 0


def test_waypoint_flare_at_end_of_turn():
    s = jeff_turn(speed_points=5)
    s = replace(s, blockers=(0, *s.blockers[1:]))
    s = placed(s, 0, 10.0, 10.0, 90.0)
    s = replace(s, racers=(replace(s.racers[0], next_waypoint=1), s.racers[1]))
    step = rules.apply(s, EndTurn())
    assert [e.waypoint for e in step.events if isinstance(e, Flared)] == [0]
    assert step.state.racers[0].durability == s.racers[0].durability - 1
    assert not [e for e in step.events if isinstance(e, GloryGained)]


def test_turbo_bonus_spent_on_moves_blocks_turns():
    turbo = CAT.racer("cindy").with_part(CAT, "starwind_coil")
    s = staged(lesson_state((turbo, "jeff")), 0, speed_points=1, turbo_points=2)
    s = rules.apply(s, Move(1.0)).state  # ordinary point first
    assert s.racers[0].speed_points == 0 and s.racers[0].turbo_points == 2
    s = rules.apply(s, Move(1.0)).state  # now Turbo pays
    assert s.racers[0].turbo_points == 1 and s.racers[0].turbo_used
    s = replace(s, racers=(replace(s.racers[0], speed_points=2), s.racers[1]))
    refused(s, Turn(45.0, Side.LEFT), "Turbo")


def test_turning_forfeits_turbo():
    turbo = CAT.racer("cindy").with_part(CAT, "starwind_coil")
    s = staged(lesson_state((turbo, "jeff")), 0, speed_points=4, turbo_points=2)
    s = rules.apply(s, Move(1.0)).state
    s = rules.apply(s, Turn(45.0, Side.LEFT)).state
    assert s.racers[0].turbo_points == 0 and s.racers[0].turned


def test_turn_into_a_racer_refused():
    s = jeff_turn(speed_points=5, turns_left=1, moved_since_turn=1.0)
    s = placed(s, 1, 11.3, 2.0, 90.0)  # alongside on the right, a hair away
    refused(s, Turn(-90.0, Side.RIGHT), "would hit")
    rules.check(s, Turn(90.0, Side.LEFT))


def test_runs_into_says_what_check_move_refuses():
    from racerlab.knights.draft import Draft
    from racerlab.knights.movement.moves import contact_ahead, runs_into

    s = placed(jeff_turn(speed_points=5), 1, 10.0, 2.7 + 0.5 + 0.7, 90.0)  # Cindy 0.5M ahead
    d = Draft.reading(s)
    for dist, blocked in ((1.0, True), (0.5001, True), (0.5, False), (0.25, False)):
        assert runs_into(contact_ahead(d, 0, Direction.FORWARD, dist), dist) is blocked
        if blocked:
            refused(s, Move(dist), "run into")
        else:
            rules.check(s, Move(dist))
