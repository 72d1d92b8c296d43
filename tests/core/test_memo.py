"""A memo is bounded, forgets the least recently used first, and belongs to its maker."""

from __future__ import annotations

import threading

import pytest

from racerlab.core.memo import Memo


def test_the_least_recently_used_value_goes_first():
    calls: list[int] = []
    m = Memo(lambda x: calls.append(x) or -x, maxsize=3)
    for x in (1, 2, 3, 1, 4):  # 1 was used again, so 2 is the oldest when 4 arrives
        m(x)
    assert len(m) == 3
    m(1), m(3), m(4)
    assert calls == [1, 2, 3, 4]
    m(2)
    assert calls == [1, 2, 3, 4, 2]


def test_a_memo_never_grows_past_its_bound_under_threads():
    m = Memo(lambda x: x * 2, maxsize=50)

    def work(offset: int) -> None:
        for i in range(500):
            assert m((i + offset) % 120) == 2 * ((i + offset) % 120)

    threads = [threading.Thread(target=work, args=(k * 7,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(m) == 50


def test_a_memo_needs_room_for_one():
    with pytest.raises(ValueError, match="maxsize must be 1 or more, got 0"):
        Memo(abs, maxsize=0)
