"""Bot moves and simulations off the server's event loop, fairly shared between sessions.

Bot moves (:func:`step_later`: Step, Player, Round and autoplay; :func:`work_out_later`:
a move only looked at, such as the hand tab's suggestion) and simulated
games run off the loop as each page's one job: a second request while one runs
is refused on its page ("still working on your last request"). A job is cut in
pieces (one bot move, a chunk of simulated games). Heavy pieces (a slow bot's
move, simulated games) wait in line for :data:`FAIR_SLOTS` slots
(:class:`FairShare`) and run in :data:`MOVE_PROCESSES` worker processes, leaving
the loop's interpreter alone: a session running the search bot for a whole
round holds a slot for one move at a time and every other session's pieces get
in between. A quick bot's move (:data:`HEAVY_MOVE_S` or less) never waits behind
them: it has a lane of its own (:data:`QUICK_THREADS` threads), so one Step is
served while long rounds and simulations queue. A bot's random stream comes back
with its move, so the game is the one played at home. A job that works longer
than :data:`JOB_BUDGET_S` in all is stopped and its page says so; one whose page
closes stops at its next piece. Outside a server (notebooks, tests) a step runs
at once.
"""

from __future__ import annotations

import logging
import pickle
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any

from ...core.errors import RacerlabError
from ..kit.session import BotMove, GameSession
from .offload import hand_over, in_server
from .worker_pool import spawn_pool

__all__ = [
    "BUSY",
    "FAIR",
    "FAIR_SLOTS",
    "HEAVY_MOVE_S",
    "JOB_BUDGET_S",
    "MOVE_PROCESSES",
    "QUICK_THREADS",
    "Busy",
    "FairShare",
    "Turns",
    "begin_job",
    "cancel_job",
    "end_job",
    "play_move",
    "run_elsewhere",
    "step_later",
    "submit_job",
    "work_out_later",
]

log = logging.getLogger(__name__)
_pool_lock = threading.Lock()

FAIR_SLOTS = 2
"""Pieces of heavy work (a slow bot's move, a chunk of simulated games) running at once,
all sessions together (one per core of the machine this was tuned on): they run in
:data:`MOVE_PROCESSES` worker processes, so they leave the event loop's interpreter
alone; the pieces of every session take turns for the slots."""
MOVE_PROCESSES = 2
"""Worker processes for heavy pieces (started when a slow bot or a simulation first
needs them)."""
JOB_THREADS = 32
"""Threads that wait, for the sessions, for a fair slot and for a worker process's
answer (waiting costs the loop nothing; one per session simulating or stepping)."""
QUICK_THREADS = 4
"""Threads that work out quick bots' moves (a lane of their own, in the order asked; a
bot not yet timed moves there once, so a slow one holds one of them for one move)."""
JOB_BUDGET_S = 180.0
"""Most working time one job (a step, a round, a turn) may take in all."""
BUSY = "still working on your last request"
"""What a page says when asked for more while its last request runs."""


class Busy(RacerlabError):
    """A session asked for heavy work while its last job still runs."""


class FairShare:
    """Slots of heavy work shared by every session, taken in the order asked.

    A job holds a slot for one piece and asks again for the next, so it goes to
    the back of the line: with one job per session, the sessions take turns.

    >>> fair = FairShare(1)
    >>> with fair.slot():
    ...     fair.waiting
    0
    """

    def __init__(self, slots: int = FAIR_SLOTS) -> None:
        self.slots = slots
        self._free = slots
        self._line: deque[object] = deque()
        self._cond = threading.Condition()

    @property
    def waiting(self) -> int:
        """Pieces waiting for a slot."""
        return len(self._line)

    def acquire(self, cancelled: Callable[[], bool] = lambda: False) -> bool:
        """Wait for a slot, in turn; ``False`` (no slot taken) once ``cancelled()`` is true."""
        ticket = object()
        with self._cond:
            self._line.append(ticket)
            while (self._line[0] is not ticket or self._free == 0) and not cancelled():
                self._cond.wait(0.25)
            self._line.remove(ticket)
            got = self._free > 0 and not cancelled()
            if got:
                self._free -= 1
            self._cond.notify_all()
        return got

    def release(self) -> None:
        """Give a slot back."""
        with self._cond:
            self._free += 1
            self._cond.notify_all()

    @contextmanager
    def slot(self, cancelled: Callable[[], bool] = lambda: False) -> Iterator[bool]:
        """Hold a slot inside the block (waiting in turn for it); yields ``False`` without
        one when ``cancelled()`` turned true while waiting."""
        got = self.acquire(cancelled)
        try:
            yield got
        finally:
            if got:
                self.release()


class Turns:
    """A long job's hold on a :class:`FairShare` slot, given up between its pieces.

    ``with Turns(fair, cancelled) as turns:`` waits for a slot; ``turns.again()``
    (after each piece) lets whoever waits go first; ``with turns.paused():``
    gives the slot up while the job waits for something else (an answer).
    """

    def __init__(self, fair: FairShare, cancelled: Callable[[], bool] = lambda: False) -> None:
        self.fair = fair
        self.cancelled = cancelled
        self.held = False

    def __enter__(self) -> Turns:
        self.held = self.fair.acquire(self.cancelled)
        return self

    def __exit__(self, *_exc: Any) -> None:
        if self.held:
            self.fair.release()
            self.held = False

    def again(self) -> None:
        """Between two pieces: go to the back of the line if anyone waits."""
        if self.held and self.fair.waiting:
            self.fair.release()
            self.held = self.fair.acquire(self.cancelled)
        elif not self.held:
            self.held = self.fair.acquire(self.cancelled)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Hold no slot inside the block; wait in turn for one after it."""
        if self.held:
            self.fair.release()
            self.held = False
        try:
            yield
        finally:
            self.held = self.fair.acquire(self.cancelled)


FAIR = FairShare()
"""The one :class:`FairShare` of this process (every session of a server)."""

_thread_pools: dict[str, ThreadPoolExecutor] = {}


def _threads(name: str, workers: int) -> ThreadPoolExecutor:
    """The server's pool of threads called ``name``, started when first needed."""
    with _pool_lock:
        pool = _thread_pools.get(name)
        if pool is None:
            pool = _thread_pools[name] = ThreadPoolExecutor(
                max_workers=workers, thread_name_prefix=name
            )
        return pool


def _jobs() -> ThreadPoolExecutor:
    return _threads("racerlab-job", JOB_THREADS)


def _quick() -> ThreadPoolExecutor:
    return _threads("racerlab-job-quick", QUICK_THREADS)


def submit_job(fn: Callable[..., Any], *args: Any) -> Future:
    """Run ``fn(*args)`` in a session-job worker thread (it takes its own fair turns)."""
    return _jobs().submit(fn, *args)


class _Job:
    """One session's running job: what it is doing, whether it should stop, time used."""

    def __init__(self, session: GameSession, doing: str) -> None:
        self.session = session
        self.doing = doing
        self.cancelled = False
        self.worked_s = 0.0
        self.wanted: Callable[[], bool] = lambda: True


_hooked: weakref.WeakSet[GameSession] = weakref.WeakSet()
"""Sessions whose page closing cancels their job."""
_running: weakref.WeakKeyDictionary[GameSession, _Job] = weakref.WeakKeyDictionary()
"""Each busy session's job (touched on the event loop only)."""


def begin_job(session: GameSession, doing: str) -> _Job:
    """Mark ``session`` busy with ``doing``; :class:`Busy` if it already is.

    Also makes closing the page stop the job (under a server).
    """
    if session.busy or session in _running:
        raise Busy(f"{BUSY} ({session.busy or 'a job'}): try again when it is done")
    job = _running[session] = _Job(session, doing)
    session.busy = doing
    doc = in_server()
    if doc is not None and session not in _hooked:
        _hooked.add(session)
        doc.on_session_destroyed(lambda _ctx: cancel_job(session, closed=True))
    return job


def end_job(session: GameSession) -> None:
    """``session`` is idle again."""
    _running.pop(session, None)
    if session.busy:
        session.busy = ""


def cancel_job(session: GameSession, closed: bool = False) -> bool:
    """Ask ``session``'s job to stop at its next piece; whether one was running.

    ``closed``: the page is gone, so nothing is shown and the session is idle at once.
    """
    job = _running.get(session)
    if job is not None:
        job.cancelled = True
        if closed:
            _running.pop(session, None)
    return job is not None


def quick(work: Any) -> bool:
    """Whether ``work`` (a piece of a job) takes the quick lane: a bot's move not known to
    take over :data:`HEAVY_MOVE_S` (a bot not yet timed moves there once, and is timed)."""
    return isinstance(work, BotMove) and not _move_times.get(work.policy, 0.0) > HEAVY_MOVE_S


def fair_piece(job: _Job, work: Callable[[], Any]) -> Any:
    """Run one heavy piece of ``job`` when its turn comes (from a worker thread; a slow
    bot's move in a worker process); ``None`` if the job was cancelled while it waited."""
    with FAIR.slot(lambda: job.cancelled) as got:
        if not got:
            return None
        return _worked(job, work)


def quick_piece(job: _Job, work: Callable[[], Any]) -> Any:
    """Run one quick piece of ``job`` in the quick lane; ``None`` if the job was cancelled
    while it waited."""
    if job.cancelled:
        return None
    return _worked(job, work)


def _worked(job: _Job, work: Callable[[], Any]) -> Any:
    """``work()`` (a slow bot's move in a worker process once the processes run), timed:
    a bot's move by the processor time it took, which a busy machine does not inflate."""
    started = time.perf_counter()
    try:
        if isinstance(work, BotMove):
            if _heavy(work.policy) and _movers_pool is not None:
                action, took = _move_elsewhere(work)
            else:
                cpu = time.thread_time()
                action = work()
                took = time.thread_time() - cpu
            _timed(work.policy, took)
            return action
        return work()
    finally:
        job.worked_s += time.perf_counter() - started


def run_elsewhere(cancelled: Callable[[], bool], fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` once a fair slot is free (called from a job's thread), in turn with
    every session's heavy pieces: in a worker process, or in this thread when ``fn`` or its
    arguments do not pickle; ``None`` if ``cancelled()`` turned true while it waited."""
    global _movers_pool
    with FAIR.slot(cancelled) as got:
        if not got:
            return None
        try:
            pickle.dumps((fn, args))
        except Exception:  # a lock in a cache, a closure: worked out here
            return fn(*args)
        try:
            return _movers().submit(fn, *args).result()
        except BrokenProcessPool:  # a worker died: new workers, and this piece again there
            log.warning("a worker process died; starting new ones")
            with _pool_lock:
                _movers_pool = None
            return _movers().submit(fn, *args).result()


_movers_pool: ProcessPoolExecutor | None = None
_travelling: dict[Any, bool] = {}


def _travels(policy: Any) -> bool:
    """Whether ``policy`` can be sent to a worker process (the engines' bots can)."""
    known = _travelling.get(policy)
    if known is None:
        try:
            pickle.dumps(policy)
            known = True
        except Exception:  # a lambda or a closure: worked out in the thread instead
            known = False
        _travelling[policy] = known
    return known


HEAVY_MOVE_S = 0.05
"""A bot that has once taken more processor time than this for a move (the greedy bot's
take well under a millisecond, the search bot's seconds) moves in the worker processes,
in the fair line, from then on; a quicker one moves in the quick lane's threads (a
process would cost it more than it saves). The longest move counts, not an average: the
search bot answers a move with one choice at once, and a run of those (an 8-player
round's bids) pulled its average under the line, so its next real search ran in a thread
of the server's own process, slowing every page (found profiling the hostile benchmark)."""
_move_times: dict[Any, float] = {}


def _timed(policy: Any, seconds: float) -> None:
    """Note how long one of ``policy``'s moves took (the longest so far is kept)."""
    _move_times[policy] = max(seconds, _move_times.get(policy, 0.0))
    if _move_times[policy] > HEAVY_MOVE_S and _travels(policy):
        _movers()  # start the processes while the move after runs


def _heavy(policy: Any) -> bool:
    """Whether ``policy``'s moves go to the worker processes."""
    return _move_times.get(policy, 0.0) > HEAVY_MOVE_S and _travels(policy)


def _movers() -> ProcessPoolExecutor:
    global _movers_pool
    with _pool_lock:
        if _movers_pool is None:
            _movers_pool = spawn_pool(MOVE_PROCESSES)
            for _ in range(MOVE_PROCESSES):  # start them now, not on the first heavy piece
                _movers_pool.submit(int)
        return _movers_pool


def play_move(move: BotMove) -> tuple[Any, dict[str, Any], float]:
    """In a worker process: ``move``'s action, its random stream's state afterwards and
    the processor seconds it took to work out."""
    started = time.thread_time()
    action = move()
    return action, move.rng.bit_generator.state, time.thread_time() - started


def _move_elsewhere(move: BotMove) -> tuple[Any, float]:
    """``move()`` worked out in a worker process, the session's stream moved on as if here;
    with the seconds the move itself took."""
    global _movers_pool
    try:
        action, rng_state, took = _movers().submit(play_move, move).result()
    except BrokenProcessPool:  # a worker died: new workers next time, this move here
        log.warning("a bot-move worker process died; starting new ones")
        with _pool_lock:
            _movers_pool = None
        started = time.thread_time()
        return move(), time.thread_time() - started
    move.rng.bit_generator.state = rng_state
    return action, took


def step_later(
    session: GameSession,
    unit: str,
    doing: str,
    then: Callable[[int], None] | None = None,
    wanted: Callable[[], bool] = lambda: True,
) -> None:
    """Step ``session`` by ``unit`` with each bot move worked out in a worker, in turn
    with other sessions' (see the module doc); ``then(moved)`` runs at the end. A move
    that comes back when ``wanted()`` is false (autoplay paused meanwhile) is dropped.

    Outside a server it steps at once. Refused with :class:`Busy` while the
    session's last job runs. Errors are reported on the session's page.
    """
    doc = in_server()
    if doc is None:
        moved = session.step(unit)
        if then is not None:
            then(moved)
        return
    job = begin_job(session, doing)
    job.wanted = wanted
    try:
        moves = session.stepping(unit)
    except Exception:
        end_job(session)
        raise
    _advance(doc, job, moves, None, then, first=True)


def _advance(
    doc: Any,
    job: _Job,
    moves: Generator[Callable[[], Any], Any, int],
    action: Any,
    then: Callable[[int], None] | None,
    first: bool = False,
) -> None:
    """On the loop: hand ``action`` to the stepping and send its next move to a worker."""
    s = job.session
    if job.cancelled:
        moves.close()
        end_job(s)
        s.goto(s.timeline.index)  # show what was reached
        return
    try:
        work = next(moves) if first else moves.send(action)
        if job.worked_s > JOB_BUDGET_S:
            moves.close()
            s.goto(s.timeline.index)
            raise RacerlabError(
                f"this request took more than its share ({JOB_BUDGET_S:g} s of work): "
                "stopped here, press again to go on"
            )
    except StopIteration as done:
        end_job(s)
        if then is not None:
            s.guarded(then, job.doing)(done.value)
        return
    except Exception as exc:
        end_job(s)
        s.autoplay = False
        s.report(exc, job.doing)
        return

    def handed(future: Future) -> None:
        def on_loop() -> None:
            exc = future.exception()
            if not job.wanted() or (isinstance(work, BotMove) and s.state is not work.state):
                job.cancelled = True  # the game changed meanwhile (a hand move, a new game)
                _advance(doc, job, moves, None, then)
            elif exc is not None:
                moves.close()
                end_job(s)
                s.goto(s.timeline.index)
                s.autoplay = False
                s.report(exc, job.doing)
            else:
                _advance(doc, job, moves, future.result(), then)

        hand_over(doc, on_loop)

    if quick(work):
        _quick().submit(quick_piece, job, work).add_done_callback(handed)
    else:
        _jobs().submit(fair_piece, job, work).add_done_callback(handed)


def work_out_later(
    move: BotMove, then: Callable[[Any], None], failed: Callable[[BaseException], None]
) -> None:
    """Work ``move``'s action out off the loop, then ``then(action)`` (or ``failed(error)``)
    on the loop: a move looked at, not played (the hand tab's suggestion), so it holds no
    job of its session's and Step stays free. A quick bot moves in the quick lane; a slow
    one in turn with every session's heavy pieces, in a worker process. ``move`` should
    draw from a copy of the session's stream (the session's own is not moved on here).
    Outside a server it is worked out at once."""
    doc = in_server()
    if doc is None:
        try:
            action = move()
        except Exception as exc:
            failed(exc)
        else:
            then(action)
        return
    fast = quick(move)

    def work() -> Any:
        if fast or not _heavy(move.policy):
            cpu = time.thread_time()
            action = move()
            _timed(move.policy, time.thread_time() - cpu)
            return action
        return run_elsewhere(lambda: False, _move_action, move)

    def handed(future: Future) -> None:
        exc = future.exception()
        if exc is not None:
            hand_over(doc, lambda: failed(exc))
        else:
            result = future.result()
            hand_over(doc, lambda: then(result))

    (_quick() if fast else _jobs()).submit(work).add_done_callback(handed)


def _move_action(move: BotMove) -> Any:
    """In a worker process: ``move``'s action."""
    return move()
