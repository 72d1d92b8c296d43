"""The ``ram``, ``reach`` and ``trails`` overlays as columns for the arena plot.

* ``ram``: the lane straight ahead of the selected racer, banded by the Ram
  Strength a run of that length would have, each target in it labelled with
  strength and hit chance;
* ``reach``: the area the racer can still reach with its Speed Points left,
  turns included (a sampled approximation,
  :func:`racerlab.knights.geometry.reachable_region`);
* ``trails``: each racer's path this round.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.tolerance import SURE
from ..knights import queries
from ..knights.queries import moved, ram_lane, reachable_region
from ..knights.state import KnightsState, Pose
from .arena_facts import clip_to_table, polygon_parts, racer_colours, target_centre, target_radius
from .sources import as_arrays, empty_columns

__all__ = [
    "RAM_BAND_STEP_M",
    "RAM_COLUMNS",
    "RAM_TARGET_COLUMNS",
    "ram_columns",
    "reach_columns",
    "trail_columns",
]

RAM_BAND_STEP_M = 0.25
"""Resolution (M) at which the ram lane is split into bands of equal Ram Strength."""

_RAM_SHADES = ("#EFE3FB", "#D9C2F5", "#C09DEE", "#A577E4", "#8A52D6", "#6C2FC0", "#5A189A")

RAM_COLUMNS = ("xs", "ys", "strength", "fill", "label", "lx", "ly")
"""Columns of the ram lane's bands (outline, strength, shade, label and its place)."""
RAM_TARGET_COLUMNS = ("x", "y", "label", "strength", "hit", "kind", "index", "radius")
"""Columns of the targets in the ram lane (``index`` 1-based, ``radius`` of its ring)."""
_RAM_TARGET_FLOATS = ("x", "y", "strength", "hit", "radius")


def ram_columns(state: KnightsState, sel: int, table: Any) -> dict[str, dict[str, Any]]:
    """Columns of the ``ram`` lane bands of seat ``sel`` and the ``ram_targets`` in it."""
    preview = queries.ram_preview(state, sel)
    r = state.racers[sel]
    ahead = preview.run_m - r.straight_run  # how far it can drive before contact
    cols = empty_columns(RAM_COLUMNS)
    for d0, d1, strength in ram_bands(state, r.straight_run, ahead):
        band = clip_to_table(ram_lane(moved(r.pose, d0, "forward"), table.body, d1 - d0), table)
        for part in polygon_parts(band):
            cols["xs"].append(part[:, 0])
            cols["ys"].append(part[:, 1])
            cols["strength"].append(strength)
            cols["fill"].append(_RAM_SHADES[min(strength, len(_RAM_SHADES) - 1)])
            cols["label"].append(f"+{strength}")
            c = band.centroid
            cols["lx"].append(c.x)
            cols["ly"].append(c.y)
    t = empty_columns(RAM_TARGET_COLUMNS)
    for found in preview.targets:
        x, y = target_centre(state, found.target)
        t["x"].append(x)
        t["y"].append(y)
        t["kind"].append(found.target.kind.value)
        t["index"].append(found.target.index + 1)
        t["radius"].append(target_radius(table, found.target))
        if found.hit is None:
            t["strength"].append(0)
            t["hit"].append(0.0)
            t["label"].append("in the lane, behind")
        else:
            t["strength"].append(preview.strength)
            t["hit"].append(float(found.hit))
            t["label"].append(f"ram +{preview.strength}: {float(found.hit):.0%} to hit")
    return {
        "ram": as_arrays(cols, floats=("lx", "ly")),
        "ram_targets": as_arrays(t, floats=_RAM_TARGET_FLOATS, ints=("index",)),
    }


def ram_bands(state: KnightsState, run: float, ahead: float) -> list[tuple[float, float, int]]:
    """``(start, end, strength)`` of each stretch of the lane ``ahead`` M long where a
    ram after a straight run of ``run`` M would have the same Ram Strength."""
    bands = []
    step = RAM_BAND_STEP_M
    d0 = 0.0
    while d0 < ahead - SURE:
        d1 = min(ahead, d0 + step)
        strength = queries.ram_run(state, run + d1)[1]
        # grow the band while the strength stays the same
        while d1 < ahead - SURE:
            nxt = min(ahead, d1 + step)
            if queries.ram_run(state, run + nxt)[1] != strength:
                break
            d1 = nxt
        bands.append((d0, d1, strength))
        d0 = d1
    return bands


def reach_columns(state: KnightsState, sel: int, table: Any) -> dict[str, list[np.ndarray]]:
    """Outline of the area seat ``sel`` can still reach this round, inside the walls
    (none without Speed Points)."""
    r = state.racers[sel]
    racer = queries.seat_racer(state, sel)
    sp = 0 if r.stalled else r.speed_points + r.turbo_points
    if sp <= 0:  # only its own footprint: nothing to draw (the plot's note says why)
        return {"xs": [], "ys": []}
    region = reachable_region(
        r.pose,
        table.body,
        sp,
        racer.stats.handling,
        degrees_per_handling=state.options.degrees_per_handling,
        turn_needs_m=state.options.turn_needs_m,
    )
    parts = polygon_parts(clip_to_table(region, table))
    return {"xs": [p[:, 0] for p in parts], "ys": [p[:, 1] for p in parts]}


def trail_columns(state: KnightsState, trail_states: Sequence[KnightsState]) -> dict[str, list]:
    """Each racer's path through ``trail_states`` to ``state`` (racers that moved)."""
    if not trail_states:
        return {"xs": [], "ys": [], "colour": [], "name": []}
    colours = racer_colours(state)
    xs, ys, cs, names = [], [], [], []
    for i in range(len(state.racers)):
        pts: list[tuple[float, float]] = []
        for s in (*trail_states, state):
            p: Pose = s.racers[i].pose
            if not pts or math.hypot(pts[-1][0] - p.x, pts[-1][1] - p.y) > SURE:
                pts.append((p.x, p.y))
        if len(pts) > 1:
            arr = np.array(pts)
            xs.append(arr[:, 0])
            ys.append(arr[:, 1])
            cs.append(colours[i])
            names.append(state.name(i))
    return {"xs": xs, "ys": ys, "colour": cs, "name": names}
