"""A bot's move can be worked out in another process: the rules and a state in play (its
board's lookups filled by path searches) pickle, and the copy gives the same move."""

from __future__ import annotations

import pickle

import numpy as np

from racerlab.core.registry import descriptor


def test_rules_and_state_in_play_pickle_and_the_bot_moves_the_same():
    game = descriptor("sonic")
    rules = game.rules()
    rng = np.random.default_rng(3)
    state = rules.initial_state(game.random_setup(rng, 2), seed=3)
    bot = game.bots["greedy"]
    for _ in range(12):  # path searches fill the rules' and the board's caches
        state = rules.apply(state, bot(state, rules, rng)).state
    rules_copy, state_copy = pickle.loads(pickle.dumps((rules, state)))
    assert state_copy == state
    here = bot(state, rules, np.random.default_rng(9))
    there = bot(state_copy, rules_copy, np.random.default_rng(9))
    assert there == here
