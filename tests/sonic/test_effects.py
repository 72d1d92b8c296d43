"""Every effect primitive (Abilities, Powers, boss actions) and the director's tweaks."""

from __future__ import annotations

import pytest

from racerlab.core.dice import Dice
from racerlab.core.errors import IllegalActionError
from racerlab.sonic import (
    ActionChoice,
    PassAction,
    SetAbility,
    SetDeck,
    SetRings,
    SetSpeed,
    SonicRules,
    SonicSetup,
    UseAction,
)
from racerlab.sonic.actions import Move
from racerlab.sonic.board import Badnik
from racerlab.sonic.catalog import EffectSpec
from racerlab.sonic.effect_names import Effect
from racerlab.sonic.effects import HANDLED, apply_boss_effect
from racerlab.sonic.rounds import CardAction, CardMovement
from racerlab.sonic.scenarios import at_turn, place, plain_catalog, put

RULES = SonicRules(plain_catalog(8))
CARDS = RULES.facts.cards
ALL = ("sonic", "tails", "knuckles", "amy")


def state(racers=ALL):
    return put(RULES.initial_state(SonicSetup(racers), seed=1), clear=True)


def card(action, movement=None):
    return next(
        c
        for c in sorted(CARDS)
        if CARDS[c].action is action and (movement is None or CARDS[c].movement is movement)
    )


def power(s, seat, path=()):
    return RULES.apply(
        at_turn(s, seat, card(CardAction.POWER)), UseAction(seat, ActionChoice.POWER, path)
    )


def test_every_primitive_has_a_behaviour():
    assert set(Effect) == HANDLED


# -- abilities --------------------------------------------------------------------------
def test_abilities_shape_the_tokens():
    s = state(("tails", "knuckles", "amy", "rouge"))
    tails, knuckles, amy, rouge = s.board.racers
    assert "water" in tails.ignore
    assert knuckles.damage_speed == 3
    assert len(amy.stacks) == RULES.facts.racers["amy"].ring_stacks + 1
    assert rouge.ring_magnet and not tails.ring_magnet


def test_start_speed_is_also_the_restart_speed():
    s = state(("jet", "sonic"))
    assert s.board.racers[0].restart_speed == 5 and s.board.racers[1].restart_speed == 3


def test_ring_magnet_collects_from_the_neighbouring_lanes():
    s = place(state(("rouge", "sonic")), 0, (6, 2), speed=2)
    s = put(s, rings={(7, 1): 2, (8, 3): 1})
    s = RULES.apply(at_turn(s, 0, card(CardAction.SPRINT, CardMovement.RUN)), PassAction(0)).state
    m = next(m for m in RULES.legal_actions(s) if m.path == ((7, 2), (8, 2)))
    after = RULES.apply(s, m).state
    assert after.board.racers[0].rings == 3


# -- powers ---------------------------------------------------------------------------------
def test_gain_speed_power():
    s = place(state(), 0, (6, 2), speed=4)
    assert power(s, 0).state.board.racers[0].speed == 7


def test_fly_power_is_a_high_jump_of_its_length():
    s = place(state(), 1, (6, 2), speed=3)
    s = put(s, badniks={(9, 2): Badnik.MOTO_BUG})
    st = at_turn(s, 1, card(CardAction.POWER))
    options = [a for a in RULES.legal_actions(st) if isinstance(a, UseAction) and a.path]
    assert options and all(len(a.path) == 3 for a in options)
    after = RULES.apply(st, UseAction(1, ActionChoice.POWER, ((7, 2), (8, 2), (9, 2)))).state
    assert after.board.racers[1].pos == (9, 2)


def test_place_rock_power_puts_a_rock_two_spaces_ahead():
    s = place(state(), 2, (6, 3))
    after = power(s, 2).state
    assert after.board.has_rock((8, 3)) and after.board.rock_supply == s.board.rock_supply - 1


def test_shield_power_absorbs_the_next_damage():
    s = place(state(), 3, (6, 2), speed=2, rings=2)
    s = power(s, 3).state
    assert s.board.racers[3].shield
    s = put(s, badniks={(8, 2): Badnik.MOTO_BUG})
    mv = next(m for m in RULES.legal_actions(s) if isinstance(m, Move) and m.path[-1] == (8, 2))
    after = RULES.apply(s, mv).state
    assert after.board.racers[3].rings == 2 and not after.board.racers[3].shield


def test_collect_rings_power_takes_from_the_pile():
    s = state(("big", "sonic"))
    after = power(s, 0).state
    assert after.board.racers[0].rings == 3 and after.board.ring_pile == s.board.ring_pile - 3


def test_lane_shift_power_moves_straight_up_or_down():
    s = place(state(("shadow", "sonic")), 0, (6, 2))
    st = at_turn(s, 0, card(CardAction.POWER))
    paths = {a.path for a in RULES.legal_actions(st) if isinstance(a, UseAction) and a.path}
    assert paths == {((6, 1),), ((6, 1), (6, 0)), ((6, 3),), ((6, 3), (6, 4))}
    after = RULES.apply(st, UseAction(0, ActionChoice.POWER, ((6, 3), (6, 4)))).state
    assert after.board.racers[0].pos == (6, 4)


# -- boss primitives ----------------------------------------------------------------------------
def boss_board(boss=(10, 2)):
    s = place(state(), 0, (8, 2), rings=4, speed=5)
    s = place(s, 1, (12, 0), rings=1, speed=4)
    s = place(s, 2, (3, 4), speed=6)
    s = place(s, 3, (2, 3), speed=2)
    return put(s, boss=boss).board


def run(spec, board=None, rings=10):
    board = board or boss_board()
    return apply_boss_effect(board, "eggman", rings, spec, [0, 1, 2, 3], Dice.seeded(0), vr_limit=5)


@pytest.mark.parametrize(
    ("lanes", "end"),
    [("same", (13, 2)), ("up", (13, 1)), ("down", (13, 3)), ("nearest_racer", (13, 0))],
)
def test_boss_move_lane_rules(lanes, end):
    board, _, _ = run(EffectSpec(Effect.BOSS_MOVE, (("lanes", lanes), ("spaces", 3))))
    assert board.boss == end


def test_boss_drop_badnik_and_rock_go_just_behind_it():
    board, _, _ = run(EffectSpec(Effect.BOSS_DROP_BADNIK, (("count", 2),)))
    assert board.badnik_at((9, 2)) is not None and board.badnik_at((9, 1)) is not None
    assert sum(board.bag) == 38
    board, _, _ = run(EffectSpec(Effect.BOSS_DROP_ROCK, (("count", 1),)))
    assert board.has_rock((9, 2))


def test_boss_attack_lane_damages_racers_behind_in_its_lane():
    board, _, _ = run(EffectSpec(Effect.BOSS_ATTACK_LANE, (("spaces", 3),)))
    assert board.racers[0].speed == 1 and board.racers[0].rings == 0  # was 2 behind: hit
    assert board.racers[2].speed == 6  # lane 4: untouched


def test_boss_steal_rings_and_slow_racers_target():
    board, rings, _ = run(
        EffectSpec(Effect.BOSS_STEAL_RINGS, (("rings", 3), ("target", "nearest")))
    )
    assert board.racers[0].rings == 1 and rings == 13
    board, _, _ = run(EffectSpec(Effect.BOSS_SLOW_RACERS, (("amount", 2), ("target", "leader"))))
    assert board.racers[1].speed == 2
    board, _, _ = run(EffectSpec(Effect.BOSS_SLOW_RACERS, (("amount", 5), ("target", "all"))))
    assert [t.speed for t in board.racers] == [1, 1, 1, 1]
    board, _, _ = run(EffectSpec(Effect.BOSS_SLOW_RACERS, (("amount", 1), ("target", "last"))))
    assert board.racers[3].speed == 1 and board.racers[2].speed == 6


def test_boss_vr_token_and_spawn_rings():
    board, _, _ = run(EffectSpec(Effect.BOSS_PLACE_VR_TOKEN))
    first = board.track.offsets[board.track.section_index(10)]
    assert board.vr_tokens == (first,)
    board, _, _ = run(EffectSpec(Effect.BOSS_SPAWN_RINGS, (("rings", 2),)))
    assert board.rings_at((10, 2)) == 2


# -- director ----------------------------------------------------------------------------------
def test_director_tweaks_are_logged_and_checked():
    s = state()
    s = RULES.apply(s, SetSpeed(1, 8)).state
    assert s.board.racers[1].speed == 8
    step = RULES.apply(s, SetRings(1, 4))
    assert (
        step.state.board.racers[1].rings == 4
        and step.state.board.ring_pile == s.board.ring_pile - 4
    )
    assert step.events[0].describe() == "Director: Player 2 now holds 4 ring(s)"
    step = RULES.apply(step.state, SetAbility(1, "metal-sonic"))
    s = step.state
    assert s.abilities[1] == "metal-sonic"
    # the log names the racer, not its catalog id
    assert step.events[0].describe() == (
        "Director: Player 2 takes the Ability and Power of Metal Sonic"
    )
    first = sorted(CARDS)[0]
    step = RULES.apply(s, SetDeck((first,)))
    s = step.state
    assert len(s.deck) == 1
    name = RULES.facts.cards[first].name
    assert (
        step.events[0].describe()
        == f"Director: the draw deck is now 1 card(s), from the top: {name}"
    )
    with pytest.raises(IllegalActionError, match="speed must be from 1 to 9"):
        RULES.apply(s, SetSpeed(0, 10))
    with pytest.raises(IllegalActionError, match="unknown racer"):
        RULES.apply(s, SetAbility(0, "nobody"))
    with pytest.raises(IllegalActionError, match="unknown card"):
        RULES.apply(s, SetDeck(("nope",)))
    with pytest.raises(IllegalActionError, match="no Player 9"):
        RULES.apply(s, SetSpeed(8, 3))


def test_set_ability_gives_the_speed_cap_of_another_racer():
    s = RULES.apply(state(), SetAbility(1, "sonic")).state
    s = place(s, 1, (6, 2), speed=6)
    st = at_turn(s, 1, card(CardAction.SPRINT))
    assert RULES.apply(st, UseAction(1, ActionChoice.SPEED)).state.board.racers[1].speed == 7


def test_director_actions_are_saved_and_replay_exactly():
    from racerlab.core.timeline import Timeline

    rules = SonicRules()
    tl = Timeline.new(rules, SonicSetup(("sonic", "tails")), seed=3)
    tl.play(SetSpeed(0, 6))
    tl.play(SetRings(1, 5))
    tl.play(SetAbility(1, "rouge"))
    tl.play(rules.legal_actions(tl.state)[0])
    again = Timeline.loads(tl.dumps())
    assert again.state == tl.state
    assert again.state.board.racers[0].speed == 6 and again.state.board.racers[1].ring_magnet
