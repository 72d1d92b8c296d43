"""Worker processes of a server process that go when it goes.

The server hands heavy work (search-bot moves, simulations, long links' replays) to
spawned worker processes. A server that is stopped closes them; one that is killed
(a terminal closed, ``kill -9``, a crashed kernel) cannot, and its workers would wait
for work forever. Each worker therefore watches the process that made it and ends
itself once that process is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

__all__ = ["PARENT_CHECK_S", "spawn_pool"]

PARENT_CHECK_S = 1.0
"""How often a worker looks whether the process that made it is still there."""


def spawn_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes, each ending itself when this process is gone."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_watch_parent,
        initargs=(os.getpid(),),
    )


def _watch_parent(parent: int) -> None:
    """In a worker, at its start: watch ``parent`` from a daemon thread."""
    threading.Thread(
        target=_exit_when_orphaned, args=(parent,), daemon=True, name="racerlab-parent-watch"
    ).start()


def _exit_when_orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_S)
    os._exit(0)  # the server is gone: nothing to hand results to, nothing to clean
