"""The arena plot's figure, its layers and marks, hover cards and legend, built once.

The plot is light: each *kind* of mark is one source and one renderer
(:class:`~racerlab.viz.sources.Mark`), fed by the layers it draws, each row with its
own colours and widths. Bottom to top:

* ``areas`` (patches): the table inside its walls, the reach, the ram lane's bands,
  the firing arc;
* ``lines`` (lines): the grid, the trails, the range lines, the labels' leader lines;
* ``waypoints`` (discs, hover card), then ``racers`` (footprints, hover card);
* ``tops`` (patches over the racers): facing marks and shields;
* ``rings`` (circles, hover card): the targets' rings;
* ``text``: waypoint and seat numbers, then the overlays' labels.

The legend's entries point at swatch rows kept at the head of the marks' sources
(drawn at NaN, so nothing shows on the plot): every entry shows its swatch even
while the layer it names is empty, and costs no renderer of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import numpy as np
from bokeh.models import (
    Circle,
    CustomJS,
    Grid,
    HoverTool,
    LegendItem,
    MultiLine,
    Patches,
    Range1d,
    Text,
    Title,
)
from bokeh.plotting import figure

from .arena_arc import RANGE_COLUMNS, TARGET_COLUMNS
from .arena_labels import LABEL_COLUMNS, LEADER_COLUMNS
from .arena_overlays import RAM_COLUMNS, RAM_TARGET_COLUMNS
from .arena_racers import RACER_COLUMNS
from .sources import Col, LayerSet, Look, Mark, SharedParts, legend_below
from .style import PLOT_SIZES, THEME, apply_figure_style

__all__ = [
    "LEGEND",
    "PAD_M",
    "ArenaMarks",
    "arena_figure",
    "arena_note",
    "build_arena_layers",
]

PAD_M = 0.6
"""Margin (M) round the table inside the plot."""

AREA_COLUMNS = ("xs", "ys", "fill", "fill_alpha", "line", "line_alpha", "line_width", "dash")
LINE_COLUMNS = ("xs", "ys", "line", "line_alpha", "line_width", "dash")
RING_COLUMNS = ("x", "y", "radius", "fill", "fill_alpha", "line", "line_width")
RING_CARD = ("kind", "index", "label")
"""Columns of the shared marks: outlines or centres, then each row's look (and the
rings' hover card)."""

_NAN = np.array([np.nan])


def _area(
    fill: Any,
    fill_alpha: float,
    line: Any,
    line_alpha: float = 1.0,
    width: float = 1.0,
    dash: str = "solid",
) -> dict[str, Any]:
    """An area's look: fill, outline and dash (a value, or a :class:`Col` of the layer)."""
    return dict(
        fill=fill,
        fill_alpha=fill_alpha,
        line=line,
        line_alpha=line_alpha,
        line_width=width,
        dash=dash,
    )


def _line(colour: Any, width: float, alpha: float = 1.0, dash: str = "solid") -> dict[str, Any]:
    """A line's look."""
    return dict(line=colour, line_alpha=alpha, line_width=width, dash=dash)


def _ring(fill: str, fill_alpha: float, line: Any, width: float) -> dict[str, Any]:
    """A ring's (or a disc's) look."""
    return dict(fill=fill, fill_alpha=fill_alpha, line=line, line_width=width)


_NUMBERS = dict(colour="#FFFFFF", align="center", baseline="middle", box=0.0)

LEGEND: tuple[tuple[str, str, Mapping[str, Any]], ...] = (
    ("Racers (hover for stats)", "tops", _area("#8C8C8C", 0.95, "#333333", width=1.5)),
    ("Shields", "tops", _area("#111111", 1.0, "#111111")),
    (
        "Waypoints (green open, red blocked)",
        "rings",
        _ring(THEME["waypoint_open"], 0.9, THEME["waypoint_closed"], 2.5),
    ),
    ("Firing arc in range", "areas", _area(THEME["arc"], 0.6, "#B8860B", width=1.5)),
    ("Targets: hit chance · range", "rings", _ring("#FFFFFF", 0.0, THEME["hit"], 3.0)),
    ("Range (R)", "lines", _line(THEME["range"], 2.0, dash="dashed")),
    ("Ram lane: strength", "areas", _area("#C09DEE", 0.8, THEME["ram"])),
    ("Reachable this round", "areas", _area(THEME["reach"], 0.35, THEME["reach"])),
    ("Trails this round", "lines", _line("#555555", 3.0, dash="dotted")),
)
"""Legend entries: (label, the mark whose swatch row it shows, that row's look)."""

LAYERS: dict[str, tuple[str, ...]] = {
    "table": ("xs", "ys"),
    "grid": ("xs", "ys"),
    "reach": ("xs", "ys"),
    "ram": RAM_COLUMNS,
    "ram_targets": RAM_TARGET_COLUMNS,
    "arc": ("xs", "ys"),
    "trails": ("xs", "ys", "colour", "name"),
    "range": RANGE_COLUMNS,
    "leaders": LEADER_COLUMNS,
    "waypoints": ("x", "y", "radius", "number", "fill", "status", "blocker", "ring"),
    "racers": ("xs", "ys", *RACER_COLUMNS),
    "facing": ("xs", "ys"),
    "shields": ("xs", "ys", "side"),
    "targets": TARGET_COLUMNS,
    "labels": (*LABEL_COLUMNS, "moved"),
}
"""Every layer of the arena and its columns (``ram_targets`` is drawn only through the
labels; the others by the marks of :func:`build_arena_layers`)."""


class ArenaMarks(dict[str, Mark]):
    """The arena's marks by name (``areas``, ``lines``, ``waypoints``, ``racers``, ``tops``,
    ``rings``, ``text``), bottom to top."""

    def sync(self) -> list[str]:
        """Set every mark's source whose rows changed; the names of those set."""
        return [name for name, mark in self.items() if mark.sync()]


_FIT = """
const w = cb_obj.inner_width, h = cb_obj.inner_height;
if (!(w > 0 && h > 0)) return;
const px = Math.min(w / (width + 2 * pad), h / (height + 2 * pad));  // pixels a metre
const sx = w / px, sy = h / px;
xr.setv({start: width / 2 - sx / 2, end: width / 2 + sx / 2});
yr.setv({start: height / 2 - sy / 2, end: height / 2 + sy / 2});
"""
"""Browser side: the ranges show the whole table and its margin as large as the plot's
frame allows, 1M across as long as 1M up, each time the frame changes size."""


def arena_figure(title: str) -> Any:
    """An empty to-scale figure in M (1M across is 1M up) filling its box (the page sizes
    the box), styled; :func:`fit_table` sets its ranges to the table and a margin of
    :data:`PAD_M`."""
    fig = figure(
        title=title,
        name="rl-board",  # the page finds the board by this name
        x_range=Range1d(-PAD_M, 20 + PAD_M),  # set to the table by build_arena_layers
        y_range=Range1d(-PAD_M, 20 + PAD_M),
        sizing_mode="stretch_both",  # it fills its box (the page sizes the box)
        min_height=PLOT_SIZES["min_height"],
        tools="pan,wheel_zoom,box_zoom,reset,save",
        active_scroll=None,
        background_fill_color="#FFFFFF",
        x_axis_label="M",
        y_axis_label="M",
    )
    fig.center = [c for c in fig.center if not isinstance(c, Grid)]  # our own grid
    return apply_figure_style(fig)


def fit_table(fig: Any, width: float, height: float) -> None:
    """Show a ``width`` x ``height`` table with a margin of :data:`PAD_M` to scale (1M
    across is 1M up), the longer side of the frame getting the room left over; the browser
    fits it again each time the frame changes size (one callback for both sides)."""
    fig.x_range.update(start=-PAD_M, end=width + PAD_M)
    fig.y_range.update(start=-PAD_M, end=height + PAD_M)
    fit = CustomJS(
        args=dict(xr=fig.x_range, yr=fig.y_range, width=width, height=height, pad=PAD_M),
        code=_FIT,
    )
    fig.js_on_change("inner_width", fit)
    fig.js_on_change("inner_height", fit)


def arena_note(fig: Any) -> Any:
    """An empty, hidden line under the title for the plot's note; returns it."""
    note = Title(
        text="",
        visible=False,
        text_font_size="10pt",
        text_font_style="italic",
        text_color=THEME["ram"],
    )
    fig.add_layout(note, "above")
    return note


def build_arena_layers(fig: Any, layers: LayerSet, table: Any) -> tuple[ArenaMarks, Any]:
    """Add every layer of the arena to ``layers``, its marks, hover cards and legend to
    ``fig``; returns the marks and the legend."""
    for key, columns in LAYERS.items():
        layers.add(key, *columns)
    w, h = table.width, table.height
    layers["table"].set({"xs": [np.array([0.0, w, w, 0.0])], "ys": [np.array([0.0, 0.0, h, h])]})
    marks = _marks(layers)
    r = {name: _draw(fig, name, mark) for name, mark in marks.items()}
    fit_table(fig, w, h)
    _add_hover_cards(fig, r)
    return marks, _add_legend(fig, marks, r)


def _swatches(mark: str, columns: tuple[str, ...]) -> list[dict[str, Any]]:
    """The mark's legend swatch rows (at NaN), with empty hover-card columns."""
    geometry = {"xs": _NAN, "ys": _NAN, "x": np.nan, "y": np.nan, "radius": np.nan}
    blank = {c: "" for c in columns}
    return [
        {**blank, **{c: v for c, v in geometry.items() if c in columns}, **look}
        for _, name, look in LEGEND
        if name == mark
    ]


def _marks(layers: LayerSet) -> ArenaMarks:
    """The marks, each with the layers it draws and their looks (bottom to top)."""
    L = layers
    wall = _area(THEME["table"], 1.0, THEME["wall"], width=4.0)
    areas: list[tuple[Any, Look]] = [
        (L["table"], wall),
        (L["reach"], _area(THEME["reach"], 0.18, THEME["reach"], 0.6, dash="dashed")),
        (L["ram"], _area(Col("fill"), 0.35, THEME["ram"], 0.7)),
        (L["arc"], _area(THEME["arc"], 0.28, "#B8860B", width=1.5)),
    ]
    lines: list[tuple[Any, Look]] = [
        (L["grid"], _line(THEME["grid"], 1.0)),
        (L["trails"], _line(Col("colour"), 3.0, 0.75, "dotted")),
        (L["range"], _line(THEME["range"], 2.0, dash="dashed")),
        (L["leaders"], _line(Col("colour"), 1.2, 0.8)),
    ]
    tops: list[tuple[Any, Look]] = [
        (L["facing"], _area("#FFFFFF", 0.9, "#FFFFFF", 0.0)),
        (L["shields"], _area("#111111", 1.0, "#111111", 0.0)),
    ]
    rings = [(L["targets"], _ring("#FFFFFF", 0.0, Col("colour"), 3.0))]
    text: list[tuple[Any, Look]] = [
        (L["waypoints"], {"text": Col("number"), "size": "11pt", **_NUMBERS}),
        (L["racers"], {"text": Col("label"), "size": "10pt", **_NUMBERS}),
        (L["labels"], {}),
    ]
    ring_cols = RING_COLUMNS + RING_CARD
    mark = partial(Mark, shared=SharedParts())  # the marks share their sources' helper models
    return ArenaMarks(
        areas=mark("arena-areas", AREA_COLUMNS, areas, _swatches("areas", AREA_COLUMNS)),
        lines=mark("arena-lines", LINE_COLUMNS, lines, _swatches("lines", LINE_COLUMNS)),
        waypoints=mark("arena-waypoints", None, [(L["waypoints"], {})]),
        racers=mark("arena-racers", None, [(L["racers"], {})]),
        tops=mark("arena-tops", AREA_COLUMNS, tops, _swatches("tops", AREA_COLUMNS)),
        rings=mark(
            "arena-rings",
            ring_cols,
            rings,
            _swatches("rings", ring_cols),
            floats=("x", "y", "radius", "fill_alpha", "line_width"),
        ),
        text=mark("arena-text", LABEL_COLUMNS, text, floats=("x", "y", "box")),
    )


_PATCH_LOOK = dict(
    fill_color="fill",
    fill_alpha="fill_alpha",
    line_color="line",
    line_alpha="line_alpha",
    line_width="line_width",
    line_dash="dash",
)

_GLYPHS = {
    "areas": lambda: Patches(xs="xs", ys="ys", **_PATCH_LOOK),
    "lines": lambda: MultiLine(
        xs="xs",
        ys="ys",
        line_color="line",
        line_alpha="line_alpha",
        line_width="line_width",
        line_dash="dash",
    ),
    "waypoints": lambda: Circle(
        x="x",
        y="y",
        radius="radius",
        fill_color="fill",
        line_color="ring",
        line_width=2.5,
        fill_alpha=0.9,
    ),
    "racers": lambda: Patches(
        xs="xs",
        ys="ys",
        fill_color="colour",
        fill_alpha="alpha",
        line_color="line",
        line_width="width",
    ),
    "tops": lambda: Patches(xs="xs", ys="ys", **_PATCH_LOOK),
    "rings": lambda: Circle(
        x="x",
        y="y",
        radius="radius",
        fill_color="fill",
        fill_alpha="fill_alpha",
        line_color="line",
        line_width="line_width",
    ),
    "text": lambda: Text(
        x="x",
        y="y",
        text="text",
        text_color="colour",
        text_font_size="size",
        text_font_style="bold",
        text_align="align",
        text_baseline="baseline",
        background_fill_color="#FFFFFF",
        background_fill_alpha="box",
    ),
}
"""The one glyph of each mark, its look read from the mark's columns."""


def _draw(fig: Any, name: str, mark: Mark) -> Any:
    """The mark's one renderer (no selection or muted glyph of its own: nothing selects)."""
    called = f"{mark.source.name}-renderer"
    return mark.shared.renderer(fig, mark.source, _GLYPHS[name](), name=called)


def _add_hover_cards(fig: Any, r: Mapping[str, Any]) -> None:
    fig.add_tools(
        HoverTool(
            renderers=[r["racers"]],
            tooltips=[
                ("Racer", "@name (player @player)"),
                ("Knight", "@knight"),
                ("Durability", "@durability"),
                ("Glory", "@glory"),
                ("Speed Points", "@speed"),
                ("Valor", "@valor"),
                ("Stats", "@stats"),
                ("Weapon", "@weapon"),
                ("Tokens", "@tokens"),
                ("†", "ours: not printed in the rulebook"),
            ],
        ),
        HoverTool(
            renderers=[r["waypoints"]],
            tooltips=[("Waypoint", "@number"), ("", "@status")],
        ),
        HoverTool(
            renderers=[r["rings"]],
            tooltips=[("Target", "@kind @index"), ("", "@label")],
        ),
    )


def _add_legend(fig: Any, marks: ArenaMarks, r: Mapping[str, Any]) -> Any:
    """The legend below the plot, each entry on its swatch row of a shared mark."""
    seen: dict[str, int] = {}
    items = []
    for label, name, _look in LEGEND:
        index = seen.get(name, 0)
        seen[name] = index + 1
        items.append(LegendItem(label=label, renderers=[r[name]], index=index))
    return legend_below(fig, items, ncols=2)  # narrow enough for the plot beside a column
