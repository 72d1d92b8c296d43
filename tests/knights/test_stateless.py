"""One rules object serves many threads: it keeps nothing between calls."""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from racerlab.knights import KnightsRules, random_setup
from racerlab.knights.bots.greedy import greedy_bot

GAMES = 6


def _play(rules: KnightsRules, seed: int):
    """A greedy 3-player joust: its actions, events and final state."""
    rng = np.random.default_rng(seed)
    state = rules.initial_state(random_setup(3, seed=seed), seed=seed)
    actions, events = [], []
    while not rules.is_over(state) and len(actions) < 2000:
        action = greedy_bot(state, rules, rng)
        step = rules.apply(state, action)
        actions.append(action)
        events.extend(step.events)
        state = step.state
    return actions, events, state


def test_one_rules_object_plays_the_same_games_from_several_threads():
    rules = KnightsRules()
    attributes = dict(vars(rules))
    alone = [_play(rules, seed) for seed in range(GAMES)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        with ThreadPoolExecutor(max_workers=3) as pool:
            together = list(pool.map(lambda seed: _play(rules, seed), range(GAMES)))
    finally:
        sys.setswitchinterval(interval)
    for seed, (a, b) in enumerate(zip(alone, together, strict=True)):
        assert a[0] == b[0], f"game {seed}: other actions when played beside other threads"
        assert a[1] == b[1], f"game {seed}: other events when played beside other threads"
        assert a[2] == b[2], f"game {seed}: another final state when played beside other threads"
    assert all(rules.is_over(s) for _, _, s in alone)
    assert vars(rules) == attributes  # nothing kept on the object between calls
