"""Scale-out: the same seed gives the same table in 1 or 2 processes and on Dask clusters."""

from __future__ import annotations

import pytest

from racerlab.analysis.simulate import simulate
from racerlab.core.testgame import CoinSetup

SETUP = CoinSetup(players=3, target=15)
GAMES = 120


@pytest.fixture(scope="module")
def serial():
    return simulate("coin-race", SETUP, games=GAMES, seed=11, progress=False)


def test_two_processes_match_one(serial):
    two = simulate("coin-race", SETUP, games=GAMES, seed=11, workers=2, progress=False)
    assert two.equals(serial)
    assert two.attrs["interrupted"] is False


@pytest.mark.parametrize("processes", [False, True])
def test_dask_local_cluster_matches_one_process(serial, processes):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=processes,
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        df = simulate("coin-race", SETUP, games=GAMES, seed=11, client=client, progress=False)
    assert df.equals(serial)


def test_processes_stop_keeps_finished_chunks(serial):
    done = []
    df = simulate(
        "coin-race",
        SETUP,
        games=GAMES,
        seed=11,
        workers=2,
        progress=lambda n, total: done.append(n),
        stop=lambda: bool(done),
    )
    assert df.attrs["interrupted"] is True
    assert 0 < len(df) < GAMES
    # the games kept are exactly those games of the full run
    assert df.equals(serial.iloc[df["game"]].reset_index(drop=True))


def test_processes_keyboard_interrupt_keeps_finished_chunks(serial):
    def progress(done, total):
        if done >= 1:
            raise KeyboardInterrupt

    df = simulate("coin-race", SETUP, games=GAMES, seed=11, workers=2, progress=progress)
    assert df.attrs["interrupted"] is True
    assert 0 < len(df) < GAMES
    assert df.equals(serial.iloc[df["game"]].reset_index(drop=True))


def test_processes_carry_lambda_policies(serial):
    from racerlab.core.testgame import Flip

    flips = simulate(
        "coin-race", SETUP, games=40, seed=11, policies=lambda s, r, g: Flip(), progress=False
    )
    two = simulate(
        "coin-race",
        SETUP,
        games=40,
        seed=11,
        policies=lambda s, r, g: Flip(),
        workers=2,
        progress=False,
    )
    assert two.equals(flips)


def test_dask_stop_keeps_finished_chunks(serial):
    distributed = pytest.importorskip("distributed")
    done = []
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        df = simulate(
            "coin-race",
            SETUP,
            games=GAMES,
            seed=11,
            client=client,
            progress=lambda n, total: done.append(n),
            stop=lambda: bool(done),
        )
    assert df.attrs["interrupted"] is True
    assert 0 < len(df) <= GAMES  # the worker may finish the chunks in hand before the stop lands
    assert df.equals(serial.iloc[df["game"]].reset_index(drop=True))


# -- bounded work in flight: memory flat in the number of games ------------------------------------
def numbered_rows(job, chunk):
    """A stand-in for playing a chunk: one row per game index, at once."""
    return [{"game": i} for i in chunk]


class CountedChunks:
    """Chunks handed out one at a time, counting how many were taken and collected."""

    def __init__(self, n: int, size: int = 3) -> None:
        self.n, self.size = n, size
        self.taken = self.collected = self.most_ahead = 0

    def __iter__(self):
        for start in range(0, self.n, self.size):
            self.taken += 1
            yield range(start, min(self.n, start + self.size))

    def collect(self, rows) -> None:
        self.collected += 1
        self.most_ahead = max(self.most_ahead, self.taken - self.collected + 1)


def test_processes_take_chunks_only_as_workers_free_up():
    from racerlab.analysis.parallel import in_flight_limit, run_processes

    chunks = CountedChunks(300)
    stopped = run_processes(numbered_rows, None, chunks, chunks.collect, workers=2)
    assert not stopped and chunks.collected == chunks.taken == 100
    assert 1 <= chunks.most_ahead <= in_flight_limit(2) == 4


def test_dask_takes_chunks_only_as_workers_free_up():
    distributed = pytest.importorskip("distributed")
    from racerlab.analysis.parallel import in_flight_limit, run_dask

    chunks = CountedChunks(120)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        stopped = run_dask(numbered_rows, None, chunks, chunks.collect, client=client)
    assert not stopped and chunks.collected == chunks.taken == 40
    assert 1 <= chunks.most_ahead <= in_flight_limit(2)


def test_a_long_run_makes_its_chunks_lazily():
    from racerlab.analysis.simulate import game_chunks

    chunks = game_chunks(10**9, 2)  # a list of them would take gigabytes
    assert not isinstance(chunks, list | tuple)
    assert next(iter(chunks)) == range(0, 200)
