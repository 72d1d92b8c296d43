"""Compare two ways of playing with confidence intervals: build A vs B, option on vs off.

An :class:`Arm` is one side of a comparison (a game, its set-up, rule options
and policies). :func:`compare` simulates both arms (or takes result tables
already simulated), measures a :class:`Metric` on each, and returns a small
table: the estimate for A, for B and for the difference A - B, each with its
confidence interval.

- Win rates and other yes/no metrics: Wilson score intervals for each arm,
  Newcombe's hybrid score interval for the difference (independent arms).
- Means: normal intervals (or a percentile bootstrap, ``method="bootstrap"``),
  Welch's interval for the difference.
- ``paired=True`` plays both arms on the same seeds (common random numbers),
  and gives the difference the normal interval of the per-game differences.

>>> wilson(8, 10)  # doctest: +ELLIPSIS
(0.8, 0.490..., 0.943...)
>>> round(newcombe_difference(56, 70, 48, 80)[1], 4)  # Newcombe (1998), example (a)
0.0524
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.errors import ScenarioError
from .simulate import simulate

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = [
    "Arm",
    "Metric",
    "compare",
    "mean",
    "mean_interval",
    "newcombe_difference",
    "welch_difference",
    "wilson",
    "win_rate",
]


def _z(confidence: float) -> float:
    if not 0 < confidence < 1:
        raise ScenarioError(f"confidence must be between 0 and 1, got {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float, float]:
    """Proportion and its Wilson score interval: ``(p, low, high)``.

    >>> wilson(0, 20)[1], round(wilson(0, 20)[2], 3)
    (0.0, 0.161)
    """
    if n <= 0:
        return (math.nan, 0.0, 1.0)
    z = _z(confidence)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (p, low, high)


def newcombe_difference(
    s1: int, n1: int, s2: int, n2: int, confidence: float = 0.95
) -> tuple[float, float, float]:
    """Difference of two independent proportions with Newcombe's hybrid score interval."""
    p1, l1, u1 = wilson(s1, n1, confidence)
    p2, l2, u2 = wilson(s2, n2, confidence)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (d, max(-1.0, low), min(1.0, high))


def mean_interval(
    values: np.ndarray,
    confidence: float = 0.95,
    method: str = "normal",
    rng: np.random.Generator | None = None,
    resamples: int = 2000,
) -> tuple[float, float, float]:
    """Mean and its interval (``method`` ``"normal"`` or ``"bootstrap"`` percentile).

    >>> m, lo, hi = mean_interval(np.array([1.0, 2.0, 3.0, 4.0]))
    >>> m, round(lo, 3), round(hi, 3)
    (2.5, 1.235, 3.765)
    """
    values = np.asarray(values, dtype=float)
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = float(values.mean())
    if n == 1:
        return (m, math.nan, math.nan)
    if method == "normal":
        half = _z(confidence) * float(values.std(ddof=1)) / math.sqrt(n)
        return (m, m - half, m + half)
    if method == "bootstrap":
        rng = rng if rng is not None else np.random.default_rng(0)
        idx = rng.integers(0, n, size=(resamples, n))
        means = values[idx].mean(axis=1)
        alpha = (1 - confidence) / 2
        lo, hi = np.quantile(means, [alpha, 1 - alpha])
        return (m, float(lo), float(hi))
    raise ScenarioError(f"method must be 'normal' or 'bootstrap', got {method!r}")


def welch_difference(
    a: np.ndarray, b: np.ndarray, confidence: float = 0.95
) -> tuple[float, float, float]:
    """Difference of two independent means with a normal (Welch) interval."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    d = float(a.mean() - b.mean())
    if len(a) < 2 or len(b) < 2:
        return (d, math.nan, math.nan)
    se = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    half = _z(confidence) * se
    return (d, d - half, d + half)


# -- metrics ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Metric:
    """What to measure on a result table: a column or function, and its kind.

    ``kind`` is ``"proportion"`` (yes/no per game: Wilson intervals) or
    ``"mean"`` (a number per game).
    """

    name: str
    values: Callable[[pd.DataFrame], Any]
    kind: str = "mean"

    def __call__(self, df: pd.DataFrame) -> np.ndarray:
        """The metric's value for every game of ``df``."""
        out = np.asarray(self.values(df))
        return out.astype(bool) if self.kind == "proportion" else out.astype(float)


@dataclass(frozen=True)
class _WinOf:
    player: int

    def __call__(self, df: pd.DataFrame) -> Any:
        return df["winner"] == self.player


@dataclass(frozen=True)
class _Column:
    column: str

    def __call__(self, df: pd.DataFrame) -> Any:
        if self.column not in df.columns:
            raise ScenarioError(
                f"no column {self.column!r} in the results (columns: {', '.join(df.columns)})"
            )
        return df[self.column]


def win_rate(player: int = 0) -> Metric:
    """The share of games ``player`` (0-based) won."""
    return Metric(f"win rate of player {player}", _WinOf(player), "proportion")


def mean(column: str) -> Metric:
    """The mean of a result column (Glory, rings, rounds...)."""
    return Metric(f"mean {column}", _Column(column), "mean")


def _metric(metric: str | Metric | Callable[[pd.DataFrame], Any], sample: pd.DataFrame) -> Metric:
    if isinstance(metric, Metric):
        return metric
    if isinstance(metric, str):
        if metric.startswith("win:"):
            try:
                return win_rate(int(metric[4:]))
            except ValueError:
                raise ScenarioError(f"metric {metric!r}: say win:<player number>") from None
        values = _Column(metric)(sample)
        kind = "proportion" if values.dtype == bool else "mean"
        return Metric(metric if kind == "proportion" else f"mean {metric}", _Column(metric), kind)
    if callable(metric):
        values = np.asarray(metric(sample))
        kind = "proportion" if values.dtype == bool else "mean"
        return Metric(getattr(metric, "__name__", "metric"), metric, kind)
    raise ScenarioError(f"metric must be a column name, 'win:<player>' or a Metric, got {metric!r}")


# -- arms and comparison ------------------------------------------------------------------------


@dataclass(frozen=True)
class Arm:
    """One side of a comparison: what :func:`simulate` plays for it. ``catalog``: this
    arm's cards (as :func:`simulate` takes them), over the comparison's own ``catalog``."""

    game: Any
    setup: Any = None
    options: Any = None
    policies: Any = None
    label: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    catalog: Any = None

    def run(self, *, games: int, seed: int, **kwargs: Any) -> pd.DataFrame:
        """Simulate this arm."""
        kwargs = {**dict(self.extra), **kwargs}
        if self.catalog is not None:
            kwargs["catalog"] = self.catalog
        return simulate(
            self.game,
            self.setup,
            games=games,
            seed=seed,
            options=self.options,
            policies=self.policies,
            **kwargs,
        )


def compare(
    a: Arm | pd.DataFrame,
    b: Arm | pd.DataFrame,
    metric: str | Metric | Callable[[pd.DataFrame], Any] = "win:0",
    *,
    games: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
    method: str = "normal",
    paired: bool = False,
    labels: tuple[str, str] | None = None,
    catalog: Any = None,
    **simulate_kwargs: Any,
) -> pd.DataFrame:
    """Estimate ``metric`` for A, B and A - B, each with a ``confidence`` interval.

    ``a`` and ``b`` are :class:`Arm` values (simulated here: B on seed
    ``seed + 1`` so the arms are independent, or on the same seed when
    ``paired``) or result tables from :func:`simulate`. ``metric``: a
    :class:`Metric`, ``"win:<player>"``, a column name (mean, or proportion if
    the column is boolean) or a function of the table. Returns rows ``A``,
    ``B`` and ``A - B`` with columns ``estimate``, ``low``, ``high``, ``n``,
    ``metric`` and ``interval`` (the method used). ``catalog``: the cards both simulated
    arms play (as :func:`simulate` takes them) unless an arm names its own.
    """
    import pandas as pd

    frames = []
    for arm, arm_seed in ((a, seed), (b, seed if paired else seed + 1)):
        if isinstance(arm, Arm):
            kwargs = {"progress": False, **simulate_kwargs}
            if catalog is not None:
                kwargs["catalog"] = catalog
            frames.append(arm.run(games=games, seed=arm_seed, **kwargs))
        elif isinstance(arm, pd.DataFrame):
            frames.append(arm)
        else:
            raise ScenarioError(f"compare: {arm!r} is neither an Arm nor a results table")
    fa, fb = frames
    if not len(fa) or not len(fb):
        raise ScenarioError("compare: an arm has no games")
    m = _metric(metric, fa)
    va, vb = m(fa), m(fb)
    if labels is None:
        labels = (
            a.label if isinstance(a, Arm) and a.label else "A",
            b.label if isinstance(b, Arm) and b.label else "B",
        )
    rng = np.random.default_rng(seed)
    rows = []
    for label, v in zip(labels, (va, vb)):
        if m.kind == "proportion":
            est = wilson(int(v.sum()), len(v), confidence)
            interval = "wilson"
        else:
            est = mean_interval(v, confidence, method, rng)
            interval = method
        rows.append((label, *est, len(v), interval))
    if paired:
        if len(va) != len(vb):
            raise ScenarioError("compare: paired arms need the same number of games")
        est = mean_interval(va.astype(float) - vb.astype(float), confidence, method, rng)
        interval = f"paired {method}"
    elif m.kind == "proportion":
        est = newcombe_difference(int(va.sum()), len(va), int(vb.sum()), len(vb), confidence)
        interval = "newcombe"
    else:
        est = welch_difference(va, vb, confidence)
        interval = "welch"
    rows.append((f"{labels[0]} - {labels[1]}", *est, min(len(va), len(vb)), interval))
    out = pd.DataFrame(rows, columns=["arm", "estimate", "low", "high", "n", "interval"])
    out.insert(1, "metric", m.name)
    out.attrs.update(confidence=confidence, games=games, seed=seed)
    return out.set_index("arm")
