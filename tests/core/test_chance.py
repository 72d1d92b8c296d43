"""Exact enumeration of chance, checked against sums computed by hand."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from racerlab.core.chance import (
    TooManyOutcomes,
    check_distribution,
    exact,
    expectation,
    probability,
    sum_outcomes,
)


def test_two_dice_distribution_matches_counting():
    dist = exact(lambda d: sum(d.roll(2)))
    assert dist == dict(sum_outcomes(2))
    assert dist[2] == Fraction(1, 36) and dist[7] == Fraction(6, 36)


def test_beat_a_target_with_2d6():
    # "2d6 + 3 must exceed 7": totals 5..12 -> P(2d6 >= 5) = 30/36
    dist = exact(lambda d: sum(d.roll(2)) + 3 > 7)
    assert dist[True] == Fraction(30, 36)


def test_branches_that_depend_on_earlier_rolls():
    # roll a d6; on a 6 roll again and add: the second roll only exists on one branch
    def fn(d):
        first = d.d6()
        return first + (d.d6() if first == 6 else 0)

    dist = exact(fn)
    assert dist[5] == Fraction(1, 6)
    assert dist[12] == Fraction(1, 36)
    assert sum(dist.values()) == 1
    assert expectation(dist, lambda v: v) == Fraction(7, 2) + Fraction(7, 12)


def test_roll_off_is_uniform_over_orders():
    dist = exact(lambda d: d.order(["a", "b", "c"])[0])
    assert dist == {"a": Fraction(1, 3), "b": Fraction(1, 3), "c": Fraction(1, 3)}


def test_choice_from_a_bag():
    dist = exact(lambda d: d.choice(["moto", "moto", "crab"]))
    assert dist == {"moto": Fraction(2, 3), "crab": Fraction(1, 3)}


def test_limit_is_enforced():
    with pytest.raises(TooManyOutcomes):
        exact(lambda d: d.roll(8), limit=1000)


def test_probability_helper():
    dist = exact(lambda d: d.d6())
    assert probability(dist, lambda f: f >= 5) == Fraction(1, 3)


def test_check_distribution_rejects_bad_sums():
    check_distribution(sum_outcomes(3))
    with pytest.raises(ValueError, match="sum to"):
        check_distribution([(1, Fraction(1, 2))])


@given(st.integers(min_value=1, max_value=4), st.sampled_from([4, 6, 8]))
def test_sum_outcomes_sum_to_one(n, sides):
    pairs = sum_outcomes(n, sides)
    assert sum(p for _, p in pairs) == 1
    assert min(t for t, _ in pairs) == n and max(t for t, _ in pairs) == n * sides


@given(st.integers(min_value=-3, max_value=15))
def test_exact_agrees_with_closed_form_for_roll_higher_than(target):
    dist = exact(lambda d: sum(d.roll(2)) > target)
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b > target)
    assert dist.get(True, Fraction(0)) == Fraction(hits, 36)


def test_total_branches_per_sum_but_agrees_with_rolling_each_die():
    runs = []

    def by_total(d):
        runs.append(1)
        return d.total(2) + 3 > 8

    assert exact(by_total) == exact(lambda d: sum(d.roll(2)) + 3 > 8)
    assert len(runs) == 11  # one run per distinct 2d6 total, not 36
