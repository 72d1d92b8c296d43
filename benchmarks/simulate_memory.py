"""Peak memory of a simulation against its number of games: print ONE JSON object.

Run ``python benchmarks/simulate_memory.py`` (about a minute on two cores). Each run is
a fresh process playing the cheap Coin Race (so the figures are the run's own
bookkeeping, not a game's) and reporting its peak resident memory. ``runs`` lists,
per games and workers, ``peak_mb`` (the parent's peak RSS; with workers, ``workers_mb``
is the largest worker's) and ``seconds``. ``longest`` starts the longest run allowed
(``MAX_GAMES``) with two workers, stops it after a few seconds and reports its peak:
before chunks were handed out as workers freed up, a run that long held every chunk
at once and grew by gigabytes before a game was played.
"""

from __future__ import annotations

import json
import subprocess
import sys

CHILD = r"""
import json, resource, sys, time
from racerlab.analysis.simulate import simulate
from racerlab.core.testgame import CoinSetup

games, workers, stop_after = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
started = time.monotonic()
stop = (lambda: time.monotonic() - started > stop_after) if stop_after else None
df = simulate("coin-race", CoinSetup(players=2, target=6), games=games, seed=1,
              workers=workers, progress=False, stop=stop)
print(json.dumps({
    "games": games,
    "workers": workers,
    "played": len(df),
    "seconds": round(time.monotonic() - started, 1),
    "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    "workers_mb": round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1),
}))
"""


def run(games: int, workers: int, stop_after: float = 0.0) -> dict:
    """One simulation in a fresh process; its figures."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(games), str(workers), str(stop_after)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    """Print the figures as one JSON object."""
    from racerlab.core.limits import MAX_GAMES

    runs = [run(g, w) for w in (1, 2) for g in (2_000, 20_000)]
    print(json.dumps({"runs": runs, "longest": run(MAX_GAMES, 2, stop_after=5.0)}, indent=1))


if __name__ == "__main__":
    main()
