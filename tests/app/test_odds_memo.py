"""Each Knights dashboard owns one bounded odds memo, shared by its plot and Odds tab only."""

from __future__ import annotations

import pytest

from racerlab.app import knights_app
from racerlab.knights import queries
from racerlab.knights.actions import Target
from racerlab.viz.arena import ODDS_MEMO_SIZE


@pytest.fixture
def two_apps():
    return knights_app(seed=3), knights_app(seed=3)


def test_each_session_has_its_own_bounded_memo(two_apps):
    a, b = two_apps
    assert a.odds_memo is not b.odds_memo
    assert a.arena.odds is a.odds_memo and a.odds.odds_of is a.odds_memo
    assert a.odds_memo.maxsize == ODDS_MEMO_SIZE


def test_the_memo_answers_with_the_engines_odds(two_apps):
    a, _ = two_apps
    state = a.session.state
    got = a.odds_memo(state, 0, Target.racer(1))
    assert got == queries.attack_odds(state, 0, Target.racer(1))
    assert a.odds_memo(state, 0, Target.racer(1)) is got  # remembered
