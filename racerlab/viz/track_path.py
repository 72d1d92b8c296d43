"""The path preview as columns for the track plot: the spaces a movement will enter,
with the spaces where terrain, badniks, rings or the boss act on it marked and
labelled (from :func:`racerlab.sonic.queries.path_preview`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..sonic.queries import PathPreview
from ..sonic.state import SonicState
from .sources import Columns
from .track_style import MARK_COLOUR, MARK_PX, space_xy

__all__ = ["PATH_COLUMNS", "path_columns"]

PATH_COLUMNS = (
    "x",
    "y",
    "step",
    "mark",
    "what",
    "label",
    "col",
    "lane",
    "marker",
    "size",
    "fill_alpha",
    "line",
    "line_width",
)
"""Columns of the ``path-spaces`` source: one row per space the path enters (a dot), and
where something acts on the path (``mark`` 1) a hollow square with ``what`` acts there
and its short ``label``."""

_DOT = dict(marker="circle", size=9.0, fill_alpha=1.0, line="#FFFFFF", line_width=1.0)
_MARK = dict(marker="square", size=float(MARK_PX), fill_alpha=0.0, line=MARK_COLOUR, line_width=3.0)
"""The look of a space on the path, and of one where something acts on it."""


def path_columns(
    state: SonicState, preview: PathPreview | None, mover: int | None
) -> dict[str, dict[str, Any]]:
    """Columns of the ``path`` line and its ``path-spaces`` (dots, and squares where
    something acts) for seat ``mover``'s ``preview`` (both empty without one)."""
    if preview is None or mover is None or not preview.spaces:
        return {"path": {"xs": [], "ys": []}, "path-spaces": _space_rows((), {})}
    start = state.board.racers[mover].pos
    pts = [space_xy(*start), *(space_xy(*p) for p in preview.spaces)]
    end = space_xy(*preview.end)
    if end != pts[-1]:
        pts.append(end)
    arr = np.array(pts, dtype=float)
    grouped: dict[tuple[int, int], list[str]] = {}
    for mark in preview.marks:
        grouped.setdefault(tuple(mark.at), []).append(mark.what)
    return {
        "path": {"xs": [arr[:, 0]], "ys": [arr[:, 1]]},
        "path-spaces": _space_rows(preview.spaces, grouped),
    }


def _space_rows(
    spaces: Sequence[tuple[int, int]], grouped: dict[tuple[int, int], list[str]]
) -> dict[str, Any]:
    """One row per space of the path in order, then one per other space where something
    acts; a space where something acts is a square with its words joined."""
    rows = Columns(PATH_COLUMNS)
    others = [at for at in grouped if at not in set(spaces)]
    for k, (c, lane) in enumerate([*spaces, *others]):
        x, y = space_xy(c, lane)
        whats = grouped.get((c, lane), [])
        look = _MARK if whats else _DOT
        step = k + 1 if k < len(spaces) else 0
        what = "; ".join(whats) if whats else f"space {step} of the path"
        label = _short(whats) if whats else ""
        row = dict(x=x, y=y, step=step, mark=int(bool(whats)), what=what, label=label)
        rows.add(**row, col=c, lane=lane + 1, **look)
    nums = ("x", "y", "size", "fill_alpha", "line_width")
    return rows.arrays(floats=nums, ints=("step", "mark", "col", "lane"))


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
