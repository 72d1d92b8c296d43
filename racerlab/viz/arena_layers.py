"""The arena plot's figure and its glyph layers, hover cards and legend, built once.

Layers are added bottom to top: the table, its grid and walls; the overlays
(reach, ram lane, firing arc, trails); the waypoints; the racers with their
facing marks, shields and seat numbers; then the range lines, target rings and
the overlays' labels (one text glyph, placed by :mod:`~racerlab.viz.arena_labels`)
on top. Each builder takes the figure and the plot's
:class:`~racerlab.viz.sources.SourceSet` and returns its renderers by name.

The legend points at swatch renderers of its own
(:func:`~racerlab.viz.sources.swatch_items`), so every entry shows its swatch
even while the layer it names is empty.
"""

from __future__ import annotations

from typing import Any

from bokeh.models import DataRange1d, HoverTool, Title
from bokeh.plotting import figure

from .arena_arc import RANGE_COLUMNS, TARGET_COLUMNS
from .arena_labels import LABEL_COLUMNS
from .arena_overlays import RAM_COLUMNS, RAM_TARGET_COLUMNS
from .arena_racers import RACER_COLUMNS
from .sources import SourceSet, Swatch, legend_below, swatch_items
from .style import PLOT_SIZES, THEME, apply_figure_style

__all__ = ["LEGEND", "arena_figure", "arena_note", "build_arena_layers"]

Renderers = dict[str, Any]

_PAD = 0.6
"""Margin (M) round the table."""


def arena_figure(title: str) -> Any:
    """An empty to-scale figure in M (1M across is 1M up), styled."""
    fig = figure(
        title=title,
        x_range=DataRange1d(range_padding=_PAD, range_padding_units="absolute"),
        y_range=DataRange1d(range_padding=_PAD, range_padding_units="absolute"),
        match_aspect=True,
        sizing_mode="stretch_width",
        height=PLOT_SIZES["height"],
        min_height=PLOT_SIZES["min_height"],
        tools="pan,wheel_zoom,box_zoom,reset,save",
        active_scroll=None,
        background_fill_color="#FFFFFF",
        x_axis_label="M",
        y_axis_label="M",
    )
    fig.xgrid.visible = False
    fig.ygrid.visible = False
    return apply_figure_style(fig)


def build_arena_layers(fig: Any, sources: SourceSet, table: Any) -> Any:
    """Add the ``table``, every source, glyph, hover card and the legend to ``fig``;
    returns the legend."""
    _add_table(fig, sources, table)
    r: Renderers = {}
    for add in (_add_overlays, _add_waypoints, _add_racers, _add_range_and_targets):
        r.update(add(fig, sources))
    sources.add("ram_targets", *RAM_TARGET_COLUMNS)
    _add_labels(fig, sources)
    _add_hover_cards(fig, r)
    return _add_legend(fig)


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


def _add_table(fig: Any, sources: SourceSet, table: Any) -> None:
    """The table, its grid and walls (static except the grid)."""
    w, h = table.width, table.height
    table_quad = fig.quad(left=0, right=w, bottom=0, top=h, fill_color=THEME["table"], line_alpha=0)
    fig.x_range.renderers = [table_quad]  # the table alone sets the view (1M = 1M)
    fig.y_range.renderers = [table_quad]
    grid = sources.add("grid", "xs", "ys")
    fig.multi_line("xs", "ys", source=grid, line_color=THEME["grid"], line_width=1)
    wall = max(0.15, 0.01 * max(w, h))
    fig.rect(
        x=w / 2,
        y=h / 2,
        width=w + wall,
        height=h + wall,
        fill_alpha=0,
        line_color=THEME["wall"],
        line_width=4,
    )


def _add_overlays(fig: Any, sources: SourceSet) -> Renderers:
    """Reach, ram lane, firing arc and trails, under the racers."""
    r_reach = fig.patches(
        "xs",
        "ys",
        source=sources.add("reach", "xs", "ys"),
        fill_color=THEME["reach"],
        fill_alpha=0.18,
        line_color=THEME["reach"],
        line_alpha=0.6,
        line_dash="dashed",
    )
    r_ram = fig.patches(
        "xs",
        "ys",
        source=sources.add("ram", *RAM_COLUMNS),
        fill_color="fill",
        fill_alpha=0.35,
        line_color=THEME["ram"],
        line_alpha=0.7,
    )
    r_arc = fig.patches(
        "xs",
        "ys",
        source=sources.add("arc", "xs", "ys"),
        fill_color=THEME["arc"],
        fill_alpha=0.28,
        line_color="#B8860B",
        line_width=1.5,
    )
    r_trails = fig.multi_line(
        "xs",
        "ys",
        source=sources.add("trails", "xs", "ys", "colour", "name"),
        line_color="colour",
        line_width=3,
        line_alpha=0.75,
        line_dash="dotted",
    )
    return {"reach": r_reach, "ram": r_ram, "arc": r_arc, "trails": r_trails}


_BOLD_WHITE_CENTRED = dict(
    text_color="#FFFFFF", text_align="center", text_baseline="middle", text_font_style="bold"
)


def _add_waypoints(fig: Any, sources: SourceSet) -> Renderers:
    wps = sources.add(
        "waypoints", "x", "y", "radius", "number", "fill", "status", "blocker", "ring"
    )
    r_wp = fig.circle(
        "x",
        "y",
        radius="radius",
        source=wps,
        fill_color="fill",
        line_color="ring",
        line_width=2.5,
        fill_alpha=0.9,
    )
    fig.text("x", "y", text="number", source=wps, text_font_size="11pt", **_BOLD_WHITE_CENTRED)
    return {"waypoints": r_wp}


def _add_racers(fig: Any, sources: SourceSet) -> Renderers:
    """Footprints, facing marks, shields and seat numbers."""
    racers = sources.add("racers", "xs", "ys", *RACER_COLUMNS)
    r_racers = fig.patches(
        "xs",
        "ys",
        source=racers,
        fill_color="colour",
        fill_alpha="alpha",
        line_color="line",
        line_width="width",
    )
    facing = sources.add("facing", "xs", "ys")
    fig.patches("xs", "ys", source=facing, fill_color="#FFFFFF", fill_alpha=0.9, line_alpha=0)
    shields = sources.add("shields", "xs", "ys", "side")
    r_shields = fig.multi_line(
        "xs", "ys", source=shields, line_color="#111111", line_width=5, line_cap="round"
    )
    fig.text("x", "y", text="label", source=racers, text_font_size="10pt", **_BOLD_WHITE_CENTRED)
    return {"racers": r_racers, "shields": r_shields}


def _add_range_and_targets(fig: Any, sources: SourceSet) -> Renderers:
    """Range lines with their lengths, target rings with their hit chances (on top)."""
    rng = sources.add("range", *RANGE_COLUMNS)
    r_range = fig.segment(
        "x0",
        "y0",
        "x1",
        "y1",
        source=rng,
        line_color=THEME["range"],
        line_width=2,
        line_dash="dashed",
    )
    targets = sources.add("targets", *TARGET_COLUMNS)
    r_targets = fig.circle(
        "x",
        "y",
        radius="radius",
        source=targets,
        fill_alpha=0,
        line_color="colour",
        line_width=3,
    )
    return {"range": r_range, "targets": r_targets}


def _add_labels(fig: Any, sources: SourceSet) -> None:
    """The overlays' labels: hit chances, range lengths and ram strengths (on top)."""
    fig.text(
        "x",
        "y",
        text="text",
        source=sources.add("labels", *LABEL_COLUMNS),
        text_color="colour",
        text_font_size="size",
        text_font_style="bold",
        text_align="align",
        text_baseline="baseline",
        background_fill_color="#FFFFFF",
        background_fill_alpha="box",
    )


def _add_hover_cards(fig: Any, r: Renderers) -> None:
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
            renderers=[r["targets"]],
            tooltips=[("Target", "@kind @index"), ("", "@label")],
        ),
    )


LEGEND: tuple[Swatch, ...] = (
    ("Racers (hover for stats)", "square", dict(fill_color="#8C8C8C", line_color="#333333")),
    ("Shields", "line", dict(line_color="#111111", line_width=5)),
    (
        "Waypoints (green open, red blocked)",
        "circle",
        dict(fill_color=THEME["waypoint_open"], line_color=THEME["waypoint_closed"]),
    ),
    ("Firing arc in range", "square", dict(fill_color=THEME["arc"], line_color="#B8860B")),
    ("Targets: hit chance", "circle", dict(fill_alpha=0, line_color=THEME["hit"], line_width=3)),
    ("Range (R)", "line", dict(line_color=THEME["range"], line_width=2, line_dash="dashed")),
    ("Ram lane: strength", "square", dict(fill_color="#C09DEE", line_color=THEME["ram"])),
    (
        "Reachable this round",
        "square",
        dict(fill_color=THEME["reach"], fill_alpha=0.35, line_color=THEME["reach"]),
    ),
    ("Trails this round", "line", dict(line_color="#555555", line_width=3, line_dash="dotted")),
)
"""Legend entries: (label, swatch shape, its constant colours and widths)."""


def _add_legend(fig: Any) -> Any:
    """The legend below the plot, each entry on a swatch renderer of its own."""
    return legend_below(fig, swatch_items(fig, LEGEND), ncols=3)
