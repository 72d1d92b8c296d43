"""simulate(runner=...): games played a chunk at a time wherever the runner says."""

from __future__ import annotations

from racerlab.analysis.simulate import simulate
from racerlab.core.testgame import CoinRace, CoinSetup

SETUP = CoinSetup(players=3, target=10)


def test_a_run_through_a_runner_is_the_same_table_chunk_by_chunk():
    chunks: list[list[int]] = []

    def runner(fn, *args):
        chunks.append(list(args[-1]))
        return fn(*args)

    here = simulate(CoinRace(), SETUP, games=30, seed=4, progress=False)
    through = simulate(CoinRace(), SETUP, games=30, seed=4, progress=False, runner=runner)
    assert through.equals(here) and through.attrs["interrupted"] is False
    assert chunks[0] == [0]  # the first chunk is one game (a quick first estimate)
    assert [i for c in chunks for i in c] == list(range(30))  # in order, each game once


def test_a_runner_returning_none_stops_the_run_keeping_the_games_played():
    calls = []

    def runner(fn, *args):
        calls.append(1)
        return fn(*args) if len(calls) < 3 else None

    df = simulate(CoinRace(), SETUP, games=10_000, seed=1, progress=False, runner=runner)
    assert df.attrs["interrupted"] is True
    assert 2 <= len(df) < 10_000 and list(df["game"]) == list(range(len(df)))
