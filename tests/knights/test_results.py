"""The end of the race: last waypoint, first-across bonus, round cap, standings and Falcons."""

from dataclasses import replace

from racerlab.core.rules import ForceRolls
from racerlab.knights.actions import DriveRoll, EndTurn, Move
from racerlab.knights.events import RaceEnded
from racerlab.knights.joust.results import falcon_split, result
from racerlab.knights.options import KnightsOptions, TieBreak
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_state, placed, staged

rules = KnightsRules()


def test_race_ends_at_end_of_round_after_last_waypoint_and_others_still_act():
    s = lesson_state(("jeff", "cindy"))
    last = len(s.setup.waypoints) - 1
    wx, wy = s.setup.waypoints[last]
    s = replace(s, blockers=(0,) * len(s.blockers))
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], speed_points=3)))
    s = staged(s, 0, next_waypoint=last, speed_points=3)
    s = placed(s, 0, wx, wy - 1.4, 90.0)
    step = rules.apply(s, Move(1.0))
    s = step.state
    jeff = s.racers[0]
    assert jeff.glory == 2 and s.first_across_last == 0  # +1 crossing, +1 first across the last
    assert not rules.is_over(s)
    s = rules.apply(s, EndTurn()).state
    # Cindy still acts this round
    assert rules.acting_player(s) == 1 and not rules.is_over(s)
    step = rules.apply(s, EndTurn())
    assert rules.is_over(step.state)
    assert any(isinstance(e, RaceEnded) for e in step.events)
    assert result(step.state).winner == 0


def test_second_across_the_last_gets_no_bonus():
    s = lesson_state(("jeff", "cindy"))
    last = len(s.setup.waypoints) - 1
    wx, wy = s.setup.waypoints[last]
    s = replace(s, blockers=(0,) * len(s.blockers), first_across_last=1)
    s = staged(s, 0, next_waypoint=last, speed_points=3)
    s = placed(s, 0, wx, wy - 1.4, 90.0)
    s = rules.apply(s, Move(1.0)).state
    assert s.racers[0].glory == 1 and s.first_across_last == 1


def test_round_cap_ends_the_race():
    s = lesson_state(("jeff", "cindy"), options=KnightsOptions(round_cap=2))
    for _ in range(2):
        s = rules.apply(s, ForceRolls((3, 3))).state
        s = rules.apply(rules.apply(s, DriveRoll()).state, DriveRoll()).state
        while not rules.is_over(s) and s.phase.value == "act":
            s = rules.apply(s, EndTurn()).state
    assert rules.is_over(s) and "round cap" in s.end_reason and s.round == 2


def test_ties_shared_or_broken_by_waypoints():
    s = lesson_state(("jeff", "cindy"))
    s = replace(
        s,
        racers=(
            replace(s.racers[0], glory=2, next_waypoint=1),
            replace(s.racers[1], glory=2, next_waypoint=2),
        ),
    )
    assert result(s).winner is None and result(s).tied == (0, 1)
    s2 = replace(s, options=KnightsOptions(tie_break=TieBreak.LAST_WAYPOINT))
    assert result(s2).winner == 1


def test_falcons_pot_split():
    assert falcon_split(2, 1, 0, 1) == (0, 2)
    assert falcon_split(3, 2, 0, 1) == (0, 0, 3)
    assert falcon_split(4, 0, 3, 1) == (3, 0, 0, 1)
    assert falcon_split(5, 4, 1, 1) == (0, 2, 0, 0, 3)
    assert falcon_split(4, None, None, 1) == (1, 1, 1, 1)  # shared win: antes back
    s = lesson_state(
        ("jeff", "cindy", "chris", "perfect_ogre"), options=KnightsOptions(falcons_pot=True)
    )
    s = replace(s, racers=tuple(replace(r, glory=g) for r, g in zip(s.racers, (1, 4, 2, 0))))
    assert result(s).falcons == (0, 3, 1, 0)
    assert result(s).standings[0] == (1, 4)
