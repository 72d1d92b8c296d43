"""The track plot's figure and its glyph layers, hover cards and legends, built once.

Layers are added bottom to top: spaces, areas (Virtual Reality, traps,
platforms), section marks and lines, terrain markers and rocks, the path
preview, rings, badniks, the boss, the racers, and the labels of what acts on
the path on top. Each builder takes the figure and the plot's
:class:`~racerlab.viz.sources.SourceSet` and returns its renderers by name.
The legend of the things on the track points at swatch renderers of its own
(:func:`~racerlab.viz.sources.swatch_items`), so every entry shows its swatch
even while nothing of its kind is on the track.
"""

from __future__ import annotations

from typing import Any

from bokeh.core.properties import value
from bokeh.models import HoverTool, Range1d
from bokeh.plotting import figure

from .sources import SourceSet, Swatch, legend_below, style_legend, swatch_items
from .style import FONT, apply_figure_style
from .track_path import MARK_COLUMNS
from .track_style import MARK_COLOUR, PATH_COLOUR, TRACK_HEIGHT, VIEW_COLUMNS
from .track_terrain import AREA_COLUMNS, LANES, TRAP_COLUMNS
from .track_tokens import BOSS_COLUMNS, RACER_COLUMNS

__all__ = ["LEGEND", "build_track_layers", "track_figure"]

Renderers = dict[str, Any]


def track_figure(title: str) -> Any:
    """An empty figure for five lanes, the race running left to right, styled."""
    fig = figure(
        title=title,
        x_range=Range1d(0, VIEW_COLUMNS),
        y_range=Range1d(-(LANES - 1) - 0.6, 1.0),  # five lanes, section names on top
        sizing_mode="stretch_width",
        height=TRACK_HEIGHT,
        min_height=340,
        tools="xpan,xwheel_zoom,box_zoom,reset,save",
        active_scroll=None,
        background_fill_color="#FFFFFF",
        x_axis_label="column (the race runs left to right)",
    )
    fig.xgrid.visible = False
    fig.ygrid.visible = False
    fig.yaxis.ticker = list(range(-(LANES - 1), 1))
    fig.yaxis.major_label_overrides = {-lane: f"lane {lane + 1}" for lane in range(LANES)}
    return apply_figure_style(fig)


def build_track_layers(fig: Any, sources: SourceSet) -> Any:
    """Add every source, glyph, hover card and legend to ``fig``; returns the legend
    of the things on the track (the one of terrain and badniks is ``fig.legend[0]``)."""
    r: Renderers = {}
    for add in (
        _add_spaces,
        _add_areas,
        _add_section_marks,
        _add_terrain_markers,
        _add_path,
        _add_tokens,
        _add_racers,
    ):
        r.update(add(fig, sources))
    _add_hover_cards(fig, r)
    return _add_legends(fig)


def _text(fig: Any, source: Any, x: str = "x", y: str = "y", **style: Any) -> Any:
    """Labels from the ``label`` column of ``source`` (unless ``style`` names another)."""
    return fig.text(x, y, **{"text": "label", "source": source, **style})


def _area(fig: Any, source: Any, **style: Any) -> Any:
    """Rectangles from the ``left``/``right``/``top``/``bottom`` columns of ``source``."""
    return fig.quad(left="left", right="right", top="top", bottom="bottom", source=source, **style)


def _add_spaces(fig: Any, sources: SourceSet) -> Renderers:
    cells = sources.add(
        "cells", "x", "y", "col", "lane", "fill", "elevation", "terrain", "section", "turn"
    )
    r_cells = fig.rect(
        "x",
        "y",
        width=0.96,
        height=0.96,
        source=cells,
        fill_color="fill",
        line_color="#FFFFFF",
        line_width=1,
    )
    return {"cells": r_cells}


def _add_areas(fig: Any, sources: SourceSet) -> Renderers:
    r_vr = _area(
        fig,
        sources.add("vr", *AREA_COLUMNS),
        fill_color="#00BCD4",
        fill_alpha=0.25,
        line_color="#00838F",
        line_width=2,
    )
    traps = sources.add("traps", *TRAP_COLUMNS)
    r_traps = _area(
        fig, traps, fill_alpha=0, line_color="#5E35B1", line_width=2.5, line_dash="dashdot"
    )
    _text(
        fig,
        traps,
        "lx",
        "ly",
        text_font_size="8pt",
        text_color="#5E35B1",
        text_align="center",
        text_baseline="top",
    )
    r_platforms = _area(
        fig,
        sources.add("platforms", *AREA_COLUMNS),
        fill_color="#8D6E63",
        fill_alpha=0.15,
        line_color="#5D4037",
        line_width=2.5,
        line_dash="dashed",
    )
    return {"vr": r_vr, "traps": r_traps, "platforms": r_platforms}


def _add_section_marks(fig: Any, sources: SourceSet) -> Renderers:
    sections = sources.add("sections", "xs", "ys")
    fig.multi_line("xs", "ys", source=sections, line_color="#444444", line_width=2)
    _text(
        fig,
        sources.add("section-names", "x", "y", "name"),
        text="name",
        text_font=value(FONT),
        text_font_size="9pt",
        text_color="#333333",
        text_baseline="bottom",
    )
    lines = sources.add("lines", "xs", "ys", "label")
    r_lines = fig.multi_line(
        "xs", "ys", source=lines, line_color="#111111", line_width=5, line_dash="dotted"
    )
    _text(
        fig,
        sources.add("turn", "x", "y", "label"),
        text_font_size="10pt",
        text_font_style="bold",
        text_color="#0D47A1",
        text_align="left",
        text_baseline="middle",
        x_offset=2,
    )
    return {"lines": r_lines}


def _add_terrain_markers(fig: Any, sources: SourceSet) -> Renderers:
    features = sources.add("features", "x", "y", "marker", "colour", "angle", "kind", "words")
    fig.scatter(
        "x",
        "y",
        source=features,
        marker="marker",
        size=15,
        angle="angle",
        fill_color="colour",
        line_color="colour",
        line_width=2,
        fill_alpha=0.85,
        legend_field="kind",
    )
    r_rocks = fig.scatter(
        "x",
        "y",
        source=sources.add("rocks", "x", "y"),
        marker="hex",
        size=20,
        fill_color="#757575",
        line_color="#424242",
        fill_alpha=0.8,
    )
    return {"rocks": r_rocks}


def _add_path(fig: Any, sources: SourceSet) -> Renderers:
    """The path preview, under the tokens."""
    path = sources.add("path", "xs", "ys")
    r_path = fig.multi_line(
        "xs", "ys", source=path, line_color=PATH_COLOUR, line_width=5, line_alpha=0.75
    )
    fig.scatter(
        "x",
        "y",
        source=sources.add("path-spaces", "x", "y", "step"),
        marker="circle",
        size=9,
        fill_color=PATH_COLOUR,
        line_color="#FFFFFF",
    )
    r_marks = fig.scatter(
        "x",
        "y",
        source=sources.add("path-marks", *MARK_COLUMNS),
        marker="square",
        size=30,
        fill_alpha=0,
        line_color=MARK_COLOUR,
        line_width=3,
    )
    return {"path": r_path, "marks": r_marks}


def _add_tokens(fig: Any, sources: SourceSet) -> Renderers:
    """Rings (with the count), badniks and the boss."""
    rings = sources.add("rings", "x", "y", "count", "label")
    r_rings = fig.scatter(
        "x",
        "y",
        source=rings,
        marker="circle",
        size=16,
        fill_alpha=0,
        line_color="#F9A825",
        line_width=4,
    )
    _text(
        fig,
        rings,
        text_font_size="8pt",
        text_font_style="bold",
        text_color="#8D6E00",
        text_align="center",
        text_baseline="middle",
    )
    r_badniks = fig.scatter(
        "x",
        "y",
        source=sources.add("badniks", "x", "y", "kind", "name", "marker", "colour", "family"),
        marker="marker",
        size=20,
        fill_color="colour",
        line_color="#FFFFFF",
        line_width=1.5,
        legend_field="name",
    )
    boss = sources.add("boss", *BOSS_COLUMNS)
    r_boss = fig.rect(
        "x",
        "y",
        width=0.9,
        height=0.9,
        source=boss,
        fill_color="#212121",
        line_color="#FFD600",
        line_width=3,
    )
    _text(fig, boss, **_BOLD_CENTRED, text_color="#FFD600", text_font_size="9pt")
    return {"rings": r_rings, "badniks": r_badniks, "boss": r_boss}


_BOLD_CENTRED = dict(text_font_style="bold", text_align="center", text_baseline="middle")


def _add_racers(fig: Any, sources: SourceSet) -> Renderers:
    """The racers, and on top of everything the labels of what acts on the path."""
    racers = sources.add("racers", *RACER_COLUMNS)
    r_racers = fig.rect(
        "x",
        "y",
        width="width",
        height=0.72,
        source=racers,
        fill_color="colour",
        line_color="line",
        line_width="line_width",
        fill_alpha=0.95,
    )
    _text(fig, racers, **_BOLD_CENTRED, text_color="#FFFFFF", text_font_size="9pt")
    _text(
        fig,
        sources["path-marks"],
        text_font_size="8pt",
        text_color=MARK_COLOUR,
        text_font_style="bold",
        y_offset=-18,
        text_align="center",
        background_fill_color="#FFFFFF",
        background_fill_alpha=0.85,
    )
    return {"racers": r_racers}


def _add_hover_cards(fig: Any, r: Renderers) -> None:
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
            renderers=[r["badniks"]],
            tooltips=[("Badnik", "@name"), ("", "@family")],
        ),
        HoverTool(renderers=[r["rings"]], tooltips=[("Rings", "@count")]),
        HoverTool(
            renderers=[r["boss"]],
            tooltips=[("Boss", "@name"), ("Rings", "@rings"), ("Card", "@card")],
        ),
        HoverTool(renderers=[r["marks"]], tooltips=[("On the path", "@what")]),
        HoverTool(renderers=[r["platforms"], r["traps"], r["vr"]], tooltips=[("", "@label")]),
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


_NO_FILL = dict(fill_alpha=0)

LEGEND: tuple[Swatch, ...] = (
    ("Racers: seat:Speed (hover for rings)", "square", dict(fill_color="#8C8C8C")),
    ("Rings", "circle", dict(_NO_FILL, line_color="#F9A825", line_width=4)),
    ("Boss", "square", dict(fill_color="#212121", line_color="#FFD600", line_width=3)),
    ("Rock", "hex", dict(fill_color="#757575", line_color="#424242", fill_alpha=0.8)),
    (
        "Platform",
        "square",
        dict(fill_color="#8D6E63", fill_alpha=0.15, line_color="#5D4037", line_width=2.5),
    ),
    ("Trap", "square", dict(_NO_FILL, line_color="#5E35B1", line_width=2.5)),
    (
        "VR token",
        "square",
        dict(fill_color="#00BCD4", fill_alpha=0.25, line_color="#00838F", line_width=2),
    ),
    ("Start / finish line", "line", dict(line_color="#111111", line_width=5, line_dash="dotted")),
    ("Path preview", "line", dict(line_color=PATH_COLOUR, line_width=5, line_alpha=0.75)),
    ("Acts on the path", "square", dict(_NO_FILL, line_color=MARK_COLOUR, line_width=3)),
)
"""Legend entries of the things on the track: (label, swatch shape, its constant look)."""


def _add_legends(fig: Any) -> Any:
    """The terrain and badnik legend, then the legend of the rest, both below the plot."""
    fig.add_layout(style_legend(fig.legend[0]), "below")
    return legend_below(fig, swatch_items(fig, LEGEND), ncols=5)
