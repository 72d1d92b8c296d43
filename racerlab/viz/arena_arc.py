"""The ``arc`` overlay as columns for the arena plot: the selected racer's firing arc
clipped to its range and the walls; every racer and blocker in the arc ringed, with its exact hit
chance (:func:`racerlab.knights.queries.attack_odds`) or as out of range; and the
range line between the two nearest points to every target in range and to the
nearest one out of range. Each target with a range line gets one label text, hit
chance and range together (``58% · 1.14R``, ``out of range · 3.40R``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import shapely
from shapely.ops import nearest_points

from ..knights import queries
from ..knights.actions import Target, TargetKind
from ..knights.queries import front_centre
from ..knights.state import KnightsState
from .arena_facts import (
    clip_to_table,
    footprint_of,
    polygon_parts,
    target_centre,
    target_radius,
    targets_of,
)
from .sources import as_arrays, empty_columns
from .style import THEME

__all__ = ["RANGE_COLUMNS", "TARGET_COLUMNS", "arc_columns"]

TARGET_COLUMNS = (
    "x",
    "y",
    "radius",
    "label",
    "text",
    "colour",
    "kind",
    "index",
    "hit",
    "in_arc",
    "in_range",
    "range_r",
)
"""Columns of the targets in the arc (one row each)."""

RANGE_COLUMNS = ("x0", "y0", "x1", "y1", "xm", "ym", "label", "xs", "ys")
"""Columns of the range lines: both ends, the middle, the length in R, and the line as
two-point outlines (``xs``, ``ys``)."""

_FLOATS = ("x", "y", "radius", "hit", "range_r", "index", "x0", "y0", "x1", "y1", "xm", "ym")

Odds = Callable[[KnightsState, int, Target], Any]
"""Attack odds by (state, attacker, target), as :func:`attack_odds_memo` gives."""


def arc_columns(state: KnightsState, sel: int, table: Any, odds: Odds) -> dict[str, dict[str, Any]]:
    """Columns of the ``arc``, the ``targets`` in it and their ``range`` lines, for seat
    ``sel`` on ``table``, hit chances from ``odds``."""
    region, reach_r = queries.firing_arc(state, sel)
    parts = polygon_parts(clip_to_table(region, table))
    t = empty_columns(TARGET_COLUMNS)
    measured: list[tuple[Target, Any]] = []
    for target in targets_of(state, sel):
        geom = queries.attack_check(state, sel, target).geometry
        if not geom.in_arc:
            continue
        x, y = target_centre(state, target)
        if geom.in_range:
            hit = float(odds(state, sel, target).hit)
            label = f"{hit:.0%} to hit"
            colour = THEME["hit"]
        else:
            hit = 0.0
            label = f"out of range (> {reach_r}R)"
            colour = THEME["miss"]
        row = {
            "x": x,
            "y": y,
            "radius": target_radius(table, target),
            "label": label,
            "text": "",
            "colour": colour,
            "kind": target.kind.value,
            "index": target.index + 1,
            "hit": hit,
            "in_arc": geom.in_arc,
            "in_range": geom.in_range,
            "range_r": geom.range_r,
        }
        for key, value in row.items():
            t[key].append(value)
        measured.append((target, geom))
    lined = _lined(measured)
    for k in lined:  # one label per target with a range line: hit chance and range
        r = measured[k][1].range_r
        hit = f"{t['hit'][k]:.0%}" if t["in_range"][k] else "out of range"
        t["text"][k] = f"{hit} · {r:.2f}R"
    lines = [measured[k] for k in lined]
    return {
        "arc": {"xs": [p[:, 0] for p in parts], "ys": [p[:, 1] for p in parts]},
        "targets": as_arrays(t, floats=_FLOATS),
        "range": as_arrays(_range_lines(state, sel, table, lines), floats=_FLOATS),
    }


def _lined(measured: list[tuple[Target, Any]]) -> list[int]:
    """Which targets get a range line: every one in range, and the nearest one out of range."""
    out = [k for k, (_, geom) in enumerate(measured) if not geom.in_range]
    lined = [k for k, (_, geom) in enumerate(measured) if geom.in_range]
    return lined + ([min(out, key=lambda k: measured[k][1].range_r)] if out else [])


def _range_lines(
    state: KnightsState, sel: int, table: Any, lines: list[tuple[Target, Any]]
) -> dict[str, list[Any]]:
    """The range line to each of ``lines`` (target, measured geometry)."""
    g = empty_columns(RANGE_COLUMNS)
    for target, geom in lines:
        (x0, y0), (x1, y1) = _range_points(state, sel, table, target, geom)
        g["x0"].append(x0)
        g["y0"].append(y0)
        g["x1"].append(x1)
        g["y1"].append(y1)
        g["xm"].append((x0 + x1) / 2)
        g["ym"].append((y0 + y1) / 2)
        g["label"].append(f"{geom.range_r:.2f}R")
        g["xs"].append(np.array([x0, x1], dtype=float))
        g["ys"].append(np.array([y0, y1], dtype=float))
    return g


def _range_points(
    state: KnightsState, sel: int, table: Any, target: Target, geom: Any
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two nearest points that realise the measured range (attacker side first)."""
    if target.kind is TargetKind.RACER:
        return geom.nearest
    # a blocker is a disc: nearest part of it inside the arc (or anywhere for arc C)
    pose = state.racers[sel].pose
    body = table.body
    disc = table.waypoint(state.setup.waypoints[target.index])
    if queries.seat_racer(state, sel).weapon.arc.value == "C":
        a, b = nearest_points(footprint_of(pose, body), disc)
    else:
        apex = shapely.Point(front_centre(pose, body))
        far, _ = queries.firing_arc(state, sel, geom.range_r + 2.0)
        part = shapely.intersection(disc, far)
        a, b = nearest_points(apex, part if not part.is_empty else disc)
    return (a.x, a.y), (b.x, b.y)
