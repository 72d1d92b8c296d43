"""Solo mode: ringless damage loses at once; a rank needs the boss beaten and the finish."""

from __future__ import annotations

from dataclasses import replace

import pytest

from racerlab.core.dice import Dice
from racerlab.sonic import Mode, PassAction, SonicOptions, SonicRules, SonicSetup, solo_rank
from racerlab.sonic.actions import Move
from racerlab.sonic.board import Badnik
from racerlab.sonic.events import GameEnded, RacerLost
from racerlab.sonic.rounds import CardAction, CardMovement
from racerlab.sonic.scenarios import at_turn, place, plain_catalog, put
from racerlab.sonic.state import Phase

RULES = SonicRules(plain_catalog(8))
CARDS = RULES.facts.cards
BASE = put(RULES.initial_state(SonicSetup(("sonic",), Mode.SOLO, "eggman"), seed=4), clear=True)
RUN = next(
    c
    for c in sorted(CARDS)
    if CARDS[c].action is CardAction.SPRINT and CARDS[c].movement is CardMovement.RUN
)


def run_to(state, path):
    s = RULES.apply(at_turn(state, 0, RUN), PassAction(0)).state
    move = next(m for m in RULES.legal_actions(s) if isinstance(m, Move) and m.path == path)
    return RULES.apply(s, move)


def finished_track(state):
    board = state.board
    for sid in state.pending:
        board = board.appended(RULES.facts.section(sid), Dice.seeded(0), yellow=True)
    return replace(state, board=board, pending=())


@pytest.mark.parametrize(
    ("score", "rank"),
    [
        (0, "E"),
        (5, "E"),
        (6, "D"),
        (10, "D"),
        (11, "C"),
        (15, "C"),
        (16, "B"),
        (20, "B"),
        (21, "A"),
        (25, "A"),
        (26, "A"),
        (29, "A"),
        (30, "S"),
        (45, "S"),
    ],
)
def test_rank_table(score, rank):
    assert solo_rank(score) == rank


def test_the_26_to_29_gap_is_an_option():
    assert solo_rank(28, SonicOptions(solo_rank_26_29="S")) == "S"
    assert solo_rank(25, SonicOptions(solo_rank_26_29="S")) == "A"


def test_damage_without_rings_loses_at_once():
    s = place(BASE, 0, (6, 2), speed=3, rings=0)
    s = put(s, badniks={(8, 2): Badnik.MOTO_BUG})
    step = run_to(s, ((7, 2), (8, 2)))
    assert any(isinstance(e, RacerLost) for e in step.events)
    end = next(e for e in step.events if isinstance(e, GameEnded))
    assert step.state.phase is Phase.OVER and end.winners == () and end.rank == ""


def test_damage_with_rings_does_not_lose():
    s = place(BASE, 0, (6, 2), speed=3, rings=2)
    s = put(s, badniks={(8, 2): Badnik.MOTO_BUG})
    step = run_to(s, ((7, 2), (8, 2)))
    assert step.state.phase is not Phase.OVER
    assert not any(isinstance(e, RacerLost) for e in step.events)


def _finish(state):
    """Cross the finish line and play out the round."""
    line = state.board.track.finish_line_col
    s = place(state, 0, (line - 2, 2), speed=3)
    step = run_to(s, ((line - 1, 2), (line, 2), (line + 1, 2)))
    s = step.state
    events = list(step.events)
    while s.phase is not Phase.OVER:
        st = RULES.apply(s, RULES.legal_actions(s)[0])
        s = st.state
        events.extend(st.events)
    return s, events


def test_crossing_without_beating_the_boss_earns_no_rank():
    s = place(finished_track(BASE), 0, rings=30)
    s, events = _finish(s)
    end = next(e for e in events if isinstance(e, GameEnded))
    assert end.rank == "" and end.winners == ()


def test_beating_the_boss_and_crossing_earns_the_rank_of_rings_plus_badniks():
    s = finished_track(BASE)
    s = replace(s, boss=replace(s.boss, destroyed=True, rings=0), board=s.board.with_boss(None))
    s = place(s, 0, rings=22)
    token = s.board.racers[0]
    s = replace(s, board=s.board.with_racer(replace(token, badniks=(Badnik.SPINNER,) * 8)))
    s, events = _finish(s)
    end = next(e for e in events if isinstance(e, GameEnded))
    assert end.scores == (30,) and end.rank == "S" and end.winners == (0,)
