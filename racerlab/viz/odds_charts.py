"""The exact-odds bar charts of a Racer Knights attack, as Bokeh figures (no Panel).

:class:`OddsCharts` builds two small bar charts once: the selected racer's hit
chance against each target Armor, and the distribution of the damage it deals to
one target. The odds themselves come from the rules (the caller computes them);
:meth:`OddsCharts.show_hit_curve` and :meth:`OddsCharts.show_damage` only replace
the sources' data (sources named ``odds-hit-vs-armor`` and ``odds-damage``).

>>> charts = OddsCharts((2, 3, 4))
>>> charts.show_hit_curve([0.5, 0.25, 0.0], title="Ann: hit chance vs target Armor")
>>> list(charts.hit_source.data["label"]), charts.hit_fig.title.text
(['50.0%', '25.0%', '0.0%'], 'Ann: hit chance vs target Armor')
>>> charts.show_damage({2: 0.25, 1: 0.75})
>>> charts.damage_source.data["damage"].tolist(), list(charts.damage_source.data["label"])
([1.0, 2.0], ['75.0%', '25.0%'])
>>> charts.damage_ticks.ticks, (charts.damage_range.start, charts.damage_range.end)
([0, 1, 2], (-0.5, 2.5))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from bokeh.models import ColumnDataSource, FixedTicker, HoverTool, Range1d
from bokeh.plotting import figure

from ..core.errors import RacerlabError
from .style import THEME, apply_figure_style

__all__ = ["CHART_HEIGHT", "MIN_DAMAGE_SHOWN", "OddsCharts", "damage_axis"]

CHART_HEIGHT = 260
"""Height (px) of each odds chart."""
MIN_DAMAGE_SHOWN = 1
"""The damage axis reaches at least this far, so a sure miss (only 0) still reads as a
count of Durability."""


def damage_axis(amounts: Sequence[int]) -> tuple[list[int], float, float]:
    """The whole-number ticks and the ends of the damage axis for ``amounts``: from 0 to
    the largest amount (at least :data:`MIN_DAMAGE_SHOWN`), each bar whole on the plot.

    >>> damage_axis([0])
    ([0, 1], -0.5, 1.5)
    >>> damage_axis([3, 1])
    ([0, 1, 2, 3], -0.5, 3.5)
    """
    top = max([MIN_DAMAGE_SHOWN, *(int(a) for a in amounts)])
    return list(range(top + 1)), -0.5, top + 0.5


def _percent(values: Sequence[float]) -> list[str]:
    return [f"{v:.1%}" for v in values]


def _bar_chart(
    source: ColumnDataSource,
    x: str,
    top: str,
    colour: str,
    *,
    title: str,
    x_label: str,
    y_label: str,
    tooltips: list[tuple[str, str]],
) -> Any:
    """A small, toolbar-free bar chart of probabilities (0 to 1) from ``source``."""
    fig = figure(
        height=CHART_HEIGHT,
        sizing_mode="stretch_width",
        y_range=(0, 1.05),
        title=title,
        x_axis_label=x_label,
        y_axis_label=y_label,
        tools="",
        toolbar_location=None,
    )
    fig.vbar(x, top=top, width=0.8, source=source, color=colour, alpha=0.85)
    fig.add_tools(HoverTool(tooltips=tooltips))
    apply_figure_style(fig)
    fig.title.text_font_size = "12pt"
    return fig


class OddsCharts:
    """Hit chance vs target Armor (one bar per value of ``armor_range``) and the damage
    dealt to a target, as two Bokeh figures updated in place."""

    def __init__(self, armor_range: Sequence[int]) -> None:
        self.armor_range = tuple(armor_range)
        n = len(self.armor_range)
        self.hit_source = ColumnDataSource(
            data={
                "armor": np.array(self.armor_range, dtype=float),
                "hit": np.zeros(n),
                "label": [""] * n,
            },
            name="odds-hit-vs-armor",
        )
        """P(hit) for each target Armor: columns ``armor``, ``hit``, ``label``."""
        self.hit_fig = _bar_chart(
            self.hit_source,
            "armor",
            "hit",
            THEME["accent"],
            title="Hit chance vs target Armor",
            x_label="Target's Armor stat (shields and tokens still apply)",
            y_label="P(hit)",
            tooltips=[("Armor", "@armor"), ("P(hit)", "@label")],
        )
        self.damage_source = ColumnDataSource(data=self._damage_columns({}), name="odds-damage")
        """P(damage) for each amount: columns ``damage``, ``p``, ``label``."""
        self.dmg_fig = _bar_chart(
            self.damage_source,
            "damage",
            "p",
            THEME["waypoint_closed"],
            title="Damage dealt to the target",
            x_label="Durability lost",
            y_label="probability",
            tooltips=[("Damage", "@damage"), ("P", "@label")],
        )
        ticks, start, end = damage_axis([])
        self.damage_range = Range1d(start, end)
        """The damage axis's ends (from 0, whole bars), set with each distribution."""
        self.damage_ticks = FixedTicker(ticks=ticks)
        """The damage axis's ticks: whole numbers from 0."""
        self.dmg_fig.x_range = self.damage_range
        self.dmg_fig.xaxis[0].ticker = self.damage_ticks

    def show_hit_curve(self, hits: Sequence[float], title: str | None = None) -> None:
        """Show ``hits`` (one P(hit) per value of the armor range), and ``title`` if given.

        A curve of the wrong length is refused (:class:`RacerlabError`) and changes nothing.
        """
        hits = np.asarray(hits, dtype=float)
        if hits.shape != (len(self.armor_range),):
            raise RacerlabError(
                f"hit-chance chart: {hits.size} values given for "
                f"{len(self.armor_range)} Armor values ({self.armor_range[0]} to "
                f"{self.armor_range[-1]})"
            )
        self.hit_source.data = {
            "armor": np.array(self.armor_range, dtype=float),
            "hit": hits,
            "label": _percent(hits),
        }
        if title is not None:
            self.hit_fig.title.text = title

    def show_damage(self, damage: Mapping[Any, Any] | None) -> None:
        """Show the damage distribution ``{durability lost: probability}`` (none if ``None``)
        on an axis of whole numbers from 0."""
        cols = self._damage_columns(damage or {})
        ticks, start, end = damage_axis(cols["damage"].astype(int).tolist())
        if (self.damage_range.start, self.damage_range.end) != (start, end):
            self.damage_range.update(start=start, end=end)
        if self.damage_ticks.ticks != ticks:
            self.damage_ticks.ticks = ticks
        self.damage_source.data = cols

    @staticmethod
    def _damage_columns(damage: Mapping[Any, Any]) -> dict[str, Any]:
        dist = sorted((int(k), float(v)) for k, v in damage.items())
        return {
            "damage": np.array([d for d, _ in dist], dtype=float),
            "p": np.array([p for _, p in dist], dtype=float),
            "label": _percent([p for _, p in dist]),
        }
