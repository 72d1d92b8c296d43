"""Bokeh figures of balance runs (:mod:`racerlab.analysis.balance`, ``balance_knights``).

Each function takes the table a balance function returned and draws it with its 95%
intervals as whiskers (no Panel):

- :func:`destroy_rate_plot`: the solo destroy rate per boss (``boss_report``), with the
  designer's target band shaded when given;
- :func:`sensitivity_plot`: the change in the destroy rate per what-if
  (``card_sensitivity``), horizontal bars around 0;
- :func:`rank_plot`: the rank histogram S..E and none per boss (``boss_report``);
- :func:`sweep_plot`: a Racer Knights build's win share across a stat's values or parts
  (``stat_sweep`` / ``part_sweep``), with the even share as a line;
- :func:`compare_plot`: the two arms of a comparison (:func:`racerlab.analysis.compare.compare`)
  and their difference, each with its interval.

:func:`write_offline` writes any of them as one HTML page that needs no network.

>>> import pandas as pd
>>> df = pd.DataFrame({"boss": ["eggman"], "destroyed": [0.6], "low": [0.5], "high": [0.7]})
>>> fig = destroy_rate_plot(df, band=(0.5, 0.7))
>>> fig.select_one({"name": "destroy-rate"}).data_source.data["boss"]
['eggman']
"""

from __future__ import annotations

from typing import Any

from bokeh.models import (
    BoxAnnotation,
    ColumnDataSource,
    FactorRange,
    HoverTool,
    NumeralTickFormatter,
    Range1d,
    Span,
    Whisker,
)
from bokeh.plotting import figure

from .style import PALETTE, apply_figure_style

__all__ = [
    "compare_plot",
    "destroy_rate_plot",
    "rank_plot",
    "sensitivity_plot",
    "sweep_plot",
    "write_offline",
]

HEIGHT = 300
"""Height (px) of a balance figure."""
RANK_ORDER = ("S", "A", "B", "C", "D", "E", "none")
"""The rank columns of a boss report, best first."""
RANK_LABELS = {"none": "-"}
"""Short axis labels (``-``: no rank earned)."""


def _figure(title: str, **kw: Any) -> Any:
    fig = figure(
        height=kw.pop("height", HEIGHT),
        sizing_mode="stretch_width",
        title=title,
        tools="",
        toolbar_location=None,
        **kw,
    )
    apply_figure_style(fig)
    return fig


def _percent(values: Any) -> list[str]:
    return [f"{float(v):.0%}" for v in values]


def destroy_rate_plot(df: Any, *, band: tuple[float, float] | None = None) -> Any:
    """Solo destroy rate per boss with 95% intervals; ``band`` shades a target range."""
    data = {
        "boss": [str(b) for b in df["boss"]],
        "destroyed": list(df["destroyed"]),
        "low": list(df["low"]),
        "high": list(df["high"]),
        "label": _percent(df["destroyed"]),
    }
    source = ColumnDataSource(data, name="destroy-rate-data")
    fig = _figure(
        "Solo: boss destroyed (95% intervals)",
        x_range=data["boss"],
        y_range=(0, 1),
        y_axis_label="share of solo games",
    )
    if band is not None:
        fig.add_layout(
            BoxAnnotation(bottom=band[0], top=band[1], fill_alpha=0.15, level="underlay")
        )
    fig.vbar("boss", top="destroyed", width=0.6, source=source, color=PALETTE[0], alpha=0.85,
             name="destroy-rate")  # fmt: skip
    fig.add_layout(Whisker(base="boss", lower="low", upper="high", source=source))
    fig.add_tools(HoverTool(tooltips=[("boss", "@boss"), ("destroyed", "@label")]))
    return fig


def sensitivity_plot(df: Any) -> Any:
    """The destroy rate's change per what-if (its paired 95% interval as whiskers); the
    baseline row (``as it is``) is left out."""
    rows = df[df["change"] != "as it is"]
    changes = [str(c) for c in rows["change"]]
    source = ColumnDataSource(
        {
            "change": changes,
            "delta": list(rows["delta"]),
            "low": list(rows["delta_low"]),
            "high": list(rows["delta_high"]),
            "label": [f"{float(d):+.0%}" for d in rows["delta"]],
        },
        name="sensitivity-data",
    )
    title = "Destroy rate change per what-if (paired 95% intervals)"
    low = min([0.0, *source.data["low"]]) - 0.05
    high = max([0.0, *source.data["high"]]) + 0.05
    boss = df.attrs.get("boss")
    fig = _figure(
        f"{boss}: {title}" if boss else title,
        y_range=list(reversed(changes)),
        height=max(HEIGHT, 22 * len(changes) + 80),
        x_range=Range1d(low, high),
        x_axis_label="change in the share of games won",
    )
    fig.hbar("change", right="delta", height=0.6, source=source, color=PALETTE[1], alpha=0.85,
             name="sensitivity")  # fmt: skip
    fig.add_layout(
        Whisker(base="change", lower="low", upper="high", dimension="width", source=source)
    )
    fig.add_layout(Span(location=0, dimension="height", line_color="#555", line_width=1))
    fig.add_tools(HoverTool(tooltips=[("what-if", "@change"), ("change", "@label")]))
    return fig


def rank_plot(df: Any) -> Any:
    """The solo rank histogram per boss: one group of bars per boss, S..E and none."""
    ranks = [r for r in RANK_ORDER if r in df.columns]
    bosses = [str(b) for b in df["boss"]]
    cells = [(b, r) for b in bosses for r in ranks]
    counts = [int(df.loc[df["boss"] == b, r].iloc[0]) for b, r in cells]
    xs = [(b, RANK_LABELS.get(r, r)) for b, r in cells]

    source = ColumnDataSource({"x": xs, "games": counts}, name="ranks-data")
    title = "Solo ranks per boss (- : no rank earned)"
    fig = _figure(title, x_range=FactorRange(*xs), y_axis_label="games")
    fig.vbar("x", top="games", width=0.8, source=source, color=PALETTE[2], alpha=0.85,
             name="ranks")  # fmt: skip
    fig.xaxis.major_label_orientation = 0
    fig.add_tools(HoverTool(tooltips=[("boss, rank", "@x"), ("games", "@games")]))
    return fig


def sweep_plot(df: Any) -> Any:
    """A Racer Knights sweep: seat 0's win share per value (stat sweep: a line over the
    values; part sweep: bars per card) with 95% intervals and the even share."""
    column = df.columns[0]
    values = list(df[column])
    numeric = column != "part"
    source = ColumnDataSource(
        {
            "x": values if numeric else [str(v) for v in values],
            "share": list(df["share"]),
            "low": list(df["low"]),
            "high": list(df["high"]),
            "label": _percent(df["share"]),
        },
        name="sweep-data",
    )
    what = df.attrs.get("racer", "the build")
    title = f"{what}: win share by {column} (95% intervals)"
    if numeric:
        fig = _figure(title, y_range=(0, 1), x_axis_label=column, y_axis_label="win share")
        fig.line("x", "share", source=source, color=PALETTE[3], line_width=2)
        fig.scatter("x", "share", source=source, color=PALETTE[3], size=7, name="sweep")
    else:
        fig = _figure(title, x_range=source.data["x"], y_range=(0, 1), y_axis_label="win share")
        fig.vbar("x", top="share", width=0.6, source=source, color=PALETTE[3], alpha=0.85,
                 name="sweep")  # fmt: skip
        fig.xaxis.major_label_orientation = 0.8
    fig.add_layout(Whisker(base="x", lower="low", upper="high", source=source))
    if len(df):
        even = float(df["even"].iloc[0])
        fig.add_layout(Span(location=even, dimension="width", line_dash="dashed"))
    fig.add_tools(HoverTool(tooltips=[(column, "@x"), ("share", "@label")]))
    return fig


def compare_plot(table: Any) -> Any:
    """A comparison's table (:func:`racerlab.analysis.compare.compare`: rows A, B and A - B)
    as two charts, one above the other: each arm's estimate with its interval, and the
    difference with its interval around 0 (an interval that holds 0: no clear difference)."""
    from bokeh.layouts import column

    arms, diff = table.iloc[:2], table.iloc[2:]
    metric = str(table["metric"].iloc[0])
    share = str(table["interval"].iloc[0]) == "wilson"  # a yes/no metric: a share of games
    fmt = (lambda v: f"{float(v):.1%}") if share else (lambda v: f"{float(v):.3g}")

    def source(rows: Any, name: str) -> ColumnDataSource:
        return ColumnDataSource(
            {
                "arm": [str(a) for a in rows.index],
                "estimate": list(rows["estimate"]),
                "low": list(rows["low"]),
                "high": list(rows["high"]),
                "label": [
                    f"{fmt(e)} ({fmt(lo)} to {fmt(hi)}), {int(n)} games"
                    for e, lo, hi, n in zip(rows["estimate"], rows["low"], rows["high"], rows["n"])
                ],
            },
            name=name,
        )

    level = f"{round(100 * float(table.attrs.get('confidence', 0.95)))}%"
    top = source(arms, "compare-arms-data")
    high = max([0.0, *top.data["high"], *top.data["estimate"]])
    low = min([0.0, *top.data["low"]])
    arms_fig = _figure(
        f"{metric[:1].upper()}{metric[1:]} per arm ({level} intervals)",
        y_range=list(reversed(top.data["arm"])),
        x_range=Range1d(low, (1.0 if share else high * 1.1) or 1.0),
        height=170,
        x_axis_label=metric,
    )
    arms_fig.hbar("arm", right="estimate", height=0.6, source=top, color=PALETTE[0], alpha=0.85,
                  name="compare-arms")  # fmt: skip
    arms_fig.add_layout(
        Whisker(base="arm", lower="low", upper="high", dimension="width", source=top)
    )
    arms_fig.add_tools(HoverTool(tooltips=[("arm", "@arm"), (metric, "@label")]))
    bottom = source(diff, "compare-difference-data")
    reach = max([0.05, *(abs(v) for v in bottom.data["low"] + bottom.data["high"])]) * 1.1
    how = str(diff["interval"].iloc[0]).replace("newcombe", "Newcombe").replace("welch", "Welch")
    diff_fig = _figure(
        f"Difference ({how} {level} interval)",
        y_range=bottom.data["arm"],
        x_range=Range1d(-reach, reach),
        height=140,
        x_axis_label=f"difference in {metric}",
    )
    diff_fig.scatter("estimate", "arm", source=bottom, size=9, color=PALETTE[1],
                     name="compare-difference")  # fmt: skip
    diff_fig.add_layout(
        Whisker(base="arm", lower="low", upper="high", dimension="width", source=bottom)
    )
    diff_fig.add_layout(Span(location=0, dimension="height", line_color="#555", line_width=1))
    diff_fig.add_tools(HoverTool(tooltips=[("difference", "@arm"), ("estimate", "@label")]))
    if share:
        for fig in (arms_fig, diff_fig):
            fig.xaxis.formatter = NumeralTickFormatter(format="0%")
    return column(arms_fig, diff_fig, sizing_mode="stretch_width")


def write_offline(figure: Any, path: Any, title: str) -> None:
    """Write ``figure`` to ``path`` as one HTML page that needs no network: Bokeh's scripts
    are inline (``bokeh.resources.INLINE``), nothing is fetched."""
    from pathlib import Path

    from bokeh.embed import file_html
    from bokeh.resources import INLINE

    Path(path).write_text(file_html(figure, resources=INLINE, title=title), encoding="utf-8")
