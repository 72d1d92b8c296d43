"""Bots: whole jousts finish; the greedy bot heads for waypoints, shoots, and bids sensibly."""

import itertools
import math
from dataclasses import replace

import numpy as np

from racerlab.core.rules import ForceRolls
from racerlab.core.timeline import Timeline
from racerlab.knights import KnightsRules, greedy_bot, random_bot, random_setup
from racerlab.knights.actions import Bid, EndTurn, Fire, Move, Ram, Target, Turn
from racerlab.knights.draft import table_for
from racerlab.knights.joust.results import result
from racerlab.knights.scenarios import lesson_state, placed, staged
from racerlab.knights.state import Phase

rules = KnightsRules()


def play(policy, players, seed):
    rng = np.random.default_rng(seed)
    tl = Timeline.new(rules, random_setup(players, seed), seed=seed)
    tl.run(lambda s: policy(s, rules, rng), max_steps=20_000)
    return tl


def test_greedy_jousts_finish_and_score():
    glory = 0
    for seed in range(6):
        tl = play(greedy_bot, 3, seed)
        assert rules.is_over(tl.state)
        glory += sum(max(0, r.next_waypoint) for r in tl.state.racers)
        assert result(tl.state).standings
    assert glory > 6  # greedy racers do cross waypoints


def test_random_jousts_finish_under_the_round_cap():
    tl = play(random_bot, 2, 1)
    assert rules.is_over(tl.state) and tl.state.round <= tl.state.options.round_cap


def test_greedy_shoots_its_blocker_when_in_range():
    s = staged(lesson_state(("jeff", "cindy")), 0, speed_points=5)
    s = placed(s, 0, 10.0, 7.6, 90.0)  # 1R short of waypoint 1, facing it
    s = placed(s, 1, 3.0, 15.0, 0.0)
    assert greedy_bot(s, rules, np.random.default_rng(0)) == Fire(Target.blocker(0))


def test_greedy_turns_toward_its_waypoint_then_drives():
    s = staged(lesson_state(("jeff", "cindy")), 0, speed_points=5, turns_left=1, fired=True)
    s = placed(s, 0, 4.0, 10.0, 270.0)  # facing south, waypoint 1 to the east
    s = placed(s, 1, 3.0, 16.0, 0.0)
    a = greedy_bot(s, rules, np.random.default_rng(0))
    assert isinstance(a, Turn) and a.degrees > 0  # a left turn from south toward east
    # lined up, blocker out of range: drive on
    s2 = placed(staged(s, 0, speed_points=5, fired=False), 0, 4.0, 10.0, 0.0)
    assert greedy_bot(s2, rules, np.random.default_rng(0)) == Move(1.0)
    # having fired already, with the blocker dead ahead within reach: ram it
    s3 = placed(staged(s, 0, speed_points=5, fired=True), 0, 4.0, 10.0, 0.0)
    assert greedy_bot(s3, rules, np.random.default_rng(0)) == Ram(Target.blocker(0))


def test_greedy_defends_when_the_hit_would_wreck():
    s = staged(lesson_state(("jeff", "cindy")), 0, speed_points=5)
    s = placed(s, 1, 10.0, 2.0 + 0.7 + 1.0 + 0.7, 90.0)
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], durability=2, valor=2)))
    s = rules.apply(s, ForceRolls((3, 3))).state
    s = rules.apply(s, Fire(Target.racer(1))).state
    assert s.phase is Phase.BIDDING
    assert greedy_bot(s, rules, np.random.default_rng(0)) == Bid(1)
    healthy = replace(s, racers=(s.racers[0], replace(s.racers[1], durability=5)))
    assert greedy_bot(healthy, rules, np.random.default_rng(0)) == Bid(0)


def _greedy_turn(s, player):
    """The greedy bot's actions for ``player`` until its turn ends, and the poses before
    each action and after the last."""
    rng = np.random.default_rng(0)
    actions, poses = [], [s.racers[player].pose]
    while s.phase is Phase.ACT and rules.acting_player(s) == player:
        actions.append(greedy_bot(s, rules, rng))
        s = rules.apply(s, actions[-1]).state
        poses.append(s.racers[player].pose)
    return actions, poses


def test_greedy_goes_round_a_parked_rival_instead_of_shuffling():
    # Jeff faces waypoint 1 (east) with Cindy parked 0.3 M ahead on the line; Jeff has
    # fired already and the greedy bot never rams a racer: it can only drive
    s = staged(lesson_state(("jeff", "cindy")), 0, speed_points=9, turns_left=0, fired=True)
    s = placed(s, 0, 4.0, 10.0, 0.0)
    s = placed(s, 1, 4.0 + table_for(s.setup).body.length + 0.3, 10.0, 0.0)
    actions, poses = _greedy_turn(s, 0)
    for k, (a, b) in enumerate(itertools.pairwise(actions)):
        if isinstance(a, Move) and isinstance(b, Move) and a.direction != b.direction:
            there, back = poses[k], poses[k + 2]
            assert math.hypot(there.x - back.x, there.y - back.y) > 1e-6, actions
    wx, wy = s.setup.waypoints[0]
    end = poses[-1]
    nearer = math.hypot(wx - end.x, wy - end.y) < math.hypot(wx - 4.0, wy - 10.0)
    assert nearer or isinstance(actions[-1], EndTurn), actions
    assert any(isinstance(a, Turn) for a in actions)  # it steered round Cindy


def test_greedy_rules_out_moves_into_something_without_asking_check():
    from racerlab.core.errors import IllegalActionError

    rules = KnightsRules()
    asked = rules.check
    refusals = []

    def check(state, action):
        try:
            asked(state, action)
        except IllegalActionError as exc:
            refusals.append(str(exc))
            raise

    rules.check = check
    moves = 0
    for seed in range(3):
        rng = np.random.default_rng(seed)
        state = rules.initial_state(random_setup(3, seed=seed), None, seed)
        while not rules.is_over(state):
            action = greedy_bot(state, rules, rng)
            moves += isinstance(action, Move)
            state = rules.apply(state, action).state
    assert moves > 50  # the jousts drove (and backed off) plenty
    assert [r for r in refusals if "would run into" in r] == []
