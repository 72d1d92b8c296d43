"""The rule-aware and search bots of Racer Knights: rams that pay, Valor, flares, legal
play, and a search that never reads the dice to come."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from racerlab.knights import KnightsRules, greedy_bot, random_setup
from racerlab.knights.actions import DriveRoll, EndTurn, Move, Ram, Target
from racerlab.knights.bots.search import candidates, leaf_value, search_bot
from racerlab.knights.bots.smart import RAM_EV_MIN, ram_value, smart_bot
from racerlab.knights.scenarios import lesson_state, placed, staged
from racerlab.knights.state import Phase

rules = KnightsRules()
RNG = np.random.default_rng(0)


def lane(gap=2.5, **changes):
    """Jeff at (10, 2) facing north, having fired; Cindy ``gap`` M ahead, broadside."""
    s = lesson_state(("jeff", "cindy"))
    s = staged(s, 0, **{"speed_points": 6, "fired": True, **changes})
    s = placed(s, 1, 10.0, 2.0 + 0.7 + gap + 0.4, 90.0)
    return s


def test_a_racer_with_a_ram_that_wins_the_exchange_rams():
    # a 4.5 M run at Cindy with 2 Durability left: Jeff's Ram (2 damage) would wreck her
    s = lane(4.5)
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], durability=2)))
    target, value = ram_value(s, 0)
    assert target == Target.racer(1) and value >= RAM_EV_MIN
    assert smart_bot(s, rules, RNG) == Ram(Target.racer(1))
    assert not isinstance(greedy_bot(s, rules, RNG), Ram)  # the greedy bot only rams blockers


def test_no_ram_when_the_exchange_does_not_pay_or_the_rammer_would_wreck_itself():
    s = lane(1.0)  # a short run at a healthy racer: 2 dealt, 1 taken, 5/12 to hit
    assert 0 < ram_value(s, 0)[1] < RAM_EV_MIN
    assert not isinstance(smart_bot(s, rules, RNG), Ram)
    weak = lane(4.5, durability=1)
    weak = replace(weak, racers=(weak.racers[0], replace(weak.racers[1], durability=2)))
    assert not isinstance(smart_bot(weak, rules, RNG), Ram)


def test_valor_goes_on_speed_at_the_drive_roll_but_a_reserve_is_kept():
    s = lesson_state(("jeff", "cindy"))
    assert s.phase is Phase.DRIVE
    i = rules.acting_player(s)
    rich = replace(s, racers=tuple(replace(r, valor=3) for r in s.racers))
    poor = replace(s, racers=tuple(replace(r, valor=1) for r in s.racers))
    assert smart_bot(rich, rules, RNG) == DriveRoll(valor_speed=1)
    assert smart_bot(poor, rules, RNG) == DriveRoll()
    rules.check(rich, smart_bot(rich, rules, RNG))
    assert i == rules.acting_player(rich)


def test_ends_the_turn_rather_than_stopping_on_a_waypoint():
    s = lesson_state(("jeff", "cindy"))
    wx, wy = s.setup.waypoints[0]
    s = replace(s, blockers=(0,) * len(s.blockers))
    # one Speed Point left, the waypoint's edge 0.5 M ahead: a move would end on it
    s = staged(s, 0, speed_points=1, fired=True)
    s = placed(s, 0, wx, wy - 0.3 - 0.7 - 0.5, 90.0)
    s = placed(s, 1, 2.0, 16.0, 0.0)
    g = greedy_bot(s, rules, RNG)
    assert isinstance(g, Move)  # the greedy bot drives on and is burnt by the flare
    assert smart_bot(s, rules, RNG) == EndTurn()


@pytest.mark.parametrize("players", [2, 3])
def test_smart_and_search_play_only_checked_actions(players):
    fast = search_bot(playouts=2, depth=3)
    for seed in range(2):
        s = rules.initial_state(random_setup(players, seed=seed), None, seed)
        rng, step = np.random.default_rng(seed), 0
        while not rules.is_over(s) and step < 500:
            a = (fast if step % 5 == 0 else smart_bot)(s, rules, rng)
            rules.check(s, a)  # raises if illegal
            s, step = rules.apply(s, a).state, step + 1


def test_search_never_reads_the_dice_to_come():
    s = lesson_state(("jeff", "cindy"))
    s = staged(s, 0, speed_points=6)
    s = placed(s, 1, 10.0, 6.0, 90.0)
    other = replace(s, dice=s.dice.reseeded(12345))
    bot = search_bot(playouts=6, depth=10)
    assert bot(s, rules, np.random.default_rng(1)) == bot(other, rules, np.random.default_rng(1))


def test_search_weighs_ramming_firing_and_ending_the_turn():
    s = lane(fired=False)
    options = candidates(s, rules)
    assert Ram(Target.racer(1)) in options and EndTurn() in options
    for a in options:
        rules.check(s, a)


def test_leaf_value_prefers_glory_and_durability():
    s = lesson_state(("jeff", "cindy"))
    ahead = replace(s, racers=(replace(s.racers[0], glory=2), s.racers[1]))
    assert leaf_value(ahead, 0) > leaf_value(s, 0) > leaf_value(ahead, 1)


def test_search_compares_candidates_on_the_same_dice():
    # common random numbers: every candidate of a round is played on one set of dice
    assert search_bot().paired and search_bot(playouts=4).paired
