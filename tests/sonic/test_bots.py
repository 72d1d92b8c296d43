"""Bots: legal choices at every decision; the greedy bot's stated scoring really decides."""

from __future__ import annotations

import numpy as np

from racerlab.sonic import (
    ActionChoice,
    PassAction,
    SonicRules,
    SonicSetup,
    UseAction,
    greedy_bot,
    random_bot,
)
from racerlab.sonic.actions import Move, PlayCard, TakeCard
from racerlab.sonic.board import Badnik
from racerlab.sonic.bots import position_value
from racerlab.sonic.rounds import CardAction, CardMovement
from racerlab.sonic.scenarios import at_turn, give_cards, place, plain_catalog, put
from racerlab.sonic.state import Phase

RULES = SonicRules(plain_catalog(8))
CARDS = RULES.facts.cards
BASE = put(RULES.initial_state(SonicSetup(("sonic", "tails")), seed=5), clear=True)
RNG = np.random.default_rng(0)


def card(action, movement=None):
    return next(
        c
        for c in sorted(CARDS)
        if CARDS[c].action is action and (movement is None or CARDS[c].movement is movement)
    )


def test_bots_choose_legal_actions_in_every_phase():
    s = BASE
    seen = set()
    for _ in range(60):
        if s.phase is Phase.OVER:
            break
        for bot in (random_bot, greedy_bot):
            a = bot(s, RULES, RNG)
            assert a in RULES.legal_actions(s)
        seen.add(s.phase)
        s = RULES.apply(s, greedy_bot(s, RULES, RNG)).state
    assert {Phase.CHOOSE, Phase.ACTION, Phase.MOVE, Phase.TAKE} <= seen


def test_greedy_is_deterministic():
    a = greedy_bot(BASE, RULES, np.random.default_rng(1))
    b = greedy_bot(BASE, RULES, np.random.default_rng(2))
    assert a == b


def test_greedy_move_prefers_rings_and_avoids_damage():
    s = place(BASE, 1, (6, 2), speed=3, rings=1)
    s = put(s, rings={(7, 1): 3}, badniks={(8, 2): Badnik.MOTO_BUG})
    s = RULES.apply(at_turn(s, 1, card(CardAction.SPRINT, CardMovement.RUN)), PassAction(1)).state
    move = greedy_bot(s, RULES, RNG)
    # the furthest column reachable is 8; of those paths, take the one over the rings
    assert isinstance(move, Move) and (7, 1) in move.path and move.path[-1][0] == 8
    assert (8, 2) not in move.path


def test_greedy_action_takes_speed_when_the_road_is_clear():
    s = place(BASE, 1, (6, 2), speed=3)
    s = at_turn(s, 1, card(CardAction.SPRINT, CardMovement.RUN))
    assert greedy_bot(s, RULES, RNG) == UseAction(1, ActionChoice.SPEED)


def test_greedy_card_choice_picks_the_fastest_card():
    s = place(BASE, 0, (6, 2), speed=3)
    brake = card(CardAction.BRAKE, CardMovement.RUN)
    sprint = card(CardAction.SPRINT, CardMovement.RUN)
    s = give_cards(s, 0, (brake, sprint))
    assert greedy_bot(s, RULES, RNG) == PlayCard(0, sprint)


def test_greedy_takes_the_card_with_most_speed():
    s = place(BASE, 0, (6, 2), speed=3)
    s = RULES.apply(at_turn(s, 0, card(CardAction.BRAKE)), PassAction(0)).state
    s = RULES.apply(s, RULES.legal_actions(s)[0]).state
    brake = card(CardAction.BRAKE, CardMovement.JUMP)
    sprint = card(CardAction.SPRINT, CardMovement.JUMP)
    s = give_cards(s, face_up=(brake, sprint))
    assert greedy_bot(s, RULES, RNG) == TakeCard(0, sprint)


def test_position_value_weighs_progress_rings_badniks_speed():
    s = place(BASE, 0, (6, 2), speed=3, rings=0)
    base = position_value(s, 0)
    assert position_value(place(s, 0, (7, 2)), 0) - base == 10.0
    assert position_value(place(s, 0, rings=2), 0) - base == 8.0
    assert position_value(place(s, 0, speed=4), 0) - base == 2.0


def test_greedy_beats_random_on_average():
    setup = SonicSetup(("sonic", "tails"))
    rules = SonicRules()
    wins = 0
    for seed in range(6):
        s = rules.initial_state(setup, seed=seed)
        rng = np.random.default_rng(seed)
        while not rules.is_over(s):
            bot = greedy_bot if rules.acting_player(s) == 0 else random_bot
            s = rules.apply(s, bot(s, rules, rng)).state
        wins += 0 in s.finish_order[:1]
    assert wins >= 5


def test_a_position_on_another_board_is_valued_as_the_state_with_that_board():
    from racerlab.core.frozen import fast_replace
    from racerlab.sonic.bots import GREEDY, Weights

    other = place(BASE, 0, (5, 1), rings=3).board
    chasing = Weights(chase=2.0, ahead=1.0, early_finish=-50.0)
    for w in (GREEDY, chasing):
        for seat in (0, 1):
            want = position_value(fast_replace(BASE, board=other), seat, 1, w)
            assert position_value(BASE, seat, 1, w, board=other) == want
        # the board given is the one judged
        assert position_value(BASE, 0, 0, w, board=other) != position_value(BASE, 0, 0, w)
