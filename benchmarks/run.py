"""racerlab benchmarks: print ONE JSON object of throughput and latency figures.

Run ``python benchmarks/run.py`` (a few tens of seconds) or ``--quick`` (a few
seconds, for CI: same keys, fewer games, so noisier figures). Figures, not
pass/fail: compare them with the targets in docs/analysis.md.

Single-process figures are per CPU second (``time.process_time``), so other
work on a shared machine does not deflate them; the scaling ratio is wall time.

Keys:

- ``knights_jousts_per_s``: full 3-player Racer Knights jousts with greedy bots,
  one process (random set-up included).
- ``sonic_races_per_s``: full 4-player Battle Racers races with greedy bots, one process.
- ``exact_attack_table_ms``: the exact attack table for Strength 0..10 x Armor
  5..15 x Valor 0..3 with Evasive and Durable, caches cleared first (``_warm``:
  called again with warm caches).
- ``ui_step_ms`` / ``ui_tweak_ms``: median server-side time of a step and of a stat
  tweak in a 4-racer joust (from benchmarks/ui.py when present; ``ui_source``
  says which measurement was used).
- ``scaling_2_over_1``: games/s with 2 worker processes over games/s with 1.
- ``peers``: engine-only replay µs/action of both games and OpenSpiel's
  ``python_tic_tac_toe`` and ``backgammon`` random rollouts, measured interleaved in this
  run (benchmarks/peers.py; ``None`` without the ``bench`` extra), and ``ratios`` of ours
  to theirs; ``sonic_random_races_per_s``; ``sonic_simulate_peak_mib`` (tracemalloc peak
  of ``simulate(workers=1)`` over ``sonic_simulate_games`` greedy races);
  ``sonic_timeline_bytes_per_action`` (what the process grew by while a Timeline of a
  greedy race was played) and ``sonic_timeline_own_bytes_per_action`` (what the Timeline
  itself keeps: given back when it is deleted).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _rate(
    game: str, players: int, budget_s: float, *, workers: int = 1, seed: int = 0
) -> tuple[float, int]:
    """Games per CPU second, playing for about ``budget_s`` wall seconds (at least one game)."""
    from racerlab.analysis.simulate import simulate

    start = time.perf_counter()
    cpu = time.process_time()
    deadline = start + budget_s
    played = 0

    def count(done: int, total: int) -> None:
        nonlocal played
        played = done

    df = simulate(
        game,
        games=100_000,
        seed=seed,
        players=players,
        workers=workers,
        progress=count,
        stop=lambda: played >= 1 and time.perf_counter() > deadline,
    )
    elapsed = time.process_time() - cpu  # CPU time: fair on a machine shared with others
    return len(df) / elapsed, len(df)


def _fixed(game: str, players: int, games: int, workers: int, seed: int) -> float:
    """Games per second for exactly ``games`` games."""
    from racerlab.analysis.simulate import simulate

    start = time.perf_counter()
    simulate(game, games=games, seed=seed, players=players, workers=workers, progress=False)
    return games / (time.perf_counter() - start)


def bench_knights(quick: bool) -> float:
    """Greedy 3-player jousts per second on one core."""
    _fixed("knights", 3, 1, 1, 99)  # warm the catalog and imports
    return _rate("knights", 3, 1.0 if quick else 20.0, seed=1)[0]


def bench_sonic(quick: bool) -> float:
    """Greedy 4-player races per second on one core."""
    _fixed("sonic", 4, 1, 1, 99)
    return _rate("sonic", 4, 1.0 if quick else 20.0, seed=1)[0]


def bench_exact_table(quick: bool) -> tuple[float, float]:
    """Milliseconds for the full exact attack table: cold caches, then warm."""
    from racerlab.analysis import knights_exact

    cold = []
    for _ in range(1 if quick else 5):
        knights_exact.clear_caches()
        t = time.process_time()
        table = knights_exact.attack_table(
            strengths=range(11), armors=range(5, 16), valors=range(4), evasive=True, durable=True
        )
        cold.append((time.process_time() - t) * 1000)
    t = time.process_time()
    knights_exact.attack_table(
        strengths=range(11), armors=range(5, 16), valors=range(4), evasive=True, durable=True
    )
    warm = (time.process_time() - t) * 1000
    assert len(table) > 0
    return statistics.median(cold), warm


def bench_ui(quick: bool) -> tuple[float, float, str]:
    """Median step and tweak times (ms) on the server side of a 4-racer joust.

    Runs benchmarks/ui.py (the dashboard's own measurement) when it exists and
    prints JSON with step and tweak medians; otherwise measures the engine work
    a dashboard does on a step and on a tweak.
    """
    ui = HERE / "ui.py"
    if ui.exists():
        figures = _from_ui_script(ui, quick)
        if figures is not None:
            return (*figures, "benchmarks/ui.py")
    step, tweak = _engine_ui_figures(quick)
    return step, tweak, "engine: greedy step; +1 Armor tweak with every attack's exact odds"


def _from_ui_script(path: Path, quick: bool) -> tuple[float, float] | None:
    import subprocess

    for extra in (["--quick"], []) if quick else ([],):
        try:
            done = subprocess.run(
                [sys.executable, str(path), *extra],
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return None
        if done.returncode != 0:
            continue
        text = done.stdout.strip()
        # the script prints one JSON object, pretty-printed or on its last line
        for candidate in (text, *reversed(text.splitlines())):
            try:
                data = json.loads(candidate)
            except json.JSONDecodeError:
                continue
            step, tweak = _median_of(data, "step"), _median_of(data, "tweak")
            if step is not None and tweak is not None:
                return step, tweak
    return None


def _median_of(data: Any, word: str) -> float | None:
    """The first number under a key naming ``word`` (a ``median`` inside it if nested)."""
    if not isinstance(data, dict):
        return None
    for key, value in data.items():
        if word in str(key).lower():
            plain = isinstance(value, int | float) and not isinstance(value, bool)
            if plain and "worst" not in str(key).lower() and "max" not in str(key).lower():
                return float(value)
            if isinstance(value, dict):
                for k in ("median_ms", "median", "p50"):
                    if isinstance(value.get(k), int | float):
                        return float(value[k])
    for value in data.values():
        found = _median_of(value, word)
        if found is not None:
            return found
    return None


def _engine_ui_figures(quick: bool) -> tuple[float, float]:
    """Step: one greedy action on a 4-racer joust; tweak: +1 Armor and every attack's odds."""
    import numpy as np

    from racerlab.core.registry import descriptor
    from racerlab.knights.actions import AdjustStat, Target
    from racerlab.knights.queries import attack_odds

    profile = descriptor("knights")
    rules = profile.make_rules()
    rng = np.random.default_rng(0)
    setup = profile.random_setup(rng, 4)
    state = rules.initial_state(setup, None, 0)
    bot = profile.bot("greedy")
    steps, tweaks = [], []
    for n in range(5 if quick else 50):
        if rules.is_over(state):
            state = rules.initial_state(setup, None, n)
        t = time.process_time()
        state = rules.apply(state, bot(state, rules, rng)).state
        steps.append((time.process_time() - t) * 1000)
        t = time.process_time()
        alive = [i for i, r in enumerate(state.racers) if not r.wrecked]
        who = alive[n % len(alive)]
        tweaked = rules.apply(state, AdjustStat(who, "armor", 1)).state
        for a in range(len(tweaked.racers)):
            for b in range(len(tweaked.racers)):
                if a != b and not tweaked.racers[a].wrecked and not tweaked.racers[b].wrecked:
                    attack_odds(tweaked, a, Target.racer(b))
        tweaks.append((time.process_time() - t) * 1000)
    return statistics.median(steps), statistics.median(tweaks)


def bench_scaling(quick: bool) -> float:
    """Throughput with 2 worker processes over 1 (ideal: 2.0 on 2 idle cores)."""
    if quick:
        games = 4
    else:
        rate, _ = _rate("knights", 3, 10.0, seed=2)
        games = max(8, int(rate * 20.0))
    one = _fixed("knights", 3, games, 1, 3)
    two = _fixed("knights", 3, games, 2, 3)
    return two / one


def main(argv: list[str] | None = None) -> int:
    """Run every benchmark and print the JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few games: fast, noisy figures")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {"quick": args.quick}
    out["knights_jousts_per_s"] = round(bench_knights(args.quick), 2)
    out["sonic_races_per_s"] = round(bench_sonic(args.quick), 2)
    cold, warm = bench_exact_table(args.quick)
    out["exact_attack_table_ms"] = round(cold, 3)
    out["exact_attack_table_ms_warm"] = round(warm, 3)
    step, tweak, source = bench_ui(args.quick)
    out["ui_step_ms"] = round(step, 3)
    out["ui_tweak_ms"] = round(tweak, 3)
    out["ui_source"] = source
    out["scaling_2_over_1"] = round(bench_scaling(args.quick), 3)
    sys.path.insert(0, str(HERE))
    import peers

    figures = peers.interleaved(args.quick)
    out["peers"] = figures
    out["ratios"] = peers.ratios(figures)
    per_action = {k: v for k, v in figures.items() if k.startswith("peer_") and v}
    for key in ("sonic_races_per_s", "knights_jousts_per_s"):
        for peer, us in per_action.items():  # one game's CPU time in peer actions
            name = peer.removesuffix("_us_per_action")
            out["ratios"][f"{key}_one_game_in_{name}_actions"] = round(1e6 / out[key] / us, 1)
    out["sonic_random_races_per_s"] = round(peers.random_races_per_s(args.quick), 2)
    peak, games = peers.simulate_peak_mib(args.quick)
    out["sonic_simulate_peak_mib"] = round(peak, 2)
    out["sonic_simulate_games"] = games
    grown, own = peers.timeline_bytes_per_action(args.quick)
    out["sonic_timeline_bytes_per_action"] = round(grown)
    out["sonic_timeline_own_bytes_per_action"] = round(own)
    out["targets"] = {
        "knights_jousts_per_s": ">= 100",
        "sonic_races_per_s": ">= 500",
        "exact_attack_table_ms": "< 50",
        "ui_step_ms": "< 30",
        "ui_tweak_ms": "< 30",
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
