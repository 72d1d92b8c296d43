"""What the laid track shows, as columns for the track plot's sources.

Every laid space shaded by elevation with its terrain in words; the terrain
markers (spikes, accelerators and decelerators with the way they push, oil,
treadmills, springs); section boundaries and names, the start and finish lines
and each Turn lane's speed number; breakaway platforms still in place, traps with
the face now showing and Virtual Reality tokens.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..sonic.queries import LANES, Cell, Direction, Feature, SectionType
from .sources import Columns
from .track_style import ELEVATION_COLOURS, space_xy

__all__ = [
    "AREA_COLUMNS",
    "FEATURE_STYLE",
    "LANES",
    "TRAP_COLUMNS",
    "area_columns",
    "terrain_columns",
    "terrain_words",
]

FEATURE_STYLE: dict[Feature, tuple[str, str, str]] = {
    Feature.SPIKE: ("asterisk", "#B00020", "Spikes"),
    Feature.ACCELERATOR: ("triangle", "#1B8E3E", "Accelerator (arrow: its way)"),
    Feature.DECELERATOR: ("triangle", "#E07B00", "Decelerator (arrow: its way)"),
    Feature.OIL: ("circle", "#1A1A1A", "Oil"),
    Feature.TREADMILL: ("triangle_pin", "#6A3FA0", "Treadmill (arrow: push)"),
    Feature.SPRING: ("hex_dot", "#E6B800", "Spring"),
}
"""Marker, colour and legend label of each terrain feature."""

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

AREA_COLUMNS = ("left", "right", "top", "bottom", "label")
"""Columns of the platform and Virtual Reality areas."""
TRAP_COLUMNS = (*AREA_COLUMNS, "lx", "ly", "face")
"""Columns of the traps (an area plus where its face label goes)."""

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


def terrain_columns(track: Any, terrain: tuple[Any, Any]) -> dict[str, dict[str, Any]]:
    """Columns of the spaces, terrain markers, section marks and lines of ``track``, whose
    laid ``terrain`` is (cells, elevations) in column-major order, lane fastest."""
    return {**_space_columns(track, terrain), **_section_columns(track)}


def _space_columns(track: Any, terrain: tuple[Any, Any]) -> dict[str, dict[str, Any]]:
    """The ``cells`` (one per space) and ``features`` (one per terrain marker) columns."""
    cells, elevations = terrain
    n = track.n_columns
    cols = np.repeat(np.arange(n), LANES)
    lanes = np.tile(np.arange(LANES), n)
    elev = np.asarray(elevations, dtype=int)
    owner = [track.section_index(c) for c in range(n)]
    names = [s.name for s in track.sections]
    fill = [ELEVATION_COLOURS.get(min(e, 3), ELEVATION_COLOURS[3]) for e in elev]
    words, section, turn = [], [], []
    f = Columns(("x", "y", "marker", "colour", "angle", "kind", "words"))
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
            f.add(x=x, y=y, marker=marker, colour=colour, angle=angle, kind=label, words=words[-1])
    space = {
        "x": cols + 0.5,
        "y": -lanes.astype(float),
        "col": cols,
        "lane": lanes + 1,
        "fill": fill,
        "elevation": elev,
        "terrain": words,
        "section": section,
        "turn": turn,
    }
    return {"cells": space, "features": f.arrays(floats=("x", "y", "angle"))}


def _section_columns(track: Any) -> dict[str, dict[str, Any]]:
    """Section boundaries and names, the start and finish lines, Turn lanes' speeds."""
    n = track.n_columns
    xs = [np.array([float(o), float(o)]) for o in (*track.offsets, n)]
    ys = [np.array([_TOP, _BOTTOM]) for _ in xs]
    names = {
        "x": np.array(track.offsets, dtype=float) + 0.1,
        "y": np.full(len(track.sections), _TOP + 0.05),
        "name": [f"{s.name} ({s.type.value})" for s in track.sections],
    }
    lx, ly, ll = [], [], []
    for label, col in (("start", track.start_line_col), ("finish", track.finish_line_col)):
        if col is not None and (label == "finish" or col > 0):
            lx.append(np.array([float(col), float(col)]))
            ly.append(np.array([_TOP, _BOTTOM]))
            ll.append(label)
    turns = Columns(("x", "y", "label"))
    for i, s in enumerate(track.sections):
        if s.type is SectionType.TURN and s.turn_lanes:
            for lane, speed in enumerate(s.turn_lanes):
                turns.add(x=float(track.offsets[i]), y=-float(lane) + 0.28, label=f"≤{speed}")
    return {
        "sections": {"xs": xs, "ys": ys},
        "section-names": names,
        "lines": {"xs": lx, "ys": ly, "label": ll},
        "turn": turns.arrays(floats=("x", "y")),
    }


def area_columns(board: Any) -> dict[str, dict[str, Any]]:
    """Columns of the breakaway platforms still in place, the traps (with the face now
    showing) and the Virtual Reality tokens on ``board``."""
    track = board.track
    p = Columns(AREA_COLUMNS)
    t = Columns(TRAP_COLUMNS)
    for i, s in enumerate(track.sections):
        base = track.offsets[i]
        for pl in s.platforms:
            if (base + pl.col, pl.lane) in board.removed_platforms:
                continue
            left, top = base + pl.col, -float(pl.lane) + 0.5
            bottom = -float(pl.lane + pl.ROWS - 1) - 0.5
            p.add(**_area(left, left + pl.COLUMNS, "breakaway platform", top, bottom))
        for trap in s.traps:
            first = base + trap.col
            face = "B" if first in board.flipped_traps else "A"
            area = _area(first, first + trap.COLUMNS, f"trap: face {face}")
            t.add(**area, lx=first + trap.COLUMNS / 2, ly=_BOTTOM, face=face)
    v = Columns(AREA_COLUMNS)
    for first in board.vr_tokens:
        v.add(**_area(max(first - 1, 0), min(first + 1, track.n_columns), "Virtual Reality token"))
    num = ("left", "right", "top", "bottom", "lx", "ly")
    return {
        key: data.arrays(floats=num) for key, data in (("platforms", p), ("traps", t), ("vr", v))
    }


def _area(
    left: float, right: float, label: str, top: float = _TOP, bottom: float = _BOTTOM
) -> dict[str, Any]:
    """The row of an area from column ``left`` to ``right`` (full height by default)."""
    return {
        "left": float(left),
        "right": float(right),
        "top": top,
        "bottom": bottom,
        "label": label,
    }
