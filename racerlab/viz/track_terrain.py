"""What the laid track shows, as columns for the track plot's sources.

Every laid space shaded by elevation with its terrain in words; the terrain
markers (spikes, accelerators and decelerators with the way they push, oil,
treadmills, springs); section boundaries and names, the start and finish lines
and each Turn lane's speed number; breakaway platforms still in place, traps with
the face now showing and Virtual Reality tokens.

Every shade, outline and line drawn carries its legend words in a column of its own
(``shade`` of the spaces, ``legend`` of the areas and lines), so the legend lists each
kind the track shows, with the look it is drawn in.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..sonic.queries import LANES, Cell, Direction, Feature, SectionType
from .sources import Columns
from .track_labels import LabelRows, Tag, text_size
from .track_style import ELEVATION_COLOURS, space_xy

__all__ = [
    "AREA_COLUMNS",
    "AREA_LEGEND",
    "AREA_STYLE",
    "FEATURE_COLUMNS",
    "FEATURE_STYLE",
    "LANES",
    "LINE_COLUMNS",
    "LINE_LEGEND",
    "SHADE_WORDS",
    "TURN_COLOUR",
    "TURN_TAG_WORDS",
    "area_columns",
    "fixed_labels",
    "marker_row",
    "terrain_columns",
    "terrain_words",
    "turn_tags",
]

FEATURE_STYLE: dict[Feature, tuple[str, str, str]] = {
    Feature.SPIKE: ("asterisk", "#B00020", "Spikes"),
    Feature.ACCELERATOR: ("triangle", "#1B8E3E", "Accelerator ▸ way"),
    Feature.DECELERATOR: ("triangle", "#E07B00", "Decelerator ▸ way"),
    Feature.OIL: ("circle", "#1A1A1A", "Oil"),
    Feature.TREADMILL: ("triangle_pin", "#6A3FA0", "Treadmill ▸ push"),
    Feature.SPRING: ("hex_dot", "#E6B800", "Spring"),
}
"""Marker, colour and legend label of each terrain feature (an arrow marker points the
way the feature pushes)."""

SHADE_WORDS: dict[int, str] = {
    -1: "Water",
    0: "Ground (level 0)",
    1: "Raised: level 1",
    2: "Raised: level 2",
    3: "Level 3 (a rock on level 2)",
}
"""The legend's words for each fill of :data:`~racerlab.viz.track_style.ELEVATION_COLOURS`:
one entry per shade drawn on the laid track."""

AREA_LEGEND: dict[str, str] = {
    "vr": "VR token (framed)",
    "trap": "Trap (dash-dot; face below)",
    "platform": "Breakaway platform (dashed)",
}
"""The legend's words for each kind of area, drawn with the area's own outline."""

LINE_LEGEND = {
    "": "Section boundary",
    "start": "Start / finish line",
    "finish": "Start / finish line",
}
"""The legend's words for the lines across the lanes (by their ``label``)."""

TURN_TAG_WORDS = "≤N: the Turn lane's top Speed"
"""The legend's words for a Turn lane's speed tag."""
TURN_COLOUR = "#0D47A1"
"""Colour of a Turn lane's speed tag."""

_ARROW_ANGLE = {
    Direction.FORWARD: -math.pi / 2,
    Direction.BACK: math.pi / 2,
    Direction.UP: 0.0,
    Direction.DOWN: math.pi,
}
"""Rotation of an up-pointing triangle marker so it points the feature's way."""

_DIRECTION_WORDS = {
    Direction.FORWARD: "forward",
    Direction.BACK: "back",
    Direction.UP: "up (towards lane 1)",
    Direction.DOWN: "down (towards lane 5)",
}

AREA_COLUMNS = (
    "left",
    "right",
    "top",
    "bottom",
    "what",
    "legend",
    "fill",
    "fill_alpha",
    "line",
    "line_width",
    "dash",
)
"""Columns of the ``areas`` source: Virtual Reality tokens, traps and breakaway platforms,
each row with its own look."""

AREA_STYLE: dict[str, dict[str, Any]] = {
    "vr": dict(fill="#00BCD4", fill_alpha=0.25, line="#00838F", line_width=2.0, dash="solid"),
    "trap": dict(fill="#5E35B1", fill_alpha=0.0, line="#5E35B1", line_width=2.5, dash="dashdot"),
    "platform": dict(
        fill="#8D6E63", fill_alpha=0.15, line="#5D4037", line_width=2.5, dash="dashed"
    ),
}
"""The look of each kind of area (fill, its alpha, outline, its width and dash)."""

LINE_COLUMNS = ("xs", "ys", "label", "legend", "colour", "width", "dash")
"""Columns of the ``lines`` source: section boundaries and the start and finish lines."""

FEATURE_COLUMNS = (
    "x",
    "y",
    "marker",
    "colour",
    "line",
    "angle",
    "size",
    "fill_alpha",
    "line_width",
    "kind",
    "words",
)
"""Columns of the ``features`` source: terrain markers, rocks and the legend's swatches."""

_TOP, _BOTTOM = 0.5, -(LANES - 1) - 0.5
"""Top and bottom edges of the lanes."""


def terrain_words(cell: Cell, elevation: int | None = None) -> str:
    """A space's terrain in plain words (elevation from the board if given).

    >>> from racerlab.sonic.track import parse_code
    >>> terrain_words(parse_code("1>r"))
    'elevation 1; accelerator pointing forward'
    >>> terrain_words(parse_code("w..")), terrain_words(parse_code("0.."), elevation=1)
    ('water', 'elevation 1 (with a rock)')
    """
    elev = cell.elevation if elevation is None else elevation
    if cell.is_water and elev == cell.elevation:
        parts = ["water"]
    else:
        rock = " (with a rock)" if elev != cell.elevation else ""
        parts = [f"elevation {elev}{rock}"]
    if cell.feature is not None:
        words = cell.feature.value
        if cell.direction is not None:
            verb = "pushing" if cell.feature is Feature.TREADMILL else "pointing"
            words += f" {verb} {_DIRECTION_WORDS[cell.direction]}"
        parts.append(words)
    return "; ".join(parts)


def marker_row(
    x: float,
    y: float,
    marker: str,
    colour: str,
    kind: str,
    *,
    line: str | None = None,
    angle: float = 0.0,
    size: float = 15.0,
    fill_alpha: float = 0.85,
    line_width: float = 2.0,
    words: str = "",
) -> dict[str, Any]:
    """One row of the ``features`` source: a ``marker`` at (``x``, ``y``) filled with
    ``colour`` (outlined in ``line``, the fill colour if ``None``), named ``kind``."""
    return {
        "x": x,
        "y": y,
        "marker": marker,
        "colour": colour,
        "line": colour if line is None else line,
        "angle": angle,
        "size": size,
        "fill_alpha": fill_alpha,
        "line_width": line_width,
        "kind": kind,
        "words": words,
    }


def terrain_columns(track: Any, terrain: tuple[Any, Any]) -> dict[str, dict[str, Any]]:
    """Columns of the spaces (``cells``), terrain markers (``features``) and section
    boundaries and start and finish lines (``lines``) of ``track``, whose laid
    ``terrain`` is (cells, elevations) in column-major order, lane fastest."""
    return {**_space_columns(track, terrain), "lines": _line_columns(track)}


def _space_columns(track: Any, terrain: tuple[Any, Any]) -> dict[str, dict[str, Any]]:
    """The ``cells`` (one per space) and ``features`` (one per terrain marker) columns."""
    cells, elevations = terrain
    n = track.n_columns
    cols = np.repeat(np.arange(n), LANES)
    lanes = np.tile(np.arange(LANES), n)
    elev = np.asarray(elevations, dtype=int)
    owner = [track.section_index(c) for c in range(n)]
    names = [s.name for s in track.sections]
    shown = np.clip(elev, -1, 3)
    fill = [ELEVATION_COLOURS[int(e)] for e in shown]
    words, section, turn = [], [], []
    f = Columns(FEATURE_COLUMNS)
    for k, cell in enumerate(cells):
        c, lane = divmod(k, LANES)
        s = track.sections[owner[c]]
        words.append(terrain_words(cell, int(elev[k])))
        section.append(names[owner[c]])
        turn.append(
            f"Turn lane: Speed at most {s.turn_lanes[lane]}"
            if s.type is SectionType.TURN and s.turn_lanes
            else ""
        )
        if cell.feature is not None:
            marker, colour, label = FEATURE_STYLE[cell.feature]
            x, y = space_xy(c, lane)
            angle = _ARROW_ANGLE.get(cell.direction, 0.0) if cell.direction else 0.0
            f.add(**marker_row(x, y, marker, colour, label, angle=angle, words=words[-1]))
    if any(s.type is SectionType.TURN and s.turn_lanes for s in track.sections):
        nan = float("nan")
        f.add(**marker_row(nan, nan, "square", "#FFFFFF", TURN_TAG_WORDS, line=TURN_COLOUR))
    space = {
        "x": cols + 0.5,
        "y": -lanes.astype(float),
        "col": cols,
        "lane": lanes + 1,
        "fill": fill,
        "shade": [SHADE_WORDS[int(e)] for e in shown],
        "elevation": elev,
        "terrain": words,
        "section": section,
        "turn": turn,
    }
    return {"cells": space, "features": f.data}


_SECTION_LINE = ("#444444", 2.0, "solid")
_START_FINISH_LINE = ("#111111", 5.0, "dotted")
"""Colour, width and dash of a section boundary and of the start and finish lines."""


def _line_columns(track: Any) -> dict[str, Any]:
    """Section boundaries, then the start and finish lines."""
    n = track.n_columns
    lines = Columns(LINE_COLUMNS)
    ends = np.array([_TOP, _BOTTOM])
    for o in (*track.offsets, n):
        colour, width, dash = _SECTION_LINE
        x = np.array([float(o), float(o)])
        lines.add(
            xs=x, ys=ends, label="", legend=LINE_LEGEND[""], colour=colour, width=width, dash=dash
        )
    for label, col in (("start", track.start_line_col), ("finish", track.finish_line_col)):
        if col is not None and (label == "finish" or col > 0):
            colour, width, dash = _START_FINISH_LINE
            x = np.array([float(col), float(col)])
            words = LINE_LEGEND[label]
            lines.add(
                xs=x, ys=ends, label=label, legend=words, colour=colour, width=width, dash=dash
            )
    return lines.arrays(floats=("width",))


SECTION_NAME_Y = _TOP + 0.22
"""Baseline of the section names, above the lanes and above a tag over lane 1."""


def turn_tags(board: Any) -> list[Tag]:
    """Each Turn lane's speed limit (``≤4``) as a tag anchored in the top-left corner of
    the lane's space in the turn's first column: placed with the tags of what stands on
    the track (:func:`~racerlab.viz.track_labels.token_tags`, after them), so a racer
    standing there keeps it off (it moves aside, with a leader line)."""
    track = board.track
    tags = []
    for i, s in enumerate(track.sections):
        if s.type is not SectionType.TURN or not s.turn_lanes:
            continue
        for lane, speed in enumerate(s.turn_lanes):
            text = f"≤{speed}"
            w, _h = text_size(text, _TURN_SIZE)
            x = float(track.offsets[i]) + 0.06 + w / 2
            tags.append(Tag(x, -float(lane) + 0.06, text, TURN_COLOUR, "turn", _TURN_SIZE))
    return tags


_TURN_SIZE = "9pt"
"""Font size of a Turn lane's speed tag."""


def fixed_labels(board: Any) -> LabelRows:
    """The labels of the laid track: section names (and types) above the lanes and each
    trap's face below the lanes (each Turn lane's speed limit is a tag: :func:`turn_tags`)."""
    track = board.track
    rows = LabelRows()
    for i, s in enumerate(track.sections):
        x = float(track.offsets[i]) + 0.1
        rows.fixed(x, SECTION_NAME_Y, f"{s.name} ({s.type.value})", kind="section")
        for trap in s.traps:
            first = track.offsets[i] + trap.col
            face = "B" if first in board.flipped_traps else "A"
            rows.fixed(
                first + trap.COLUMNS / 2,
                _BOTTOM - 0.02,
                f"trap {face}",
                colour="#5E35B1",
                size="8pt",
                align="center",
                baseline="top",
                kind="trap",
            )
    return rows


def area_columns(board: Any) -> dict[str, dict[str, Any]]:
    """Columns of the ``areas`` source: the Virtual Reality tokens, the traps (with the
    face now showing) and the breakaway platforms still in place on ``board``."""
    track = board.track
    a = Columns(AREA_COLUMNS)
    for first in board.vr_tokens:
        left, right = max(first - 1, 0), min(first + 1, track.n_columns)
        a.add(**_area(left, right, "Virtual Reality token", "vr"))
    for i, s in enumerate(track.sections):
        base = track.offsets[i]
        for trap in s.traps:
            first = base + trap.col
            face = "B" if first in board.flipped_traps else "A"
            a.add(**_area(first, first + trap.COLUMNS, f"trap: face {face}", "trap"))
    for i, s in enumerate(track.sections):
        base = track.offsets[i]
        for pl in s.platforms:
            if (base + pl.col, pl.lane) in board.removed_platforms:
                continue
            left, top = base + pl.col, -float(pl.lane) + 0.5
            bottom = -float(pl.lane + pl.ROWS - 1) - 0.5
            row = _area(left, left + pl.COLUMNS, "breakaway platform", "platform", top, bottom)
            a.add(**row)
    nums = ("left", "right", "top", "bottom", "fill_alpha", "line_width")
    return {"areas": a.arrays(floats=nums)}


def _area(
    left: float,
    right: float,
    label: str,
    kind: str,
    top: float = _TOP,
    bottom: float = _BOTTOM,
) -> dict[str, Any]:
    """The row of an area of ``kind`` from column ``left`` to ``right`` (full height by
    default)."""
    return {
        "left": float(left),
        "right": float(right),
        "top": top,
        "bottom": bottom,
        "what": label,
        "legend": AREA_LEGEND[kind],
        **AREA_STYLE[kind],
    }
