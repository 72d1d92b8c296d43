"""Set-up: waypoint and racer placement rules, random and example layouts, options decoding."""

from dataclasses import replace

import pytest

from racerlab.core.errors import ScenarioError
from racerlab.knights.geometry import Pose
from racerlab.knights.options import KnightsOptions
from racerlab.knights.rules import KnightsRules
from racerlab.knights.setup import check_setup, example_setup, random_setup


def test_example_setup_is_legal_and_named():
    s = example_setup()
    check_setup(s)
    assert [p.name for p in s.players] == ["Jeff", "Cindy", "Chris"]
    assert s.waypoints[0] == (10.0, 10.0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_setups_are_legal(players):
    for seed in range(3):
        s = random_setup(players, seed)
        check_setup(s)
        assert len(s.waypoints) == players + 1
    assert random_setup(players, 7) == random_setup(players, 7)


def test_waypoint_count():
    s = example_setup()
    with pytest.raises(ScenarioError, match="need 4 waypoints"):
        check_setup(replace(s, waypoints=s.waypoints[:3]))


def test_waypoint_one_at_the_centre():
    s = example_setup()
    with pytest.raises(ScenarioError, match=r"waypoint 1 must be at the centre.*0\.50M away"):
        check_setup(replace(s, waypoints=((10.5, 10.0), *s.waypoints[1:])))


def test_waypoints_one_m_apart():
    s = example_setup()
    close = (
        s.waypoints[0],
        s.waypoints[1],
        (s.waypoints[1][0], s.waypoints[1][1] + 1.2),
        s.waypoints[3],
    )
    with pytest.raises(ScenarioError, match=r"waypoint 3 is 0.60M from waypoint 2"):
        check_setup(replace(s, waypoints=close))


def test_racers_five_r_from_waypoint_one():
    s = example_setup()
    poses = list(s.poses)
    poses[1] = Pose(10.0, 3.0, 90.0)
    with pytest.raises(ScenarioError, match=r"racer 2 \(Cindy\) is 4.29R from waypoint 1"):
        check_setup(replace(s, poses=tuple(poses)))
    # within the tolerance option it is fine
    check_setup(replace(s, poses=tuple(poses)), KnightsOptions(placement_tolerance_r=0.8))


def test_racers_one_r_apart():
    s = example_setup()
    poses = list(s.poses)
    # put Chris right beside Cindy, still five R out
    c = s.poses[1]
    poses[2] = Pose(c.x + 1.0, c.y + 0.1, 90.0)
    with pytest.raises(ScenarioError, match=r"racer 3 \(Chris\) is .*R from"):
        check_setup(replace(s, poses=tuple(poses)), KnightsOptions(placement_tolerance_r=1.0))


def test_bad_build_named():
    s = example_setup()
    bad = replace(s.players[0], racer=replace(s.players[0].racer, weapon="no_such_gun"))
    with pytest.raises(ScenarioError, match=r"player 1 \(Jeff\).*no_such_gun"):
        check_setup(replace(s, players=(bad, *s.players[1:])))


def test_setup_round_trips_through_the_codec():
    rules = KnightsRules()
    s = random_setup(4, 3)
    assert rules.decode_setup(rules.encode_setup(s)) == s


def test_options_by_name_and_unknown_refused():
    rules = KnightsRules()
    assert rules.decode_options({"round_cap": 10}).round_cap == 10
    with pytest.raises(ScenarioError, match="unknown rule option"):
        rules.decode_options({"round_kap": 10})


def test_initial_state():
    rules = KnightsRules()
    st = rules.initial_state(example_setup(), seed=5)
    assert [r.durability for r in st.racers] == [5, 5, 6]
    assert [r.valor for r in st.racers] == [3, 2, 2]
    assert st.blockers == (1, 1, 1, 1) and st.round == 1
