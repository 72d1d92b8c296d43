"""Followers' pages learn of their teacher's changes: one watcher thread per server process.

Every follower page registers the class code it follows and a callback. One daemon thread
per process reads the versions of every followed class in one small query every
:data:`POLL_S` seconds; when a class's version moved, it reads that class's row once and
hands it to each page following it, on that page's own event loop
(:func:`racerlab.app.server.offload.hand_over`). Thirty followers on two processes are two
small reads every :data:`POLL_S`, not thirty. The same thread removes expired classes
every :data:`~racerlab.app.server.class_store.SWEEP_S`.

A page's registration is dropped when the page stops following or its session ends; a
document that has gone is forgotten (weak reference).
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

from .class_store import SWEEP_S, ClassRow, shared_store
from .offload import hand_over

__all__ = ["POLL_S", "Watch", "unwatch", "watch"]

log = logging.getLogger(__name__)

POLL_S = 0.2
"""How often (seconds) the watcher reads the followed classes' versions."""


class Watch:
    """One page following one class: ``changed(row)`` runs on the page's loop (``row`` is
    ``None`` when the class has gone)."""

    def __init__(self, code: str, doc: Any, changed: Callable[[ClassRow | None], None]) -> None:
        self.code = code
        self.doc = weakref.ref(doc) if doc is not None else None
        self.changed = changed
        self.seen = 0

    def deliver(self, row: ClassRow | None) -> bool:
        """Hand ``row`` to the page; ``False`` if the page has gone."""
        doc = None if self.doc is None else self.doc()
        if self.doc is not None and doc is None:
            return False
        if doc is None:
            self.changed(row)
        else:
            hand_over(doc, lambda: self.changed(row))
        return True


_watches: set[Watch] = set()
_lock = threading.Lock()
_thread: threading.Thread | None = None


def watch(code: str, doc: Any, changed: Callable[[ClassRow | None], None], seen: int = 0) -> Watch:
    """Call ``changed(row)`` on ``doc``'s loop each time class ``code`` changes past
    version ``seen`` (at once if it already has)."""
    global _thread
    w = Watch(code, doc, changed)
    w.seen = seen
    with _lock:
        _watches.add(w)
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_run, name="racerlab-class-watch", daemon=True)
            _thread.start()
    return w


def unwatch(w: Watch | None) -> None:
    """Stop a :func:`watch`."""
    with _lock:
        _watches.discard(w)  # type: ignore[arg-type]


def _run() -> None:
    last_sweep = 0.0
    while True:
        time.sleep(POLL_S)
        try:
            store = shared_store()
            if time.monotonic() - last_sweep > SWEEP_S:
                last_sweep = time.monotonic()
                store.expire()
            poll_once(store)
        except Exception:  # never let one bad read stop the class for everyone
            log.exception("watching the classes failed")


def poll_once(store: Any) -> int:
    """One look at every followed class; returns how many pages were told of a change."""
    with _lock:
        watches = list(_watches)
    if not watches:
        return 0
    versions = store.versions(sorted({w.code for w in watches}))
    rows: dict[str, ClassRow | None] = {}
    told = 0
    for w in watches:
        version = versions.get(w.code, (None, False))[0]
        if version is not None and version <= w.seen:
            continue
        if w.code not in rows:
            rows[w.code] = store.read(w.code) if version is not None else None
        row = rows[w.code]
        w.seen = row.version if row is not None else 1 << 62
        if not w.deliver(row):
            unwatch(w)
        else:
            told += 1
    return told
