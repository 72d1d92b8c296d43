"""Bokeh figures of a simulation's results: the distributions behind the Simulate tab's rates.

Each function takes a results table of :func:`racerlab.analysis.simulate.simulate` (one row
per game) and the seats' names, and draws one distribution with its 95% intervals as
whiskers (no Panel). Shares have the Wilson interval the results table gives
(:func:`racerlab.analysis.compare.wilson`), means the normal interval of
:func:`racerlab.analysis.compare.mean_interval`:

- :func:`places_plot`: the share of games each seat finished 1st, 2nd, ... (:func:`places`);
- :func:`points_plot`: each seat's mean Glory (Racer Knights) or rings (Battle Racers) at
  the end;
- :func:`rounds_plot`: the share of games that lasted each number of rounds;
- :func:`boss_plot`: the share of games with each number of hits that damaged the boss
  (Battle Racers with a boss), the boss's destroyed share in the title;
- :func:`simulation_charts`: those that apply to a table, top to bottom.

Every figure stretches to its container's width at a fixed height, so they stack in a
narrow column. Names are data: they reach the page only as axis factors and plain
``@field`` tooltip values, both drawn as text.

>>> import pandas as pd
>>> df = pd.DataFrame({"winner": [0, 1, 0], "rounds": [3, 4, 3],
...                    "glory_0": [5, 1, 4], "glory_1": [2, 6, 4]})
>>> places(df, 2).tolist()
[[1, 2], [2, 1], [1, 2]]
>>> [f.name for f in simulation_charts(df, ["Ann", "Bo"])]
['places-chart', 'points-chart', 'rounds-chart']
"""

from __future__ import annotations

from typing import Any

import numpy as np
from bokeh.models import (
    ColumnDataSource,
    FactorRange,
    HoverTool,
    NumeralTickFormatter,
    Range1d,
    SingleIntervalTicker,
    Span,
    Whisker,
)
from bokeh.plotting import figure

from ..analysis.compare import mean_interval, wilson
from .style import PALETTE, apply_figure_style, player_colour

__all__ = [
    "CHART_HEIGHT",
    "boss_plot",
    "places",
    "places_plot",
    "points_column",
    "points_plot",
    "rounds_plot",
    "share_rows",
    "simulation_charts",
]

CHART_HEIGHT = 240
"""Height (px) of a chart with few bars; the per-seat charts grow with the seats."""
BAR_PX = 18
"""Height (px) of one horizontal bar (with its gap) in the per-seat charts."""
TITLE_PT = 11
"""Title size (pt): the charts sit in a narrow column, smaller than the board's titles."""

_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def _ordinal(k: int) -> str:
    return _ORDINALS.get(k, f"{k}th")


def _figure(name: str, title: str, height: int, **kw: Any) -> Any:
    fig = figure(
        name=name,
        height=height,
        sizing_mode="stretch_width",
        title=title,
        tools="",
        toolbar_location=None,
        **kw,
    )
    apply_figure_style(fig)
    fig.title.text_font_size = f"{TITLE_PT}pt"
    return fig


def points_column(df: Any) -> tuple[str, str] | None:
    """The per-seat points a table holds, as ``(column prefix, label)``: Racer Knights'
    Glory or Battle Racers' rings; ``None`` for a game with neither.

    >>> import pandas as pd
    >>> points_column(pd.DataFrame({"rings_0": [1]})), points_column(pd.DataFrame({"x": [1]}))
    (('rings', 'rings'), None)
    """
    for prefix, label in (("glory", "Glory"), ("rings", "rings")):
        if f"{prefix}_0" in df.columns:
            return prefix, label
    return None


def places(df: Any, seats: int) -> np.ndarray:
    """Each game's finishing place per seat (``games x seats``, 1 = first).

    The seat the game names as its ``winner`` is first; the others follow by their score
    (Battle Racers: ``score_<p>``, rings plus badniks; Racer Knights: ``glory_<p>``),
    seats that lost (``lost_<p>``: the boss crossed first) after those still in; seats level
    share the better place (a shared win: both 1st, the next 3rd).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"winner": [-1], "score_0": [4], "score_1": [4], "score_2": [9],
    ...                    "lost_0": [False], "lost_1": [False], "lost_2": [True]})
    >>> places(df, 3).tolist()
    [[1, 1, 3]]
    """
    prefix = "score" if "score_0" in df.columns else "glory"
    key = np.zeros((len(df), seats), dtype=float)
    winner = df["winner"].to_numpy()
    for s in range(seats):
        score = df[f"{prefix}_{s}"].to_numpy(dtype=float) if f"{prefix}_{s}" in df else 0.0
        lost = df[f"lost_{s}"].to_numpy(dtype=bool) if f"lost_{s}" in df else False
        # winning outranks any score, losing falls below every racer still in
        key[:, s] = score + 1e9 * (winner == s) - 1e6 * lost
    return 1 + (key[:, None, :] > key[:, :, None]).sum(axis=2)


def share_rows(counts: Any, n: int) -> dict[str, list]:
    """``share``, ``low``, ``high`` (Wilson, 95%) and ``label`` (for tooltips) of each count
    out of ``n`` games.

    >>> share_rows([8], 10)["label"]
    ['80% (49% to 94%), 8 of 10']
    """
    out: dict[str, list] = {"share": [], "low": [], "high": [], "label": []}
    for count in counts:
        p, low, high = wilson(int(count), n)
        out["share"].append(p)
        out["low"].append(low)
        out["high"].append(high)
        out["label"].append(f"{p:.0%} ({low:.0%} to {high:.0%}), {int(count)} of {n}")
    return out


def places_plot(df: Any, names: list[str]) -> Any:
    """The share of games each seat finished in each place (:func:`places`): one group of
    horizontal bars per seat, in its seat colour, each with its Wilson interval."""
    seats = len(names)
    got = places(df, seats)
    cells = [(s, k) for s in range(seats) for k in range(1, seats + 1)]
    counts = [int((got[:, s] == k).sum()) for s, k in cells]
    factors = [(str(names[s]), _ordinal(k)) for s, k in cells]
    data = {
        "y": factors,
        "seat": [str(names[s]) for s, _ in cells],
        "place": [_ordinal(k) for _, k in cells],
        "colour": [player_colour(s) for s, _ in cells],
        **share_rows(counts, len(df)),
    }
    source = ColumnDataSource(data, name="places-data")
    # the first seat at the top, its places in order down the page
    fig = _figure(
        "places-chart",
        "Finishing places per seat",
        BAR_PX * len(cells) + 12 * seats + 70,
        y_range=FactorRange(*reversed(factors), group_padding=0.8),
        x_range=Range1d(0, 1),
        x_axis_label="share of games (whiskers: 95% intervals)",
    )
    fig.hbar("y", right="share", height=0.75, source=source, color="colour", alpha=0.85,
             name="places")  # fmt: skip
    fig.add_layout(Whisker(base="y", lower="low", upper="high", dimension="width", source=source))
    _seat_axis(fig)
    fig.add_tools(HoverTool(tooltips=[("seat", "@seat"), ("place", "@place"), ("share", "@label")]))
    return fig


def _seat_axis(fig: Any) -> None:
    """Seat names written across the y axis (not along it), the x axis in percent."""
    fig.yaxis.group_label_orientation = "horizontal"
    fig.yaxis.major_label_orientation = "horizontal"
    fig.ygrid.grid_line_color = None
    fig.xaxis.formatter = NumeralTickFormatter(format="0%")


def points_plot(df: Any, names: list[str]) -> Any | None:
    """Each seat's mean Glory or rings at the end (:func:`points_column`) with its 95%
    interval; ``None`` when the table has neither."""
    found = points_column(df)
    if found is None:
        return None
    prefix, label = found
    rows = [mean_interval(df[f"{prefix}_{s}"].to_numpy(dtype=float)) for s in range(len(names))]
    spread = [
        (int(df[f"{prefix}_{s}"].min()), int(df[f"{prefix}_{s}"].max())) for s in range(len(names))
    ]
    seats = [str(n) for n in names]
    data = {
        "seat": seats,
        "mean": [m for m, _, _ in rows],
        "low": [lo for _, lo, _ in rows],
        "high": [hi for _, _, hi in rows],
        "colour": [player_colour(s) for s in range(len(names))],
        "label": [
            f"{m:.1f} ({lo:.1f} to {hi:.1f}); {a} to {b} in a game"
            for (m, lo, hi), (a, b) in zip(rows, spread)
        ],
    }
    top = max([1.0, *[h for h in data["high"] if h == h], *data["mean"]])  # nan: one game
    source = ColumnDataSource(data, name="points-data")
    fig = _figure(
        "points-chart",
        f"{label[0].upper()}{label[1:]} at the end, mean per seat",
        max(CHART_HEIGHT // 2, 2 * BAR_PX * len(seats) + 80),
        y_range=FactorRange(*reversed(seats)),
        x_range=Range1d(0, top * 1.08),
        x_axis_label=f"{label} per game (whiskers: 95% intervals)",
    )
    fig.hbar("seat", right="mean", height=0.6, source=source, color="colour", alpha=0.85,
             name="points")  # fmt: skip
    fig.add_layout(
        Whisker(base="seat", lower="low", upper="high", dimension="width", source=source)
    )
    fig.ygrid.grid_line_color = None
    fig.add_tools(HoverTool(tooltips=[("seat", "@seat"), (label, "@label")]))
    return fig


def _histogram(name: str, title: str, values: Any, what: str, colour: str, note: str) -> Any:
    """The share of games per whole-number value, Wilson whiskers, the mean as a dashed line;
    the x axis says ``what`` and ``note``."""
    values = np.asarray(values, dtype=int)
    xs = list(range(int(values.min()), int(values.max()) + 1))
    counts = [int((values == x).sum()) for x in xs]
    data = {"x": xs, **share_rows(counts, len(values))}
    source = ColumnDataSource(data, name=f"{name}-data")
    fig = _figure(
        name,
        title,
        CHART_HEIGHT,
        x_range=Range1d(xs[0] - 0.6, xs[-1] + 0.6),
        y_range=Range1d(0, min(1.0, max(data["high"]) * 1.1)),
        x_axis_label=f"{what}; {note}",
        y_axis_label="share of games",
    )
    fig.vbar("x", top="share", width=0.7, source=source, color=colour, alpha=0.85,
             name=name.replace("-chart", ""))  # fmt: skip
    fig.add_layout(Whisker(base="x", lower="low", upper="high", source=source))
    fig.add_layout(
        Span(location=float(values.mean()), dimension="height", line_dash="dashed", line_width=1)
    )
    fig.yaxis.formatter = NumeralTickFormatter(format="0%")
    fig.xaxis.ticker = SingleIntervalTicker(interval=-(-len(xs) // 8))  # at most 8 labels
    fig.xgrid.grid_line_color = None
    fig.add_tools(HoverTool(tooltips=[(what, "@x"), ("share", "@label")]))
    return fig


def rounds_plot(df: Any) -> Any:
    """The share of games that lasted each number of rounds (the mean dashed)."""
    mean = float(df["rounds"].mean())
    return _histogram(
        "rounds-chart",
        f"Rounds per game (mean {mean:.1f}, dashed)",
        df["rounds"],
        "rounds",
        PALETTE[2],
        "whiskers: 95% intervals",
    )


def boss_plot(df: Any) -> Any | None:
    """The share of games by the hits that damaged the boss (``boss_hits``), the boss's
    destroyed share and interval in the title; ``None`` without a boss in play."""
    if "boss_hits" not in df.columns or "boss" not in df.columns:
        return None
    if not (df["boss"].astype(str) != "").any():
        return None
    destroyed = int(df["boss_defeated"].astype(bool).sum()) if "boss_defeated" in df else 0
    p, low, high = wilson(destroyed, len(df))
    return _histogram(
        "boss-chart",
        "Hits that damaged the boss, per game",
        df["boss_hits"],
        "hits on the boss",
        PALETTE[1],
        f"destroyed in {p:.0%} of games ({low:.0%} to {high:.0%})",
    )


def simulation_charts(df: Any, names: list[str]) -> list[Any]:
    """The charts that apply to ``df``, top to bottom: places (two seats or more), Glory or
    rings, rounds, the boss's damage; none for a table without games."""
    if df is None or not len(df):
        return []
    charts = [places_plot(df, names) if len(names) > 1 else None]
    charts += [points_plot(df, names), rounds_plot(df), boss_plot(df)]
    return [c for c in charts if c is not None]
