"""Place text labels next to their anchors so that no two cover each other (pure numpy).

A small greedy placer in the manner of cartographic label placement (and of
matplotlib's adjustText): each label, in the order given, tries candidate boxes
round its anchor, the eight directions (above first) at growing distances, and
keeps the first that covers no label already kept, no obstacle and stays inside
the bounds. Everything is in data units; a caller turns a label's size in screen
pixels into data units with its plot's pixels per unit. The same input always
gives the same answer (no randomness, a fixed order of candidates).

A label in the first ring touches its anchor (it sits right above, beside or
below it); one placed further out is ``moved``, and its caller should draw a
leader line from the label to what it names.

>>> spots = place_labels([(0.0, 0.0), (0.0, 0.0)], [(2.0, 1.0), (2.0, 1.0)])
>>> [(p.x, p.y, p.moved) for p in spots]
[(0.0, 0.5, False), (0.0, -0.5, False)]
>>> boxes_overlap(spots[0].box, spots[1].box)
False
>>> wall = (-5.0, 0.0, 5.0, 3.0)  # something above the anchor to keep clear of
>>> above = place_labels([(0.0, 0.0)], [(2.0, 1.0)], obstacles=[wall])[0]
>>> above.box[3] <= 0.0, above.moved
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["DIRECTIONS", "Box", "Placement", "boxes_overlap", "place_labels"]

Box = tuple[float, float, float, float]
"""A box as (x0, y0, x1, y1), x0 <= x1 and y0 <= y1."""

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1),  # above
    (1, 1),
    (-1, 1),
    (1, 0),  # right
    (-1, 0),
    (0, -1),  # below
    (1, -1),
    (-1, -1),
)
"""The eight directions a label tries round its anchor, in order of preference."""

RINGS = 24
"""Distances tried in each direction before a label settles for its least-covered place."""


@dataclass(frozen=True)
class Placement:
    """Where one label went: its centre (``x``, ``y``), its ``box`` and whether it
    ``moved`` away from its anchor (a leader line should join them)."""

    x: float
    y: float
    box: Box
    moved: bool


def boxes_overlap(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether boxes ``a`` and ``b`` (x0, y0, x1, y1) share some area (touching is not
    overlapping).

    >>> boxes_overlap((0, 0, 1, 1), (0.5, 0.5, 2, 2)), boxes_overlap((0, 0, 1, 1), (1, 0, 2, 1))
    (True, False)
    """
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_labels(
    anchors: Sequence[tuple[float, float]],
    sizes: Sequence[tuple[float, float]],
    obstacles: Sequence[tuple[float, float, float, float]] = (),
    bounds: tuple[float, float, float, float] | None = None,
    *,
    step: float | None = None,
    rings: int = RINGS,
) -> list[Placement]:
    """A place for each label of size ``sizes[i]`` (width, height) next to ``anchors[i]``.

    Labels are placed in the order given, so earlier ones get the better places.
    Candidates are the :data:`DIRECTIONS` at distance ``k * step`` from the anchor
    (``k`` = 0 .. ``rings`` - 1; ``step`` defaults to each label's height); the
    first that overlaps no kept label and no box of ``obstacles`` and lies inside
    ``bounds`` (x0, y0, x1, y1) wins. If none does, the label takes the candidate
    that covers the least area of the others (it may then overlap).
    ``ValueError`` if the two sequences differ in length or a size is negative.
    """
    if len(anchors) != len(sizes):
        raise ValueError(f"place_labels: {len(anchors)} anchors but {len(sizes)} sizes")
    if any(w < 0 or h < 0 for w, h in sizes):
        raise ValueError("place_labels: a label's width and height must not be negative")
    blocked = np.asarray(obstacles, dtype=float).reshape(-1, 4)
    out: list[Placement] = []
    for (ax, ay), (w, h) in zip(anchors, sizes):
        cand, ring = _candidates(float(ax), float(ay), float(w), float(h), step, rings)
        ok = _inside(cand, bounds)
        cover = _covered(cand, blocked)
        free = np.flatnonzero(ok & (cover == 0.0))
        if len(free):
            k = int(free[0])
        else:  # the least-covered place inside the bounds (anywhere if none is inside)
            k = int(np.argmin(np.where(ok, cover, np.inf)) if ok.any() else np.argmin(cover))
        box = tuple(float(v) for v in cand[k])
        out.append(Placement((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, box, bool(ring[k] > 0)))
        blocked = np.vstack([blocked, cand[k]])
    return out


def _candidates(
    ax: float, ay: float, w: float, h: float, step: float | None, rings: int
) -> tuple[np.ndarray, np.ndarray]:
    """Every candidate box, in order of preference, and the ring each lies in."""
    d = (h if step is None else step) * np.arange(max(rings, 1))
    dirs = np.array(DIRECTIONS, dtype=float)
    # ring by ring, each direction: the box's near edge (or corner) ``d`` from the anchor
    cx = ax + dirs[None, :, 0] * (w / 2 + d[:, None])
    cy = ay + dirs[None, :, 1] * (h / 2 + d[:, None])
    cx, cy = cx.ravel(), cy.ravel()
    boxes = np.column_stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2])
    ring = np.repeat(np.arange(len(d)), len(DIRECTIONS))
    return boxes, ring


def _inside(boxes: np.ndarray, bounds: Box | None) -> np.ndarray:
    """Which boxes lie wholly inside ``bounds`` (all of them without bounds)."""
    if bounds is None:
        return np.ones(len(boxes), dtype=bool)
    x0, y0, x1, y1 = bounds
    return (boxes[:, 0] >= x0) & (boxes[:, 1] >= y0) & (boxes[:, 2] <= x1) & (boxes[:, 3] <= y1)


def _covered(boxes: np.ndarray, others: np.ndarray) -> np.ndarray:
    """The area of ``others`` each box covers (0 where it overlaps none)."""
    if not len(others):
        return np.zeros(len(boxes))
    dx = np.minimum(boxes[:, None, 2], others[None, :, 2]) - np.maximum(
        boxes[:, None, 0], others[None, :, 0]
    )
    dy = np.minimum(boxes[:, None, 3], others[None, :, 3]) - np.maximum(
        boxes[:, None, 1], others[None, :, 1]
    )
    return (np.clip(dx, 0.0, None) * np.clip(dy, 0.0, None)).sum(axis=1)
