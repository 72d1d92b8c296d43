"""Where the arena's overlay labels go, so that none covers another.

Every label of the overlays is one row of the ``labels`` source, drawn by one
text glyph, placed by rule:

* a target's chances, shot and ram together, are **one** label just above its
  ring (``92% to hit`` over ``ram +4: 80% to hit``);
* a range length sits beside the middle of its range line, on the line's right
  (else its left);
* a ram band's strength sits beside the lane, on the racer's left (else its right).

They are then kept greedily in that order (targets, ranges, bands): a range or
band label whose box would cover a label already kept on both sides is left
out. Boxes are measured at :data:`PX_PER_M`, the arena's usual drawing scale;
zooming in only spreads the labels further apart.

>>> box = text_box(0.0, 0.0, "+2", 8, "center", "middle")
>>> round(box[2] - box[0], 2), round(box[3] - box[1], 2)
(0.8, 0.81)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .sources import as_arrays, empty_columns
from .style import THEME

__all__ = ["LABEL_COLUMNS", "PX_PER_M", "label_boxes", "overlay_labels", "text_box"]

LABEL_COLUMNS = ("x", "y", "text", "colour", "size", "align", "baseline", "box")
"""Columns of the ``labels`` source: anchor, text, colour, font size, alignment,
and the alpha of the white box behind the text."""

PX_PER_M = 24.0
"""Screen pixels per M the layout assumes (ours, illustrative: a 20M table drawn
about 480 px wide, as on a 1366-pixel-wide page)."""

TARGET_PT, RANGE_PT, BAND_PT = 10, 9, 8
"""Font sizes (pt) of target, range and ram band labels."""

_CHAR_EM, _LINE_EM, _PAD_PX = 0.62, 1.25, 3.0
"""Width of a character and height of a line in font sizes, padding round a box."""

_SIDE_GAP_M = 0.3
"""Gap (M) between a line or lane and the label beside it."""

Box = tuple[float, float, float, float]


def text_box(x: float, y: float, text: str, pt: float, align: str, baseline: str) -> Box:
    """(x0, y0, x1, y1) in M that ``text`` at ``pt`` anchored at (x, y) covers at
    :data:`PX_PER_M` (an estimate: average character width)."""
    px = pt * 4 / 3
    lines = text.split("\n")
    w = (max(len(s) for s in lines) * _CHAR_EM * px + 2 * _PAD_PX) / PX_PER_M
    h = (len(lines) * _LINE_EM * px + 2 * _PAD_PX) / PX_PER_M
    x0 = {"left": x, "right": x - w}.get(align, x - w / 2)
    y0 = {"bottom": y, "top": y - h}.get(baseline, y - h / 2)
    return (x0, y0, x0 + w, y0 + h)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _outward(nx: float, ny: float) -> tuple[str, str]:
    """Alignment that puts a label on the side of its anchor that ``(nx, ny)`` points to."""
    align = "left" if nx > 0.35 else "right" if nx < -0.35 else "center"
    baseline = "bottom" if ny > 0.35 else "top" if ny < -0.35 else "middle"
    return align, baseline


def overlay_labels(
    sources: Mapping[str, Any], heading: tuple[float, float], half_width: float
) -> dict[str, Any]:
    """The ``labels`` columns from the filled ``targets``, ``ram_targets``, ``range``
    and ``ram`` sources of a racer facing ``heading`` whose body is ``2 * half_width``
    wide."""
    choices = [[row] for row in _target_rows(sources["targets"].data, sources["ram_targets"].data)]
    choices += _range_rows(sources["range"].data)
    choices += _band_rows(sources["ram"].data, heading, half_width)
    kept: list[Box] = []
    cols = empty_columns(LABEL_COLUMNS)
    for places in choices:
        for row in places:
            box = text_box(
                row["x"], row["y"], row["text"], row["size"], row["align"], row["baseline"]
            )
            if row["size"] == TARGET_PT or not any(_overlap(box, k) for k in kept):
                break
        else:
            continue  # no free place: left out
        kept.append(box)
        for key in LABEL_COLUMNS:
            cols[key].append(row[key] if key != "size" else f"{row['size']}pt")
    return as_arrays(cols, floats=("x", "y", "box"))


def label_boxes(labels: Mapping[str, Any]) -> list[Box]:
    """The box of each row of a ``labels`` source (see :func:`text_box`)."""
    return [
        text_box(x, y, text, float(size.removesuffix("pt")), align, baseline)
        for x, y, text, size, align, baseline in zip(
            labels["x"],
            labels["y"],
            labels["text"],
            labels["size"],
            labels["align"],
            labels["baseline"],
        )
    ]


def _row(x: float, y: float, text: str, colour: str, size: int, place: tuple[str, str], box=0.0):
    return {
        "x": float(x),
        "y": float(y),
        "text": text,
        "colour": colour,
        "size": size,
        "align": place[0],
        "baseline": place[1],
        "box": box,
    }


def _target_rows(arc: Mapping[str, Any], ram: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One label per target above its ring: its shot chance, then its ram chance."""
    found: dict[tuple[str, int], dict[str, Any]] = {}
    for kind, index, x, y, radius, text in zip(
        arc["kind"], arc["index"], arc["x"], arc["y"], arc["radius"], arc["text"]
    ):
        if text:
            found[(kind, int(index))] = {"xy": (x, y, radius), "shot": text}
    for kind, index, x, y, radius, text in zip(
        ram["kind"], ram["index"], ram["x"], ram["y"], ram["radius"], ram["label"]
    ):
        found.setdefault((kind, int(index)), {"xy": (x, y, radius)})["ram"] = text
    rows = []
    for parts in found.values():
        x, y, radius = parts["xy"]
        text = "\n".join(parts[k] for k in ("shot", "ram") if k in parts)
        colour = (
            THEME["text"] if len(parts) == 3 else THEME["hit"] if "shot" in parts else THEME["ram"]
        )
        rows.append(_row(x, y + radius, text, colour, TARGET_PT, ("center", "bottom"), 0.85))
    return rows


def _beside(x: float, y: float, nx: float, ny: float, gap: float, text: str, colour: str, pt: int):
    """A label at (x, y) moved ``gap`` M along (nx, ny), then the same on the other side."""
    return [
        _row(x + sx * gap, y + sy * gap, text, colour, pt, _outward(sx, sy))
        for sx, sy in ((nx, ny), (-nx, -ny))
    ]


def _range_rows(rng: Mapping[str, Any]) -> list[list[dict[str, Any]]]:
    """Each range length beside the middle of its line: on its right, else its left."""
    out = []
    for x0, y0, x1, y1, label in zip(rng["x0"], rng["y0"], rng["x1"], rng["y1"], rng["label"]):
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = (y1 - y0) / length, -(x1 - x0) / length  # the line's right
        xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
        out.append(_beside(xm, ym, nx, ny, _SIDE_GAP_M, label, THEME["range"], RANGE_PT))
    return out


def _band_rows(
    ram: Mapping[str, Any], heading: tuple[float, float], half_width: float
) -> list[list[dict[str, Any]]]:
    """Each ram band's strength beside the lane: on the racer's left, else its right."""
    nx, ny = -heading[1], heading[0]
    gap = half_width + _SIDE_GAP_M / 2
    return [
        _beside(x, y, nx, ny, gap, label, THEME["ram"], BAND_PT)
        for x, y, label in zip(ram["lx"], ram["ly"], ram["label"])
    ]
