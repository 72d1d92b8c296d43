"""Where the arena's overlay labels go: placed by :mod:`~racerlab.viz.label_placer` so
that none covers another, a racer or a waypoint, each joined to what it names by a
leader line when it had to move away.

* a target has **one** label, its hit chance and range together, with its ram
  chance under them when it is also in the ram lane (``58% · 1.14R`` over
  ``ram +4: 92%``); it sits just above the target's ring when it can;
* a ram band's strength (``+2``) sits beside the lane, on the racer's left when it
  can, kept off the lane's bands.

Targets are placed first (in the order of the targets source), then the bands.
Label boxes are estimated from the text and its font size at :data:`PX_PER_M`, the
arena's usual drawing scale; a larger plot or zooming in only spreads them further.

>>> w, h = label_size("+2", 8)
>>> round(w, 2), round(h, 2)
(0.8, 0.81)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .label_placer import Box, Placement, place_labels
from .sources import as_arrays, empty_columns
from .style import THEME

__all__ = [
    "LABEL_COLUMNS",
    "LEADER_COLUMNS",
    "PX_PER_M",
    "label_boxes",
    "label_size",
    "obstacles_of",
    "overlay_labels",
]

LABEL_COLUMNS = ("x", "y", "text", "colour", "size", "align", "baseline", "box")
"""Columns of a text mark: centre, text, colour, font size, alignment, and the alpha of
the white box behind the text (the ``labels`` layer adds ``moved``: whether the label
had to move away from what it names, so a leader line joins them)."""

LEADER_COLUMNS = ("xs", "ys", "colour")
"""Columns of the ``leaders`` layer: a line from a moved label to what it names."""

PX_PER_M = 24.0
"""Screen pixels per M the layout assumes (ours, illustrative: a 20M table drawn
about 480 px wide, as on a 1366-pixel-wide page)."""

TARGET_PT, BAND_PT = 10, 8
"""Font sizes (pt) of target and ram band labels."""

_CHAR_EM, _LINE_EM, _PAD_PX = 0.62, 1.25, 3.0
"""Width of a character and height of a line in font sizes, padding round a box."""

_SIDE_GAP_M = 0.15
"""Gap (M) between the ram lane's edge and the anchor of a band's label."""


def label_size(text: str, pt: float) -> tuple[float, float]:
    """(width, height) in M that ``text`` at ``pt`` covers at :data:`PX_PER_M` (an
    estimate from the average character width)."""
    px = pt * 4 / 3
    lines = text.split("\n")
    w = (max(len(s) for s in lines) * _CHAR_EM * px + 2 * _PAD_PX) / PX_PER_M
    h = (len(lines) * _LINE_EM * px + 2 * _PAD_PX) / PX_PER_M
    return w, h


def label_boxes(labels: Mapping[str, Any]) -> list[Box]:
    """The box of each row of a ``labels`` layer (centred on its x, y)."""
    boxes = []
    for x, y, text, size in zip(labels["x"], labels["y"], labels["text"], labels["size"]):
        w, h = label_size(text, float(size.removesuffix("pt")))
        boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    return boxes


def obstacles_of(layers: Mapping[str, Any]) -> list[Box]:
    """What no label may cover: the box round each racer's footprint and each waypoint."""
    racers, wps = layers["racers"].data, layers["waypoints"].data
    boxes = _outline_boxes(racers)
    boxes += [(x - r, y - r, x + r, y + r) for x, y, r in zip(wps["x"], wps["y"], wps["radius"])]
    return boxes


def overlay_labels(
    layers: Mapping[str, Any],
    heading: tuple[float, float],
    half_width: float,
    bounds: Box,
) -> dict[str, dict[str, Any]]:
    """The ``labels`` and ``leaders`` columns from the filled ``targets``, ``ram_targets``
    and ``ram`` layers (and the ``racers`` and ``waypoints`` to keep clear of) of a racer
    facing ``heading`` whose body is ``2 * half_width`` wide; labels stay in ``bounds``."""
    blocked = obstacles_of(layers)
    targets = _target_rows(layers["targets"].data, layers["ram_targets"].data)
    placed = _place(targets, blocked, bounds)
    ram = layers["ram"].data
    rows = _band_rows(ram, heading, half_width)  # kept off the lane's bands too
    placed += _place(rows, blocked + [p.box for p in placed] + _outline_boxes(ram), bounds)
    labels, leaders = empty_columns((*LABEL_COLUMNS, "moved")), empty_columns(LEADER_COLUMNS)
    for row, spot in zip(targets + rows, placed):
        pt = f"{row['pt']}pt"
        values = (spot.x, spot.y, row["text"], row["colour"], pt, "center", "middle", row["box"])
        for key, value in zip(LABEL_COLUMNS, values):
            labels[key].append(value)
        labels["moved"].append(spot.moved)
        if spot.moved:
            tx, ty = row["to"]
            x0, y0, x1, y1 = spot.box
            leaders["xs"].append(np.array([tx, min(max(tx, x0), x1)]))
            leaders["ys"].append(np.array([ty, min(max(ty, y0), y1)]))
            leaders["colour"].append(row["colour"])
    return {"labels": as_arrays(labels, floats=("x", "y", "box")), "leaders": leaders}


def _outline_boxes(data: Mapping[str, Any]) -> list[Box]:
    """The box round each outline (``xs``, ``ys``) of a layer."""
    return [
        (float(np.min(xs)), float(np.min(ys)), float(np.max(xs)), float(np.max(ys)))
        for xs, ys in zip(data["xs"], data["ys"])
    ]


def _place(rows: list[dict[str, Any]], blocked: list[Box], bounds: Box) -> list[Placement]:
    sizes = [label_size(row["text"], row["pt"]) for row in rows]
    return place_labels([row["at"] for row in rows], sizes, blocked, bounds)


def _target_rows(arc: Mapping[str, Any], ram: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One label per target, anchored at the top of its ring: its shot, then its ram."""
    found: dict[tuple[str, int], dict[str, Any]] = {}
    for kind, index, x, y, radius, text, colour in zip(
        arc["kind"], arc["index"], arc["x"], arc["y"], arc["radius"], arc["text"], arc["colour"]
    ):
        if text:
            found[(kind, int(index))] = {"xy": (x, y, radius), "shot": text, "colour": colour}
    for kind, index, x, y, radius, strength, hit in zip(
        ram["kind"], ram["index"], ram["x"], ram["y"], ram["radius"], ram["strength"], ram["hit"]
    ):
        text = f"ram +{int(strength)}: {float(hit):.0%}" if strength else "ram: behind"
        found.setdefault((kind, int(index)), {"xy": (x, y, radius)})["ram"] = text
    rows = []
    for parts in found.values():
        x, y, radius = (float(v) for v in parts["xy"])
        text = "\n".join(parts[k] for k in ("shot", "ram") if k in parts)
        both = "shot" in parts and "ram" in parts
        colour = THEME["text"] if both else parts.get("colour", THEME["ram"])
        rows.append(
            {"at": (x, y + radius), "to": (x, y), "text": text, "colour": colour}
            | {"pt": TARGET_PT, "box": 0.85}
        )
    return rows


def _band_rows(
    ram: Mapping[str, Any], heading: tuple[float, float], half_width: float
) -> list[dict[str, Any]]:
    """Each ram band's strength, anchored beside the lane on the racer's left."""
    nx, ny = -heading[1], heading[0]
    gap = half_width + _SIDE_GAP_M
    return [
        {"at": (x + nx * gap, y + ny * gap), "to": (float(x), float(y)), "text": label}
        | {"colour": THEME["ram"], "pt": BAND_PT, "box": 0.7}
        for x, y, label in zip(ram["lx"], ram["ly"], ram["label"])
    ]
