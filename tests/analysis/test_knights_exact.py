"""Exact Racer Knights odds: they equal the engine's own whole-attack odds and known values."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racerlab.analysis import knights_exact as ke
from racerlab.analysis.compare import wilson
from racerlab.core.dice import Dice
from racerlab.core.errors import ScenarioError

pytest.importorskip("racerlab.knights.queries")

SIXTHS = Fraction(1, 6)


def two_d6_over(t: int) -> Fraction:
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b > t), 36)


def summarise(df):
    hit = sum(df.loc[df["hit"], "probability"], Fraction(0))
    wreck = sum(df.loc[df["wrecked"], "probability"], Fraction(0))
    lost = {}
    for k, p in zip(df["lost"], df["probability"]):
        lost[int(k)] = lost.get(int(k), Fraction(0)) + p
    return hit, dict(sorted(lost.items())), wreck


@settings(max_examples=12, deadline=None, derandomize=True)
@given(
    strength=st.integers(0, 10),
    armor=st.integers(5, 15),
    valor_for=st.integers(0, 3),
    valor_against=st.integers(0, 3),
    damage=st.integers(1, 3),
    durability=st.integers(1, 4),
    evasive=st.booleans(),
    durable=st.booleans(),
    dp=st.sampled_from([0, 1, 2]),
    weakness=st.integers(0, 2),
)
def test_fast_composition_equals_the_engines_whole_attack(
    strength, armor, valor_for, valor_against, damage, durability, evasive, durable, dp, weakness
):
    kw = dict(
        damage=damage,
        durability=durability,
        evasive=evasive,
        durable=durable,
        damage_prevention=dp,
        weakness=weakness,
    )
    fast = ke.attack_distribution(
        strength, armor, valor_for=valor_for, valor_against=valor_against, **kw
    )
    engine = ke.attack_odds_engine(ke.duel_state(strength, armor, **kw), valor_for, valor_against)
    hit, lost, wreck = summarise(fast)
    assert hit == engine.hit
    assert lost == dict(engine.damage)
    assert wreck == engine.wreck
    assert sum(fast["probability"]) == 1


def test_attack_roll_needs_to_exceed_armor():
    for t in range(-2, 15):
        assert ke.hit_chance(t) == two_d6_over(t)
    df = ke.attack_distribution(strength=2, armor=7, damage=2, durability=3)
    assert summarise(df)[0] == two_d6_over(5)


def test_valor_adds_to_strength_and_armor():
    base = summarise(ke.attack_distribution(3, 9))[0]
    assert base == two_d6_over(6)
    assert summarise(ke.attack_distribution(3, 9, valor_for=2))[0] == two_d6_over(4)
    assert summarise(ke.attack_distribution(3, 9, valor_against=3))[0] == two_d6_over(9)


def test_evasive_ignores_a_third_of_hits():
    df = ke.attack_distribution(4, 8, evasive=True, damage=1, durability=3)
    h = two_d6_over(4)
    assert sum(df.loc[df["evaded"], "probability"]) == h * Fraction(2, 6)
    assert sum(df.loc[df["lost"] == 1, "probability"]) == h * Fraction(4, 6)


def test_durable_holds_at_one_on_four_to_six():
    plain = summarise(ke.attack_distribution(4, 8, damage=3, durability=2))
    tough = summarise(ke.attack_distribution(4, 8, damage=3, durability=2, durable=True))
    h = two_d6_over(4)
    assert plain[2] == h
    assert tough[2] == h * Fraction(3, 6)
    assert tough[1][1] == h * Fraction(3, 6)  # saved: from 2 down to 1


def test_damage_prevention_and_weakness_floor():
    dp = ke.attack_distribution(10, 5, damage=2, durability=5, damage_prevention=2)
    assert summarise(dp)[1] == {0: 1}
    assert dp["prevention_used"].all()
    dp1 = ke.attack_distribution(10, 5, damage=3, durability=5, damage_prevention=1)
    assert summarise(dp1)[1] == {2: 1}
    # Weakness lowers Armor, but never below 5
    assert summarise(ke.attack_distribution(0, 9, weakness=2))[0] == two_d6_over(7)
    assert summarise(ke.attack_distribution(0, 6, weakness=3))[0] == two_d6_over(5)
    with pytest.raises(ScenarioError, match="damage_prevention"):
        ke.duel_state(3, 8, damage_prevention=5)


@pytest.mark.parametrize(("range_r", "bonus"), [(0.5, 2), (1.0, 2), (1.5, 1), (2.5, 0)])
def test_coiled_by_range_band(range_r, bonus):
    df = ke.attack_distribution(2, 9, coiled=True, range_r=range_r)
    assert summarise(df)[0] == two_d6_over(7 - bonus)


def test_protection_counts_as_armor():
    assert summarise(ke.attack_distribution(3, 8, protection=2))[0] == two_d6_over(7)


def test_wreck_within_several_attacks():
    h = two_d6_over(5)
    one = ke.wreck_chance(1, 4, strength=3, armor=8, damage=1)
    assert list(one["wreck"]) == [1 - (1 - h) ** k for k in range(1, 5)]
    two = ke.wreck_chance(2, 3, strength=3, armor=8, damage=1)
    assert two["wreck"][0] == 0
    assert two["wreck"][1] == h * h
    assert list(two["wreck"]) == sorted(two["wreck"])
    # Damage Prevention is used once, then gone: 2 Durability, damage 1, DP 1 -> three hits
    dp = ke.wreck_chance(2, 3, strength=20, armor=5, damage=1, damage_prevention=1)
    assert list(dp["wreck"]) == [0, 0, 1]


def test_ram_strength_by_run_length():
    df = ke.ram_table([1, 2, 3, 4.5, 8], armor=8)
    assert list(df["spaces"]) == [1, 2, 3, 5, 8]
    assert list(df["strength"]) == [1, 1, 2, 3, 4]  # +1 per two spaces, full or partial
    assert list(df["hit"]) == [two_d6_over(8 - s) for s in df["strength"]]
    traction = ke.ram_table([1], armor=8, traction=True)
    assert traction["strength"][0] == 2
    from racerlab.knights.options import KnightsOptions, RamRounding

    floor = ke.ram_table(
        [1, 3], armor=8, options=KnightsOptions(ram_strength_rounding=RamRounding.FLOOR)
    )
    assert list(floor["strength"]) == [0, 1]


def test_drive_order():
    tied = ke.drive_order_table([3, 3])
    assert tied["probability"].tolist() == [Fraction(1, 2), Fraction(1, 2)]
    # Reflexes 5 against 0: only a 1 against a 6 ties on 6, and the higher roll goes first
    lopsided = ke.drive_order_table([5, 0]).set_index("order")["probability"]
    assert lopsided[(1, 0)] == Fraction(1, 36)
    three = ke.drive_order_table([4, 3, 2])
    assert sum(three["probability"]) == 1 and len(three) == 6
    with pytest.raises(ScenarioError):
        ke.drive_order_table([3])


def test_speed_points():
    plain = ke.speed_points_table(5)
    assert plain["speed_points"].tolist() == list(range(6, 12))
    assert set(plain["probability"]) == {SIXTHS}
    slowed = ke.speed_points_table(2, slow=3)  # Slow never takes Speed below 1
    assert slowed["speed_points"].tolist() == list(range(2, 8))
    valor = ke.speed_points_table(5, valor_speed=2)
    assert valor["speed_points"].tolist() == list(range(8, 14))
    surge = ke.speed_points_table(5, surge_reroll_at_or_below=3).set_index("speed_points")
    assert surge.loc[6, "probability"] == Fraction(1, 12)
    assert surge.loc[11, "probability"] == Fraction(1, 4)


def test_attack_table_matches_single_attacks():
    table = ke.attack_table(
        range(0, 11, 5), range(5, 16, 5), range(0, 4, 3), evasive=True, durable=True
    )
    assert len(table) == 3 * 3 * 2
    full = ke.attack_table(evasive=True, durable=True)
    assert len(full) == 11 * 11 * 4
    for _, row in table.iterrows():
        df = ke.attack_distribution(
            int(row["strength"]),
            int(row["armor"]),
            valor_for=int(row["valor"]),
            evasive=True,
            durable=True,
            durability=1,
        )
        hit, lost, wreck = summarise(df)
        assert row["hit"] == pytest.approx(float(hit))
        assert row["wreck"] == pytest.approx(float(wreck))
        assert row["expected_lost"] == pytest.approx(float(sum(k * p for k, p in lost.items())))


@settings(max_examples=4, deadline=None, derandomize=True)
@given(strength=st.integers(0, 8), armor=st.integers(5, 12), evasive=st.booleans())
def test_monte_carlo_of_the_engine_agrees_with_exact(strength, armor, evasive):
    from racerlab.knights.combat.attack_roll import resolve_attack
    from racerlab.knights.draft import Draft

    state = ke.duel_state(strength, armor, damage=1, durability=3, evasive=evasive)
    exact = summarise(
        ke.attack_distribution(strength, armor, damage=1, durability=3, evasive=evasive)
    )[1]
    n = 400
    damaged = 0
    for i in range(n):
        d = Draft(state)
        resolve_attack(d, ke._pending(), Dice.seeded(i))
        damaged += d.r(1).durability < 3
    _, low, high = wilson(damaged, n, confidence=0.999)
    assert low <= float(exact.get(1, 0)) <= high
