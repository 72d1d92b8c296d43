"""A hit chance alone (the attack roll's odds on the engine's own Strength and Armor)
equals the hit chance of the whole attack played out over every roll."""

from fractions import Fraction

import numpy as np
import pytest

from racerlab.core.chance import chance_above, exact
from racerlab.knights import KnightsRules, random_setup
from racerlab.knights.actions import Direction, Target
from racerlab.knights.bots.smart import smart_bot
from racerlab.knights.combat.attack_roll import attack_terms, hit_chance, resolve_attack
from racerlab.knights.combat.attacks import ram_approach
from racerlab.knights.draft import Draft
from racerlab.knights.geometry.tolerance import TOL_M
from racerlab.knights.movement.moves import slide
from racerlab.knights.queries import attack_odds, hit_odds, ram_preview, shot_hit_odds
from racerlab.knights.state import PendingAttack, Phase


@pytest.mark.parametrize(("n", "sides"), [(1, 6), (2, 6), (3, 4)])
def test_chance_above_is_the_dice_played_out(n, sides):
    dist = exact(lambda dice: dice.total(n, sides))
    for k in range(-1, n * sides + 2):
        assert chance_above(k, n, sides) == sum((p for t, p in dist.items() if t > k), Fraction(0))


def _positions(seeds=(0, 1, 2), every=9):
    """States of rule-aware jousts where someone is acting, every few actions."""
    rules = KnightsRules()
    for seed in seeds:
        state = rules.initial_state(random_setup(3, seed=seed), None, seed)
        rng = np.random.default_rng(seed)
        for k in range(400):
            if rules.is_over(state):
                break
            if state.phase is Phase.ACT and k % every == 0:
                yield state
            state = rules.apply(state, smart_bot(state, rules, rng)).state


def _played_out(state, p, approach=None):
    """The hit chance of attack ``p`` with every roll of the attack played out (and, for a
    Ram, the rammer first driven ``approach`` forward, as the Ram does)."""

    def run(dice):
        d = Draft(state)
        d.pending, d.phase = None, Phase.ACT
        if approach is not None:
            slide(d, p.attacker, Direction.FORWARD, approach)
        return resolve_attack(d, p, dice)[0]

    return exact(run).get(True, Fraction(0))


def test_a_shots_hit_chance_is_its_odds_played_out():
    uncertain = 0
    for state in _positions():
        for a in range(len(state.racers)):
            for t in range(len(state.racers)):
                if t == a or state.racers[t].wrecked:
                    continue
                for valor_for, valor_against, heavy in ((0, 0, False), (1, 0, True), (0, 2, False)):
                    args = (state, a, Target.racer(t), valor_for, valor_against, heavy)
                    quick = shot_hit_odds(*args)
                    assert quick == attack_odds(*args).hit, args
                    uncertain += 0 < quick < 1
    assert uncertain >= 20  # the comparison reached hits that are neither sure nor hopeless


def test_hit_odds_of_any_pending_attack_and_of_blockers():
    checked = 0
    for state in _positions(seeds=(3,), every=15):
        for a in range(len(state.racers)):
            targets = [Target.blocker(w) for w, left in enumerate(state.blockers) if left > 0]
            targets += [Target.racer(t) for t in range(len(state.racers)) if t != a]
            for target in targets:
                p = PendingAttack(a, target, False, valor_attacker=1)
                assert hit_odds(state, p) == _played_out(state, p)
                checked += 1
    assert checked >= 10


def test_a_rams_hit_chance_in_the_preview_is_its_odds_played_out():
    compared = 0
    for state in _positions(every=3):
        for i in range(len(state.racers)):
            if state.racers[i].wrecked:
                continue
            preview = ram_preview(state, i)
            for target in preview.targets:
                if target.hit is None:
                    continue
                approach = preview.run_m - state.racers[i].straight_run
                p = PendingAttack(i, target.target, True, run_m=preview.run_m, approach_m=approach)
                assert target.hit == _played_out(state, p, approach)
                compared += 1
    assert compared >= 5


def test_the_roll_decides_against_armor_minus_strength():
    (state, *_) = _positions(seeds=(0,))
    p = PendingAttack(0, Target.racer(1), False)
    terms = attack_terms(Draft(state), p)
    need = sum(v for _, v in terms.armor) - sum(v for _, v in terms.strength)
    assert terms.need == need
    assert hit_chance(Draft(state), p) == chance_above(need)


def test_the_ram_preview_meets_what_the_engines_ram_meets():
    met = 0
    for state in _positions(seeds=(24,), every=1):
        for i, racer in enumerate(state.racers):
            if racer.wrecked:
                continue
            approach, key = ram_approach(Draft(state), i, None)
            chanced = [t.target for t in ram_preview(state, i).targets if t.hit is not None]
            if isinstance(key, tuple) and approach > TOL_M:
                kind, index = key
                target = Target.racer(index) if kind == "racer" else Target.blocker(index)
                assert chanced == [target]
                met += 1
            else:
                assert chanced == []
    assert met >= 3
