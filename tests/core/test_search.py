"""The generic search bot: reproducible, budgets checked, and it finds the better move."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from racerlab.core.errors import ScenarioError
from racerlab.core.search import SearchBot, logistic
from racerlab.core.testgame import CoinRace, CoinSetup, Flip, Wait

RULES = CoinRace()


def won(state, seat):
    return 1.0 if state.positions[seat] >= state.setup.target else 0.0


def determinize(state, seat, rng):
    return replace(state, dice=state.dice.reseeded(int(rng.integers(2**31))))


def waiter(state, rules, rng):
    return Wait() if Wait() in rules.legal_actions(state) else rules.legal_actions(state)[0]


def bot(**kw):
    return SearchBot(rollout=waiter, value=won, determinize=determinize, **kw)


def start(target=3):
    return RULES.initial_state(CoinSetup(players=2, target=target), seed=1)


def test_search_flips_when_waiting_never_wins():
    # the rollout only waits, so a playout wins only if the searched move flips far enough
    s = start(target=2)
    assert bot(playouts=16, depth=2)(s, RULES, np.random.default_rng(0)) == Flip()


def test_search_is_reproducible_from_its_rng():
    s = start(target=6)
    b = bot(playouts=8, depth=6)
    picks = {b(s, RULES, np.random.default_rng(7)) for _ in range(3)}
    assert len(picks) == 1


def test_a_millisecond_budget_still_tries_every_candidate():
    s = start()
    assert bot(ms=1.0, depth=2)(s, RULES, np.random.default_rng(0)) in RULES.legal_actions(s)


@pytest.mark.parametrize(
    "kw, words",
    [({"playouts": 0}, "playouts"), ({"ms": 0}, "ms"), ({"depth": -1}, "depth")],
)
def test_bad_budgets_are_refused_with_the_field_named(kw, words):
    with pytest.raises(ScenarioError, match=words):
        bot(**kw)


def test_logistic_is_a_value_between_zero_and_one():
    assert logistic(0.0) == 0.5 and logistic(-1000.0) == 0.0 and logistic(50.0) > 0.99


def test_paired_search_finds_the_better_move_and_is_reproducible():
    # common random numbers: every candidate is played on the same determinizations
    s = start(target=2)
    b = bot(playouts=16, depth=2, paired=True)
    assert b(s, RULES, np.random.default_rng(0)) == Flip()
    picks = {bot(playouts=8, depth=6, paired=True)(start(6), RULES, np.random.default_rng(7))}
    picks |= {bot(playouts=8, depth=6, paired=True)(start(6), RULES, np.random.default_rng(7))}
    assert len(picks) == 1


def test_paired_search_plays_each_candidate_on_the_same_worlds():
    seen: dict = {}

    def record(state, seat, rng):
        world = determinize(state, seat, rng)
        seen.setdefault("worlds", []).append(world.dice)
        return world

    starts = []

    def value(state, seat):
        starts.append(state)
        return won(state, seat)

    s = start(target=4)
    b = SearchBot(rollout=waiter, value=value, determinize=record, playouts=6, paired=True)
    b(s, RULES, np.random.default_rng(3))
    n = len(RULES.legal_actions(s))
    # one determinization per round, each round one playout per candidate
    assert len(starts) == n * len(seen["worlds"]) and len(seen["worlds"]) == -(-6 // n)
