"""One rules object serves several threads at once: it keeps nothing between calls.

Several games are played on one :class:`SonicRules` from threads started together (with
a short switch interval, so the threads interleave inside the engine's calls), and every
game is the same, action by action and state by state, as when played one after
another on a fresh rules object. Some games start from one shared initial state, so the
boards' memos (kept by the line of boards, see :class:`~racerlab.sonic.play.moves.PathFinder`)
are shared across the threads too.
"""

from __future__ import annotations

import sys
import threading

import numpy as np

from racerlab.sonic import SonicRules, random_setup
from racerlab.sonic.bots import greedy_bot, random_bot
from racerlab.sonic.options import Mode

_MAX_ACTIONS = 400


def _play(rules, start, bot, seed):
    """Every (action, state, events) of a game from ``start`` played by ``bot``."""
    rng = np.random.default_rng(seed)
    state, out = start, []
    while not rules.is_over(state) and len(out) < _MAX_ACTIONS:
        action = bot(state, rules, rng)
        step = rules.apply(state, action)
        state = step.state
        out.append((action, state, step.events))
    return out


def _games(rules):
    """(start, bot, seed) of each game: greedy races and boss games from their own set-ups,
    and random games all starting from one shared state."""
    shared = rules.initial_state(random_setup(7, players=3), None, 7)
    games = [
        (rules.initial_state(random_setup(s, players=4, mode=m), None, s), greedy_bot, s)
        for s, m in ((1, Mode.RACE), (2, Mode.BOSS), (3, Mode.RACE))
    ]
    games += [(shared, random_bot, s) for s in (11, 12, 13)]
    games += [(shared, greedy_bot, 14)]
    return games


def test_one_rules_object_plays_the_same_games_from_several_threads():
    sequential = [_play(SonicRules(), *game) for game in _games(SonicRules())]

    rules = SonicRules()
    games = _games(rules)
    results: list = [None] * len(games)
    errors: list = []
    barrier = threading.Barrier(len(games))

    def run(i):
        try:
            barrier.wait()
            results[i] = _play(rules, *games[i])
        except BaseException as exc:  # reported below, with the game it came from
            errors.append((i, exc))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(games))]
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(before)

    assert not errors, f"games that raised in a thread: {errors}"
    for i, (alone, together) in enumerate(zip(sequential, results, strict=True)):
        assert len(together) == len(alone), f"game {i}: {len(together)} actions, not {len(alone)}"
        for k, (a, b) in enumerate(zip(alone, together, strict=True)):
            assert a == b, f"game {i} differs at action {k}: {b[0]} against {a[0]}"
    assert all(len(game) > 20 for game in sequential)
