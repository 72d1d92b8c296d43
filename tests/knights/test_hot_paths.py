"""The engine's shortcuts for speed never change an answer: a draft's in-place edits, the
remembered check, shared contact measurements and remembered attack geometry."""

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.knights.actions import Direction, Move, Target
from racerlab.knights.combat import arc_widths, target_geometry, weapon_range
from racerlab.knights.draft import Draft
from racerlab.knights.geometry import Pose, attack_geometry
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_state, placed, staged

rules = KnightsRules()


def lane():
    """Jeff at (10, 2) facing north with 6 Speed Points; Cindy far off at (3, 15)."""
    s = staged(lesson_state(("jeff", "cindy")), 0, speed_points=6)
    s = placed(s, 0, 10.0, 2.0, 90.0)
    return placed(s, 1, 3.0, 15.0, 0.0)


def test_draft_edits_never_reach_the_state_it_came_from():
    s = lane()
    before = s.racers[0]
    d = Draft(s)
    first = d.set(0, glory=5)
    d.set(0, valor=2)  # the second change edits the draft's own copy
    assert s.racers[0] is before and (before.glory, before.valor) != (5, 2)
    assert first.glory == 5 and first.valor == 2
    frozen = d.freeze()
    d.set(0, glory=9)  # after freezing, a change copies again
    assert frozen.racers[0].glory == 5 and d.r(0).glory == 9


def test_a_passed_check_is_remembered_only_for_that_state_and_action():
    s = lane()
    move = Move(1.0)
    rules.check(s, move)
    with pytest.raises(IllegalActionError, match="at most 1M"):
        rules.check(s, Move(2.0))
    broke = staged(s, 0, speed_points=0)
    with pytest.raises(IllegalActionError, match="needs 1 Speed Points"):
        rules.check(broke, move)
    assert rules.apply(s, move).state.racers[0].pose.y == pytest.approx(3.0)


def test_shared_contact_is_dropped_once_a_racer_moves():
    s = lane()
    clear = Draft(s).contact(0, Direction.FORWARD.value, 5.0)
    assert clear.key is None and clear.distance == pytest.approx(5.0)
    d = Draft(s)
    d.set(1, pose=Pose(10.0, 6.0, 0.0))  # Cindy now broadside ahead: her near side at y=5.6
    blocked = d.contact(0, Direction.FORWARD.value, 5.0)
    assert blocked.key == ("racer", 1) and blocked.distance == pytest.approx(5.6 - 2.7)
    fresh = Draft(placed(s, 1, 10.0, 6.0, 0.0)).contact(0, Direction.FORWARD.value, 5.0)
    assert fresh == blocked
    assert Draft(s).contact(0, Direction.FORWARD.value, 5.0) == clear


def test_remembered_attack_geometry_follows_the_racers():
    s = placed(lane(), 1, 10.0, 5.0, 0.0)  # Cindy broadside, straight ahead of Jeff
    d = Draft(s)
    near = target_geometry(d, 0, Target.racer(1))
    body, rm = d.table.body, d.table.r_per_m
    direct = attack_geometry(
        s.racers[0].pose,
        body,
        d.racer(0).weapon.arc,
        weapon_range(d, 0),
        s.racers[1].pose,
        body,
        rm,
        arc_widths(d),
    )
    assert near == direct
    far = target_geometry(Draft(placed(s, 1, 10.0, 15.0, 0.0)), 0, Target.racer(1))
    assert far.range_r == pytest.approx(near.range_r + 10.0 / rm)
