"""compare(): intervals for each arm and the difference, checked against exact truth."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from racerlab.analysis.compare import (
    Arm,
    Metric,
    compare,
    mean,
    mean_interval,
    newcombe_difference,
    welch_difference,
    wilson,
    win_rate,
)
from racerlab.analysis.simulate import exact_game
from racerlab.core.errors import ScenarioError
from racerlab.core.testgame import CoinOptions, CoinRace, CoinSetup, Flip

SETUP = CoinSetup(players=2, target=10)


def flip(state, rules, rng):
    return Flip()


def exact_win(option: bool, player: int = 0) -> float:
    rules = CoinRace()
    start = rules.initial_state(SETUP, CoinOptions(double_six=option))
    return float(exact_game(rules, start, flip, lambda s: s.winner)[player])


def binomial_pmf(n: int, p: float) -> np.ndarray:
    return np.array([math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)])


@pytest.mark.parametrize(("n", "p"), [(40, 0.3), (100, 0.05), (60, 0.5)])
def test_wilson_coverage_is_near_nominal(n, p):
    # exact coverage: sum the probability of every count whose interval holds p
    pmf = binomial_pmf(n, p)
    covered = sum(pmf[k] for k in range(n + 1) if wilson(k, n)[1] <= p <= wilson(k, n)[2])
    assert 0.92 <= covered <= 0.985


def test_newcombe_coverage_is_near_nominal():
    n1, p1, n2, p2 = 50, 0.4, 40, 0.55
    pmf1, pmf2 = binomial_pmf(n1, p1), binomial_pmf(n2, p2)
    covered = 0.0
    for k1 in range(n1 + 1):
        for k2 in range(n2 + 1):
            _, lo, hi = newcombe_difference(k1, n1, k2, n2)
            if lo <= p1 - p2 <= hi:
                covered += pmf1[k1] * pmf2[k2]
    assert 0.93 <= covered <= 0.98


def test_interval_edges_and_known_values():
    assert wilson(10, 10)[2] == 1.0 and wilson(0, 10)[1] == 0.0
    p, lo, hi = wilson(50, 100)
    assert (
        p == 0.5 and lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    )
    m, lo, hi = mean_interval(np.array([2.0, 4.0, 6.0]), confidence=0.9)
    assert m == 4.0 and hi - m == pytest.approx(1.6449 * 2 / math.sqrt(3), rel=1e-4)
    d, lo, hi = welch_difference(np.array([1.0, 2.0, 3.0]), np.array([0.0, 0.0, 3.0]))
    assert d == pytest.approx(1.0) and lo < 1.0 < hi
    with pytest.raises(ScenarioError, match="confidence"):
        wilson(1, 2, confidence=1.5)


def test_bootstrap_mean_interval_brackets_the_mean_and_is_reproducible():
    rng = np.random.default_rng(1)
    values = rng.exponential(2.0, size=400)
    a = mean_interval(values, method="bootstrap", rng=np.random.default_rng(3))
    b = mean_interval(values, method="bootstrap", rng=np.random.default_rng(3))
    normal = mean_interval(values)
    assert a == b
    assert a[1] < a[0] < a[2]
    assert a[1] == pytest.approx(normal[1], abs=0.1) and a[2] == pytest.approx(normal[2], abs=0.1)


def test_compare_option_vs_option_contains_the_truth():
    truth_a, truth_b = exact_win(True), exact_win(False)
    out = compare(
        Arm("coin-race", SETUP, options={"double_six": True}, policies=flip, label="double six"),
        Arm("coin-race", SETUP, policies=flip, label="plain"),
        win_rate(0),
        games=1500,
        seed=2,
    )
    assert list(out.index) == ["double six", "plain", "double six - plain"]
    assert out.loc["double six", "interval"] == "wilson"
    assert out.loc["double six - plain", "interval"] == "newcombe"
    for arm, truth in [
        ("double six", truth_a),
        ("plain", truth_b),
        ("double six - plain", truth_a - truth_b),
    ]:
        row = out.loc[arm]
        assert row["low"] <= truth <= row["high"], (arm, truth, row.to_dict())
    assert (out["n"] == 1500).all()


def test_compare_means_and_tables_and_paired():
    a = Arm("coin-race", CoinSetup(1, 30), options={"double_six": True}, policies=flip)
    b = Arm("coin-race", CoinSetup(1, 30), policies=flip)
    out = compare(a, b, "rounds", games=400, seed=0)
    assert out.loc["A", "metric"] == "mean rounds" and out.loc["A - B", "interval"] == "welch"
    assert out.loc["A - B", "high"] < 0  # a 6 that moves 12 shortens the race, clearly
    paired = compare(a, b, mean("rounds"), games=400, seed=0, paired=True)
    assert paired.loc["A - B", "interval"] == "paired normal"
    # common dice make the paired difference more precise than the independent one
    width = lambda t: t.loc["A - B", "high"] - t.loc["A - B", "low"]  # noqa: E731
    assert width(paired) < width(out)
    fa = a.run(games=100, seed=5, progress=False)
    fb = b.run(games=100, seed=6, progress=False)
    by_table = compare(fa, fb, "win:0")
    assert by_table.loc["A", "estimate"] == 1.0  # a lone racer always wins
    custom = compare(fa, fb, Metric("long race", lambda df: df["rounds"] > 6, "proportion"))
    assert custom.loc["B", "estimate"] == pytest.approx((fb["rounds"] > 6).mean())


def test_compare_refuses_bad_input():
    df = pd.DataFrame({"winner": [0, 1]})
    with pytest.raises(ScenarioError, match="no column 'glory_0'"):
        compare(df, df, "glory_0")
    with pytest.raises(ScenarioError, match="neither an Arm"):
        compare(df, 3, "win:0")
    with pytest.raises(ScenarioError, match="win:<player number>"):
        compare(df, df, "win:x")
