"""A transition copies the state once and writes its later changes into that copy; the
states handed out never change afterwards, and the input of ``apply`` is never changed."""

import copy

import numpy as np

from racerlab.core.dice import Dice
from racerlab.sonic import Mode, SonicRules, SonicSetup, random_bot
from racerlab.sonic.play.transition import Turn
from racerlab.sonic.play.variants import variant_for
from racerlab.sonic.state import Phase
from racerlab.sonic.track import Zone


def _turn(rules, state):
    return Turn(rules.facts, variant_for(state.setup.mode), Dice.seeded(0), [])


def test_the_first_change_copies_and_later_ones_write_into_the_copy():
    rules = SonicRules()
    state = rules.initial_state(SonicSetup(("sonic", "tails")), seed=1)
    before = copy.deepcopy(state)
    t = _turn(rules, state)
    a = t.change(state, phase=Phase.ACTION)
    assert a is not state and a is t.made and state == before  # the input is untouched
    b = t.change(a, step=1, spin=True)
    assert b is a and (b.phase, b.step, b.spin) == (Phase.ACTION, 1, True)
    other = t.change(state, round=2)  # not the transition's own: copied
    assert other is not state and state == before and other.round == 2


def test_published_states_never_change_after_later_actions():
    rules = SonicRules()
    for mode, racers, zones in (
        (Mode.RACE, ("sonic", "tails", "knuckles"), (Zone.BASE, Zone.OIL_OCEAN)),
        (Mode.SOLO, ("sonic",), (Zone.BASE,)),
    ):
        state = rules.initial_state(SonicSetup(racers, mode, "", zones), None, 4)
        rng = np.random.default_rng(4)
        kept = []
        for _ in range(300):
            if rules.is_over(state):
                break
            kept.append((state, copy.deepcopy(state), repr(state.dice)))
            state = rules.apply(state, random_bot(state, rules, rng)).state
        assert len(kept) > 10
        for published, snapshot, dice in kept:
            assert published == snapshot and repr(published.dice) == dice
