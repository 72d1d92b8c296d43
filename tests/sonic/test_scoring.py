"""The end: the round is finished after a racer crosses; most rings + badniks wins."""

from __future__ import annotations

from dataclasses import replace

from racerlab.core.dice import Dice
from racerlab.sonic import PassAction, SonicOptions, SonicRules, SonicSetup, WinnerTie
from racerlab.sonic.actions import Move
from racerlab.sonic.board import Badnik
from racerlab.sonic.events import CardTaken, GameEnded, RacerFinished
from racerlab.sonic.rounds import CardAction, CardMovement
from racerlab.sonic.scenarios import give_cards, place, plain_catalog, put
from racerlab.sonic.state import Phase

RULES = SonicRules(plain_catalog(8))
CARDS = RULES.facts.cards
RUNS = sorted(
    (
        c
        for c in CARDS
        if CARDS[c].action is CardAction.SPRINT and CARDS[c].movement is CardMovement.RUN
    ),
    key=lambda c: -CARDS[c].priority,
)


def full(state):
    board = state.board
    for sid in state.pending:
        board = board.appended(RULES.facts.section(sid), Dice.seeded(0), yellow=True)
    return put(replace(state, board=board, pending=()), clear=True)


def race(options=None, players=3):
    racers = ("sonic", "tails", "amy")[:players]
    return full(RULES.initial_state(SonicSetup(racers), options, seed=6))


def finish_round(s, first_path):
    """Seat 0 (highest card) runs ``first_path``; everyone else passes and takes the first
    option; returns the final state and all events."""
    from racerlab.sonic import PlayCard

    events = []
    for seat in range(s.players):
        s = give_cards(s, seat, (RUNS[seat], *[h for h in s.hands[seat] if h != RUNS[seat]][1:]))
        st = RULES.apply(s, PlayCard(seat, RUNS[seat]))
        s = st.state
    st = RULES.apply(s, PassAction(0))
    s = st.state
    move = next(m for m in RULES.legal_actions(s) if isinstance(m, Move) and m.path == first_path)
    st = RULES.apply(s, move)
    s = st.state
    events.extend(st.events)
    assert s.phase is not Phase.OVER  # the others still resolve their cards
    while s.phase is not Phase.OVER:
        st = RULES.apply(s, RULES.legal_actions(s)[0])
        s = st.state
        events.extend(st.events)
    return s, events


def setup_finish(options=None, rings=(3, 5, 1)):
    s = race(options)
    line = s.board.track.finish_line_col
    s = place(s, 0, (line - 1, 2), speed=2, rings=rings[0])
    s = place(s, 1, (5, 0), speed=1, rings=rings[1])
    s = place(s, 2, (5, 4), speed=1, rings=rings[2])
    return s, ((line, 2), (line + 1, 2))


def test_crossing_ends_the_game_after_the_round_and_most_rings_plus_badniks_wins():
    s, path = setup_finish()
    s, events = finish_round(s, path)
    assert any(isinstance(e, RacerFinished) and e.player == 0 for e in events)
    end = next(e for e in events if isinstance(e, GameEnded))
    assert end.scores == (3, 5, 1)
    assert end.winners == (1,)  # not the first across: most rings wins
    # the others did resolve their cards (each took a card after moving) in the same round
    assert sum(isinstance(e, CardTaken) for e in events) == 3 and s.round == 1


def test_badniks_count_like_rings():
    s, path = setup_finish(rings=(3, 5, 1))
    token = s.board.racers[2]
    s = replace(s, board=s.board.with_racer(replace(token, badniks=(Badnik.SPINNER,) * 5)))
    s, events = finish_round(s, path)
    assert next(e for e in events if isinstance(e, GameEnded)).winners == (2,)


def test_ties_are_shared_by_default():
    s, path = setup_finish(rings=(5, 5, 1))
    s, events = finish_round(s, path)
    assert next(e for e in events if isinstance(e, GameEnded)).winners == (0, 1)


def test_tie_option_first_across():
    s, path = setup_finish(SonicOptions(winner_tie=WinnerTie.FIRST_ACROSS), rings=(5, 5, 1))
    s, events = finish_round(s, path)
    assert next(e for e in events if isinstance(e, GameEnded)).winners == (0,)


def test_winner_must_finish_option():
    s, path = setup_finish(SonicOptions(winner_must_finish=True), rings=(3, 5, 1))
    s, events = finish_round(s, path)
    assert next(e for e in events if isinstance(e, GameEnded)).winners == (0,)


def test_game_ended_describes_scores_and_winner():
    e = GameEnded((3, 5), (1,), "a racer crossed the Finish Line")
    assert e.describe() == (
        "Game over (a racer crossed the Finish Line). "
        "Scores: Player 1 3, Player 2 5. Winner: Player 2."
    )
