"""A long share link's game is replayed in the replay process, not in the server's own.

Replaying holds the interpreter lock the server's event loop needs; in a worker process
it does not. These tests check the game comes back whole, a bad link is refused with its
reason across the process, a short link never goes there, the first long link does not
wait for the process to start, and a dead process falls back to replaying here.
"""

from __future__ import annotations

import random
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool

import pytest

from racerlab.app.kit import share_link
from racerlab.app.kit.session import GameSession
from racerlab.app.kit.share_link import (
    REPLAY_ELSEWHERE_CHARS,
    encode_share_token,
    replay_share_token,
)
from racerlab.core.errors import ScenarioError
from racerlab.core.testgame import Nudge

from .test_session import coin_kit

START_S = 300.0
"""Longest the replay process may take to start on a busy machine."""


def long_token(nudges: int = 600) -> str:
    """A Coin Race game of ``nudges`` director nudges by random amounts: a link of about
    5,000 characters, past :data:`REPLAY_ELSEWHERE_CHARS`."""
    session = GameSession(coin_kit(), seed=5)
    rng = random.Random(2)
    for _ in range(nudges):
        session.timeline.play(Nudge(1, rng.randrange(-(10**6), 10**6)))
    token = encode_share_token(session.timeline)
    assert len(token) >= REPLAY_ELSEWHERE_CHARS
    return token


def refuse_here(*_args):
    raise AssertionError("replayed in this process")


def started_process() -> None:
    """Start the replay process (a long link is replayed here meanwhile) and wait for it."""
    replay_share_token(long_token(), 10.0)
    share_link._replayer_ready.result(timeout=START_S)


@pytest.mark.integration  # runs the command or another process
def test_a_long_link_comes_back_whole_from_the_replay_process(monkeypatch):
    token = long_token()
    here = share_link.decode_share_token(token)
    started_process()
    monkeypatch.setattr(share_link, "_replay_here", refuse_here)
    there = replay_share_token(token, 10.0)
    assert there.dumps() == here.dumps() and there.state == here.state
    assert len(there.actions) == 600 and there.index == len(there) - 1


@pytest.mark.integration  # runs the command or another process
def test_a_bad_long_link_is_refused_with_its_reason_across_the_process(monkeypatch):
    token = long_token()
    started_process()
    monkeypatch.setattr(share_link, "_replay_here", refuse_here)
    damaged = token[:100] + "A" * (len(token) - 100)
    with pytest.raises(ScenarioError, match=r"share link: .*(JSON|damaged)"):
        replay_share_token(damaged, 10.0)


def test_a_short_link_never_goes_to_the_process(monkeypatch):
    monkeypatch.setattr(share_link, "_replay_process", refuse_here)
    session = GameSession(coin_kit(), seed=3)
    session.step("round")
    token = session.share_token()
    assert len(token) < REPLAY_ELSEWHERE_CHARS
    assert replay_share_token(token, 10.0).dumps() == session.timeline.fork().dumps()


class DeadProcess:
    """A replay process that died: every replay handed to it fails."""

    def submit(self, *_args):
        failed: Future = Future()
        failed.set_exception(BrokenProcessPool("killed"))
        return failed


def test_a_dead_replay_process_falls_back_to_replaying_here(monkeypatch, caplog):
    token = long_token()
    monkeypatch.setattr(share_link, "_replay_process", lambda: DeadProcess())
    forgotten = []
    monkeypatch.setattr(share_link, "_forget_replay_process", lambda: forgotten.append(1))
    tl = replay_share_token(token, 10.0)
    assert tl.dumps() == share_link.decode_share_token(token).dumps()
    assert forgotten == [1] and "replay process died" in caplog.text


def test_the_first_long_link_does_not_wait_for_the_process_to_start(monkeypatch):
    monkeypatch.setattr(share_link, "_replayer", None)
    monkeypatch.setattr(share_link, "_replayer_ready", None)
    never: Future = Future()  # a process that has not started yet

    class Starting:
        def submit(self, fn, *args):
            return never

        def shutdown(self, **_kw):
            pass

    monkeypatch.setattr(share_link, "spawn_pool", lambda workers: Starting())
    token = long_token()
    tl = replay_share_token(token, 10.0)  # replayed here: the process is not ready
    assert tl.dumps() == share_link.decode_share_token(token).dumps()
    assert isinstance(share_link._replayer, Starting) and not never.done()


@pytest.mark.integration  # runs the command or another process
def test_a_session_opens_a_long_link_through_the_process(monkeypatch):
    token = long_token()
    started_process()
    monkeypatch.setattr(share_link, "_replay_here", refuse_here)
    session = GameSession(coin_kit(), seed=1)
    session.load_share_token(token)
    assert session.error == "" and session.timeline.index == 600
    assert session.shown == "the game of a share link"


class BusyProcess:
    """A replay process still busy with other links: a replay handed to it never ends."""

    def __init__(self) -> None:
        self.handed: list[Future] = []

    def submit(self, *_args):
        self.handed.append(Future())
        return self.handed[-1]


def test_a_link_waiting_too_long_behind_others_is_refused_with_a_reason(monkeypatch):
    busy = BusyProcess()
    monkeypatch.setattr(share_link, "_replay_process", lambda: busy)
    monkeypatch.setattr(share_link, "_replay_here", refuse_here)
    with pytest.raises(ScenarioError, match=r"busy replaying other games.*again later"):
        replay_share_token(long_token(), 0.01)
    assert busy.handed[0].cancelled()  # nobody waits for it any more
