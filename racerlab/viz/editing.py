"""Drag handles for the position editor, added to an existing arena or track figure.

:func:`add_drag_handles` puts one round handle per draggable thing (a racer's centre,
a racer's heading) on a figure, with a Bokeh ``PointDrawTool`` that moves handles but
never adds or deletes them. The handles' source is named ``edit-handles`` so tests and
the page can find it. Dragging changes only the handles' ``x``/``y`` in the browser;
the app reads the new place (:func:`moved_handle`), turns it into a director action and
redraws every handle from the game state (:func:`handle_data`), so a refused drag
snaps back.

The drag tool is put on the figure when the figure is made (:func:`reserve_drag_tool`,
hidden and bound to nothing) and taken over by :func:`add_drag_handles` later: a tool
added to a figure the browser already shows makes BokehJS lay the toolbar out again,
and the legend below the plot went missing with it (Bokeh 3.9; a renderer added later,
or a tool shown or hidden, keeps it).

>>> from bokeh.plotting import figure
>>> fig = figure()
>>> handles = add_drag_handles(fig)
>>> src = handles.source
>>> handles.enable(True).renderer.visible, fig.toolbar.active_drag is None
(True, True)
>>> src.data = handle_data([(1.0, 2.0)], [(1.0, 3.0)], ["#f00"])
>>> list(src.data["kind"]), list(src.data["player"])
(['centre', 'heading'], [0, 0])
>>> moved_handle(src.data, {**src.data, "x": [1.5, 1.0], "y": [2.0, 3.0]})
(0, 'centre', 1.5, 2.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from bokeh.models import ColumnDataSource, PointDrawTool, Scatter

from ..core.tolerance import SURE
from .sources import SharedParts

__all__ = [
    "HANDLE_SOURCE",
    "DragHandles",
    "add_drag_handles",
    "handle_data",
    "moved_handle",
    "reserve_drag_tool",
    "scale_fonts",
]

HANDLE_SOURCE = "edit-handles"
"""Name of the handles' ColumnDataSource."""

MOVE_EPS = SURE
"""A handle that moved less than this (plot units) did not move."""

DRAG_TOOL = "edit-drag-tool"
"""Name of the drag tool a figure keeps for the editor."""


@dataclass
class DragHandles:
    """The handles on one figure: their source, renderer and drag tool (off at first)."""

    figure: Any
    source: ColumnDataSource
    renderer: Any
    tool: PointDrawTool
    drag_before: Any = "auto"

    def enable(self, on: bool) -> DragHandles:
        """Show the handles and let a drag move them (``on``), or hide them and give the
        drag back to the figure's pan tool."""
        toolbar = self.figure.toolbar
        self.renderer.visible = bool(on)
        self.tool.visible = bool(on)
        if on:
            if toolbar.active_tap is not self.tool:
                self.drag_before = toolbar.active_drag
            toolbar.active_tap = self.tool
            toolbar.active_drag = None  # a drag on the plot moves a handle, not the view
        elif toolbar.active_tap is self.tool:
            toolbar.active_tap = "auto"
            toolbar.active_drag = self.drag_before
        return self


def add_drag_handles(fig: Any, *, size: float = 16) -> DragHandles:
    """Add hidden, draggable handles to ``fig`` (switch them on with ``enable``); they
    share the helper models of the figure's other sources and renderers, but not their
    selection (the drag tool selects the handle it moves)."""
    parts = SharedParts.of(fig)
    src = parts.source(handle_data([], [], []), HANDLE_SOURCE, selectable=True)
    glyph = Scatter(
        x="x",
        y="y",
        size=size,
        marker="marker",
        fill_color="colour",
        fill_alpha=0.55,
        line_color="#111111",
        line_width=2,
    )
    # one glyph only (no selection or muted copies): the figure stays light
    renderer = parts.renderer(fig, src, glyph, name="edit-handles-renderer", visible=False)
    tool = reserve_drag_tool(fig)
    tool.renderers = [renderer]
    return DragHandles(fig, src, renderer, tool)


def reserve_drag_tool(fig: Any) -> PointDrawTool:
    """The figure's drag tool for the editor's handles: the one it has, else a new one,
    hidden and bound to no renderer (call this when making the figure; see the module doc).

    >>> from bokeh.plotting import figure
    >>> fig = figure()
    >>> tool = reserve_drag_tool(fig)
    >>> tool.visible, tool.renderers, reserve_drag_tool(fig) is tool
    (False, [], True)
    """
    for tool in fig.toolbar.tools:
        if isinstance(tool, PointDrawTool) and tool.name == DRAG_TOOL:
            return tool
    tool = PointDrawTool(
        renderers=[],
        add=False,
        drag=True,
        num_objects=0,
        description="Drag racers",
        name=DRAG_TOOL,
        visible=False,
    )
    fig.add_tools(tool)
    return tool


def handle_data(
    centres: Sequence[tuple[float, float]],
    headings: Sequence[tuple[float, float] | None],
    colours: Sequence[str],
) -> dict[str, Any]:
    """Columns for the handles: each racer's centre, then its heading handle (if any)."""
    x, y, kind, player, colour, marker = [], [], [], [], [], []
    for i, (c, h, col) in enumerate(zip(centres, headings, colours)):
        for k, point, mark in (("centre", c, "circle"), ("heading", h, "triangle")):
            if point is None:
                continue
            x.append(float(point[0]))
            y.append(float(point[1]))
            kind.append(k)
            player.append(i)
            colour.append(col)
            marker.append(mark)
    return {
        "x": np.array(x, dtype=float),
        "y": np.array(y, dtype=float),
        "kind": kind,
        "player": player,
        "colour": colour,
        "marker": marker,
    }


def moved_handle(
    old: Mapping[str, Any], new: Mapping[str, Any]
) -> tuple[int, str, float, float] | None:
    """Which handle a drag moved: ``(player, kind, x, y)``, or ``None`` if none moved."""
    ox, oy = np.asarray(old.get("x", ()), float), np.asarray(old.get("y", ()), float)
    nx, ny = np.asarray(new.get("x", ()), float), np.asarray(new.get("y", ()), float)
    if len(nx) != len(ox) or len(ny) != len(oy) or not len(nx):
        return None
    moved = np.flatnonzero((np.abs(nx - ox) > MOVE_EPS) | (np.abs(ny - oy) > MOVE_EPS))
    if not len(moved):
        return None
    k = int(moved[0])
    return int(list(new["player"])[k]), str(list(new["kind"])[k]), float(nx[k]), float(ny[k])


def scale_fonts(fig: Any, factor: float, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """Scale a figure's title and axis fonts by ``factor`` from ``base`` (its sizes now if
    ``None``); returns the base sizes so a caller can restore them (factor 1)."""
    axes = [*fig.xaxis, *fig.yaxis]
    if base is None:
        base = {"title": str(fig.title.text_font_size)}
        for k, axis in enumerate(axes):
            base[f"label{k}"] = str(axis.axis_label_text_font_size)
            base[f"tick{k}"] = str(axis.major_label_text_font_size)
    fig.title.text_font_size = _scaled(base["title"], factor)
    for k, axis in enumerate(axes):
        axis.axis_label_text_font_size = _scaled(base[f"label{k}"], factor)
        axis.major_label_text_font_size = _scaled(base[f"tick{k}"], factor)
    return dict(base)


def _scaled(size: str, factor: float) -> str:
    """``'12pt'`` times ``factor`` (sizes without a number are left as they are).

    >>> _scaled("12pt", 1.5), _scaled("10px", 2), _scaled("value", 2)
    ('18pt', '20px', 'value')
    """
    digits = size.rstrip("ptxem%")
    unit = size[len(digits) :]
    try:
        number = float(digits)
    except ValueError:
        return size
    return f"{number * factor:g}{unit}"
