"""Exact Battle Racers odds: resolution orders, first-to-act chances, speeds a hand allows."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from racerlab.analysis import sonic_exact as se
from racerlab.core.errors import ScenarioError
from racerlab.sonic import Mode, SetSpeed, SonicRules, SonicSetup


@pytest.fixture(scope="module")
def rules():
    return SonicRules()


@pytest.fixture(scope="module")
def race(rules):
    return rules.initial_state(SonicSetup(("sonic", "tails", "knuckles", "amy")), seed=2)


def brute_force_first(rules, state):
    """Independent check: every combination of cards, highest priority first (seat breaks ties)."""
    hands = [sorted(set(h)) for h in state.hands]
    weight = Fraction(1, 1)
    for h in hands:
        weight /= len(h)
    first = [Fraction(0)] * len(hands)
    for combo in itertools.product(*hands):
        prios = [rules.facts.cards[c].priority for c in combo]
        best = max(range(len(combo)), key=lambda s: (prios[s], -s))
        first[best] += weight
    return first


def test_orders_sum_to_one_and_match_brute_force(rules, race):
    orders = se.resolution_order_odds(race, rules)
    assert sum(orders["probability"]) == 1
    assert all(sorted(o) == [0, 1, 2, 3] for o in orders["order"])
    first = se.first_odds(race, rules)
    truth = brute_force_first(rules, race)
    assert first["first"].tolist() == pytest.approx([float(x) for x in truth])
    assert first["first"].sum() == pytest.approx(1.0)
    assert first["mean_position"].sum() == pytest.approx(1 + 2 + 3 + 4)


def test_fixing_a_card_and_card_odds(rules, race):
    cards = se.card_odds(race, 0, rules)
    assert list(cards["priority"]) == sorted(cards["priority"], reverse=True)
    assert list(cards["first"]) == sorted(cards["first"], reverse=True)
    best = cards.iloc[0]
    pinned = se.first_odds(race, rules, fixed={0: best["card"]})
    assert pinned.loc[0, "first"] == pytest.approx(best["first"])
    with pytest.raises(ScenarioError, match="holds no card"):
        se.first_odds(race, rules, fixed={0: "no-such-card"})
    with pytest.raises(ScenarioError, match="no player 9"):
        se.card_odds(race, 9, rules)


def test_boss_card_goes_after_equal_agility_cards(rules):
    state = rules.initial_state(SonicSetup(("sonic", "tails"), Mode.BOSS, "eggman"), seed=2)
    boss_prio = rules.facts.bosses[state.boss.id].cards[state.boss.card].priority
    orders = se.resolution_order_odds(state, rules)
    assert sum(orders["probability"]) == 1
    for order in orders["order"]:
        assert -1 in order
        # every player resolving before the boss has a card of at least the boss's priority
    first = se.first_odds(state, rules)
    for seat in (0, 1):
        hand = sorted(set(state.hands[seat]))
        at_least = Fraction(
            sum(rules.facts.cards[c].priority >= boss_prio for c in hand), len(hand)
        )
        assert first.loc[seat, "before_boss"] == pytest.approx(float(at_least))


@pytest.mark.parametrize(("seat", "cap"), [(0, 7), (1, 6), (2, 6), (3, 6)])
def test_speed_spread_follows_the_cards(rules, race, seat, cap):
    # seat 0 is Sonic, whose Ability lets card actions reach 7; the others stop at 6
    state = rules.apply(race, SetSpeed(seat, 5)).state
    spread = se.speed_spread(state, seat, rules)
    assert set(spread["card"]) == set(state.hands[seat])
    expected = {"sprint": min(5 + 2, cap), "shift": 6, "spin": 6, "boost": 6, "brake": 1}
    for card, group in spread.groupby("card"):
        passed = group[group["choice"].str.contains("passes")]
        assert passed["speed"].tolist() == [5]
        action = rules.facts.cards[card].action.value
        speed_choice = group[group["choice"].str.endswith(": speed")]
        if action in expected:
            assert speed_choice["speed"].tolist() == [expected[action]]
        else:
            assert speed_choice.empty
        for _, rows in group.groupby("choice"):
            assert sum(rows["probability"]) == 1
