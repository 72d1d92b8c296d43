"""The track plot's figure and its glyphs, hover cards and legend, built once and light.

One source and one renderer per kind of mark, each row carrying its own look
(colour, alpha, size, marker, dash): bottom to top the spaces, the areas
(Virtual Reality tokens, traps, platforms), the section boundaries and start and
finish lines, the terrain markers and rocks, the path preview's line and its
spaces, rings, badniks, the boss, the racers, and every text in one ``labels``
source (with a leader line for a tag moved away from what it names, drawn from
the same source). The sources and renderers share their helper models (one
selection, selection policy and row filter: :class:`~racerlab.viz.sources.SharedParts`)
and draw their selection and mute looks automatically, so the whole figure stays
under a hundred Bokeh models (a page loads and updates quicker). The racers and the
boss are sized in pixels (their size at the plot's nominal scale), so they keep their
shape when presenter mode makes the lanes taller.

The legend is one :class:`~bokeh.models.Legend` whose entries come from two
columns: the ``kind`` of the ``features`` source, which besides the terrain
markers and rocks holds one off-plot swatch row per entry of :data:`LEGEND`
(so those entries always show a swatch), and the ``name`` of the badniks on the
track.

In the browser the x range shows as many columns as fit the plot's width at
:data:`~racerlab.viz.track_style.COLUMN_PX` pixels each, so a space stays
readable at any width and the label placer's sizes match what is drawn.
"""

from __future__ import annotations

from typing import Any

from bokeh.core.properties import field, value
from bokeh.models import (
    CustomJS,
    HoverTool,
    Legend,
    LegendItem,
    MultiLine,
    Quad,
    Range1d,
    Rect,
    Scatter,
    Segment,
    Text,
)
from bokeh.plotting import figure

from .sources import SourceSet, style_legend
from .style import FONT, apply_figure_style
from .track_labels import LABEL_COLUMNS, PADDING_PX
from .track_path import PATH_COLUMNS
from .track_style import (
    BADNIK_PX,
    BOSS_SIZE,
    COLUMN_PX,
    LANE_PX,
    MARK_COLOUR,
    PATH_COLOUR,
    RACER_HEIGHT,
    RING_PX,
    TRACK_HEIGHT,
    VIEW_COLUMNS,
    Y_RANGE,
)
from .track_terrain import AREA_COLUMNS, FEATURE_COLUMNS, LANES, LINE_COLUMNS, marker_row
from .track_tokens import BOSS_COLUMNS, RACER_COLUMNS, ROCK_LOOK

__all__ = ["LEGEND", "build_track_layers", "legend_rows", "track_figure"]

Renderers = dict[str, Any]

LEGEND_COLUMNS = 4
"""Columns of the legend: it fits a 600 px wide plot (a 1024 px screen beside the side
panel) in five rows."""

_FIT_WIDTH = """
const w = cb_obj.inner_width;
if (!(w > 0)) return;
const span = w / px;
const b = xr.bounds;
let start = xr.start;
if (b != null && b[1] != null) start = Math.max(b[0], Math.min(start, b[1] - span));
if (Math.abs(xr.end - xr.start - span) > 0.01 || start != xr.start)
    xr.setv({start: start, end: start + span});
"""
"""Browser side: show the columns that fit the plot's width at ``px`` pixels a column."""


def track_figure(title: str) -> Any:
    """An empty figure for five lanes, the race running left to right, styled; its x range
    keeps a column :data:`~racerlab.viz.track_style.COLUMN_PX` pixels wide."""
    fig = figure(
        title=title,
        name="rl-board",  # the page finds the board by this name
        x_range=Range1d(-0.5, VIEW_COLUMNS - 0.5),
        y_range=Range1d(*Y_RANGE),  # five lanes, section names above, trap faces below
        sizing_mode="stretch_width",
        height=TRACK_HEIGHT,
        min_height=340,
        tools="xpan,xwheel_zoom,reset,save",
        active_scroll=None,
        background_fill_color="#FFFFFF",
        x_axis_label="column (the race runs left to right)",
    )
    fig.center = [r for r in fig.center if r not in (*fig.xgrid, *fig.ygrid)]
    fig.yaxis.ticker = list(range(-(LANES - 1), 1))
    fig.yaxis.major_label_overrides = {-lane: f"lane {lane + 1}" for lane in range(LANES)}
    fig.js_on_change(
        "inner_width", CustomJS(args=dict(xr=fig.x_range, px=COLUMN_PX), code=_FIT_WIDTH)
    )
    return apply_figure_style(fig)


class _Painter:
    """Adds renderers to a figure, each on a source of the plot's :class:`SourceSet`; all
    share the set's helper models and let Bokeh draw their selection and mute looks."""

    def __init__(self, fig: Any, sources: SourceSet) -> None:
        self.fig, self.sources = fig, sources

    def draw(self, key: str, columns: tuple[str, ...], glyph: Any) -> Any:
        """``glyph`` on the source ``key`` (made with ``columns`` if new)."""
        source = self.sources.get(key) or self.sources.add(key, *columns)
        return self.sources.parts.renderer(self.fig, source, glyph)


def build_track_layers(fig: Any, sources: SourceSet) -> Legend:
    """Add every source, glyph, hover card and the legend to ``fig``; returns the legend."""
    p = _Painter(fig, sources)
    r: Renderers = {**_add_track(p), **_add_path(p), **_add_tokens(p)}
    _add_labels(p)
    _add_hover_cards(fig, r)
    return _add_legend(fig, r)


def _add_track(p: _Painter) -> Renderers:
    """The spaces, areas, section and start and finish lines, terrain markers and rocks."""
    r: Renderers = {}
    r["cells"] = p.draw(
        "cells",
        ("x", "y", "col", "lane", "fill", "shade", "elevation", "terrain", "section", "turn"),
        Rect(x="x", y="y", width=0.96, height=0.96, fill_color="fill", line_color="#FFFFFF"),
    )
    r["areas"] = p.draw(
        "areas",
        AREA_COLUMNS,
        Quad(
            left="left",
            right="right",
            top="top",
            bottom="bottom",
            fill_color="fill",
            fill_alpha="fill_alpha",
            line_color="line",
            line_width="line_width",
            line_dash="dash",
        ),
    )
    r["lines"] = p.draw(
        "lines",
        LINE_COLUMNS,
        MultiLine(xs="xs", ys="ys", line_color="colour", line_width="width", line_dash="dash"),
    )
    r["features"] = p.draw("features", FEATURE_COLUMNS, _marker_glyph())
    return r


def _add_path(p: _Painter) -> Renderers:
    """The path preview's line, and its spaces (squares where something acts on it)."""
    p.draw(
        "path",
        ("xs", "ys"),
        MultiLine(xs="xs", ys="ys", line_color=PATH_COLOUR, line_width=5, line_alpha=0.75),
    )
    path = p.draw(
        "path-spaces",
        PATH_COLUMNS,
        Scatter(
            x="x",
            y="y",
            marker="marker",
            size="size",
            fill_color=PATH_COLOUR,
            fill_alpha="fill_alpha",
            line_color="line",
            line_width="line_width",
        ),
    )
    return {"path": path}


def _add_tokens(p: _Painter) -> Renderers:
    """Rings, badniks, the boss and the racers (sized in pixels)."""
    r: Renderers = {}
    r["rings"] = p.draw(
        "rings",
        ("x", "y", "count", "label", "what"),
        Scatter(
            x="x",
            y="y",
            marker="circle",
            size=RING_PX,
            fill_alpha=0,
            line_color="#F9A825",
            line_width=4,
        ),
    )
    r["badniks"] = p.draw(
        "badniks",
        ("x", "y", "kind", "name", "marker", "colour", "family", "what"),
        Scatter(
            x="x",
            y="y",
            marker="marker",
            size=BADNIK_PX,
            fill_color="colour",
            line_color="#FFFFFF",
            line_width=1.5,
        ),
    )
    r["boss"] = p.draw(
        "boss",
        BOSS_COLUMNS,
        Rect(
            x="x",
            y="y",
            width=BOSS_SIZE[0] * COLUMN_PX,
            height=BOSS_SIZE[1] * LANE_PX,
            width_units="screen",
            height_units="screen",
            fill_color="#212121",
            line_color="#FFD600",
            line_width=3,
        ),
    )
    r["racers"] = p.draw(
        "racers",
        RACER_COLUMNS,
        Rect(
            x="x",
            y="y",
            width="width_px",
            height=RACER_HEIGHT * LANE_PX,
            width_units="screen",
            height_units="screen",
            fill_color="colour",
            line_color="line",
            line_width="line_width",
            fill_alpha=0.95,
        ),
    )
    return r


def _marker_glyph() -> Scatter:
    """Terrain markers, rocks and legend swatches: every look from the row."""
    return Scatter(
        x="x",
        y="y",
        marker="marker",
        size="size",
        angle="angle",
        fill_color="colour",
        fill_alpha="fill_alpha",
        line_color="line",
        line_width="line_width",
    )


def _add_labels(p: _Painter) -> None:
    """Leader lines, then every text on top of everything (one source for both)."""
    p.draw(
        "labels",
        LABEL_COLUMNS,
        Segment(x0="ax", y0="ay", x1="x", y1="y", line_color="colour", line_alpha="leader_alpha"),
    )
    p.draw(
        "labels",
        LABEL_COLUMNS,
        Text(
            x="x",
            y="y",
            text="text",
            text_font=value(FONT),
            text_color="colour",
            text_font_size="size",
            text_font_style="style",
            text_align="align",
            text_baseline="baseline",
            background_fill_color="background",
            background_fill_alpha="background_alpha",
            border_line_color="colour",
            border_line_alpha="border_alpha",
            padding=PADDING_PX,
        ),
    )


def _add_hover_cards(fig: Any, r: Renderers) -> None:
    """A card for the racers, one for the spaces and one for what lies on them (rings,
    badniks, the boss, the path's spaces and marks, areas: each row says ``what``)."""
    fig.add_tools(
        HoverTool(
            renderers=[r["racers"]],
            tooltips=[
                ("Racer", "@name (@racer)"),
                ("Speed", "@speed"),
                ("Rings", "@rings"),
                ("Badniks won", "@badniks"),
                ("Score", "@score"),
                ("Ability", "@ability"),
                ("", "@status"),
            ],
        ),
        HoverTool(
            renderers=[r[k] for k in ("boss", "badniks", "rings", "path", "areas")],
            tooltips=[("", "@what")],
        ),
        HoverTool(
            renderers=[r["cells"]],
            tooltips=[
                ("Space", "column @col, lane @lane"),
                ("Section", "@section"),
                ("Terrain", "@terrain"),
                ("", "@turn"),
            ],
        ),
    )


_NO_FILL = dict(fill_alpha=0.0)

LEGEND: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Racer (seat:Speed)", "square", dict(colour="#8C8C8C", line="#222222", line_width=1.5)),
    ("Rings", "circle", dict(_NO_FILL, colour="#F9A825", line_width=4.0)),
    ("Boss", "square", dict(colour="#212121", line="#FFD600", line_width=3.0)),
    ("Rock", "hex", dict(colour=ROCK_LOOK["colour"], line=ROCK_LOOK["line"], fill_alpha=0.8)),
    ("Path preview", "dash", dict(colour=PATH_COLOUR, line_width=5.0)),
    ("Acts on the path", "square", dict(_NO_FILL, colour=MARK_COLOUR, line_width=3.0)),
)
"""Legend entries of the things on the track: (label, swatch marker, its look). What
the laid track draws (each shade of the spaces, each kind of area with its outline, the
lines across the lanes, each terrain marker) adds entries of its own, only for what is
on the track (see :func:`_add_legend`)."""


def legend_rows() -> list[dict[str, Any]]:
    """One off-plot row of the ``features`` source per :data:`LEGEND` entry: its swatch."""
    nan = float("nan")
    return [
        marker_row(nan, nan, marker, **{"size": 14.0, **look}, kind=label)
        for label, marker, look in LEGEND
    ]


def _add_legend(fig: Any, r: Renderers) -> Legend:
    """The legend below the plot: the things on the track, terrain markers and rocks (one
    entry per ``kind`` of the features source), the badniks on the track by name, then
    the laid track itself as drawn: each shade of the spaces (water, each level), each
    kind of area with its own outline, the section boundaries and the start and finish
    lines (one entry per word of their ``shade`` or ``legend`` column, so only what is on
    the track is listed)."""
    items = [
        LegendItem(label=field("kind"), renderers=[r["features"]]),
        LegendItem(label=field("name"), renderers=[r["badniks"]]),
        LegendItem(label=field("shade"), renderers=[r["cells"]]),
        LegendItem(label=field("legend"), renderers=[r["areas"]]),
        LegendItem(label=field("legend"), renderers=[r["lines"]]),
    ]
    legend = style_legend(Legend(items=items, ncols=LEGEND_COLUMNS))
    legend.padding, legend.spacing, legend.margin = 4, 0, 4
    fig.add_layout(legend, "below")
    return legend
