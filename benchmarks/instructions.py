"""Machine instructions per greedy game, counted with callgrind (steady on a busy machine).

For each game asked (``--game knights|sonic|both``) this runs a small driver under
``valgrind --tool=callgrind`` twice with ``PYTHONHASHSEED`` fixed: once playing ``--games``
seeded greedy games and once playing none (start-up: imports, rules, set-ups and one warm-up
game, the same in both runs), and reports the difference divided by the games played. Both
runs play the same seeds, so a figure moves only when the code does (a re-run of the same code
moves it by well under 1%).

``--base COMMIT`` measures the same at another commit too (checked out with ``git worktree
add`` into a temporary folder, put first on ``PYTHONPATH``) and prints how many times fewer
instructions the code under test takes::

    python benchmarks/instructions.py --game both --base 8ec4361

It prints one JSON object: per game, ``games``, ``players``, ``steps`` (actions played),
``instructions_per_game``, ``instructions_per_step`` and, with ``--base``, the base's figures
and ``fewer_than_base`` (base instructions over ours).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The checkout this script belongs to (the code measured unless ``--base``)."""

PLAYERS = {"knights": 3, "sonic": 4}
"""Seats in each game's measured greedy games (as the speed benchmarks play them)."""

HASH_SEED = "0"
"""``PYTHONHASHSEED`` of every measured run (set iteration orders must not vary)."""

ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
"""Numerical libraries in the measured run keep to the main thread: a pool thread started on
import (numpy's OpenBLAS) is counted too, and how long it spins follows the machine's load,
which moved the figure by up to 20% between runs of the same code on a busy machine."""

WARM_UP_SEED = 1000
"""Seed of the game played before the measured ones in both runs (fills lazy caches)."""

# The driver runs in the measured checkout's Python: it may only use names that exist in the
# code of every commit compared (the descriptor's newer names, the older profile's as a fallback).
DRIVER = r"""
import sys
import numpy as np
from racerlab.analysis.simulate import profile_for

game, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
profile = profile_for(game)
make_rules = getattr(profile, "make_rules", None) or profile.rules
make_setup = getattr(profile, "random_setup", None) or profile.make_setup
rules = make_rules()
bot = profile.bot("greedy")


def play(seed):
    rng = np.random.default_rng(seed)
    state = rules.initial_state(make_setup(rng, players), None, seed)
    steps = 0
    while not rules.is_over(state) and steps < 5000:
        state = rules.apply(state, bot(state, rules, rng)).state
        steps += 1
    return steps


play(__WARM__)
steps = sum(play(seed) for seed in range(games))
print("STEPS", steps)
""".replace("__WARM__", str(WARM_UP_SEED))


def count(code: Path, game: str, games: int, workdir: Path) -> tuple[int, int]:
    """Instructions and steps of one callgrind run of the driver on the code at ``code``."""
    out = workdir / f"callgrind.{game}.{games}.{os.getpid()}"
    env = dict(os.environ, PYTHONHASHSEED=HASH_SEED, PYTHONPATH=str(code), **ONE_THREAD)
    cmd = [
        "valgrind",
        "--tool=callgrind",
        f"--callgrind-out-file={out}",
        sys.executable,
        "-c",
        DRIVER,
        game,
        str(PLAYERS[game]),
        str(games),
    ]
    run = subprocess.run(cmd, env=env, cwd=code, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise RuntimeError(f"callgrind run of {game} at {code} failed:\n{run.stderr[-2000:]}")
    steps = int(re.search(r"^STEPS (\d+)$", run.stdout, re.M).group(1))
    text = out.read_text(errors="replace")
    out.unlink()
    found = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
    if found is None:
        raise RuntimeError(f"no instruction total in callgrind's output for {game} at {code}")
    return int(found.group(1)), steps


def measure(code: Path, game: str, games: int, workdir: Path) -> dict[str, float]:
    """Instructions per greedy game of ``game`` at ``code``, start-up subtracted."""
    base, _ = count(code, game, 0, workdir)
    total, steps = count(code, game, games, workdir)
    played = total - base
    return {
        "games": games,
        "players": PLAYERS[game],
        "steps": steps,
        "instructions_per_game": round(played / games),
        "instructions_per_step": round(played / max(steps, 1)),
    }


def checkout(commit: str, into: Path) -> Path:
    """A detached worktree of ``commit`` under ``into`` (removed by :func:`drop`)."""
    path = into / f"base-{commit[:12]}"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), commit],
        check=True,
        capture_output=True,
    )
    return path


def drop(path: Path) -> None:
    """Remove a worktree made by :func:`checkout`."""
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)],
        check=False,
        capture_output=True,
    )


def main(argv: list[str] | None = None) -> int:
    """Print the figures as one JSON object."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("knights", "sonic", "both"), default="both")
    ap.add_argument("--games", type=int, default=4, help="seeded greedy games per measure")
    ap.add_argument("--base", help="a commit to measure too, and compare with")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    names = ("knights", "sonic") if args.game == "both" else (args.game,)
    out: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="instructions-") as tmp:
        work = Path(tmp)
        base = checkout(args.base, work) if args.base else None
        try:
            for name in names:
                ours = measure(ROOT, name, args.games, work)
                if base is not None:
                    theirs = measure(base, name, args.games, work)
                    ours["base"] = args.base
                    ours["base_instructions_per_game"] = theirs["instructions_per_game"]
                    ours["base_instructions_per_step"] = theirs["instructions_per_step"]
                    ours["fewer_than_base"] = round(
                        theirs["instructions_per_game"] / ours["instructions_per_game"], 3
                    )
                out[name] = ours
        finally:
            if base is not None:
                drop(base)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
