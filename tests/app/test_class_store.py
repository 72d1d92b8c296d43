"""The class store: codes, secrets, versions, expiry, one answer per student, two users of
one file; the follow-code limiter; the network address found without sending anything."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from racerlab.app.server import class_store
from racerlab.app.server.class_network import class_options, lan_address
from racerlab.app.server.class_store import (
    CODE_ALPHABET,
    FREE_MISSES,
    MAX_ANSWER_CHARS,
    ClassStore,
    FollowLimiter,
    normal_code,
)
from racerlab.core.errors import ScenarioError


@pytest.fixture
def store(tmp_path) -> ClassStore:
    return ClassStore(tmp_path)


def test_codes_are_short_readable_and_unique_while_a_class_lives(store, monkeypatch):
    codes = {store.create("{}", cursor=0, selected=0)[0] for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    # a drawn code that a class holds is never given again: the next draw is taken
    taken = next(iter(codes))
    draws = iter([*taken, *"ACDEFH"])
    monkeypatch.setattr(class_store.secrets, "choice", lambda _alphabet: next(draws))
    assert store.create("{}", cursor=0, selected=0)[0] == "ACDEFH"


def test_the_secret_is_checked_by_its_hash_and_never_stored(store):
    code, secret = store.create('{"a": 1}', cursor=0, selected=0)
    raw = store.path.read_bytes() + (store.folder / "classes.sqlite3-wal").read_bytes()
    assert secret.encode() not in raw
    assert store.teacher_class(secret).code == code
    assert store.teacher_class("not it") is None
    with pytest.raises(ScenarioError, match="not the teacher"):
        store.publish(code, "not it", "{}", cursor=1, selected=0)
    assert store.read(code).version == 1
    assert store.publish(code, secret, '{"a": 2}', cursor=3, selected=1) == 2
    row = store.read(code)
    assert (row.game, row.cursor, row.selected, row.is_live) == ('{"a": 2}', 3, 1, True)


def test_ending_a_class_tells_followers_and_stops_the_teacher(store):
    code, secret = store.create("{}", cursor=0, selected=0)
    store.end(code, secret)
    assert store.versions([code]) == {code: (2, False, 0)}
    assert store.teacher_class(secret) is None
    with pytest.raises(ScenarioError, match="ended"):
        store.publish(code, secret, "{}", cursor=0, selected=0)


def test_idle_classes_expire_with_their_questions_and_answers(store):
    old, old_secret = store.create("{}", cursor=0, selected=0)
    q = store.ask(old, old_secret, "yes/no", "Will it hit?", 0.5)
    store.answer(q, "student-1", "yes")
    new, _ = store.create("{}", cursor=0, selected=0)
    store._db().execute("UPDATE classes SET touched = 0 WHERE code = ?", (old,))
    assert store.expire() == 1
    assert store.read(old) is None and store.read(new) is not None
    assert store.answers(q) == {}
    count = store._db().execute("SELECT COUNT(*) FROM questions").fetchone()[0]
    assert count == 0


def test_one_answer_per_student_changeable_until_revealed(store):
    code, secret = store.create("{}", cursor=0, selected=0)
    q = store.ask(code, secret, "number", "How many spaces?", 4)
    store.answer(q, "ann", "3")
    store.answer(q, "bob", "4")
    store.answer(q, "ann", "5")
    store.answer(q, "cid", "x" * 1000)
    answers = store.answers(q)
    assert answers["ann"] == "5" and len(answers) == 3
    assert len(answers["cid"]) == MAX_ANSWER_CHARS
    store._db().execute("UPDATE questions SET revealed = 1 WHERE id = ?", (q,))
    with pytest.raises(ScenarioError, match="revealed"):
        store.answer(q, "ann", "6")


def test_two_stores_on_one_file_share_classes_from_several_threads(tmp_path):
    first, second = ClassStore(tmp_path), ClassStore(tmp_path)
    code, secret = first.create("{}", cursor=0, selected=0)

    def publish(i: int) -> int:
        store = first if i % 2 else second
        return store.publish(code, secret, f'{{"n": {i}}}', cursor=i, selected=0)

    with ThreadPoolExecutor(8) as pool:
        versions = sorted(pool.map(publish, range(40)))
    assert versions == list(range(2, 42))  # every write counted once, none lost
    assert second.read(code).version == 41 and first.versions([code])[code][:2] == (41, True)
    assert threading.active_count() >= 1


@pytest.mark.integration  # runs the command or another process
def test_two_processes_share_the_file(tmp_path):
    import subprocess
    import sys

    code, _ = ClassStore(tmp_path).create('{"from": "parent"}', cursor=2, selected=1)
    script = (
        "import sys; from racerlab.app.server.class_store import ClassStore; "
        "s = ClassStore(sys.argv[1]); r = s.read(sys.argv[2]); "
        "print(r.game, r.cursor); print(s.create('{}', cursor=0, selected=0)[0])"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path), code],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout.split("\n")  # fmt: skip
    assert out[0] == '{"from": "parent"} 2'
    assert ClassStore(tmp_path).read(out[1]) is not None


def test_typed_codes_are_normalised_or_refused():
    assert normal_code(" ack-37p ") == "ACK37P"
    assert normal_code("ACK37") == "" and normal_code("ACK370") == ""  # 0 is not used


def test_guessing_codes_is_slowed_per_client():
    now = [1000.0]
    limiter = FollowLimiter(clock=lambda: now[0])
    for _ in range(FREE_MISSES):
        assert limiter.wait_s("10.0.0.9") == 0
        limiter.missed("10.0.0.9")
    assert limiter.wait_s("10.0.0.9") == pytest.approx(2.0)
    limiter.missed("10.0.0.9")
    assert limiter.wait_s("10.0.0.9") == pytest.approx(4.0)
    assert limiter.wait_s("other") == 0  # another client is not slowed
    now[0] += 601  # misses older than the window are forgotten
    assert limiter.wait_s("10.0.0.9") == 0


class FakeSocket:
    """Records what a "connect" was asked; sends nothing (no real socket is made)."""

    asked: list = []

    def __init__(self, *_args):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *_exc):
        return False

    def connect(self, where):
        FakeSocket.asked.append(where)

    def getsockname(self):
        return ("10.1.2.3", 5555)


def test_the_network_address_is_found_without_sending_anything(monkeypatch):
    assert lan_address(FakeSocket) == "10.1.2.3"
    assert FakeSocket.asked == [("192.0.2.1", 9)]  # a reserved documentation address

    class NoRoute(FakeSocket):
        def connect(self, where):
            raise OSError("network unreachable")

    assert lan_address(NoRoute) == "127.0.0.1"


def test_network_option_listens_everywhere_and_links_the_network_address(monkeypatch, tmp_path):
    import argparse

    from racerlab.app.server import class_network

    monkeypatch.setattr(class_network, "lan_address", lambda: "10.1.2.3")
    monkeypatch.delenv("RACERLAB_CLASS_URL", raising=False)
    monkeypatch.delenv("RACERLAB_DATA_DIR", raising=False)
    args = argparse.Namespace(network=True, data_dir=str(tmp_path))
    address, origins = class_options(args, "127.0.0.1", 5006)
    assert address == "0.0.0.0" and "10.1.2.3:5006" in origins and "localhost:5006" in origins
    import os

    assert os.environ["RACERLAB_CLASS_URL"] == "http://10.1.2.3:5006"
    assert os.environ["RACERLAB_DATA_DIR"] == str(tmp_path)
    address, origins = class_options(argparse.Namespace(), "127.0.0.1", 5006)
    assert (address, origins) == ("127.0.0.1", [])
    assert "RACERLAB_CLASS_URL" not in os.environ


def test_the_cli_takes_network_and_data_dir():
    from racerlab.cli import build_parser

    args = build_parser().parse_args(["serve", "--network", "--data-dir", "/tmp/x"])
    assert (args.network, args.data_dir) == (True, "/tmp/x")
    assert build_parser().parse_args(["serve"]).network is False
