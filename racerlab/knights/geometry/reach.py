"""Where a racer can get to this round: a sampled approximation for bots and dashboards."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon

from .body import EPS, Body, Pose, corner_array
from .motion import DEFAULT_DEGREES_PER_HANDLING, turn_limit

__all__ = ["reachable_region"]


def reachable_region(
    pose: Pose,
    body: Body,
    speed_points: int,
    handling: int,
    *,
    degrees_per_handling: float = DEFAULT_DEGREES_PER_HANDLING,
    turn_needs_m: float = 1.0,
    first_turn_needs_m: float | None = None,
    angle_steps: int = 2,
    grid_m: float = 0.5,
    grid_degrees: float = 15.0,
    max_branches: int = 60,
) -> Polygon:
    """Approximate area the racer's footprint can cover with ``speed_points`` this round.

    A sampled search, not an exact answer. Forward moves cost 1 Speed Point per M and the lane
    covered by each straight run counts (so stopping short is included); a turn costs 1 and
    needs ``turn_needs_m`` M of movement since the last turn (and ``first_turn_needs_m``, by
    default the same, before the first turn: pass less when the racer has already moved this
    round; runs are rounded up to whole M). Runs are
    sampled in whole M, turns at ``angle_steps`` evenly spaced sizes each way up to
    :func:`turn_limit`, about the side toward which the racer turns. Reverse, Sidewinder and
    Torqued moves are not explored. Turned poses that fall in the same ``grid_m`` x
    ``grid_degrees`` cell as one reached with at least as many Speed Points left are merged,
    and at most ``max_branches`` new branches are kept per Speed Point spent (evenly thinned),
    so the cost stays bounded (about 20 ms for 10 Speed Points, within a few per cent of the
    area a much finer search finds). The result is the union of
    the straight lanes, so it may miss thin slivers reachable only by partial turns.

    >>> r = reachable_region(Pose(0, 0, 0), Body(2, 1), 3, 0)
    >>> r.bounds
    (-1.0, -0.5, 4.0, 0.5)
    """
    sp_total = max(0, int(speed_points))
    limit = turn_limit(handling, degrees_per_handling)
    angles = [
        sign * limit * k / angle_steps for k in range(1, angle_steps + 1) for sign in (1.0, -1.0)
    ]
    if limit <= 0:
        angles = []
    needs_first = turn_needs_m if first_turn_needs_m is None else first_turn_needs_m
    first_run = max(0, math.ceil(needs_first - EPS))  # whole M to run before the first turn
    later_run = max(0, math.ceil(turn_needs_m - EPS))  # ... and between turns
    hw = body.width / 2.0
    buckets: dict[int, list[np.ndarray]] = {0: [np.array([[pose.x, pose.y, pose.heading]])]}
    seen: set[tuple[int, int, int]] = set()
    pieces: list[Any] = []
    for spent in range(sp_total + 1):
        if spent not in buckets:
            continue
        states = _thin(np.concatenate(buckets.pop(spent)), seen, grid_m, grid_degrees)
        if spent > 0 and len(states) > max_branches:
            pick = np.linspace(0, len(states) - 1, max_branches).round().astype(int)
            states = states[pick]
        if len(states) == 0:
            continue
        rem = sp_total - spent
        rad = np.radians(states[:, 2])
        fx, fy = np.cos(rad), np.sin(rad)
        lane = np.column_stack(
            [states[:, 0] + fx * rem / 2.0, states[:, 1] + fy * rem / 2.0, states[:, 2]]
        )
        pieces.extend(shapely.polygons(corner_array(lane, Body(body.length + rem, body.width))))
        # run k M, then spend one Speed Point to turn
        for k in range(first_run if spent == 0 else later_run, rem):
            cx, cy = states[:, 0] + fx * k, states[:, 1] + fy * k
            for a in angles:
                side = 1.0 if a > 0 else -1.0  # turn about the mark on the inner side
                px, py = cx - side * fy * hw, cy + side * fx * hw
                c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
                ox, oy = cx - px, cy - py
                new = np.column_stack(
                    [px + c * ox - s * oy, py + s * ox + c * oy, states[:, 2] + a]
                )
                buckets.setdefault(spent + k + 1, []).append(new)
    return shapely.union_all(np.array(pieces, dtype=object))


def _thin(
    states: np.ndarray, seen: set[tuple[int, int, int]], grid_m: float, grid_degrees: float
) -> np.ndarray:
    """Drop states whose grid cell was already reached (with at least as many points left)."""
    cells = np.column_stack(
        [
            np.round(states[:, 0] / grid_m),
            np.round(states[:, 1] / grid_m),
            np.round((states[:, 2] % 360.0) / grid_degrees) % round(360.0 / grid_degrees),
        ]
    ).astype(int)
    keep = []
    for i, cell in enumerate(map(tuple, cells.tolist())):
        if cell not in seen:
            seen.add(cell)
            keep.append(i)
    return states[keep]
