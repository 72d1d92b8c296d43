"""The bot ladder: print ONE JSON object of head-to-head results, ratings and bot costs.

Run ``python benchmarks/bots.py`` (many minutes: the search bot is slow) or
``--quick`` (seconds, tiny counts, for the test suite: same keys, meaningless
figures). Every game is seeded, so a run with the same arguments repeats.

Keys:

- ``head_to_head``: per game and pairing ``"A>B"``, bot A in one seat against B in
  every other, A's seat rotating: ``games``, A's sole wins, ``ties`` (shared wins),
  A's win ``share`` with its 95% Wilson interval ``low``..``high``, and the ``even``
  share it must beat (1 / players).
- ``ratings``: Bradley-Terry strengths per game fitted by ``choix`` (the ``bench``
  extra) from every head-to-head game (the winner beat each other seat), on the Elo
  scale (400 points: 10 to 1 odds), greedy fixed at 0; ``null`` without ``choix``.
- ``solo``: per bot and boss, ``games``, ``destroyed`` (share and interval) and the
  rank histogram (``"-"``: no rank).
- ``boss_mode``: per bot (every seat), games where the boss was destroyed, escaped
  across the line, or neither.
- ``ms_per_decision``: mean and max milliseconds a bot takes per decision (wall
  clock, and ``*_cpu_ms``: CPU time of this process, which a neighbour's load does
  not inflate), and ``cost_per_game``: CPU seconds per game of a table of that bot
  relative to greedy.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
BOSSES = ("eggman", "infinite", "metal-sonic", "shadow")
PLAYERS = {"knights": 2, "sonic": 4}
"""Seats in a head-to-head game of each (one bot against the other in every other seat)."""


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``wins / n``.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = Z95 * Z95
    mid = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def _bot(game: str, name: str, playouts: int | None) -> Any:
    from racerlab.analysis.simulate import profile_for

    if name == "search":
        try:  # the search bot's module: in a bots package (Racer Knights), or beside the bots
            mod = __import__(f"racerlab.{game}.bots.search", fromlist=["search_bot"])
        except ModuleNotFoundError:
            mod = __import__(f"racerlab.{game}.search_bot", fromlist=["search_bot"])
        return mod.search_bot(playouts) if playouts else mod.search_bot()
    return profile_for(game).bot(name)


def head_to_head(
    game: str, a: str, b: str, games: int, playouts: int | None, seed: int, log: list
) -> dict[str, Any]:
    """Bot ``a`` in one seat, ``b`` in the others, ``a``'s seat rotating game by game."""
    from racerlab.analysis.simulate import simulate

    players = PLAYERS[game]
    bots = {a: _bot(game, a, playouts), b: _bot(game, b, playouts)}
    wins = ties = played = 0
    for seat in range(players):
        n = games // players + (seat < games % players)
        if n == 0:
            continue
        seats = [bots[b]] * players
        seats[seat] = bots[a]
        df = simulate(
            game, games=n, seed=seed + seat, policies=seats, players=players, progress=False
        )
        wins += int((df.winner == seat).sum())
        ties += int((df.winner == -1).sum())
        played += len(df)
        for w in df.winner:
            names = [b] * players
            names[seat] = a
            if w >= 0:
                log.extend((names[w], names[o]) for o in range(players) if names[o] != names[w])
    low, high = wilson(wins, played)
    share = wins / played if played else 0.0
    return {
        "games": played,
        "wins": wins,
        "ties": ties,
        "share": round(share, 4),
        "low": round(low, 4),
        "high": round(high, 4),
        "even": round(1 / players, 4),
    }


def ratings(log: list[tuple[str, str]]) -> dict[str, float] | None:
    """Bradley-Terry ratings (Elo scale, greedy at 0) fitted by ``choix``; ``None`` if the
    library is missing."""
    try:
        import choix
    except ImportError:
        return None
    names = sorted({n for pair in log for n in pair})
    index = {n: i for i, n in enumerate(names)}
    data = [(index[w], index[lo]) for w, lo in log]
    params = choix.ilsr_pairwise(len(names), data, alpha=0.01)
    scale = 400 / math.log(10)
    zero = params[index["greedy"]] if "greedy" in index else 0.0
    return {n: round(float((params[index[n]] - zero) * scale), 1) for n in names}


def solo(bot: str, games: int, seed: int) -> dict[str, Any]:
    """Per boss: destroy share with its interval and the rank histogram."""
    from racerlab.analysis.simulate import simulate

    out = {}
    for boss in BOSSES:
        df = simulate(
            "sonic",
            games=games,
            seed=seed,
            policies=bot,
            setup_extra={"mode": "solo", "boss": boss},
            progress=False,
        )
        k = int(df.boss_defeated.sum())
        low, high = wilson(k, len(df))
        ranks = df.solo_rank.replace("", "-").value_counts().to_dict()
        out[boss] = {
            "games": len(df),
            "destroyed": round(k / max(1, len(df)), 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "ranks": {r: int(ranks.get(r, 0)) for r in ("S", "A", "B", "C", "D", "E", "-")},
        }
    return out


def boss_mode(bot: str, games: int, seed: int) -> dict[str, int]:
    """Four-player boss-mode outcomes with ``bot`` in every seat."""
    from racerlab.analysis.simulate import simulate

    df = simulate(
        "sonic", games=games, seed=seed, policies=bot, setup_extra={"mode": "boss"}, progress=False
    )
    destroyed = int(df.boss_defeated.sum())
    escaped = int(df.boss_escaped.sum())
    return {
        "games": len(df),
        "destroyed": destroyed,
        "escaped": escaped,
        "neither": len(df) - destroyed - escaped,
    }


def costs(game: str, bot: str, games: int, playouts: int | None, seed: int) -> dict[str, float]:
    """Milliseconds per decision of ``bot`` (in seat 0, the rule-aware bot elsewhere for the
    search bot) and CPU seconds per game of the table."""
    from racerlab.analysis.simulate import simulate

    policy = _bot(game, bot, playouts)
    times: list[float] = []
    cpus: list[float] = []

    def timed(state: Any, rules: Any, rng: Any) -> Any:
        t, c = time.perf_counter(), time.process_time()
        action = policy(state, rules, rng)
        times.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
        return action

    players = PLAYERS[game]
    seats = [timed] * players
    if bot == "search":
        seats = [timed] + [_bot(game, "smart", playouts)] * (players - 1)
    cpu = time.process_time()
    simulate(game, games=games, seed=seed, policies=seats, players=players, progress=False)
    per_game = (time.process_time() - cpu) / max(1, games)
    return {
        "mean_ms": round(1000 * sum(times) / max(1, len(times)), 3),
        "max_ms": round(1000 * max(times, default=0.0), 3),
        "mean_cpu_ms": round(1000 * sum(cpus) / max(1, len(cpus)), 3),
        "max_cpu_ms": round(1000 * max(cpus, default=0.0), 3),
        "decisions": len(times),
        "cpu_s_per_game": round(per_game, 4),
    }


PAIRINGS = (("smart", "greedy"), ("search", "smart"), ("search", "greedy"), ("greedy", "random"))


def main(argv: list[str] | None = None) -> int:
    """Run the ladder and print its JSON object."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="tiny counts (for the test suite)")
    p.add_argument("--games", type=int, default=400, help="games per pairing without search")
    p.add_argument("--search-games", type=int, default=40, help="games per search pairing")
    p.add_argument(
        "--playouts", type=int, default=None, help="search playouts a decision (default: the bot's)"
    )
    p.add_argument("--solo", type=int, default=400, help="solo games per boss and bot")
    p.add_argument("--boss-games", type=int, default=120, help="boss-mode games per bot")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--games-only", default="knights,sonic", help="games to rate")
    p.add_argument(
        "--cost-search-games", type=int, default=1, help="games timed for the search bot's cost"
    )
    args = p.parse_args(argv)
    if args.quick:
        args.games, args.search_games, args.playouts = 4, 2, 2
        args.solo, args.boss_games = 1, 1
    started = time.perf_counter()
    out: dict[str, Any] = {"head_to_head": {}, "ratings": {}, "ms_per_decision": {}}
    for game in args.games_only.split(","):
        log: list[tuple[str, str]] = []
        table = {}
        for a, b in PAIRINGS:
            n = args.search_games if "search" in (a, b) else args.games
            table[f"{a}>{b}"] = head_to_head(game, a, b, n, args.playouts, args.seed, log)
        out["head_to_head"][game] = table
        out["ratings"][game] = ratings(log)
        cost_games = 1 if args.quick else 20
        figures = {
            bot: costs(
                game,
                bot,
                min(args.cost_search_games, cost_games) if bot == "search" else cost_games,
                args.playouts,
                args.seed,
            )
            for bot in ("greedy", "smart", "search")
        }
        base = figures["greedy"]["cpu_s_per_game"] or 1.0
        for f in figures.values():
            f["cost_per_game"] = round(f["cpu_s_per_game"] / base, 3)
        out["ms_per_decision"][game] = figures
    if "sonic" in args.games_only:
        out["solo"] = {bot: solo(bot, args.solo, args.seed) for bot in ("greedy", "smart")}
        out["boss_mode"] = {
            bot: boss_mode(bot, args.boss_games, args.seed) for bot in ("greedy", "smart")
        }
    out["search_playouts"] = args.playouts
    out["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
