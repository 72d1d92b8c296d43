"""The joust set-up procedure: waypoint and racer placing order, and the Falcons pot tokens."""

import pytest

from racerlab.core.errors import ScenarioError
from racerlab.knights.options import KnightsOptions
from racerlab.knights.procedure import (
    FalconToken,
    FalconTokens,
    falcon_pot,
    falcon_tokens,
    procedure_of,
    setup_procedure,
)
from racerlab.knights.scenarios import lesson_state


def test_waypoints_oldest_first_from_waypoint_2_and_racers_youngest_first():
    p = setup_procedure(4, ages=(12, 45, 30, 9))
    assert p.waypoint_turns == ((1, 2), (2, 3), (0, 4), (3, 5))
    assert p.racer_order == (3, 0, 2, 1)
    assert p.pot is None


def test_listed_order_is_oldest_first_when_no_ages_and_ties_keep_it():
    assert setup_procedure(3).waypoint_turns == ((0, 2), (1, 3), (2, 4))
    assert setup_procedure(3).racer_order == (2, 1, 0)
    tied = setup_procedure(3, ages=(20, 20, 50))
    assert tied.waypoint_turns == ((2, 2), (0, 3), (1, 4))
    assert tied.racer_order == (0, 1, 2)


def test_falcon_tokens_silver_one_gold_two():
    assert FalconToken.SILVER == 1 and FalconToken.GOLD == 2
    assert falcon_tokens(1) == FalconTokens(0, 1)
    assert falcon_tokens(4) == FalconTokens(2, 0)
    assert falcon_tokens(5).falcons == 5
    with pytest.raises(ScenarioError, match="0 or more"):
        falcon_tokens(-1)


def test_pot_antes_one_falcon_each_and_pays_in_tokens():
    pot = falcon_pot(4)
    assert pot.total == 4 and pot.ante_tokens() == FalconTokens(0, 1)
    assert pot.payout(2, 0) == (
        FalconTokens(0, 1),
        FalconTokens(0, 0),
        FalconTokens(1, 1),
        FalconTokens(0, 0),
    )
    assert "winner takes 1 gold + 1 silver, second place 1 silver" in pot.describe()
    assert "winner takes all (1 gold + 1 silver)" in falcon_pot(3).describe()
    five = falcon_pot(5).payout(0, 1)
    assert (five[0].falcons, five[1].falcons) == (3, 2)


def test_procedure_of_a_state_shows_the_pot_only_when_played():
    s = lesson_state(("jeff", "cindy"))
    assert procedure_of(s).pot is None
    s = lesson_state(("jeff", "cindy"), options=KnightsOptions(falcons_pot=True))
    lines = procedure_of(s).describe(["Jeff", "Cindy"])
    assert lines[1] == "Waypoints, oldest player first: Jeff places 2, Cindy places 3."
    assert lines[2] == "Racers, youngest player first, 5R from waypoint 1: Cindy, Jeff."
    assert lines[3].startswith("Falcons pot: each player antes 1 silver (2 Falcons in all)")


def test_bad_procedure_input_is_refused():
    with pytest.raises(ScenarioError, match="at least 2 players"):
        setup_procedure(1)
    with pytest.raises(ScenarioError, match="need 3 ages"):
        setup_procedure(3, ages=(1, 2))
    with pytest.raises(ScenarioError, match="0 or more"):
        setup_procedure(2, ages=(-1, 3))
