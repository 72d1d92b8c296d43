"""The path preview as columns for the track plot: the spaces a movement will enter,
with the spaces where terrain, badniks, rings or the boss act on it marked and
labelled (from :func:`racerlab.sonic.queries.path_preview`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..sonic.queries import PathPreview
from ..sonic.state import SonicState
from .sources import as_arrays, empty_columns
from .track_style import space_xy

__all__ = ["MARK_COLUMNS", "path_columns"]

MARK_COLUMNS = ("x", "y", "what", "label", "col", "lane")
"""Columns of the marks on the path (one row per space where something acts)."""


def path_columns(
    state: SonicState, preview: PathPreview | None, mover: int | None
) -> dict[str, dict[str, Any]]:
    """Columns of the ``path`` line, its ``path-spaces`` and ``path-marks`` for seat
    ``mover``'s ``preview`` (all empty without one)."""
    if preview is None or mover is None or not preview.spaces:
        return {
            "path": {"xs": [], "ys": []},
            "path-spaces": {"x": np.zeros(0), "y": np.zeros(0), "step": np.zeros(0, dtype=int)},
            "path-marks": empty_columns(MARK_COLUMNS),
        }
    start = state.board.racers[mover].pos
    pts = [space_xy(*start), *(space_xy(*p) for p in preview.spaces)]
    end = space_xy(*preview.end)
    if end != pts[-1]:
        pts.append(end)
    arr = np.array(pts, dtype=float)
    sp = np.array([space_xy(*p) for p in preview.spaces], dtype=float)
    return {
        "path": {"xs": [arr[:, 0]], "ys": [arr[:, 1]]},
        "path-spaces": {
            "x": sp[:, 0],
            "y": sp[:, 1],
            "step": np.arange(1, len(preview.spaces) + 1),
        },
        "path-marks": _mark_columns(preview),
    }


def _mark_columns(preview: PathPreview) -> dict[str, Any]:
    """One row per space where something acts on the path, its words joined."""
    grouped: dict[tuple[int, int], list[str]] = {}
    for mark in preview.marks:
        grouped.setdefault(tuple(mark.at), []).append(mark.what)
    m = empty_columns(MARK_COLUMNS)
    for (c, lane), whats in grouped.items():
        x, y = space_xy(c, lane)
        m["x"].append(x)
        m["y"].append(y)
        m["what"].append("; ".join(whats))
        m["label"].append(_short(whats))
        m["col"].append(c)
        m["lane"].append(lane + 1)
    return as_arrays(m, floats=("x", "y"))


_SHORT_WORDS = (
    ("damage", "damage"),
    ("destroy", "badnik destroyed"),
    ("badnik", "badnik"),
    ("collect", "rings"),
    ("ring", "rings"),
    ("speed", "speed"),
    ("push", "pushed"),
    ("spring", "spring"),
    ("obstacle", "obstacle"),
    ("boss", "boss"),
    ("platform", "platform"),
    ("shield", "shield"),
)


def _short(whats: Sequence[str]) -> str:
    """A short label for the things acting on one space (the hover shows the full words).

    >>> _short(["sonic: Speed 3 -> 4 (accelerator at column 4, lane 3)"])
    'Speed 3 -> 4'
    >>> _short(["sonic collects 2 ring(s) at column 5, lane 1"])
    'rings'
    """
    out: list[str] = []
    for w in whats:
        low = w.lower()
        if "speed" in low and "->" in w:
            part = w[w.lower().index("speed") :].split("(")[0].strip()
            label = part[0].upper() + part[1:]
        else:
            label = next((short for key, short in _SHORT_WORDS if key in low), w[:18])
        if label not in out:
            out.append(label)
    return ", ".join(out)
