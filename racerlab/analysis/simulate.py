"""Monte Carlo: play many seeded bot games and tabulate one row per game.

:func:`simulate` is the one entry point. It plays ``games`` games of a rules
engine, each from its own reproducible random stream, with a policy per
player (the game's bots by default), and returns a :class:`pandas.DataFrame`
with one row per game. Everything it knows about a game (random set-up, bots,
the columns of a finished game's row) comes from the game's descriptor
(:class:`~racerlab.core.registry.GameDescriptor`), found by name.

Columns. Players are numbered from 0, as in the engines; ``winner`` is ``-1``
when nobody won (a tie under the game's tie rule, or everyone lost).

- every game: ``game`` (index in the run), ``seed`` (its dice seed),
  ``winner``, ``rounds``, ``steps`` (actions applied), ``finished`` (ended
  by the rules, not cut off).
- Coin Race: ``position_<p>`` per player.
- Racer Knights: ``glory_<p>``, ``durability_<p>``, ``wrecked_<p>`` per
  player, ``wrecks`` (racers wrecked in the joust), ``shots``, ``hits``,
  ``rams``.
- Battle Racers: ``rings_<p>``, ``badniks_<p>``, ``score_<p>`` (rings +
  badniks) per player, ``first_across`` (who crossed first, ``-1`` if
  nobody), and by mode ``boss_defeated`` / ``boss_escaped``, ``boss_hits`` (the hits
  that damaged the boss in the moves played) and ``solo_rank``.

Reproducibility. Game ``i`` of a run with ``seed`` draws everything from
``numpy.random.SeedSequence(seed).spawn(games)[i]``: its dice seed, the
random set-up (when none is given) and the bots' choices. A game therefore
depends only on ``(seed, i)``, never on which worker played it or in what
order, so the table is the same with 1 worker, 8 processes or a Dask cluster.

Memory. Games are handed to workers a few chunks at a time
(:func:`racerlab.analysis.parallel.in_flight_limit`) and finished rows are packed
into small tables as they arrive (about 250 bytes a game, not the ~3 KB of a row
of Python objects), so a run holds its table and little else; ``games`` is at
most :data:`~racerlab.core.limits.MAX_GAMES`.

In turns: a ``runner`` plays the games a chunk at a time where it likes (a server's
shared worker processes; :func:`racerlab.analysis.parallel.run_in_turns`).

Stopping early. A ``stop`` callback returning true, or Ctrl-C
(:class:`KeyboardInterrupt`), ends the run and keeps every game already
played; the table then has ``df.attrs["interrupted"] == True``.

>>> from racerlab.core.testgame import CoinRace, CoinSetup
>>> df = simulate(CoinRace(), CoinSetup(players=2, target=6), games=4, seed=1, progress=False)
>>> list(df.columns[:4]), len(df), df.attrs["interrupted"]
(['game', 'seed', 'winner', 'rounds'], 4, False)
>>> df.equals(simulate("coin-race", CoinSetup(players=2, target=6), games=4, seed=1,
...                    progress=False))
True
"""

from __future__ import annotations

import contextlib
import gc
import math
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.errors import ScenarioError
from ..core.registry import GameDescriptor, Policy, descriptor, game_names
from ..core.rules import Event, Rules
from .simulate_args import (
    bot_names,
    catalog_of,
    check_seats,
    checked_counts,
    policies_for,
    start_of,
)

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .parallel import Runner

__all__ = [
    "Policy",
    "Progress",
    "bot_names",
    "exact_game",
    "game_streams",
    "play_game",
    "profile_for",
    "simulate",
]

Progress = Callable[[int, int], None]
"""A progress hook: called as ``progress(done, total)`` while a run goes on."""

MAX_STEPS = 20_000
"""Actions after which a game that has not ended is cut off (and flagged ``finished=False``)."""


def profile_for(game: str | Rules) -> GameDescriptor:
    """The descriptor of a game by name (``"knights"``, ``"sonic"``, ``"coin-race"``) or rules.

    Given a rules object, the game's descriptor plays that very object; a
    rules object of a game nobody listed gets a plain descriptor: no random
    set-up, no bots, and the generic columns (winner, rounds, steps).
    """
    if isinstance(game, str):
        return descriptor(game)
    if game.name in game_names():
        return replace(descriptor(game.name), rules=_constant(game))
    return GameDescriptor(game.name, game.name, _constant(game), game.options_type)


@dataclass(frozen=True)
class _Constant:
    value: Any

    def __call__(self) -> Any:
        return self.value


def _constant(value: Any) -> Callable[[], Any]:
    return _Constant(value)


# -- streams ------------------------------------------------------------------------------------


def game_streams(seed: int, index: int) -> tuple[int, np.random.Generator, np.random.Generator]:
    """Game ``index``'s dice seed, set-up generator and policy generator for a run's ``seed``.

    They come from ``SeedSequence(seed).spawn(n)[index]`` (which does not depend
    on ``n``), so any worker can rebuild any game's streams on its own.

    >>> a = game_streams(5, 3)
    >>> b = np.random.SeedSequence(5).spawn(10)[3]
    >>> a[0] == int(b.generate_state(1, np.uint64)[0] >> np.uint64(1))
    True
    """
    ss = np.random.SeedSequence(seed, spawn_key=(index,))
    dice_seed = int(ss.generate_state(1, np.uint64)[0] >> np.uint64(1))  # fits an int64 column
    setup_ss, policy_ss = ss.spawn(2)
    return dice_seed, np.random.default_rng(setup_ss), np.random.default_rng(policy_ss)


# -- one game -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Job:
    """Everything a worker needs to play any game of a run (picklable)."""

    profile: GameDescriptor
    start: Any  # a setup, a starting state from a scenario, or None (random set-up)
    start_is_state: bool
    options: Any
    policies: tuple[Policy, ...] | None  # one per player, or None: the profile's default bot
    seed: int
    players: int | None
    setup_extra: tuple[tuple[str, Any], ...] = ()
    max_steps: int = MAX_STEPS
    reshuffle_unseen: bool = False
    catalog: Any = None  # the catalog random set-ups draw from (None: the bundled one)


def _initial_state(job: _Job, rules: Rules, dice_seed: int, setup_rng: np.random.Generator):
    if job.start_is_state:
        state = replace(job.start, dice=job.start.dice.reseeded(dice_seed))
        if job.reshuffle_unseen and hasattr(state, "unseen_shuffled"):
            state = state.unseen_shuffled(setup_rng)  # cards nobody has seen: a fresh order
        return state
    setup = job.start
    if setup is None:
        if job.profile.random_setup is None:
            raise ScenarioError(f"{job.profile.name}: give a set-up (no random set-up is known)")
        setup = job.profile.random_setup(setup_rng, job.players, **_setup_choices(job))
    elif callable(setup):
        setup = setup(setup_rng)
    return rules.initial_state(setup, job.options, dice_seed)


def _setup_choices(job: _Job) -> dict[str, Any]:
    """The keywords of the job's random set-up: its choices, and its catalog when given."""
    extra = dict(job.setup_extra)
    if job.catalog is not None:
        extra["catalog"] = job.catalog
    return extra


def play_game(job: _Job, index: int, rules: Rules | None = None) -> dict[str, Any]:
    """Play game ``index`` of ``job`` to the end and return its result row."""
    rules = rules if rules is not None else job.profile.rules()
    dice_seed, setup_rng, policy_rng = game_streams(job.seed, index)
    state = _initial_state(job, rules, dice_seed, setup_rng)
    policies = job.policies
    if policies is None:
        policies = (job.profile.bot(job.profile.default_bot_for(state)),)
    events: list[Event] = []
    steps = 0
    is_over, acting, apply = rules.is_over, rules.acting_player, rules.apply
    while not is_over(state) and steps < job.max_steps:
        player = acting(state) or 0
        if len(policies) == 1:
            policy = policies[0]
        elif player < len(policies):
            policy = policies[player]
        else:
            raise ScenarioError(
                f"policies: {len(policies)} given, but player {player} must act"
                " (give one policy, or one per player)"
            )
        step = apply(state, policy(state, rules, policy_rng))
        state = step.state
        events.extend(step.events)
        steps += 1
    row: dict[str, Any] = {"game": index, "seed": dice_seed}
    row.update(job.profile.summary(rules, state, events))
    row["steps"] = steps
    row["finished"] = bool(is_over(state))
    return row


def play_chunk(job: _Job, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Play the games ``indices`` of ``job`` in one worker (rules built once)."""
    rules = job.profile.rules()
    with frozen_heap():
        return [play_game(job, i, rules) for i in indices]


@contextlib.contextmanager
def frozen_heap() -> Any:
    """Leave what is alive now (modules, catalogs, rules) out of the garbage collector's
    scans while games are played (:func:`gc.freeze`), and give it back afterwards: the
    collector then walks only the games' own short-lived objects."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


# -- many games ---------------------------------------------------------------------------------


def game_chunks(n: int, workers: int) -> Iterator[range]:
    """Game indices ``0..n-1`` in chunks of at most 200, made one at a time as the
    workers take them (never a list of every chunk of a long run)."""
    size = max(1, min(200, math.ceil(n / max(1, workers * 8))))
    return (range(i, min(n, i + size)) for i in range(0, n, size))


class _Rows:
    """Finished rows, packed into a small table every :attr:`BLOCK` rows (about 250 bytes
    a game instead of some 3 KB as dicts), so a long run's memory is its table."""

    BLOCK = 4_096

    def __init__(self) -> None:
        self.frames: list[pd.DataFrame] = []
        self.loose: list[dict[str, Any]] = []
        self.count = 0

    def extend(self, rows: Sequence[dict[str, Any]]) -> None:
        """Keep ``rows`` (packing them once a block is full)."""
        self.loose.extend(rows)
        self.count += len(rows)
        if len(self.loose) >= self.BLOCK:
            self._pack()

    def _pack(self) -> None:
        import pandas as pd

        if self.loose:
            self.frames.append(pd.DataFrame(self.loose))
            self.loose = []

    def frame(self) -> pd.DataFrame:
        """Every row kept, as one table (in the order they arrived)."""
        import pandas as pd

        self._pack()
        if len(self.frames) == 1:
            return self.frames[0]
        return pd.concat(self.frames, ignore_index=True) if self.frames else pd.DataFrame()


class _Reporter:
    """Feeds a tqdm bar and/or a callback as rows arrive."""

    def __init__(self, progress: bool | Progress, total: int, label: str) -> None:
        self.total = total
        self.done = 0
        self.callback = progress if callable(progress) else None
        self.bar = None
        if progress is True:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=total, desc=label, unit="game", leave=False)

    def add(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        if self.callback is not None:
            self.callback(self.done, self.total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def simulate(
    game_or_rules: str | Rules,
    setup_or_scenario: Any = None,
    *,
    games: int = 100,
    seed: int = 0,
    policies: Any = None,
    players: int | None = None,
    workers: int = 1,
    client: Any = None,
    progress: bool | Progress = True,
    stop: Callable[[], bool] | None = None,
    options: Any = None,
    setup_extra: Mapping[str, Any] | None = None,
    max_steps: int = MAX_STEPS,
    reshuffle_unseen: bool = False,
    bots: Any = None,
    runner: Runner | None = None,
    catalog: Any = None,
) -> pd.DataFrame:
    """Play ``games`` seeded games and return one row per game (sorted by ``game``).

    ``game_or_rules``: a game name (``"knights"``, ``"sonic"``, ``"coin-race"``)
    or a rules object. ``setup_or_scenario``: a set-up used for every game; a
    function ``rng -> setup``; a :class:`~racerlab.core.timeline.Timeline`, a
    saved-game JSON text or path, whose current position every game starts
    from with fresh dice; or ``None`` for a random set-up of ``players`` per
    game. ``policies``: ``None`` (the game's default bot for everyone), one
    policy or bot name for everyone, a list (one per player), or a dict
    ``{player: policy}``. ``workers > 1`` plays in that many processes (at most
    the cores this process may use: more would only wait; see
    :func:`~racerlab.analysis.parallel.usable_cores`);
    ``client`` (a ``dask.distributed.Client``) plays on a Dask cluster.
    ``progress``: a tqdm bar (``True``), none (``False``) or a callback
    ``(done, total)``. ``stop``: returns true to end the run early.
    ``setup_extra`` passes game-specific choices to the random set-up
    (Battle Racers: ``mode``, ``boss``). ``reshuffle_unseen``: games from a
    position start with the cards nobody has seen in a fresh order (the
    state's ``unseen_shuffled(rng)``; Battle Racers' decks; games with nothing
    hidden ignore it), so the odds do not assume a deck order no player knows.
    ``bots``: the bots by name per seat, as a list, a dict ``{seat: name}`` or a
    comma-separated text (``"search,greedy"``: seat 0 the search bot, seat 1
    greedy); the same as ``policies`` (give one or the other). ``runner``: play the
    games a chunk at a time through it (see the module doc; ``workers`` is then unused).
    ``catalog``: the cards of a game given by name, a catalog or a folder as ``racerlab
    catalog export`` writes (:func:`~racerlab.analysis.simulate_args.catalog_of`), in
    set-ups, replays and workers alike; ``None``: the bundled catalog.

    The table's ``attrs`` hold ``interrupted`` (stopped before the end),
    ``seed``, ``games`` (asked for) and ``game``.
    """
    policies = checked_counts(games, seed, workers, players, policies, bots)
    profile, catalog = _with_catalog(profile_for(game_or_rules), game_or_rules, catalog)
    rules = profile.rules()
    start, start_is_state, options = start_of(rules, setup_or_scenario, options, catalog)
    job = _Job(
        profile=profile,
        start=start,
        start_is_state=start_is_state,
        options=options,
        policies=policies_for(profile, policies, players),
        seed=seed,
        players=players,
        setup_extra=tuple(sorted((setup_extra or {}).items())),
        max_steps=max_steps,
        reshuffle_unseen=bool(reshuffle_unseen),
        catalog=catalog,
    )
    _refuse_before_playing(job)
    if client is None:
        from .parallel import usable_cores

        workers = min(workers, usable_cores())
    reporter = _Reporter(progress, games, profile.name)
    try:
        rows, interrupted = _play_all(job, rules, games, (workers, client, runner), stop, reporter)
    finally:
        reporter.close()
    return _table(rows, interrupted or rows.count < games, seed, games, profile.name)


def _with_catalog(
    profile: GameDescriptor, game_or_rules: str | Rules, catalog: Any
) -> tuple[GameDescriptor, Any]:
    """``profile`` playing ``catalog`` (read and checked here, once, before any game; its
    rules travel to the workers with the job), and the catalog object."""
    if catalog is None:
        return profile, None
    catalog = catalog_of(game_or_rules, profile, catalog)
    return replace(profile, rules=_constant(profile.make_rules(catalog))), catalog


def _refuse_before_playing(job: _Job) -> None:
    """Refuse, before any game, a job that cannot play: no bots and no policies, seat bots
    that do not match the players, or bad set-up choices (one throwaway set-up is drawn)."""
    profile = job.profile
    if job.policies is None and not profile.bots:
        raise ScenarioError(f"{profile.name} has no bots: pass policies=...")
    check_seats(profile, job.policies, job.start, job.start_is_state, job.players)
    if job.start is None and not job.start_is_state and profile.random_setup is not None:
        profile.random_setup(np.random.default_rng(0), job.players, **_setup_choices(job))


def _play_all(
    job: _Job,
    rules: Rules,
    games: int,
    where: tuple[int, Any, Runner | None],
    stop: Callable[[], bool] | None,
    reporter: _Reporter,
) -> tuple[_Rows, bool]:
    """Play the games of ``job`` here, in worker processes, on a Dask ``client`` or through
    a ``runner`` (``where`` is ``(workers, client, runner)``); the rows played and whether
    the run was stopped early."""
    workers, client, runner = where
    rows = _Rows()
    interrupted = False

    def collect(chunk_rows: list[dict[str, Any]]) -> None:
        rows.extend(chunk_rows)
        reporter.add(len(chunk_rows))

    if runner is not None:
        from .parallel import run_in_turns

        return rows, run_in_turns(play_chunk, job, games, collect, runner=runner, stop=stop)
    if client is not None or workers > 1:
        from .parallel import run_chunks

        chunks = game_chunks(games, workers if client is None else _dask_workers(client))
        interrupted = run_chunks(
            play_chunk, job, chunks, collect, workers=workers, client=client, stop=stop
        )
        return rows, interrupted
    try:
        with frozen_heap():
            for i in range(games):
                if stop is not None and stop():
                    interrupted = True
                    break
                rows.extend((play_game(job, i, rules),))
                reporter.add(1)
    except KeyboardInterrupt:
        interrupted = True
    return rows, interrupted


def _table(rows: _Rows, interrupted: bool, seed: int, games: int, game: str) -> pd.DataFrame:
    """The rows as a table sorted by ``game``, with the run's facts in its ``attrs``."""
    df = rows.frame()
    if len(df):
        df = df.sort_values("game", kind="stable").reset_index(drop=True)
    df.attrs.update(interrupted=interrupted, seed=seed, games=games, game=game)
    return df


def _dask_workers(client: Any) -> int:
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:
        return os.cpu_count() or 1


# -- exact play (small games) -------------------------------------------------------------------


def exact_game(
    rules: Rules,
    state: Any,
    policy: Policy,
    outcome: Callable[[Any], Any],
    *,
    limit: int = 200_000,
) -> dict[Any, Fraction]:
    """The exact distribution of ``outcome(final state)`` when ``policy`` plays every seat.

    Walks :meth:`Rules.outcomes` over every reachable state (memoized), so it
    suits small games; ``policy`` must be deterministic (it is given a
    generator it must not depend on). The Monte Carlo of :func:`simulate` can
    be checked against it.

    >>> from racerlab.core.testgame import CoinRace, CoinSetup, Flip
    >>> rules = CoinRace()
    >>> start = rules.initial_state(CoinSetup(players=2, target=2))
    >>> dist = exact_game(rules, start, lambda s, r, g: Flip(), lambda s: s.winner)
    >>> dist[0]  # a 2+ at once (5/6), or both roll 1 and then anything wins (1/36)
    Fraction(31, 36)
    """
    memo: dict[Any, dict[Any, Fraction]] = {}
    rng = np.random.default_rng(0)
    visits = 0

    def solve(s: Any) -> dict[Any, Fraction]:
        nonlocal visits
        key = replace(s, dice=state.dice)
        if key in memo:
            return memo[key]
        visits += 1
        if visits > limit:
            from ..core.chance import TooManyOutcomes

            raise TooManyOutcomes(f"more than {limit} states")
        if rules.is_over(s):
            result = {outcome(s): Fraction(1)}
        else:
            result = {}
            for nxt, p in rules.outcomes(s, policy(s, rules, rng)):
                for o, q in solve(nxt).items():
                    result[o] = result.get(o, Fraction(0)) + p * q
        memo[key] = result
        return result

    return solve(state)
