"""The engine's fast contact agrees with the geometry module's first_contact."""

import numpy as np
import pytest

from racerlab.knights.draft import Draft
from racerlab.knights.geometry import first_contact
from racerlab.knights.movement import obstacles
from racerlab.knights.scenarios import lesson_state, placed


@pytest.mark.parametrize("seed", range(4))
def test_fast_contact_matches_first_contact(seed):
    rng = np.random.default_rng(seed)
    base = lesson_state(("jeff", "cindy", "chris"))
    checked = hits = 0
    for _ in range(150):
        s = base
        for i in range(3):
            s = placed(
                s, i, rng.uniform(1, 19), rng.uniform(1, 19), float(rng.choice([0, 90, 33, 210]))
            )
        d = Draft(s)
        if any(obstacles.overlapping(d, i, s.racers[i].pose, 1e-6) for i in range(3)):
            continue
        direction = str(rng.choice(["forward", "reverse", "left", "right"]))
        dist = float(rng.uniform(0.1, 6.0))
        fast = obstacles.measure(d, 0, direction, dist)
        slow = first_contact(
            s.racers[0].pose, d.table.body, direction, dist, obstacles.obstacles(d, 0)
        )
        checked += 1
        hits += slow.key is not None
        assert fast.key == slow.key, (fast, slow)
        # blockers are exact discs here and 64-gons in shapely
        assert fast.distance == pytest.approx(slow.distance, abs=2e-3)
    assert checked > 50 and hits > 5


def test_touching_and_moving_away_is_free():
    s = lesson_state(("jeff", "cindy"))
    s = placed(s, 0, 10.0, 4.0, 90.0)
    s = placed(s, 1, 10.0, 5.4, 90.0)  # nose to tail, touching
    d = Draft(s)
    assert obstacles.measure(d, 0, "forward", 1.0).distance == 0.0
    assert obstacles.measure(d, 0, "reverse", 1.0).key is None
    assert obstacles.measure(d, 0, "left", 1.0).key is None  # a graze along the touching edge
