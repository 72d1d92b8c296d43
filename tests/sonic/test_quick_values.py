"""The greedy bot's quick value of a path, checked against its definition space by space."""

from __future__ import annotations

from racerlab.sonic.board import Badnik
from racerlab.sonic.bots import GREEDY, Weights
from racerlab.sonic.bots.quick_values import quick_value

SPACES = ((1, 2), (2, 2), (3, 1), (4, 1))
RINGS = {(2, 2): 2, (4, 1): 1, (9, 9): 5}
BADNIKS = {(1, 2): Badnik.MOTO_BUG, (3, 1): Badnik.BUZZ_BOMBER, (4, 1): Badnik.CRABMEAT}
W = Weights(progress=10.0, ring=3.0, badnik=7.0)


def test_a_run_takes_the_rings_of_every_space_and_wins_no_badnik():
    assert quick_value(SPACES, True, False, RINGS, BADNIKS, W) == 10 * 4 + 3 * (2 + 1)


def test_a_spin_also_wins_the_crawling_badniks_it_enters():
    # the Moto Bug and the Crabmeat crawl; the Buzz Bomber does not
    assert quick_value(SPACES, True, True, RINGS, BADNIKS, W) == 10 * 4 + 3 * 3 + 7 * 2


def test_a_jump_counts_only_where_it_lands():
    assert quick_value(SPACES, False, False, RINGS, BADNIKS, W) == 10 * 4 + 3 * 1 + 7
    assert quick_value(SPACES[:2], False, False, RINGS, BADNIKS, W) == 10 * 2 + 3 * 2
    assert quick_value(SPACES[:1], False, False, RINGS, BADNIKS, W) == 10 * 1 + 7


def test_no_rings_or_badniks_leave_only_the_progress():
    assert quick_value(SPACES, True, True, {}, {}, GREEDY) == GREEDY.progress * 4
    # the shared supply of zeros behind the rings lookup never runs out or carries over
    for _ in range(3):
        assert quick_value(SPACES, True, False, RINGS, {}, W) == 10 * 4 + 3 * 3
