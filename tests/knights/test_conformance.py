"""The core conformance check over many seeded jousts, with Racer Knights' own invariants."""

import pytest

from racerlab.core.conformance import check_game
from racerlab.knights.bots.greedy import greedy_bot, random_bot
from racerlab.knights.draft import Draft
from racerlab.knights.movement import obstacles
from racerlab.knights.options import KnightsOptions
from racerlab.knights.rules import KnightsRules
from racerlab.knights.setup import random_setup


def invariants(state, rules):
    """What must hold after every action of every joust."""
    problems = []
    d = Draft(state)
    for i, r in enumerate(state.racers):
        if r.durability > r.start_durability:
            problems.append(f"racer {i} Durability {r.durability} above start {r.start_durability}")
        if r.speed_points < 0 or r.turbo_points < 0 or r.valor < 0:
            problems.append(
                f"racer {i} negative points {r.speed_points}/{r.turbo_points}/{r.valor}"
            )
        for w in range(r.next_waypoint):
            if state.blockers[w] > 0:
                problems.append(f"racer {i} passed waypoint {w + 1} whose blocker stands")
        bonus = state.options.first_across_last_glory if state.first_across_last == i else 0
        earned = r.next_waypoint * state.options.waypoint_glory + bonus
        lost = state.options.wreck_glory if r.wrecked else 0
        # the rest can only be Glory for wrecking others
        extra = r.glory - earned + lost
        if extra < 0 or extra % state.options.wreck_glory:
            problems.append(f"racer {i} Glory {r.glory} does not add up (extra {extra})")
        if not r.wrecked:
            hit = obstacles.overlapping(d, i, r.pose, 1e-4)
            if hit is not None and not (isinstance(hit, tuple) and hit[0] == "blocker"):
                problems.append(f"racer {i} overlaps {hit}")
    wrecked = sum(r.wrecked for r in state.racers)
    credited = sum(r.glory for r in state.racers) - sum(
        r.next_waypoint * state.options.waypoint_glory for r in state.racers
    )
    credited -= state.options.first_across_last_glory if state.first_across_last is not None else 0
    credited += wrecked * state.options.wreck_glory
    if not 0 <= credited <= wrecked * state.options.wreck_glory:
        problems.append(f"wreck Glory {credited} for {wrecked} wrecks")
    return problems


def test_random_bot_jousts():
    report = check_game(
        KnightsRules(),
        lambda seed: random_setup(2 + seed % 2, seed),
        games=30,
        policy=random_bot,
        options=KnightsOptions(round_cap=5),
        invariants=invariants,
        chance_every=15,
        replay_every=3,
    )
    report.raise_if_failed()
    assert report.games == 30 and report.chance_checks > 0


def test_greedy_bot_jousts():
    report = check_game(
        KnightsRules(),
        lambda seed: random_setup(2 + seed % 3, seed),
        games=30,
        policy=greedy_bot,
        invariants=invariants,
        chance_every=20,
        replay_every=3,
    )
    report.raise_if_failed()
    assert report.games == 30


def test_invariants_catch_a_broken_state():
    from dataclasses import replace

    from racerlab.knights.scenarios import lesson_state

    s = lesson_state(("jeff", "cindy"))
    bad = replace(s, racers=(replace(s.racers[0], durability=9, glory=3), s.racers[1]))
    found = invariants(bad, KnightsRules())
    assert any("above start" in p for p in found) and any(
        "wreck Glory 3 for 0 wrecks" in p for p in found
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("policy", "options"),
    [(random_bot, KnightsOptions(round_cap=10)), (greedy_bot, None)],
    ids=["random", "greedy"],
)
def test_many_jousts(policy, options):
    report = check_game(
        KnightsRules(),
        lambda seed: random_setup(2 + seed % 4, seed),
        games=150,
        seed=1000,
        policy=policy,
        options=options,
        invariants=invariants,
        chance_every=40,
        replay_every=5,
    )
    report.raise_if_failed()
    assert report.games == 150
