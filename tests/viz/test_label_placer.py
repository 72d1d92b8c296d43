"""The generic label placer: no two labels overlap, none covers an obstacle or leaves the
bounds, a label next to its anchor has not moved, and the answer is always the same."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from racerlab.viz.label_placer import Placement, boxes_overlap, place_labels


def crowd(seed: int, n: int = 14):
    rng = np.random.default_rng(seed)
    anchors = [tuple(p) for p in rng.uniform(4.0, 8.0, size=(n, 2))]  # all within 4 units
    sizes = [(float(w), 0.6) for w in rng.uniform(1.0, 3.0, size=n)]
    bodies = [(x - 0.4, y - 0.4, x + 0.4, y + 0.4) for x, y in anchors[: n // 2]]
    return anchors, sizes, bodies


@pytest.mark.parametrize("seed", range(6))
def test_crowded_labels_never_overlap_each_other_obstacles_or_the_bounds(seed):
    anchors, sizes, bodies = crowd(seed)
    bounds = (0.0, 0.0, 12.0, 12.0)
    spots = place_labels(anchors, sizes, bodies, bounds)
    assert len(spots) == len(anchors)
    for a, b in combinations(spots, 2):
        assert not boxes_overlap(a.box, b.box), (a, b)
    for spot, (w, h) in zip(spots, sizes):
        assert not any(boxes_overlap(spot.box, body) for body in bodies), spot
        x0, y0, x1, y1 = spot.box
        assert x0 >= 0.0 and y0 >= 0.0 and x1 <= 12.0 and y1 <= 12.0
        assert (x1 - x0, y1 - y0) == pytest.approx((w, h))
        assert (spot.x, spot.y) == pytest.approx(((x0 + x1) / 2, (y0 + y1) / 2))


def test_the_same_input_gives_the_same_places():
    anchors, sizes, bodies = crowd(3)
    assert place_labels(anchors, sizes, bodies) == place_labels(anchors, sizes, bodies)


def test_a_lone_label_sits_right_above_its_anchor_and_has_not_moved():
    (spot,) = place_labels([(5.0, 5.0)], [(2.0, 1.0)])
    assert spot == Placement(5.0, 5.5, (4.0, 5.0, 6.0, 6.0), False)


def test_a_label_pushed_away_by_an_obstacle_is_moved_and_clear_of_it():
    body = (3.0, 3.0, 7.0, 7.0)  # the anchor is inside a big body
    (spot,) = place_labels([(5.0, 5.0)], [(2.0, 1.0)], [body])
    assert spot.moved and not boxes_overlap(spot.box, body)
    assert spot.box[1] == pytest.approx(7.0)  # the nearest ring above it


def test_the_bounds_keep_a_label_off_the_edge():
    (spot,) = place_labels([(5.0, 9.8)], [(2.0, 1.0)], bounds=(0.0, 0.0, 10.0, 10.0))
    assert spot.box[3] <= 10.0 and not spot.moved  # below its anchor instead of above
    assert spot.box[3] == pytest.approx(9.8)


def test_with_no_free_place_a_label_takes_its_least_covered_one():
    wall = (-100.0, -100.0, 100.0, 100.0)
    (spot,) = place_labels([(0.0, 0.0)], [(1.0, 1.0)], [wall], rings=2)
    assert boxes_overlap(spot.box, wall)  # it is still placed, deterministically
    assert spot == place_labels([(0.0, 0.0)], [(1.0, 1.0)], [wall], rings=2)[0]


def test_bad_input_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="2 anchors but 1 sizes"):
        place_labels([(0, 0), (1, 1)], [(1, 1)])
    with pytest.raises(ValueError, match="must not be negative"):
        place_labels([(0, 0)], [(-1, 1)])
