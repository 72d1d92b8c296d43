"""Where a game's processor time goes, by concern, and what a look-ahead board could save.

Plays seeded games (``--game knights|sonic|both``, ``--bot greedy|search|both``) under a
sampling profiler: every ``--interval-ms`` of processor time (``SIGPROF``) the running stack
is read, and the sample is charged to the innermost frame of the package. The modules are cut
by concern, so a frame's module (and, for the few modules that hold more than one concern,
its function) names the concern (a generated ``__init__``, ``copy`` or ``__hash__`` counts
for its caller's): the working form (copies of records, drafts, boards and states
made and frozen), the walks (Battle Racers' path search and movement walk), contact geometry
(Racer Knights), the rules, the bot's own arithmetic, dice, and so on. Each sample is also
charged to the bot's look-ahead or to the engine's ``apply``, whichever is innermost on its
stack.

Sampling, not tracing: a tracing profiler charges every Python call a fixed cost, which
inflates the working form (many small calls) against the walks (few long ones).

It prints one JSON object: per game and bot, the samples, each concern's share, the look-ahead
and ``apply`` shares, and two bounds on what a board that moves are made on and unmade from
could gain, however it is built. Such a board copies no records and writes no events, so the
bounds take the working form and the events as free: ``if_board_saves_free``, how many times
faster the games would be if both cost nothing anywhere (``1 / (1 - share)``: the bound for a
search bot's rollouts, which could run on the board), and ``if_look_ahead_copies_free``, the
same for the bot's own look-ahead only (a greedy game's ``apply`` still hands out an immutable
state and its events)::

    python benchmarks/concerns.py --game both --bot greedy
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from racerlab.analysis.simulate import profile_for  # noqa: E402
from racerlab.core.rules import Event  # noqa: E402

PLAYERS = {"knights": 3, "sonic": 4}
"""Seats in each game's measured games (as the speed benchmarks play them)."""

GAMES = {
    ("knights", "greedy"): 1000,
    ("sonic", "greedy"): 150,
    ("knights", "search"): 4,
    ("sonic", "search"): 1,
}
"""Default seeded games per game and bot: about 5 to 30 s of processor each, so that a
share of 1% is a few dozen samples (the kernel's processor clock ticked every 4 ms on the
development machine, so a 1 ms interval gives a sample per tick)."""

WORKING_FORM = "working form"
"""Records, drafts, boards and states copied, edited and frozen."""
EVENTS = "events"
"""Event records made (what happened, for the log and the dashboards)."""
BOARD_SAVES = (WORKING_FORM, EVENTS)
"""What a look-ahead board that moves are made on and unmade from would no longer do."""

MODULES = {
    "core/frozen.py": WORKING_FORM,
    "core/records.py": WORKING_FORM,
    "knights/draft.py": WORKING_FORM,
    "knights/state.py": WORKING_FORM,
    "sonic/board/board.py": WORKING_FORM,
    "sonic/play/transition.py": WORKING_FORM,
    "sonic/state.py": WORKING_FORM,
    "sonic/board/lookups.py": "board lookups",
    "knights/geometry": "contact geometry",
    "sonic/movement/path_search.py": "walks",
    "sonic/movement/walker.py": "walks",
    "sonic/movement/resolve.py": "walks",
    "sonic/movement/plain_spaces.py": "walks",
    "sonic/play/moves.py": "walks",
    "sonic/movement/vocabulary.py": "walks",
    "sonic/movement/racer_damage.py": "walks",
    "knights/movement/obstacles.py": "contact geometry",
    "knights/combat/targeting.py": "contact geometry",
    "sonic/track.py": "walks",
    "knights/bots/greedy.py": "bot",
    "knights/bots/smart.py": "bot",
    "knights/bots/search.py": "bot",
    "knights/queries.py": "bot",
    "sonic/bots/look_ahead.py": "bot",
    "sonic/bots/smart.py": "bot",
    "sonic/bots/quick_values.py": "bot",
    "sonic/bots/boss_reach.py": "bot",
    "sonic/search_bot.py": "bot",
    "core/search.py": "bot",
    "core/dice.py": "dice",
    "core/chance.py": "dice",
    "sonic/bots/determinize.py": "hidden information",
    "knights/bots/determinize.py": "hidden information",
}
"""The concern of each module (a folder stands for every module in it); any other module of
the package counts as "rules"."""

FUNCTIONS = {
    (module, name): "card lookups"
    for module, names in (
        ("knights/draft.py", ("racer_of", "_racer_by_value", "table_for", "_table", "racer")),
        ("knights/build.py", ("grants", "has_any")),
    )
    for name in names
} | {
    ("sonic/board/board.py", name): "board lookups"
    for name in (
        "token_index",
        "lookups",
        "rings_at",
        "badnik_at",
        "has_rock",
        "racer",
        "racers_at",
        "_racer_at",
        "platform_at",
        "terrain",
        "elevation",
        "terrain_tables",
        "terrain_memo",
        "layout_memo",
        "path_memo",
        "pos",
        "rings",
        "crawling",
        "ring_total",
        "badnik_total",
        "trap_columns",
    )
}
"""Functions of a module of more than one concern that belong to another concern than the
module's."""

LOOK_AHEAD = {
    "sonic/bots/look_ahead.py",
    "sonic/bots/smart.py",
    "knights/bots/greedy.py",
    "knights/bots/smart.py",
    "knights/bots/search.py",
    "sonic/search_bot.py",
    "core/search.py",
}
"""Modules whose frames mean the sample is the bot's (unless ``apply`` is nearer)."""


def concern(module: str, function: str) -> str:
    """The concern a frame of ``function`` in ``module`` (relative to the package) works on."""
    if module == EVENTS:
        return EVENTS
    got = FUNCTIONS.get((module, function))
    if got is not None:
        return got
    for key, name in MODULES.items():
        if module == key or module.startswith(key + "/"):
            return name
    return "rules"


class Sampler:
    """Charges a sample of the running stack, every ``interval`` processor seconds, to the
    innermost frame of the package (a concern) and to the look-ahead or ``apply``."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.concerns: Counter[str] = Counter()
        self.phases: Counter[str] = Counter()
        self.functions: Counter[tuple[str, str]] = Counter()
        self.by_phase: Counter[tuple[str, str]] = Counter()
        self._root = str(ROOT / "racerlab") + "/"

    def __enter__(self) -> Sampler:
        signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, self.interval, self.interval)
        return self

    def __exit__(self, *exc: object) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, signal.SIG_DFL)

    def _module(self, frame) -> str | None:
        name = frame.f_code.co_filename
        if name.startswith(self._root):
            return name[len(self._root) :]
        return "<string>" if name == "<string>" else None

    def _sample(self, signum, frame) -> None:
        own = charged = None
        phase = "other"
        while frame is not None:
            module = self._module(frame)
            if module is not None:
                if own is None:
                    own = charged = (module, frame.f_code.co_name)
                    if module == "<string>":  # a generated __init__, copy or hash: its caller's
                        caller = frame.f_back
                        where = self._module(caller) if caller is not None else None
                        if where is not None:
                            charged = (where, caller.f_code.co_name)
                            own = (module, f"{own[1]} from {where}:{charged[1]}")
                        if isinstance(frame.f_locals.get("self"), Event):
                            charged = (EVENTS, EVENTS)
                if module == "core/rules.py" and frame.f_code.co_name == "apply":
                    phase = "apply"
                    break
                if module in LOOK_AHEAD:
                    phase = "look-ahead"
                    break
            frame = frame.f_back
        if own is None:
            return  # the driver's own frames
        name = concern(*charged)
        self.concerns[name] += 1
        self.by_phase[name, phase] += 1
        self.functions[own] += 1
        self.phases[phase] += 1


def play(game: str, bot_name: str, games: int, interval_ms: float) -> Sampler:
    """Seeded games of ``game`` by ``bot_name`` in every seat, sampled every
    ``interval_ms`` of processor time."""
    profile = profile_for(game)
    rules = profile.make_rules()
    bot = profile.bot(bot_name)

    def one(seed: int) -> None:
        rng = np.random.default_rng(seed)
        state = rules.initial_state(profile.random_setup(rng, PLAYERS[game]), None, seed)
        for _ in range(5000):
            if rules.is_over(state):
                break
            state = rules.apply(state, bot(state, rules, rng)).state

    one(1000)  # warm lazy caches outside the samples
    with Sampler(interval_ms / 1000.0) as sampler:
        for seed in range(games):
            one(seed)
    return sampler


def shares(counts: Counter) -> dict[str, float]:
    """Each key's share of the samples, largest first, rounded to 0.1%."""
    total = sum(counts.values()) or 1
    return {k: round(100.0 * v / total, 1) for k, v in counts.most_common()}


def main(args: argparse.Namespace) -> None:
    """Measure as ``args`` ask and print (see the module doc)."""
    out = {}
    wanted = ("knights", "sonic") if args.game == "both" else (args.game,)
    bots = ("greedy", "search") if args.bot == "both" else (args.bot,)
    for game in wanted:
        for bot_name in bots:
            games = args.games or GAMES[game, bot_name]
            start = time.process_time()
            sampler = play(game, bot_name, games, args.interval_ms)
            share = shares(sampler.concerns)
            total = sum(sampler.concerns.values()) or 1
            free = sum(sampler.concerns[c] for c in BOARD_SAVES) / total
            ahead = sum(sampler.by_phase[c, "look-ahead"] for c in BOARD_SAVES) / total
            out[f"{game}/{bot_name}"] = {
                "games": games,
                "cpu_s": round(time.process_time() - start, 2),
                "samples": sum(sampler.concerns.values()),
                "concern_percent": share,
                "phase_percent": shares(sampler.phases),
                "board_saves_in_look_ahead_percent": round(100.0 * ahead, 1),
                "if_board_saves_free": round(1.0 / (1.0 - free), 3),
                "if_look_ahead_copies_free": round(1.0 / (1.0 - ahead), 3),
                "top_functions_percent": {
                    f"{m}:{f}": v
                    for (m, f), v in list(shares(sampler.functions).items())[: args.top]
                },
            }
    print(json.dumps(out))


def _args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("knights", "sonic", "both"), default="both")
    ap.add_argument("--bot", choices=("greedy", "search", "both"), default="greedy")
    ap.add_argument("--games", type=int, default=0, help="seeded games (0: the defaults)")
    ap.add_argument("--interval-ms", type=float, default=1.0, help="processor ms per sample")
    ap.add_argument("--top", type=int, default=12, help="functions listed")
    return ap.parse_args()


if __name__ == "__main__":
    main(_args())
