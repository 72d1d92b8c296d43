"""The arena's table as columns for the arena plot: the grid lines and the waypoints.

Waypoints are numbered, green when open and dark red while the blocker stands
(with its Durability in the hover card); the next waypoint of the selected
racer is ringed.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.tolerance import SURE
from ..knights.state import KnightsState
from .style import THEME

__all__ = ["grid_columns", "waypoint_columns"]


def grid_columns(table: Any, grid: str) -> dict[str, list[np.ndarray]]:
    """Lines of a 1M grid (``grid`` ``"M"``), a 1R grid (``"R"``) or none (``"off"``)."""
    if grid == "off":
        return {"xs": [], "ys": []}
    w, h = table.width, table.height
    step = table.r_per_m if grid == "R" else 1.0
    xs_ = np.arange(0.0, w + SURE, step)
    ys_ = np.arange(0.0, h + SURE, step)
    xs = [np.array([x, x]) for x in xs_] + [np.array([0.0, w]) for _ in ys_]
    ys = [np.array([0.0, h]) for _ in xs_] + [np.array([y, y]) for y in ys_]
    return {"xs": xs, "ys": ys}


def waypoint_columns(state: KnightsState, sel: int, table: Any) -> dict[str, Any]:
    """One row per waypoint: place, number, open or blocked, and the ring that marks the
    next waypoint of seat ``sel``."""
    wps = state.setup.waypoints
    n = len(wps)
    nxt = state.racers[sel].next_waypoint
    blockers = state.blockers
    return {
        "x": np.array([p[0] for p in wps], dtype=float),
        "y": np.array([p[1] for p in wps], dtype=float),
        "radius": np.full(n, table.waypoint_diameter / 2.0),
        "number": [str(i + 1) for i in range(n)],
        "fill": [
            THEME["waypoint_closed"] if blockers[i] > 0 else THEME["waypoint_open"]
            for i in range(n)
        ],
        "status": [
            f"blocked (blocker Durability {blockers[i]})" if blockers[i] > 0 else "open"
            for i in range(n)
        ],
        "blocker": np.array(blockers, dtype=int),
        "ring": ["#FFD166" if i == nxt else "#FFFFFF" for i in range(n)],
    }
