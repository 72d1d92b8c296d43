"""Exact odds, Monte Carlo simulation and scale-out for both games.

- :func:`simulate` plays many seeded bot games (in processes or on Dask) and
  returns one row per game; :func:`compare` puts two set-ups side by side with
  confidence intervals.
- :mod:`~racerlab.analysis.knights_exact` and :mod:`~racerlab.analysis.sonic_exact`
  give exact odds as tables, computed by the engines' own code.
- :mod:`~racerlab.analysis.simulate` (with its checked arguments,
  :mod:`~racerlab.analysis.simulate_args`) and :mod:`~racerlab.analysis.compare`; the chunks
  of games run in processes or on Dask through :mod:`~racerlab.analysis.parallel`.
- :mod:`~racerlab.analysis.balance` (a Battle Racers boss) and
  :mod:`~racerlab.analysis.balance_knights` (a Racer Knights build), read as tables by
  :mod:`~racerlab.analysis.balance_text`.
- :mod:`~racerlab.analysis.cli`: ``racerlab simulate``.

``simulate`` and ``compare`` are bound here as the functions (their modules
share the names); the exact-odds modules load on first use.

>>> from racerlab.analysis import simulate, compare, win_rate
>>> callable(simulate) and callable(compare) and win_rate(0).kind
'proportion'
"""

from __future__ import annotations

import importlib
from typing import Any

from .compare import Arm, Metric, compare, mean, wilson, win_rate
from .simulate import exact_game, game_streams, profile_for, simulate

__all__ = [
    "Arm",
    "Metric",
    "compare",
    "exact_game",
    "game_streams",
    "knights_exact",
    "mean",
    "profile_for",
    "simulate",
    "sonic_exact",
    "wilson",
    "win_rate",
]


def __getattr__(name: str) -> Any:
    if name in ("knights_exact", "sonic_exact"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
