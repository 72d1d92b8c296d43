"""The eight Agility Card actions, speed limits, and the card's mandatory movement."""

from __future__ import annotations

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.sonic import ActionChoice, PassAction, SonicRules, SonicSetup, UseAction
from racerlab.sonic.actions import Move
from racerlab.sonic.board import Badnik
from racerlab.sonic.movement import Movement
from racerlab.sonic.rounds import CardAction, CardMovement
from racerlab.sonic.scenarios import at_turn, place, plain_catalog, put
from racerlab.sonic.state import Phase

RULES = SonicRules(plain_catalog(8))
CARDS = RULES.facts.cards
BASE = RULES.initial_state(SonicSetup(("sonic", "tails")), seed=11)
BASE = put(BASE, clear=True)


def card(action: CardAction, movement: CardMovement | None = None) -> str:
    for c in sorted(CARDS):
        if CARDS[c].action is action and (movement is None or CARDS[c].movement is movement):
            return c
    raise LookupError(action)


def turn(action, movement=None, *, seat=1, pos=(6, 2), speed=3, racer_state=BASE):
    s = place(racer_state, seat, pos, speed=speed)
    return at_turn(s, seat, card(action, movement))


def use(state, choice, path=()):
    return RULES.apply(state, UseAction(state.order[0], choice, path)).state


def speed(state, seat=1):
    return state.board.racers[seat].speed


@pytest.mark.parametrize(
    ("action", "before", "after"),
    [
        (CardAction.BRAKE, 5, 1),
        (CardAction.BRAKE, 3, 1),  # never below 1
        (CardAction.SHIFT, 3, 4),
        (CardAction.SPIN, 3, 4),
        (CardAction.BOOST, 5, 6),
        (CardAction.SPRINT, 3, 5),
        (CardAction.SPRINT, 5, 6),  # card actions stop at 6
        (CardAction.SPRINT, 8, 8),  # and never lower a speed terrain raised above 6
    ],
)
def test_speed_actions(action, before, after):
    s = use(turn(action, speed=before), ActionChoice.SPEED)
    assert speed(s) == after and s.phase is Phase.MOVE


def test_brake_from_high_speed_is_minus_four():
    assert speed(use(turn(CardAction.BRAKE, speed=9), ActionChoice.SPEED)) == 5


def test_speed_cap_ability_lets_sonic_reach_seven_with_cards():
    s = use(turn(CardAction.SPRINT, seat=0, speed=6), ActionChoice.SPEED)
    assert speed(s, 0) == 7


def test_spin_dash_adds_three_only_at_speed_one_or_two():
    s = use(turn(CardAction.SPIN_DASH, speed=2), ActionChoice.SPIN)
    assert speed(s) == 5 and s.spin
    s = use(turn(CardAction.SPIN_DASH, speed=3), ActionChoice.SPIN)
    assert speed(s) == 3 and s.spin


def test_spinning_turns_the_run_into_a_spin_that_destroys_crawling_badniks():
    s = turn(CardAction.SPIN, CardMovement.RUN, speed=2)
    s = put(s, badniks={(8, 2): Badnik.MOTO_BUG})
    s = use(s, ActionChoice.SPIN)
    moves = RULES.legal_actions(s)
    assert {m.kind for m in moves} == {Movement.SPIN}
    straight = next(m for m in moves if m.path == ((7, 2), (8, 2)))
    after = RULES.apply(s, straight).state
    assert after.board.racers[1].badniks == (Badnik.MOTO_BUG,)
    assert after.board.badnik_at((8, 2)) is None


def test_shift_runs_one_space_forward_up_or_down():
    s = turn(CardAction.SHIFT)
    runs = {a.path for a in RULES.legal_actions(s) if isinstance(a, UseAction) and a.path}
    assert runs == {((7, 2),), ((6, 1),), ((6, 3),)}
    after = use(s, ActionChoice.RUN, ((7, 2),))
    assert after.board.racers[1].pos == (7, 2) and after.phase is Phase.MOVE


def test_spring_runs_or_jumps_up_to_two():
    s = turn(CardAction.SPRING)
    got = {(a.choice, len(a.path)) for a in RULES.legal_actions(s) if isinstance(a, UseAction)}
    assert got == {
        (ActionChoice.RUN, 1),
        (ActionChoice.RUN, 2),
        (ActionChoice.JUMP, 1),
        (ActionChoice.JUMP, 2),
    }


def test_boost_jumps_one_or_adds_one():
    s = turn(CardAction.BOOST)
    got = {(a.choice, len(a.path)) for a in RULES.legal_actions(s) if isinstance(a, UseAction)}
    assert got == {(ActionChoice.JUMP, 1), (ActionChoice.SPEED, 0)}


def test_power_uses_the_racers_power():
    s = use(turn(CardAction.POWER, seat=0, speed=3), ActionChoice.POWER)
    assert speed(s, 0) == 6  # Sonic: gain_speed 3


def test_power_speed_may_pass_six_but_not_nine():
    assert speed(use(turn(CardAction.POWER, seat=0, speed=5), ActionChoice.POWER), 0) == 8
    assert speed(use(turn(CardAction.POWER, seat=0, speed=8), ActionChoice.POWER), 0) == 9


def test_an_action_not_on_the_card_is_refused_and_nothing_changes():
    s = turn(CardAction.SPRINT)
    with pytest.raises(IllegalActionError, match="does not allow spin"):
        RULES.apply(s, UseAction(1, ActionChoice.SPIN))
    assert speed(s) == 3


def test_pass_then_the_movement_is_mandatory_and_exactly_speed_spaces():
    s = RULES.apply(turn(CardAction.SPRINT, CardMovement.RUN, speed=4), PassAction(1)).state
    moves = RULES.legal_actions(s)
    assert moves and all(isinstance(m, Move) and m.kind is Movement.RUN for m in moves)
    assert all(len(m.path) == 4 for m in moves)
    assert not any(isinstance(a, PassAction) for a in moves)


def test_run_or_jump_card_offers_both():
    s = RULES.apply(turn(CardAction.SHIFT, CardMovement.RUN_OR_JUMP), PassAction(1)).state
    assert {m.kind for m in RULES.legal_actions(s)} == {Movement.RUN, Movement.JUMP}


def test_jump_card_offers_only_jumps():
    s = RULES.apply(turn(CardAction.BOOST, CardMovement.JUMP), PassAction(1)).state
    assert {m.kind for m in RULES.legal_actions(s)} == {Movement.JUMP}


def test_turn_lane_caps_card_speed():
    # turn-1 is the 4th section; lane 0 of a plain turn has speed number 2
    s = place(BASE, 1, None)
    track = s.board.track
    turn_col = track.offsets[3] + 1
    st = turn(CardAction.SPRINT, pos=(turn_col, 0), speed=2)
    assert speed(use(st, ActionChoice.SPEED)) == 2


def test_illegal_path_is_refused_with_reason():
    s = RULES.apply(turn(CardAction.SPRINT, CardMovement.RUN, speed=2), PassAction(1)).state
    with pytest.raises(IllegalActionError, match="not a legal path"):
        RULES.apply(s, Move(1, Movement.RUN, ((7, 3), (8, 4))))


def test_a_large_racer_chooses_the_order_of_its_two_landing_spaces():
    rules = SonicRules(plain_catalog(8))
    s = put(rules.initial_state(SonicSetup(("eggman", "tails")), seed=2), clear=True)
    s = place(s, 0, (6, 2), speed=2)
    s = rules.apply(at_turn(s, 0, card(CardAction.BOOST, CardMovement.JUMP)), PassAction(0)).state
    jumps = [m for m in rules.legal_actions(s) if isinstance(m, Move)]
    straight = [m for m in jumps if m.path == ((7, 2), (8, 2))]
    assert {m.back_first for m in straight} == {False, True}
    # a normal racer gets one option per path
    t = RULES.apply(turn(CardAction.BOOST, CardMovement.JUMP, speed=2), PassAction(1)).state
    assert all(not m.back_first for m in RULES.legal_actions(t))
