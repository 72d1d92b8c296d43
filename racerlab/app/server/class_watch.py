"""Followers' pages learn of their teacher's changes: one watcher thread per server process.

Every follower page registers the class code it follows and a callback. One daemon thread
per process reads the versions of every followed class in one small query every
:data:`POLL_S` seconds; when a class's version moved, it reads that class's row once and
hands it to each page following it, on that page's own event loop
(:func:`racerlab.app.server.offload.hand_over`). Thirty followers on two processes are two
small reads every :data:`POLL_S`, not thirty. A page may also be told of the class's
questions (a question asked, an answer given, a reveal): the class's ``asked`` counter
moved, the latest :class:`~racerlab.app.server.class_store.Question` is read once and
handed to each such page (the teacher's page watches only these). The same thread
removes expired classes every :data:`~racerlab.app.server.class_store.SWEEP_S`.

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

from .class_store import SWEEP_S, ClassRow, Question, shared_store
from .offload import hand_over

__all__ = ["POLL_S", "Watch", "unwatch", "watch"]

log = logging.getLogger(__name__)

POLL_S = 0.2
"""How often (seconds) the watcher reads the followed classes' versions."""


class Watch:
    """One page following one class: ``changed(row)`` runs on the page's loop (``row`` is
    ``None`` when the class has gone); ``asked(question)`` when its questions moved."""

    def __init__(
        self,
        code: str,
        doc: Any,
        changed: Callable[[ClassRow | None], None] | None,
        asked: Callable[[Question | None], None] | None = None,
    ) -> None:
        self.code = code
        self.doc = weakref.ref(doc) if doc is not None else None
        self.changed = changed
        self.asked = asked
        self.seen = 0
        self.seen_asked = 0

    def deliver(self, call: Callable[[Any], None] | None, value: Any) -> bool:
        """Hand ``value`` to the page's ``call``; ``False`` if the page has gone."""
        doc = None if self.doc is None else self.doc()
        if self.doc is not None and doc is None:
            return False
        if call is None:
            return True
        if doc is None:
            call(value)
        else:
            hand_over(doc, lambda: call(value))
        return True


_watches: set[Watch] = set()
_lock = threading.Lock()
_thread: threading.Thread | None = None


def watch(
    code: str,
    doc: Any,
    changed: Callable[[ClassRow | None], None] | None,
    seen: int = 0,
    asked: Callable[[Question | None], None] | None = None,
) -> Watch:
    """Call ``changed(row)`` on ``doc``'s loop each time class ``code`` changes past
    version ``seen`` (at once if it already has), and ``asked(question)`` each time its
    questions move (at once if it has one)."""
    global _thread
    w = Watch(code, doc, changed, asked)
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
    questions: dict[str, Question | None] = {}
    told = 0
    for w in watches:
        version, _live, asked = versions.get(w.code, (None, False, 0))
        news: list[tuple[Any, Any]] = []
        if w.changed is not None and (version is None or version > w.seen):
            if w.code not in rows:
                rows[w.code] = store.read(w.code) if version is not None else None
            row = rows[w.code]
            w.seen = row.version if row is not None else 1 << 62
            news.append((w.changed, row))
        if w.asked is not None and version is not None and asked > w.seen_asked:
            if w.code not in questions:
                questions[w.code] = store.question(w.code)
            w.seen_asked = asked
            news.append((w.asked, questions[w.code]))
        for call, value in news:
            if not w.deliver(call, value):
                unwatch(w)
                break
            told += 1
    return told
