"""One visitor cannot hurt the class: heavy work off the loop, one job per page, in turn.

A fake served page stands in for Bokeh's document: what the workers hand to the
loop waits in a queue the test runs, as the server's loop would.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time

import pytest
from bokeh.document import Document

from racerlab.app.kit.session import BotMove, GameKit, GameSession
from racerlab.app.server import jobs
from racerlab.app.server.jobs import BUSY, Busy, FairShare, Turns, step_later
from racerlab.core.testgame import CoinRace, CoinSetup


class FakeDoc(Document):
    """A Bokeh document standing in for a served one (its session context, its loop's
    callbacks and its closing); the test is its loop."""

    session_context = object()  # served: the off-loop code hands work back to the loop

    def __init__(self) -> None:
        super().__init__()
        self.ticks: queue.Queue = queue.Queue()
        self.on_close: list = []

    def add_next_tick_callback(self, fn) -> None:
        self.ticks.put(fn)

    def on_session_destroyed(self, fn) -> None:
        self.on_close.append(fn)

    def run_until(self, done, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, "the job never finished"
            with contextlib.suppress(queue.Empty):
                self.ticks.get(timeout=0.05)()


@pytest.fixture
def doc(monkeypatch) -> FakeDoc:
    fake = FakeDoc()
    monkeypatch.setattr(jobs, "in_server", lambda: fake)
    return fake


def slow_kit(delay: float = 0.0, seen: list | None = None) -> GameKit:
    def first(state, rules, rng):
        if seen is not None:
            seen.append(threading.current_thread().name)
        time.sleep(delay)
        legal = rules.legal_actions(state)
        return legal[int(rng.integers(len(legal)))]

    return GameKit(
        name="coin-race",
        title="Coin Race",
        rules=CoinRace,
        random_setup=lambda seed: CoinSetup(players=3, target=12),
        bots={"first": first},
    )


def test_bot_moves_run_in_a_worker_and_give_the_same_game(doc):
    threads: list[str] = []
    served = GameSession(slow_kit(seen=threads), seed=7)
    here = GameSession(slow_kit(), seed=7)
    step_later(served, "round", "step a round")
    assert served.busy == "step a round"
    doc.run_until(lambda: not served.busy)
    here.step("round")
    assert served.timeline.dumps() == here.timeline.dumps()
    assert served.cursor == here.cursor > 0
    assert threads and all(t.startswith("racerlab-job") for t in threads)


def test_a_slow_engine_bot_moves_in_a_worker_process_and_gives_the_same_game(doc, monkeypatch):
    from racerlab.app.knights.game import knights_kit

    monkeypatch.setattr(jobs, "HEAVY_MOVE_S", 0.0)  # every bot counts as slow
    monkeypatch.setattr(jobs, "_move_times", {})

    served, here = (GameSession(knights_kit(3), seed=5) for _ in range(2))
    for s in (served, here):
        s.bot = "random"  # draws from the session's stream: it must move on the same
    assert jobs._travels(served.kit.bots["random"])
    moved_elsewhere = []
    real = jobs._move_elsewhere
    monkeypatch.setattr(jobs, "_move_elsewhere", lambda m: moved_elsewhere.append(1) or real(m))
    for _ in range(2):
        step_later(served, "round", "step a round")
        doc.run_until(lambda: not served.busy, timeout=300)
        here.step("round")
    assert len(moved_elsewhere) >= served.cursor - 1  # all but the first (timed here)
    assert served.timeline.dumps() == here.timeline.dumps() and served.cursor == here.cursor
    assert served.rng.bit_generator.state == here.rng.bit_generator.state


def test_a_second_request_while_one_runs_is_refused_with_a_message(doc):
    s = GameSession(slow_kit(delay=0.2), seed=1)
    step_later(s, "round", "step a round")
    with pytest.raises(Busy, match=BUSY):
        step_later(s, "action", "step")
    s.guarded(step_later, "step")(s, "action", "step")  # what a button does: told on the page
    assert s.error == (
        "step: still working on your last request (step a round): try again when it is done"
    )
    doc.run_until(lambda: not s.busy)
    step_later(s, "action", "step")  # free again
    doc.run_until(lambda: not s.busy)


def test_back_stops_a_running_job_and_the_page_keeps_going(doc):
    from racerlab.app.kit.controls import back_now

    s = GameSession(slow_kit(delay=0.05), seed=2)
    s.step("action")
    s.step("action")
    step_later(s, "round", "step a round")
    back_now(s)
    doc.run_until(lambda: not s.busy)
    assert s.error == ""
    step_later(s, "action", "step")
    doc.run_until(lambda: not s.busy)


def test_a_move_worked_out_for_a_game_that_changed_meanwhile_is_dropped(doc):
    s = GameSession(slow_kit(delay=0.2), seed=2)
    step_later(s, "round", "step a round")
    s.new_random(9)  # a new game while the bot thinks
    doc.run_until(lambda: not s.busy)
    assert s.cursor == 0 and len(s.timeline) == 1 and s.error == ""


def test_a_move_back_after_autoplay_paused_is_dropped(doc):
    s = GameSession(slow_kit(delay=0.2), seed=2)
    s.autoplay = True
    step_later(s, "action", "autoplay", wanted=lambda: s.autoplay)
    s.autoplay = False  # Pause while the bot thinks
    doc.run_until(lambda: not s.busy)
    assert s.cursor == 0 and len(s.timeline) == 1


def test_a_closed_page_stops_its_job_and_frees_its_worker(doc):
    moves: list[str] = []
    s = GameSession(slow_kit(delay=0.05, seen=moves), seed=3)
    step_later(s, "round", "step a round")
    for close in doc.on_close:
        close(None)
    before = len(moves)
    time.sleep(0.3)  # the worker finishes the move it had begun, then nothing more
    assert len(moves) <= before + 1
    assert s not in jobs._running


def test_a_job_over_its_budget_is_stopped_and_told_so(doc, monkeypatch):
    monkeypatch.setattr(jobs, "JOB_BUDGET_S", 0.0)
    s = GameSession(slow_kit(delay=0.01), seed=4)
    step_later(s, "round", "step a round")
    doc.run_until(lambda: not s.busy)
    assert "took more than its share" in s.error
    assert s.cursor == 1  # the move worked out is kept and shown


def test_sessions_take_turns_piece_by_piece():
    fair = FairShare(1)
    order: list[str] = []
    started = threading.Barrier(2)

    def job(name: str) -> None:
        started.wait()
        with Turns(fair) as turns:
            for _ in range(4):
                order.append(name)
                time.sleep(0.02)
                turns.again()

    workers = [threading.Thread(target=job, args=(n,)) for n in "ab"]
    for w in workers:
        w.start()
    for w in workers:
        w.join(30)
    assert sorted(order) == list("aaaabbbb")
    # neither job ran all its pieces before the other began: they alternate
    first_b = order.index("b") if order[0] == "a" else order.index("a")
    assert first_b <= 2, order


def test_a_cancelled_wait_for_a_slot_takes_none():
    fair = FairShare(1)
    with fair.slot(), fair.slot(lambda: True) as got:
        assert got is False
    assert fair.acquire() is True
    fair.release()


def test_a_write_to_a_closed_tab_logs_no_traceback(caplog):
    import asyncio
    import logging

    from tornado.websocket import WebSocketClosedError

    import racerlab.app.kit.controls  # noqa: F401  (installs the filter, as every dashboard does)

    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.ERROR, logger="asyncio"):
            for exc in (WebSocketClosedError(), RuntimeError("a real error")):
                loop.call_exception_handler(
                    {"message": "Task exception was never retrieved", "exception": exc}
                )
    finally:
        loop.close()
    logged = [r for r in caplog.records if r.exc_info]
    assert [type(r.exc_info[1]).__name__ for r in logged] == ["RuntimeError"]


def test_a_dead_worker_process_costs_one_move_here_not_the_page(monkeypatch):
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    from racerlab.app.knights.game import knights_kit

    class DeadPool:
        def submit(self, *_args):
            broken: Future = Future()
            broken.set_exception(BrokenProcessPool("a worker died"))
            return broken

    monkeypatch.setattr(jobs, "_movers_pool", DeadPool())
    s, here = (GameSession(knights_kit(3), seed=5) for _ in range(2))
    action, _took = jobs._move_elsewhere(s._next_move())
    assert action == here._next_move()()  # worked out here, from the same stream
    assert jobs._movers_pool is None  # new workers next time


def test_a_quick_step_is_served_while_long_rounds_hold_every_fair_slot(doc, monkeypatch):
    """A one-move Step of a quick bot has a lane of its own: it does not wait behind other
    sessions' heavy pieces (a bot found slow waits in the fair line)."""
    fair = FairShare(2)
    monkeypatch.setattr(jobs, "FAIR", fair)
    quick_kit, heavy_kit = slow_kit(), slow_kit()
    monkeypatch.setitem(jobs._move_times, heavy_kit.bots["first"], 1.0)  # found slow
    assert fair.acquire() and fair.acquire()  # two long rounds hold both slots
    queued = GameSession(heavy_kit, seed=1)
    s = GameSession(quick_kit, seed=2)
    try:
        step_later(queued, "round", "step a round")
        step_later(s, "action", "step")
        doc.run_until(lambda: not s.busy, timeout=60)
        assert s.cursor == 1 and not s.error
        assert queued.busy and queued.cursor == 0  # still waiting for a slot
    finally:
        fair.release()
        fair.release()
    doc.run_until(lambda: not queued.busy, timeout=60)
    assert queued.cursor > 0 and not queued.error


def test_heavy_work_runs_in_another_process_in_turn(monkeypatch):
    import os

    pid = jobs.run_elsewhere(lambda: False, os.getpid)
    assert pid is not None and pid != os.getpid()
    here = jobs.run_elsewhere(lambda: False, lambda: os.getpid())  # a lambda does not pickle
    assert here == os.getpid()
    fair = FairShare(1)
    monkeypatch.setattr(jobs, "FAIR", fair)
    with fair.slot():  # every slot taken: a cancelled piece gives up its place in line
        assert jobs.run_elsewhere(lambda: True, os.getpid) is None


def test_a_bot_is_timed_by_its_processor_time_not_by_a_busy_machines_delays(doc):
    """A move that mostly waits (as on a machine busy with other work) is not taken for a
    slow bot: it stays in the quick lane."""
    kit = slow_kit(delay=0.2)  # 0.2 s of wall time, almost no processor time
    s = GameSession(kit, seed=6)
    step_later(s, "action", "step")
    doc.run_until(lambda: not s.busy)
    policy = kit.bots["first"]
    assert 0 < jobs._move_times.pop(policy) < jobs.HEAVY_MOVE_S < 0.2


def test_a_bot_found_slow_stays_slow_through_a_run_of_instant_moves(monkeypatch):
    """The search bot answers a move with one choice at once; a run of those (an 8-player
    round's bids) must not send its next real search back to the server's own threads."""
    monkeypatch.setattr(jobs, "_move_times", {})
    monkeypatch.setattr(jobs, "_movers", lambda: None)  # no processes for this check
    policy = slow_kit().bots["first"]
    monkeypatch.setitem(jobs._travelling, policy, True)
    move = BotMove(policy, None, None, None)
    jobs._timed(policy, 0.0001)
    assert jobs.quick(move)
    jobs._timed(policy, 3.0)
    for _ in range(40):
        jobs._timed(policy, 0.0001)
    assert not jobs.quick(move) and jobs._heavy(policy)
