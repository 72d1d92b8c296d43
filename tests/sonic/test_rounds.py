"""Rounds: hidden choice, reveal, priority order, taking a face-up card, new rounds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from racerlab.core.errors import IllegalActionError, ScenarioError
from racerlab.sonic import (
    DeckOut,
    Mode,
    PassAction,
    PlayCard,
    SonicOptions,
    SonicRules,
    SonicSetup,
    TakeCard,
    TieBreak,
)
from racerlab.sonic.actions import Move
from racerlab.sonic.events import CardChosen, CardRevealed, DeckReshuffled, ResolutionOrder
from racerlab.sonic.rounds import draw_card, resolution_order
from racerlab.sonic.scenarios import (
    give_cards,
    load_scenario,
    plain_catalog,
    run_scenario,
    scenario_facts,
    scenario_files,
)
from racerlab.sonic.state import BOSS_SEAT, Phase

RULES = SonicRules(plain_catalog())
CARDS = RULES.facts.cards


def by_priority():
    return sorted(CARDS, key=lambda c: CARDS[c].priority)


def start(players=2, **kw):
    racers = ("sonic", "tails", "amy", "knuckles")[:players]
    return RULES.initial_state(SonicSetup(racers, **kw), seed=7)


def play_all(state, cards):
    events = []
    for seat, card in enumerate(cards):
        step = RULES.apply(state, PlayCard(seat, card))
        state = step.state
        events.extend(step.events)
    return state, events


def test_choice_is_hidden_until_everyone_has_chosen():
    s = start(3)
    cards = [s.hands[i][0] for i in range(3)]
    step = RULES.apply(s, PlayCard(0, cards[0]))
    assert step.events == (CardChosen(0),)
    assert "reveal" not in step.events[0].describe()
    assert step.state.phase is Phase.CHOOSE
    s2, events = play_all(s, cards)
    revealed = [e for e in events if isinstance(e, CardRevealed)]
    assert [e.card for e in revealed] == cards
    assert s2.phase is Phase.ACTION


def test_cards_resolve_from_highest_priority_down():
    s = start(3)
    low, mid, high = by_priority()[0], by_priority()[30], by_priority()[60]
    s = give_cards(s, 0, (mid,))
    s = give_cards(s, 1, (low,))
    s = give_cards(s, 2, (high,))
    s, events = play_all(s, (mid, low, high))
    order = next(e for e in events if isinstance(e, ResolutionOrder))
    assert order.order == (2, 0, 1)
    assert RULES.acting_player(s) == 2


def test_boss_card_goes_after_an_equal_agility_card():
    assert resolution_order({0: 20, 1: 33}, boss_priority=33) == (1, BOSS_SEAT, 0)
    assert resolution_order({0: 34, 1: 32}, boss_priority=33) == (0, BOSS_SEAT, 1)


def test_equal_priority_tie_break_options():
    prios = {0: 10, 1: 10, 2: 5}
    assert resolution_order(prios) == (0, 1, 2)
    cols = {0: 3, 1: 9, 2: 0}
    assert resolution_order(prios, tie_break=TieBreak.LEADER, progress=cols.get) == (1, 0, 2)


def test_only_the_acting_player_may_play_and_only_a_card_in_hand():
    s = start(2)
    with pytest.raises(IllegalActionError, match="Player 1's turn"):
        RULES.apply(s, PlayCard(1, s.hands[1][0]))
    with pytest.raises(IllegalActionError, match="not in Player 1's hand"):
        RULES.apply(s, PlayCard(0, s.hands[1][0]))


def test_one_turn_is_action_then_movement_then_take_and_refill():
    s = start(2)
    s, _ = play_all(s, (s.hands[0][0], s.hands[1][0]))
    seat = RULES.acting_player(s)
    with pytest.raises(IllegalActionError, match="action step"):
        RULES.apply(s, TakeCard(seat, s.face_up[0]))
    s = RULES.apply(s, PassAction(seat)).state
    assert s.phase is Phase.MOVE
    moves = [a for a in RULES.legal_actions(s) if isinstance(a, Move)]
    assert moves and all(len(m.path) == s.board.racers[seat].speed for m in moves if m.path)
    s = RULES.apply(s, moves[0]).state
    assert s.phase is Phase.TAKE
    top = s.deck[0]
    played = s.chosen[seat]
    taken = s.face_up[2]
    s2 = RULES.apply(s, TakeCard(seat, taken)).state
    assert taken in s2.hands[seat] and len(s2.hands[seat]) == 4
    assert top in s2.face_up and taken not in s2.face_up and len(s2.face_up) == 4
    assert s2.discard[-1] == played
    assert RULES.acting_player(s2) != seat


def test_empty_deck_reshuffles_the_discards():
    s = start(2)
    s, _ = play_all(s, (s.hands[0][0], s.hands[1][0]))
    seat = RULES.acting_player(s)
    s = replace(s, deck=(), discard=s.deck[:3])
    s = RULES.apply(s, PassAction(seat)).state
    s = RULES.apply(s, RULES.legal_actions(s)[0]).state
    step = RULES.apply(s, TakeCard(seat, s.face_up[0]))
    assert any(isinstance(e, DeckReshuffled) and e.cards == 4 for e in step.events)
    assert len(step.state.face_up) == 4
    assert len(step.state.deck) == 3 and step.state.discard == ()


def test_deck_out_option_can_leave_the_slot_empty():
    card, deck, discard, n = draw_card((), ("a", "b"), None, DeckOut.LEAVE_GAP)  # type: ignore[arg-type]
    assert (card, deck, discard, n) == (None, (), ("a", "b"), 0)


def test_after_everyone_resolved_a_new_round_begins():
    s = start(2)
    s, _ = play_all(s, (s.hands[0][0], s.hands[1][0]))
    while s.phase is not Phase.CHOOSE:
        s = RULES.apply(s, RULES.legal_actions(s)[0]).state
    assert s.round == 2 and s.chosen == (-1, -1) and [len(h) for h in s.hands] == [4, 4]


def test_boss_card_is_redrawn_each_round():
    s = start(2, mode=Mode.BOSS, boss="eggman")
    first = s.boss.card
    s, _ = play_all(s, (s.hands[0][0], s.hands[1][0]))
    while s.phase is not Phase.CHOOSE:
        s = RULES.apply(s, RULES.legal_actions(s)[0]).state
    assert s.boss.card != first and s.boss.discard == (first,)


def test_round_cap_ends_the_game():
    s = RULES.initial_state(SonicSetup(("sonic", "tails")), SonicOptions(max_rounds=1), seed=1)
    s, _ = play_all(s, (s.hands[0][0], s.hands[1][0]))
    while s.phase is not Phase.OVER:
        s = RULES.apply(s, RULES.legal_actions(s)[0]).state
    assert s.round == 1 and "round cap" in s.end_reason


# -- golden scenario files -------------------------------------------------------------------
@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.stem)
def test_golden_scenario_files_replay_to_their_pinned_numbers(path):
    rules = SonicRules()
    scenario = load_scenario(path, rules)
    state, events = run_scenario(scenario, rules)
    assert scenario_facts(state) == scenario.expect
    assert all(e.describe() for e in events)


def test_there_are_golden_scenarios_for_race_boss_and_solo():
    modes = {load_scenario(p).setup.mode for p in scenario_files()}
    assert modes == set(Mode)


def test_a_bad_scenario_file_names_the_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"setup": {"racers": ["sonic"]}, "actions": [{"type": "Fly"}]}')
    with pytest.raises(ScenarioError, match=r"bad\.json"):
        load_scenario(bad)
    bad.write_text("{not json")
    with pytest.raises(ScenarioError, match=r"bad\.json"):
        load_scenario(bad)


def test_every_event_of_a_boss_game_describes_itself_in_plain_words():
    import numpy as np

    from racerlab.core.rules import Event
    from racerlab.sonic import greedy_bot

    rules = SonicRules()
    s = rules.initial_state(SonicSetup(("sonic", "tails", "amy"), Mode.BOSS, "shadow"), seed=21)
    rng = np.random.default_rng(0)
    kinds = set()
    while s.phase is not Phase.OVER:
        step = rules.apply(s, greedy_bot(s, rules, rng))
        s = step.state
        for e in step.events:
            kinds.add(type(e).__name__)
            assert type(e).describe is not Event.describe, type(e).__name__
            text = e.describe()
            assert text and "(" not in text.split()[0]
    assert {
        "CardRevealed",
        "ResolutionOrder",
        "BossCardRevealed",
        "CardTaken",
        "GameEnded",
    } <= kinds


def test_without_reshuffling_players_run_out_of_cards_and_the_game_still_ends():
    import numpy as np

    from racerlab.sonic import random_bot

    options = SonicOptions(deck_out=DeckOut.LEAVE_GAP, max_rounds=200)
    s = RULES.initial_state(SonicSetup(("sonic", "tails", "amy")), options, seed=2)
    rng = np.random.default_rng(2)
    while s.phase is not Phase.OVER:
        s = RULES.apply(s, random_bot(s, RULES, rng)).state
    assert s.end_reason in ("a racer crossed the Finish Line", "no player has a card left to play")
    assert len(s.discard) + sum(map(len, s.hands)) + len(s.face_up) + len(s.deck) == 64
