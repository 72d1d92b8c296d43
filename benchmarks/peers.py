"""Engine figures beside a peer: OpenSpiel games driven from Python, measured interleaved.

Each round measures, one after another, OpenSpiel's ``python_tic_tac_toe`` and
``backgammon`` random rollouts and racerlab's engine-only replays (the recorded actions
of greedy games applied with ``apply``: checking and resolving, no bot), so a busy
machine slows all of them alike; the medians over rounds are reported. Without the
``bench`` extra (``open_spiel``) the peer figures are ``None`` ("missing"), never guessed.
"""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import numpy as np

PEERS = ("python_tic_tac_toe", "backgammon")


def _peer_runner(name: str) -> Callable[[float], float] | None:
    """µs per action of random rollouts of OpenSpiel game ``name`` (None: not installed)."""
    try:
        import pyspiel
    except ImportError:
        return None
    if name.startswith("python_"):
        from open_spiel.python import games  # noqa: F401  (registers the Python games)
    game = pyspiel.load_game(name)
    rng = np.random.default_rng(0)

    def run(budget: float) -> float:
        actions = 0
        start = time.process_time()
        while time.process_time() - start < budget:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(outcomes[int(rng.choice(len(outcomes), p=probs))])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.integers(len(legal)))])
                actions += 1
        return (time.process_time() - start) / actions * 1e6

    return run


def _recorded(game: str, games: int) -> tuple[Any, list]:
    """The rules and ``games`` greedy games' (setup, options, seed, actions) of ``game``."""
    from racerlab.analysis.simulate import profile_for

    profile = profile_for(game)
    rules = profile.make_rules()
    bot = profile.bot("greedy")
    out = []
    for seed in range(games):
        rng = np.random.default_rng(seed)
        setup = profile.random_setup(rng, 4 if game == "sonic" else 3)
        state = rules.initial_state(setup, None, seed)
        actions = []
        while not rules.is_over(state) and len(actions) < 5000:
            action = bot(state, rules, rng)
            actions.append(action)
            state = rules.apply(state, action).state
        out.append((setup, seed, [rules.decode_action(rules.encode_action(a)) for a in actions]))
    return rules, out


def _replay_runner(game: str, games: int) -> Callable[[float], float]:
    """µs per action of replaying recorded greedy games (engine only: apply, no bot)."""
    rules, recorded = _recorded(game, games)
    factory = type(rules)

    def run(budget: float) -> float:
        actions = 0
        start = time.process_time()
        while time.process_time() - start < budget:
            for setup, seed, log in recorded:
                r = factory()
                state = r.initial_state(setup, None, seed)
                for action in log:
                    state = r.apply(state, action).state
                actions += len(log)
        return (time.process_time() - start) / actions * 1e6

    return run


def interleaved(quick: bool) -> dict[str, float | None]:
    """Median µs per action of each peer and each racerlab replay, measured A B A B."""
    runners: dict[str, Callable[[float], float] | None] = {
        f"peer_{name}_us_per_action": _peer_runner(name) for name in PEERS
    }
    runners["sonic_replay_us_per_action"] = _replay_runner("sonic", 2 if quick else 6)
    runners["knights_replay_us_per_action"] = _replay_runner("knights", 2 if quick else 6)
    figures: dict[str, list[float]] = {k: [] for k in runners}
    for _ in range(1 if quick else 5):
        for key, run in runners.items():
            if run is not None:
                figures[key].append(run(0.2 if quick else 2.0))
    return {k: (round(statistics.median(v), 2) if v else None) for k, v in figures.items()}


def ratios(figures: dict[str, Any]) -> dict[str, float | None]:
    """Each racerlab µs-per-action figure over each peer's (None when a peer is missing)."""
    out: dict[str, float | None] = {}
    for ours in ("sonic_replay_us_per_action", "knights_replay_us_per_action"):
        for peer in PEERS:
            theirs = figures.get(f"peer_{peer}_us_per_action")
            key = f"{ours.removesuffix('_us_per_action')}_over_{peer}"
            out[key] = round(figures[ours] / theirs, 2) if theirs else None
    return out


def random_races_per_s(quick: bool) -> float:
    """Battle Racers 4-player races per CPU second with the random bot."""
    from racerlab.analysis.simulate import simulate

    games = 3 if quick else 40
    start = time.process_time()
    simulate("sonic", games=games, seed=5, players=4, policies="random", progress=False)
    return games / (time.process_time() - start)


def simulate_peak_mib(quick: bool) -> tuple[float, int]:
    """Peak traced memory (MiB) of ``simulate(workers=1)`` over greedy races, and the count."""
    from racerlab.analysis.simulate import simulate

    games = 5 if quick else 2000
    gc.collect()
    tracemalloc.start()
    simulate("sonic", games=games, seed=6, players=4, workers=1, progress=False)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20, games


def timeline_bytes_per_action(quick: bool) -> tuple[float, float]:
    """Bytes per action of a Battle Racers Timeline of a greedy race (tracemalloc): what the
    process grew by while playing it (module memos filled meanwhile included), and what the
    Timeline itself keeps (given back when it is deleted)."""
    from racerlab.core.timeline import Timeline

    rules, recorded = _recorded("sonic", 1)
    setup, seed, log = recorded[0]
    rules = type(rules)()
    rules.initial_state(setup, None, seed)  # warm the catalog before tracing
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tl = Timeline.new(rules, setup, None, seed)
    for action in log:
        tl.play(action)
    del rules
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - before
    assert len(tl) == len(log) + 1
    del tl
    gc.collect()
    own = kept - (tracemalloc.get_traced_memory()[0] - before)
    tracemalloc.stop()
    return kept / len(log), own / len(log)
