"""The class store: the games teachers share with their class, in one SQLite file.

A class is a short code students type or scan, a teacher secret (only its SHA-256 hash is
kept), the teacher's game as saved-game JSON (set-up, options, seed, actions), the cursor
and selected racer shown, and a version that goes up by one on every change. Every server
process opens the same file (``racerlab serve --num-procs 2``), so a follower's page on one
process sees the teacher's page on the other, and a class survives a server restart.

* **Where.** ``<data dir>/classes.sqlite3``; the data dir is ``racerlab serve --data-dir
  DIR``, else ``$RACERLAB_DATA_DIR``, else the user's data folder
  (``platformdirs.user_data_dir("racerlab")``). See :func:`data_dir`.
* **Sharing.** SQLite in WAL mode: readers never wait for the writer, writers queue on the
  file's lock (``busy_timeout`` :data:`BUSY_MS`). Each thread has its own connection, made
  after any fork. Callers on an event loop use :func:`in_store_thread`.
* **Codes.** :data:`CODE_LENGTH` letters from :data:`CODE_ALPHABET` (no 0/O, 1/I/L, 2/Z,
  5/S, 8/B look-alikes): 21 to the 6th, about 86 million codes. A code is never given to a
  new class while a class with that code is in the store (alive, or ended and not yet
  removed).
* **Expiry.** A class untouched (no change by its teacher) for :data:`IDLE_S` (4 hours) is
  removed with its questions and answers, when a class is started and every
  :data:`SWEEP_S` by :mod:`racerlab.app.server.class_watch`.
* **Guessing.** :class:`FollowLimiter`: per client address and server process,
  :data:`FREE_MISSES` wrong codes, then each further wrong code doubles the wait before the
  next look-up (2 s, 4 s, ... up to :data:`MAX_WAIT_S`); misses older than
  :data:`MISS_WINDOW_S` are forgotten.

>>> import tempfile
>>> store = ClassStore(tempfile.mkdtemp())
>>> code, secret = store.create('{"game": "x"}', cursor=0, selected=0)
>>> len(code), store.read(code).version
(6, 1)
>>> store.publish(code, secret, '{"game": "x", "actions": [1]}', cursor=1, selected=0)
2
>>> store.publish(code, "wrong", "{}", cursor=0, selected=0)
Traceback (most recent call last):
...
racerlab.core.errors.ScenarioError: this browser is not the teacher of class ...
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.errors import ScenarioError

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "IDLE_S",
    "KINDS",
    "ClassRow",
    "ClassStore",
    "FollowLimiter",
    "Question",
    "data_dir",
    "in_store_thread",
    "normal_code",
    "shared_limiter",
    "shared_store",
]

CODE_ALPHABET = "ACDEFHJKMNPRTWXY34679"
"""Letters and digits of class codes: none that reads as another (0/O, 1/I/L, 2/Z, 5/S, 8/B)."""
CODE_LENGTH = 6
"""Characters of a class code."""
IDLE_S = 4 * 3600
"""A class untouched by its teacher for this long (seconds) is removed."""
SWEEP_S = 600
"""How often (seconds) each server process removes expired classes."""
BUSY_MS = 5000
"""How long a connection waits for another process's write before giving up (ms)."""
MAX_GAME_CHARS = 2_000_000
"""Largest game text a class keeps (a saved game's own limit is lower)."""
FREE_MISSES = 5
"""Wrong class codes a client address may try before it has to wait."""
MAX_WAIT_S = 60.0
"""Longest wait between look-ups imposed on a client that keeps guessing (seconds)."""
MISS_WINDOW_S = 600.0
"""Wrong codes older than this (seconds) no longer count."""
MAX_ANSWER_CHARS = 40
"""Longest answer a student may give (characters)."""
KINDS = ("yes/no", "number", "percent")
"""Kinds of question: Yes/No, a number, a chance in percent (0–100)."""

UPGRADES = (
    "ALTER TABLE classes ADD COLUMN asked INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE questions ADD COLUMN options TEXT NOT NULL DEFAULT ''",
)
"""Columns a store made before questions had them gets on opening."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY,
    secret_hash TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    cursor INTEGER NOT NULL,
    selected INTEGER NOT NULL,
    version INTEGER NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL,
    ended REAL,
    asked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS questions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    exact REAL,
    options TEXT NOT NULL DEFAULT '',
    revealed INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS answers (
    question INTEGER NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
    student TEXT NOT NULL,
    answer TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (question, student)
);
"""


def data_dir(given: str | os.PathLike[str] | None = None) -> Path:
    """The folder the class store lives in: ``given``, ``$RACERLAB_DATA_DIR``, or the
    user's data folder for racerlab."""
    if given:
        return Path(given)
    env = os.environ.get("RACERLAB_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("racerlab"))


def normal_code(typed: str) -> str:
    """A typed class code as stored: capitals, no spaces or dashes; ``""`` if it cannot
    be a code (wrong length or characters).

    >>> normal_code(" ack-3 7p "), normal_code("hello!")
    ('ACK37P', '')
    """
    code = "".join(c for c in str(typed).upper() if c not in " -\t")
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return ""
    return code


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", errors="replace")).hexdigest()


@dataclass(frozen=True, slots=True)
class ClassRow:
    """One class as stored (the teacher's secret is not kept, only its hash)."""

    code: str
    game: str
    cursor: int
    selected: int
    version: int
    created: float
    touched: float
    ended: float | None
    asked: int = 0

    @property
    def is_live(self) -> bool:
        """Whether the class is still running (not ended by its teacher)."""
        return self.ended is None


class ClassStore:
    """Classes, questions and answers in ``<folder>/classes.sqlite3`` (see the module)."""

    def __init__(self, folder: str | os.PathLike[str] | None = None, *, idle_s: float = IDLE_S):
        self.folder = data_dir(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / "classes.sqlite3"
        self.idle_s = idle_s
        self._local = threading.local()
        with self._db() as db:
            db.executescript(SCHEMA)
            for upgrade in UPGRADES:
                with contextlib.suppress(sqlite3.OperationalError):  # the column is there
                    db.execute(upgrade)
        self.expire()

    def _db(self) -> sqlite3.Connection:
        """This thread's connection (a new one in a forked process)."""
        db = getattr(self._local, "db", None)
        if db is None or self._local.pid != os.getpid():
            db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA busy_timeout={BUSY_MS}")
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA synchronous=NORMAL")
            self._local.db, self._local.pid = db, os.getpid()
        return db

    # -- classes ---------------------------------------------------------------------------
    def create(self, game: str, *, cursor: int, selected: int) -> tuple[str, str]:
        """Start a class showing ``game``; returns ``(code, teacher secret)``."""
        _check_game_text(game)
        self.expire()
        secret = secrets.token_urlsafe(24)
        now = time.time()
        for _ in range(50):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                self._db().execute(
                    "INSERT INTO classes VALUES (?, ?, ?, ?, ?, 1, ?, ?, NULL, 0)",
                    (code, _hash(secret), game, int(cursor), int(selected), now, now),
                )
            except sqlite3.IntegrityError:
                continue  # a class has that code: draw another
            return code, secret
        raise ScenarioError("could not find a free class code; try again")

    def read(self, code: str) -> ClassRow | None:
        """The class ``code`` (``None`` if there is none)."""
        row = (
            self._db()
            .execute(
                "SELECT code, game, cursor, selected, version, created, touched, ended, asked "
                "FROM classes WHERE code = ?",
                (code,),
            )
            .fetchone()
        )
        return None if row is None else ClassRow(*row)

    def versions(self, codes: list[str]) -> dict[str, tuple[int, bool, int]]:
        """``code -> (version, live, asked)`` of the classes among ``codes`` (one small
        read); ``asked`` goes up on each question, answer and reveal."""
        if not codes:
            return {}
        marks = ",".join("?" * len(codes))
        rows = self._db().execute(
            f"SELECT code, version, ended IS NULL, asked FROM classes WHERE code IN ({marks})",
            codes,
        )
        return {code: (version, bool(live), asked) for code, version, live, asked in rows}

    def teacher_class(self, secret: str) -> ClassRow | None:
        """The live class whose teacher secret is ``secret`` (``None``: none, or ended)."""
        if not secret:
            return None
        row = (
            self._db()
            .execute(
                "SELECT code FROM classes WHERE secret_hash = ? AND ended IS NULL", (_hash(secret),)
            )
            .fetchone()
        )
        return None if row is None else self.read(row[0])

    def _check(self, code: str, secret: str) -> None:
        row = (
            self._db()
            .execute("SELECT secret_hash, ended FROM classes WHERE code = ?", (code,))
            .fetchone()
        )
        if row is None:
            raise ScenarioError(f"there is no class {code} (it ended or expired)")
        if not hmac.compare_digest(row[0], _hash(secret)):
            raise ScenarioError(f"this browser is not the teacher of class {code}")
        if row[1] is not None:
            raise ScenarioError(f"class {code} has ended")

    def publish(self, code: str, secret: str, game: str, *, cursor: int, selected: int) -> int:
        """The teacher's game changed: store it; returns the class's new version."""
        _check_game_text(game)
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            self._check(code, secret)
            db.execute(
                "UPDATE classes SET game = ?, cursor = ?, selected = ?, version = version + 1, "
                "touched = ? WHERE code = ?",
                (game, int(cursor), int(selected), time.time(), code),
            )
            (version,) = db.execute(
                "SELECT version FROM classes WHERE code = ?", (code,)
            ).fetchone()
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return int(version)

    def end(self, code: str, secret: str) -> None:
        """The teacher ends the class: followers keep the last position as their own game."""
        self._check(code, secret)
        self._db().execute(
            "UPDATE classes SET ended = ?, version = version + 1 WHERE code = ?",
            (time.time(), code),
        )

    def expire(self, now: float | None = None) -> int:
        """Remove classes untouched for :attr:`idle_s` (with their questions and answers);
        returns how many were removed."""
        cutoff = (time.time() if now is None else now) - self.idle_s
        cur = self._db().execute("DELETE FROM classes WHERE touched < ?", (cutoff,))
        return cur.rowcount

    # -- questions and answers -------------------------------------------------------------
    def ask(
        self, code: str, secret: str, kind: str, text: str, exact: float | None, options: str = ""
    ) -> int:
        """The teacher poses a question (``kind`` one of :data:`KINDS`; ``options`` the
        answers offered, e.g. ``"yes,no"``); returns its id."""
        if kind not in KINDS:
            raise ScenarioError(f"a question's kind is one of {', '.join(KINDS)}, not {kind!r}")
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            self._check(code, secret)
            cur = db.execute(
                "INSERT INTO questions (code, kind, text, exact, options, created) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (code, kind, str(text)[:500], exact, str(options)[:200], time.time()),
            )
            db.execute(
                "UPDATE classes SET asked = asked + 1, touched = ? WHERE code = ?",
                (time.time(), code),
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return int(cur.lastrowid or 0)

    def answer(self, question: int, student: str, answer: str) -> None:
        """A student's answer (one per student: a second one replaces the first); refused
        once the answers are revealed. Kept as given (data, cut to :data:`MAX_ANSWER_CHARS`)."""
        answer = str(answer)[:MAX_ANSWER_CHARS]
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            row = db.execute(
                "SELECT revealed, code FROM questions WHERE id = ?", (int(question),)
            ).fetchone()
            if row is None:
                raise ScenarioError("that question is no longer asked")
            if row[0]:
                raise ScenarioError("the answers are already revealed")
            db.execute(
                "INSERT INTO answers VALUES (?, ?, ?, ?) "
                "ON CONFLICT (question, student) DO UPDATE SET answer = excluded.answer, "
                "at = excluded.at",
                (int(question), str(student)[:64], answer, time.time()),
            )
            db.execute("UPDATE classes SET asked = asked + 1 WHERE code = ?", (row[1],))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def reveal(self, code: str, secret: str, question: int) -> None:
        """The teacher shows everyone the answers and the exact answer."""
        self._check(code, secret)
        cur = self._db().execute(
            "UPDATE questions SET revealed = 1 WHERE id = ? AND code = ?", (int(question), code)
        )
        if not cur.rowcount:
            raise ScenarioError("that question is not this class's")
        self._db().execute(
            "UPDATE classes SET asked = asked + 1, touched = ? WHERE code = ?", (time.time(), code)
        )

    def answers(self, question: int) -> dict[str, str]:
        """``student -> answer`` for ``question``."""
        rows = self._db().execute(
            "SELECT student, answer FROM answers WHERE question = ? ORDER BY at", (int(question),)
        )
        return dict(rows.fetchall())

    def question(self, code: str) -> Question | None:
        """The class's latest question with how many students answered (and, once revealed,
        their answers); ``None`` if it has none."""
        row = (
            self._db()
            .execute(
                "SELECT id, kind, text, options, exact, revealed FROM questions WHERE code = ? "
                "ORDER BY id DESC LIMIT 1",
                (code,),
            )
            .fetchone()
        )
        if row is None:
            return None
        qid, kind, text, options, exact, revealed = row
        answers = self.answers(qid)
        shown = tuple(answers.values()) if revealed else ()
        return Question(qid, kind, text, options, exact, bool(revealed), len(answers), shown)


@dataclass(frozen=True, slots=True)
class Question:
    """A class's question as its pages show it: ``answered`` counts distinct students;
    ``answers`` holds their answers once ``revealed`` (empty before)."""

    id: int
    kind: str
    text: str
    options: str
    exact: float | None
    revealed: bool
    answered: int
    answers: tuple[str, ...] = ()


def _check_game_text(game: str) -> None:
    if not isinstance(game, str) or len(game) > MAX_GAME_CHARS:
        raise ScenarioError(f"a class's game must be text of at most {MAX_GAME_CHARS} characters")


class FollowLimiter:
    """Slows down guessing of class codes: per client address (see the module's numbers)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._misses: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def wait_s(self, client: str) -> float:
        """Seconds ``client`` must wait before its next look-up (0: go ahead)."""
        with self._lock:
            misses = self._recent(client)
            if len(misses) < FREE_MISSES:
                return 0.0
            delay = min(MAX_WAIT_S, 2.0 ** (len(misses) - FREE_MISSES + 1))
            return max(0.0, misses[-1] + delay - self.clock())

    def missed(self, client: str) -> None:
        """``client`` looked up a code no class has."""
        with self._lock:
            self._recent(client).append(self.clock())
            if len(self._misses) > 10_000:  # bounded: forget the quietest clients
                for key in list(self._misses)[:5_000]:
                    del self._misses[key]

    def _recent(self, client: str) -> list[float]:
        now = self.clock()
        kept = [t for t in self._misses.get(client, []) if now - t < MISS_WINDOW_S]
        self._misses[client] = kept
        return kept


_shared: dict[str, Any] = {}
_shared_lock = threading.Lock()


def shared_store() -> ClassStore:
    """This process's store in the configured data dir (made on first use)."""
    with _shared_lock:
        folder = str(data_dir())
        store = _shared.get(folder)
        if store is None:
            store = _shared[folder] = ClassStore(folder)
        return store


def shared_limiter() -> FollowLimiter:
    """This process's :class:`FollowLimiter`."""
    with _shared_lock:
        limiter = _shared.get("limiter")
        if limiter is None:
            limiter = _shared["limiter"] = FollowLimiter()
        return limiter


_executor: ThreadPoolExecutor | None = None


def in_store_thread(
    work: Callable[[], Any], then: Callable[[Any], None], failed: Callable[[BaseException], None]
) -> None:
    """Run ``work()`` on this process's one store thread (calls keep their order), then
    ``then(result)`` or ``failed(error)`` on the calling page's event loop (at once, in
    order, outside a server)."""
    global _executor
    from .offload import hand_over, in_server

    doc = in_server()
    if doc is None:
        try:
            result = work()
        except Exception as exc:
            failed(exc)
        else:
            then(result)
        return
    with _shared_lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="racerlab-class")

    def run() -> None:
        try:
            result = work()
        except Exception as exc:
            error = exc
            hand_over(doc, lambda: failed(error))
        else:
            hand_over(doc, lambda: then(result))

    _executor.submit(run)
