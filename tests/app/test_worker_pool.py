"""A server's worker processes end themselves when the server is killed, and run at a
lower priority than the server."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

MAKER = """
import os, sys
from racerlab.app.server.worker_pool import spawn_pool

if __name__ == "__main__":
    pool = spawn_pool(1)
    print(pool.submit(os.getpid).result(timeout=120), flush=True)
    sys.stdin.read()  # wait until killed
"""


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie no parent has reaped yet counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_a_killed_servers_workers_end_themselves(tmp_path):
    script = tmp_path / "maker.py"
    script.write_text(MAKER)
    maker = subprocess.Popen(
        [sys.executable, str(script)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    worker = int(maker.stdout.readline())
    assert _alive(worker)
    os.kill(maker.pid, signal.SIGKILL)  # no chance to close its pool
    maker.wait(timeout=30)
    deadline = time.monotonic() + 60
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _alive(worker), f"worker {worker} outlived its killed server"


def test_workers_of_a_live_server_stay():
    from racerlab.app.server.worker_pool import spawn_pool

    pool = spawn_pool(1)
    try:
        first = pool.submit(os.getpid).result(timeout=120)
        assert first != os.getpid()
        assert pool.submit(os.getpid).result(timeout=120) == first  # the same worker, kept
    finally:
        pool.shutdown()


def _niceness() -> int:
    return os.nice(0)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="POSIX priorities")
def test_workers_run_at_a_lower_priority_than_their_server():
    # the server's loop answers every visitor: on a busy machine it gets the processor first
    from racerlab.app.server.worker_pool import WORKER_NICENESS, spawn_pool

    pool = spawn_pool(1)
    try:
        worker = pool.submit(_niceness).result(timeout=120)
    finally:
        pool.shutdown()
    assert worker == min(19, os.nice(0) + WORKER_NICENESS)
