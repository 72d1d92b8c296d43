"""Issue 17 item 8: stopping a multi-process run keeps every game finished, and quickly.

Each game here is slowed by a policy that sleeps, so a chunk takes seconds: a
stop arrives while every chunk is being played. The games finished inside those
chunks are kept (before, 0 were, and the call waited for the chunks to end).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time

from racerlab.analysis.simulate import simulate
from racerlab.core.testgame import CoinSetup, Flip

SETUP = CoinSetup(players=2, target=6)


def slow_flip(state, rules, rng):
    time.sleep(0.05)
    return Flip()


def test_a_stop_mid_chunk_keeps_the_games_finished_in_every_worker():
    started = time.monotonic()
    stopped_at: list[float] = []

    def stop() -> bool:
        if time.monotonic() - started > 2.5:
            stopped_at.append(time.monotonic())
            return True
        return False

    df = simulate(
        "coin-race",
        SETUP,
        games=2000,
        seed=5,
        workers=2,
        policies=slow_flip,
        progress=False,
        stop=stop,
    )
    assert df.attrs["interrupted"] is True
    assert 0 < len(df) < 2000
    assert time.monotonic() - stopped_at[0] < 4.0  # the chunks end after their current game
    serial = simulate(
        "coin-race", SETUP, games=2000, seed=5, policies=lambda s, r, g: Flip(), progress=False
    )
    assert df.equals(serial.iloc[df["game"]].reset_index(drop=True))


def test_ctrl_c_on_the_command_with_two_workers_keeps_the_games(tmp_path):
    out = tmp_path / "games.csv"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "racerlab",
            "simulate",
            "sonic",
            "--games",
            "3000",
            "--workers",
            "2",
            "--no-progress",
            "-o",
            str(out),
        ],
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(8)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert "kept them" in err
    rows = out.read_text().splitlines()
    assert len(rows) > 1, err
