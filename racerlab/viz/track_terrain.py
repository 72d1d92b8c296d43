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
from .sources import as_arrays, empty_columns
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
    f = empty_columns(("x", "y", "marker", "colour", "angle", "kind", "words"))
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
            f["x"].append(x)
            f["y"].append(y)
            f["marker"].append(marker)
            f["colour"].append(colour)
            f["angle"].append(_ARROW_ANGLE.get(cell.direction, 0.0) if cell.direction else 0.0)
            f["kind"].append(label)
            f["words"].append(words[-1])
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
    return {"cells": space, "features": as_arrays(f, floats=("x", "y", "angle"))}


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
    turns = empty_columns(("x", "y", "label"))
    for i, s in enumerate(track.sections):
        if s.type is SectionType.TURN and s.turn_lanes:
            for lane, speed in enumerate(s.turn_lanes):
                turns["x"].append(float(track.offsets[i]))
                turns["y"].append(-float(lane) + 0.28)
                turns["label"].append(f"≤{speed}")
    return {
        "sections": {"xs": xs, "ys": ys},
        "section-names": names,
        "lines": {"xs": lx, "ys": ly, "label": ll},
        "turn": as_arrays(turns, floats=("x", "y")),
    }


def area_columns(board: Any) -> dict[str, dict[str, Any]]:
    """Columns of the breakaway platforms still in place, the traps (with the face now
    showing) and the Virtual Reality tokens on ``board``."""
    track = board.track
    p = empty_columns(AREA_COLUMNS)
    t = empty_columns(TRAP_COLUMNS)
    for i, s in enumerate(track.sections):
        base = track.offsets[i]
        for pl in s.platforms:
            if (base + pl.col, pl.lane) in board.removed_platforms:
                continue
            _add_area(p, base + pl.col, base + pl.col + pl.COLUMNS, "breakaway platform")
            p["top"][-1] = -float(pl.lane) + 0.5
            p["bottom"][-1] = -float(pl.lane + pl.ROWS - 1) - 0.5
        for trap in s.traps:
            first = base + trap.col
            face = "B" if first in board.flipped_traps else "A"
            _add_area(t, first, first + trap.COLUMNS, f"trap: face {face}")
            t["lx"].append(first + trap.COLUMNS / 2)
            t["ly"].append(_BOTTOM)
            t["face"].append(face)
    v = empty_columns(AREA_COLUMNS)
    for first in board.vr_tokens:
        _add_area(v, max(first - 1, 0), min(first + 1, track.n_columns), "Virtual Reality token")
    num = ("left", "right", "top", "bottom", "lx", "ly")
    return {
        key: as_arrays(data, floats=num)
        for key, data in (("platforms", p), ("traps", t), ("vr", v))
    }


def _add_area(data: dict[str, list[Any]], left: float, right: float, label: str) -> None:
    """Append a full-height area from column ``left`` to ``right``."""
    data["left"].append(float(left))
    data["right"].append(float(right))
    data["top"].append(_TOP)
    data["bottom"].append(_BOTTOM)
    data["label"].append(label)
