"""Racer Knights speed in one process: greedy 3-player jousts per CPU second and the engine-only
replay in µs per action.

Run it with the code to compare on ``PYTHONPATH`` (e.g. a second checkout of the code before a
change), several times in turn, and quote medians::

    PYTHONPATH=. python benchmarks/knights_speed.py --jousts 600 --replay-s 3

It prints one JSON object: ``jousts``, ``steps`` (actions played), ``cpu_s``,
``jousts_per_cpu_s``, ``us_per_step`` (bot and engine together) and
``replay_us_per_action`` (the recorded actions of 6 greedy jousts applied with ``apply``, no
bot; :mod:`benchmarks.peers`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path


def jousts(games: int) -> dict[str, float]:
    """Greedy 3-player jousts through ``simulate(workers=1)``: count, actions and CPU time."""
    from racerlab.analysis import simulate

    simulate("knights", games=2, seed=99, players=3, workers=1, progress=False)  # warm up
    start = time.process_time()
    df = simulate("knights", games=games, seed=1, players=3, workers=1, progress=False)
    cpu = time.process_time() - start
    steps = int(df.steps.sum())
    return {
        "jousts": games,
        "steps": steps,
        "cpu_s": round(cpu, 3),
        "jousts_per_cpu_s": round(games / cpu, 2),
        "us_per_step": round(cpu / steps * 1e6, 2),
    }


def main(argv: list[str] | None = None) -> int:
    """Print the figures as one JSON object."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jousts", type=int, default=600, help="greedy jousts to play")
    ap.add_argument("--replay-s", type=float, default=3.0, help="CPU seconds of replay (0: skip)")
    args = ap.parse_args(argv)
    out: dict[str, float | None] = dict(jousts(args.jousts))
    if args.replay_s > 0:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from benchmarks.peers import _replay_runner

        out["replay_us_per_action"] = round(_replay_runner("knights", 6)(args.replay_s), 2)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
