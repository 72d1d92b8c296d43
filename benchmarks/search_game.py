"""The Simulate tab's search-bot game: processor time per game and per decision, now and at
another commit.

Each tree plays ``--games`` seeded games of each game asked (``--game knights|sonic|both``;
random set-ups of 3 and 4 players, the seeds ``--seed`` onwards) with the search bot at its
default budget in every seat, as the Simulate tab plays them, in a fresh process. Prints one
JSON object: per game the processor seconds per game and milliseconds per decision, and with
``--base COMMIT`` the same at that commit (a temporary worktree), measured A B A B over
``--rounds``, and the base's time over ours (the issue's "a third of today's time" is a ratio
of 3)::

    python benchmarks/search_game.py --base ed66ab7 --games 6

Games whose bots decide differently at the two commits are different games: compare the
per-decision figure too.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from instructions import checkout, drop

ROOT = Path(__file__).resolve().parent.parent
"""The checkout this script belongs to (the code measured unless ``--base``)."""

PLAYERS = {"knights": 3, "sonic": 4}
"""Seats of each game's search-bot games."""

# Runs in the measured tree's Python: only names every compared commit has.
DRIVER = r"""
import json, sys, time
from racerlab.analysis.simulate import simulate

game, players, seed, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
try:  # the search bot's module: in a bots package, or (older trees, Battle Racers) beside them
    where = __import__(f"racerlab.{game}.bots.search", fromlist=["search_bot"])
except ModuleNotFoundError:
    where = __import__(f"racerlab.{game}.search_bot", fromlist=["search_bot"])
bot = where.search_bot()
decisions = [0]

def counted(state, rules, rng):
    decisions[0] += 1
    return bot(state, rules, rng)

simulate(game, games=1, seed=seed + 10_000, policies="greedy", players=players, progress=False)
start = time.process_time()
for s in range(seed, seed + games):
    simulate(game, games=1, seed=s, policies=counted, players=players, progress=False)
cpu = time.process_time() - start
print(json.dumps({"cpu_s_per_game": cpu / games, "ms_per_decision": 1000 * cpu / decisions[0],
                  "decisions": decisions[0]}))
"""


def measure(code: Path, game: str, games: int, seed: int) -> dict[str, float]:
    """Search-bot games of ``game`` played by the racerlab of ``code`` in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(code), "PYTHONHASHSEED": "0"}
    args = [game, str(PLAYERS[game]), str(seed), str(games)]
    proc = subprocess.run(
        [sys.executable, "-c", DRIVER, *args],
        cwd=tempfile.gettempdir(),  # not this checkout: PYTHONPATH alone picks the code
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    return {k: round(v, 3) for k, v in got.items()}


def main(argv: list[str] | None = None) -> int:
    """Command line: print the figures as one JSON object."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("knights", "sonic", "both"), default="both")
    ap.add_argument("--games", type=int, default=4, help="search-bot games per measure")
    ap.add_argument("--seed", type=int, default=100, help="the first game's seed")
    ap.add_argument("--base", help="a commit to measure too, and compare with")
    ap.add_argument("--rounds", type=int, default=2, help="interleaved rounds (with --base)")
    args = ap.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    names = ("knights", "sonic") if args.game == "both" else (args.game,)
    out: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="search-game-") as tmp:
        base = checkout(args.base, Path(tmp)) if args.base else None
        try:
            for name in names:
                rows: dict[str, list[dict[str, float]]] = {"now": [], "base": []}
                for _ in range(args.rounds if base is not None else 1):  # A B A B
                    if base is not None:
                        rows["base"].append(measure(base, name, args.games, args.seed))
                    rows["now"].append(measure(ROOT, name, args.games, args.seed))
                got: dict = {"games": args.games, "players": PLAYERS[name], "now": rows["now"]}
                if base is not None:
                    got["base"], got["base_commit"] = rows["base"], args.base
                    for key in ("cpu_s_per_game", "ms_per_decision"):
                        b = statistics.median(r[key] for r in rows["base"])
                        n = statistics.median(r[key] for r in rows["now"])
                        got[f"base_over_now_{key}"] = round(b / n, 2)
                out[name] = got
        finally:
            if base is not None:
                drop(base)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
