"""The rule-aware and search bots of Battle Racers: boss hunting, legal play in every
mode, and never reading what the seat cannot see."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from racerlab.sonic import Mode, PassAction, SonicRules, SonicSetup, greedy_bot, random_setup
from racerlab.sonic.actions import Move
from racerlab.sonic.bots import look_ahead_bot
from racerlab.sonic.bots.determinize import determinize
from racerlab.sonic.bots.smart import SOLO as SOLO_WEIGHTS
from racerlab.sonic.bots.smart import foreseen, smart_bot
from racerlab.sonic.movement import Movement
from racerlab.sonic.rounds import CardAction, CardMovement, movement_kinds
from racerlab.sonic.scenarios import at_turn, give_cards, place, plain_catalog, put
from racerlab.sonic.search_bot import leaf_value, search_bot
from racerlab.sonic.state import Phase

RULES = SonicRules(plain_catalog(8))
CARDS = RULES.facts.cards
SOLO = put(RULES.initial_state(SonicSetup(("sonic",), Mode.SOLO, "eggman"), seed=2), clear=True)
RNG = np.random.default_rng(0)


def card(action, movement):
    return next(
        c for c in sorted(CARDS) if CARDS[c].action is action and CARDS[c].movement is movement
    )


def moving(state, seat, pos, speed, movement):
    """``state`` at ``seat``'s MOVE step with a card of ``movement`` and ``speed``."""
    s = place(state, seat, pos, speed=speed, rings=3)
    s = at_turn(s, seat, card(CardAction.SPRINT, movement))
    s = RULES.apply(s, PassAction(seat)).state
    assert s.phase is Phase.MOVE
    return s


def test_solo_racer_one_exact_speed_from_the_boss_lands_on_it():
    bx, by = SOLO.board.boss
    # two columns and one lane away with Speed 3: only a jump with a lane step lands on it
    s = moving(SOLO, 0, (bx - 2, by - 1), 3, CardMovement.JUMP)
    move = smart_bot(s, RULES, RNG)
    assert isinstance(move, Move) and move.kind is Movement.JUMP
    assert move.path[-1] == (bx, by)
    step = RULES.apply(s, move)
    assert step.state.boss.rings == 8  # the boss was damaged
    # the greedy bot (no boss in its scoring) runs for the furthest column instead
    assert greedy_bot(s, RULES, RNG).path[-1] != (bx, by)


def test_solo_racer_spins_through_the_boss_on_its_way():
    bx, by = SOLO.board.boss
    s = place(SOLO, 0, (bx - 3, by - 1), speed=5, rings=3)
    s = at_turn(s, 0, card(CardAction.SPIN, CardMovement.RUN))
    s = RULES.apply(s, RULES.legal_actions(s)[-1]).state  # spin
    if s.phase is not Phase.MOVE or not s.spin:
        pytest.skip("this catalog's Spin card does not spin")
    move = smart_bot(s, RULES, RNG)
    assert (bx, by) in move.path


def test_solo_racer_does_not_cross_the_line_while_the_boss_races():
    from racerlab.core.dice import Dice

    board = SOLO.board
    for sid in SOLO.pending:
        board = board.appended(RULES.facts.section(sid), Dice.seeded(0), yellow=True)
    line = board.track.finish_line_col
    s = replace(SOLO, board=board, pending=())
    s = put(s, boss=(line - 1, 0), clear=True)
    s = moving(s, 0, (line - 3, 4), 3, CardMovement.RUN)
    move = smart_bot(s, RULES, RNG)
    assert move.path[-1][0] < line  # across now would end the game without a rank
    assert greedy_bot(s, RULES, RNG).path[-1][0] >= line


@pytest.mark.parametrize("mode", [Mode.RACE, Mode.BOSS, Mode.SOLO])
def test_smart_and_search_play_only_legal_actions(mode):
    rules = SonicRules()
    fast = search_bot(playouts=2, depth=3)
    for seed in range(2):
        players = 1 if mode is Mode.SOLO else 3
        s = rules.initial_state(random_setup(seed, players=players, mode=mode), None, seed)
        rng = np.random.default_rng(seed)
        for step in range(400):
            if rules.is_over(s):
                break
            bot = fast if step % 7 == 0 else smart_bot
            a = bot(s, rules, rng)
            assert a in rules.legal_actions(s)
            s = rules.apply(s, a).state


def _swap_hidden(state, seat):
    """``state`` with another player's hand traded for deck cards and the deck reordered:
    everything ``seat`` cannot see changed, nothing it can see."""
    other = 1 - seat
    hand, deck = list(state.hands[other]), list(state.deck)
    hand[0], deck[0] = deck[0], hand[0]
    hands = tuple(tuple(hand) if s == other else h for s, h in enumerate(state.hands))
    boss = state.boss
    if boss is not None:
        boss = replace(boss, deck=tuple(reversed(boss.deck)))
    return replace(
        state,
        hands=hands,
        deck=tuple(reversed(deck)),
        boss=boss,
        dice=state.dice.reseeded(state.dice.seed + 99),
    )


def test_search_never_reads_hidden_cards_or_future_dice():
    rules = SonicRules()
    s = rules.initial_state(SonicSetup(("sonic", "tails"), Mode.BOSS, "eggman"), None, 4)
    assert s.phase is Phase.CHOOSE and rules.acting_player(s) == 0
    other = _swap_hidden(s, 0)
    assert other.hands[1] != s.hands[1] and other.hands[0] == s.hands[0]
    bot = search_bot(playouts=6, depth=8)
    a = bot(s, rules, np.random.default_rng(3))
    b = bot(other, rules, np.random.default_rng(3))
    assert a == b
    w1 = determinize(s, 0, np.random.default_rng(5))
    w2 = determinize(other, 0, np.random.default_rng(5))
    assert (w1.hands, w1.deck, w1.boss.deck, w1.dice) == (w2.hands, w2.deck, w2.boss.deck, w2.dice)


def test_a_face_down_card_stays_hidden_from_the_next_chooser():
    rules = SonicRules()
    s = rules.initial_state(SonicSetup(("sonic", "tails")), None, 4)
    s = rules.apply(s, rules.legal_actions(s)[0]).state  # seat 0 plays face down
    assert s.phase is Phase.CHOOSE and rules.acting_player(s) == 1
    played = s.chosen[0]
    swapped = replace(s, chosen=(s.deck[0], *s.chosen[1:]), deck=(played, *s.deck[1:]))
    w1 = determinize(s, 1, np.random.default_rng(2))
    w2 = determinize(swapped, 1, np.random.default_rng(2))
    assert w1.chosen == w2.chosen and w1.hands == w2.hands and w1.deck == w2.deck
    assert w1.hands[1] == s.hands[1]


def test_leaf_value_rewards_winning_and_hurting_the_boss():
    s = SOLO
    hurt = replace(s, boss=replace(s.boss, rings=2))
    assert leaf_value(hurt, 0) > leaf_value(s, 0)
    over = replace(s, phase=Phase.OVER, winners=(0,))
    assert leaf_value(over, 0) >= 0.6
    assert leaf_value(replace(over, winners=()), 0) == 0.0


def test_options_valued_without_apply_get_exactly_the_applied_value():
    from racerlab.sonic.bots import look_ahead as B
    from racerlab.sonic.bots.smart import BOSS

    def with_apply(state, rules, a, w):
        nxt = rules.apply(state, a).state
        seat = a.player
        card = rules.facts.cards[nxt.chosen[seat]]
        kinds = movement_kinds(card.movement, nxt.spin)
        t = nxt.board.racers[seat]
        quick = B.best_static(rules, nxt, seat, t.speed, kinds, w)
        return quick + w.ring * t.rings + w.badnik * len(t.badniks) + B.boss_gap(nxt, seat, w)

    rules = SonicRules()
    checked = walks = 0
    for seed, mode in enumerate((Mode.BOSS, Mode.RACE, Mode.RACE, Mode.RACE)):
        s = rules.initial_state(random_setup(seed, players=3, mode=mode), None, seed)
        rng = np.random.default_rng(seed)
        while not rules.is_over(s) and checked < 150 * (seed + 1):
            if s.phase is Phase.ACTION:
                legal, index = rules.choices(s)
                for a in legal:
                    for w in (B.GREEDY, BOSS):
                        fast = B.speed_outlook(s, rules, a, w)
                        if fast is None:
                            fast = B.walk_outlook(s, rules, a, index, w)
                        if fast is not None:
                            assert fast == with_apply(s, rules, a, w), a
                            checked += 1
                            walks += bool(getattr(a, "path", ()))
            s = rules.apply(s, smart_bot(s, rules, rng)).state
    assert checked >= 300 and walks >= 20


def test_foreseen_plays_out_the_boss_cards_moves_and_slows():
    shadow = put(
        RULES.initial_state(SonicSetup(("sonic",), Mode.SOLO, "shadow", boss_deck="v1"), seed=2),
        clear=True,
    )
    bx, by = shadow.board.boss
    s = place(shadow, 0, (bx - 3, by), speed=5, rings=3)
    s = replace(s, boss=replace(s.boss, card="shadow-15"))  # move 4, slow the leader 2
    ahead = foreseen(s, RULES)
    assert ahead.board.boss == (bx + 4, by)
    assert ahead.board.racers[0].speed == 2  # 2 by the card, 1 by the profile
    assert s.board.boss == (bx, by) and s.board.racers[0].speed == 5  # state untouched


def test_solo_racer_chooses_its_card_against_where_the_boss_will_be():
    bx, by = SOLO.board.boss
    s = place(SOLO, 0, (bx - 2, by), speed=3, rings=3)
    # Eggman's card (priority 58) moves him 4 before either card resolves
    s = replace(s, boss=replace(s.boss, card="eggman-12"))
    jump, run = "boost-4", "sprint-1"  # priorities 23 and 22
    assert (CARDS[jump].movement, CARDS[run].movement) == (CardMovement.JUMP, CardMovement.RUN)
    s = give_cards(s, 0, (jump, run))
    # judged where the boss stands now, the jump lands on it ...
    assert look_ahead_bot(s, RULES, SOLO_WEIGHTS).card == jump
    # ... but the boss will be 6 columns off, out of the jump's reach: run instead
    assert smart_bot(s, RULES, RNG).card == run
