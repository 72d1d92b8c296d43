"""Scale-out: play chunks of games in local processes or on a Dask cluster.

:func:`run_chunks` maps ``fn(job, chunk)`` over chunks of game indices and
hands each chunk's rows to ``collect`` as soon as it is done, in whatever
order the workers finish. Because every game depends only on the run's seed
and its own index (see :func:`racerlab.analysis.simulate.game_streams`), the
order of completion never changes the final table.

Chunks are drawn from their iterable only as workers free up: at most
:func:`in_flight_limit` chunks are submitted and not yet collected at any time,
so a run of a billion games holds a few chunks' worth of work in memory, never
the whole list (``chunks`` may be a lazy generator).

Stopping (a ``stop`` callback returning true, or Ctrl-C) cancels the chunks
not yet started, keeps the rows of the chunks already done and returns
``True``. Worker processes ignore Ctrl-C so that only the parent decides; a
shared stop flag makes a chunk being played end after its current game and
return the games it finished, so nothing played is lost and stopping is quick.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import pickle
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

__all__ = [
    "IN_FLIGHT_PER_WORKER",
    "RUNNER_CHUNK_S",
    "Runner",
    "in_flight_limit",
    "job_payload",
    "play_payload",
    "run_chunks",
    "run_dask",
    "run_in_turns",
    "run_processes",
    "usable_cores",
]

_POLL_S = 0.05
"""How often a waiting run checks its ``stop`` callback (seconds)."""

IN_FLIGHT_PER_WORKER = 2
"""Chunks submitted ahead per worker: one being played and one queued behind it, so a
worker never waits for the parent, and nothing more is held in memory."""


def in_flight_limit(workers: int) -> int:
    """Most chunks submitted and not yet collected, for ``workers`` workers.

    >>> in_flight_limit(4)
    8
    """
    return IN_FLIGHT_PER_WORKER * max(1, workers)


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says, else
    :func:`os.cpu_count`): the most worker processes worth starting."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - macOS, Windows
        return max(1, os.cpu_count() or 1)


def _top_up(pending: set[Any], todo: Iterator[Sequence[int]], limit: int, submit: Callable) -> None:
    """Submit chunks from ``todo`` until ``limit`` are pending (or none is left)."""
    for chunk in itertools.islice(todo, max(0, limit - len(pending))):
        pending.add(submit(list(chunk)))


_STOP: Any = None
"""In a worker process: the run's stop flag (a multiprocessing Event)."""


def _init_worker(stop_flag: Any) -> None:
    global _STOP
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _STOP = stop_flag


def play_payload(fn: Callable[[Any, Sequence[int]], Any], payload: bytes, chunk: list[int]):
    """Play a chunk of the pickled job game by game (in a worker process), returning early
    (with the games done) once the run stops."""
    job = pickle.loads(payload)
    rows: list[Any] = []
    for index in chunk:
        if _STOP is not None and _STOP.is_set():
            break
        rows.extend(fn(job, [index]))
    return rows


def job_payload(job: Any) -> bytes:
    """The job as bytes, for :func:`play_payload`; cloudpickle (shipped with Dask) also
    carries lambdas and closures."""
    try:
        import cloudpickle
    except ImportError:  # pragma: no cover - plain pickle: module-level policies only
        return pickle.dumps(job)
    return cloudpickle.dumps(job)


def run_chunks(
    fn: Callable[[Any, Sequence[int]], list[dict[str, Any]]],
    job: Any,
    chunks: Iterable[Sequence[int]],
    collect: Callable[[list[dict[str, Any]]], None],
    *,
    workers: int = 2,
    client: Any = None,
    stop: Callable[[], bool] | None = None,
) -> bool:
    """Run every chunk on ``client`` (Dask) if given, else in ``workers`` processes.

    Returns whether the run was stopped before every chunk was done.
    """
    if client is not None:
        return run_dask(fn, job, chunks, collect, client=client, stop=stop)
    return run_processes(fn, job, chunks, collect, workers=workers, stop=stop)


Runner = Callable[..., Any]
"""Where :func:`run_in_turns` plays a chunk: ``runner(fn, *args)`` returns ``fn(*args)``
(in another process when they pickle), or ``None`` to stop the run."""
RUNNER_CHUNK_S = 0.3
""":func:`run_in_turns`: about this much play (seconds) per chunk after the first game,
so a chunk is a short turn on a worker shared with other work."""


def run_in_turns(
    fn: Callable[[Any, Sequence[int]], list[dict[str, Any]]],
    job: Any,
    games: int,
    collect: Callable[[list[dict[str, Any]]], None],
    *,
    runner: Runner,
    stop: Callable[[], bool] | None = None,
) -> bool:
    """Play games ``0..games-1`` of ``job`` in order, one chunk at a time through
    ``runner``: the first chunk one game (a quick first estimate), later ones sized to about
    :data:`RUNNER_CHUNK_S`; the job is pickled once (:func:`job_payload`) and each chunk
    sent as ``runner(play_payload, fn, payload, chunk)``, or as ``runner(fn, job, chunk)``
    when the job does not pickle. Returns whether the run was stopped before the end."""
    try:
        payload: bytes | None = job_payload(job)
    except Exception:  # a lock in a cache, say: the runner plays the job as it is
        payload = None
    size, done = 1, 0
    while done < games:
        if stop is not None and stop():
            return True
        chunk = list(range(done, min(games, done + size)))
        started = time.perf_counter()
        if payload is None:
            played = runner(fn, job, chunk)
        else:
            played = runner(play_payload, fn, payload, chunk)
        if played is None:
            return True
        took = time.perf_counter() - started
        collect(played)
        done += len(chunk)
        if len(played) < len(chunk):  # the chunk was cut short: the run is stopping
            return True
        # the next chunk is sized to take about RUNNER_CHUNK_S (at most 200 games)
        size = 200 if took <= 0 else max(1, min(200, int(len(chunk) * RUNNER_CHUNK_S / took)))
    return False


def _context() -> multiprocessing.context.BaseContext:
    # fork starts fastest and lets notebook-defined policies reach the workers;
    # where it does not exist (Windows, macOS default) use the platform default.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def run_processes(
    fn: Callable[[Any, Sequence[int]], list[dict[str, Any]]],
    job: Any,
    chunks: Iterable[Sequence[int]],
    collect: Callable[[list[dict[str, Any]]], None],
    *,
    workers: int = 2,
    stop: Callable[[], bool] | None = None,
) -> bool:
    """Play the chunks in a pool of ``workers`` local processes; see :func:`run_chunks`."""
    ctx = _context()
    stop_flag = ctx.Event()
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=ctx, initializer=_init_worker, initargs=(stop_flag,)
    )
    pending: set[Future] = set()
    stopped = False
    todo, limit = iter(chunks), in_flight_limit(workers)
    try:
        payload = job_payload(job)

        def submit(chunk: list[int]) -> Future:
            return pool.submit(play_payload, fn, payload, chunk)

        _top_up(pending, todo, limit, submit)
        while pending:
            if stop is not None and stop():
                stopped = True
                break
            done, pending = wait(pending, timeout=_POLL_S, return_when=FIRST_COMPLETED)
            for fut in done:
                collect(fut.result())
            _top_up(pending, todo, limit, submit)
    except KeyboardInterrupt:
        stopped = True
    finally:
        # the chunks being played end after their current game and hand back the games done
        stop_flag.set()
        for fut in pending:
            fut.cancel()
        _collect_finished(pending, collect)
        pool.shutdown(wait=True, cancel_futures=True)
    return stopped


def _collect_finished(futures: set[Future], collect: Callable[[Any], None]) -> None:
    """Collect what running chunks return after the stop flag is set (Ctrl-C again: leave)."""
    try:
        for fut in futures:
            if not fut.cancelled():
                try:
                    collect(fut.result())
                except Exception:  # a chunk that failed while stopping adds nothing
                    continue
    except KeyboardInterrupt:
        return


def run_dask(
    fn: Callable[[Any, Sequence[int]], list[dict[str, Any]]],
    job: Any,
    chunks: Iterable[Sequence[int]],
    collect: Callable[[list[dict[str, Any]]], None],
    *,
    client: Any,
    stop: Callable[[], bool] | None = None,
) -> bool:
    """Play the chunks on a ``dask.distributed`` client; see :func:`run_chunks`."""
    from distributed import as_completed

    job_future = client.scatter(job, broadcast=True)
    todo = iter(chunks)
    limit = in_flight_limit(sum(client.nthreads().values()))
    remaining: set[Any] = set()
    stopped = False
    ac = as_completed()

    def submit(chunk: list[int]) -> Any:
        fut = client.submit(fn, job_future, chunk, pure=False)
        ac.add(fut)
        return fut

    try:
        _top_up(remaining, todo, limit, submit)
        while remaining:
            if stop is not None and stop():
                stopped = True
                break
            batch = ac.next_batch(block=False)
            if not batch:
                time.sleep(_POLL_S / 5)
                continue
            for fut in batch:
                remaining.discard(fut)
                collect(fut.result())
            _top_up(remaining, todo, limit, submit)
    except KeyboardInterrupt:
        stopped = True
    finally:
        if remaining:
            for fut in list(remaining):  # chunks finished but not yet collected are kept
                if fut.status == "finished":
                    remaining.discard(fut)
                    collect(fut.result())
            client.cancel(list(remaining))
    return stopped
