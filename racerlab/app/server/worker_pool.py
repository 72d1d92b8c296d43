"""Worker processes of a server process that go when it goes.

The server hands heavy work (search-bot moves, simulations, long links' replays) to
spawned worker processes. A server that is stopped closes them; one that is killed
(a terminal closed, ``kill -9``, a crashed kernel) cannot, and its workers would wait
for work forever. Each worker therefore watches the process that made it and ends
itself once that process is gone.

Workers also run at a lower priority than the server (:data:`WORKER_NICENESS`): on a
busy machine the processor goes first to the event loop that answers every visitor's
clicks, and the heavy work takes what is left. Under the class-sized load of
``benchmarks/serve_load.py`` (20 tabs pressing Step beside two search-bot rounds and
two long simulations, on two cores) the server's loop had been losing the processor
for 0.4-0.75 s at a time to its own workers.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

__all__ = ["PARENT_CHECK_S", "WORKER_NICENESS", "spawn_pool"]

PARENT_CHECK_S = 1.0
"""How often a worker looks whether the process that made it is still there."""
WORKER_NICENESS = 10
"""How much lower a worker's scheduling priority is than its server's (POSIX ``nice``)."""


def spawn_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes, each ending itself when this process is gone."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
        initargs=(os.getpid(),),
    )


def _start_worker(parent: int) -> None:
    """In a worker, at its start: step back in priority, and watch ``parent`` from a
    daemon thread."""
    if hasattr(os, "nice"):  # POSIX; elsewhere workers keep the server's priority
        os.nice(WORKER_NICENESS)
    threading.Thread(
        target=_exit_when_orphaned, args=(parent,), daemon=True, name="racerlab-parent-watch"
    ).start()


def _exit_when_orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_S)
    os._exit(0)  # the server is gone: nothing to hand results to, nothing to clean
