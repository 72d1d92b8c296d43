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
