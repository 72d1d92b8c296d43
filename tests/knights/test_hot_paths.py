"""The engine's shortcuts for speed never change an answer: a draft's in-place edits, the
remembered check, shared contact measurements, remembered attack geometry and the plain
arithmetic that settles most waypoint-disc questions before shapely is asked."""

from dataclasses import FrozenInstanceError, replace

import numpy as np
import pytest
import shapely

from racerlab.core.errors import IllegalActionError, ScenarioError
from racerlab.knights.actions import Direction, Move, Target
from racerlab.knights.bots.greedy import greedy_bot
from racerlab.knights.combat.targeting import (
    arc_widths,
    maybe_in_arc,
    target_geometry,
    weapon_range,
)
from racerlab.knights.draft import Draft, copier
from racerlab.knights.geometry import Pose, attack_geometry, moved, swept, turned
from racerlab.knights.geometry.table import (
    disc_gap_bounds,
    on_disc,
    overlaps,
    racer_gap,
    racers_within,
    sweep_touches_disc,
    touches,
)
from racerlab.knights.joust.results import hit_blocker
from racerlab.knights.movement import obstacles
from racerlab.knights.movement.moves import turn_is_clear
from racerlab.knights.options import KnightsOptions
from racerlab.knights.parts import Side
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_state, placed, staged
from racerlab.knights.setup import check_setup, random_setup
from racerlab.knights.state import KnightsState, RacerState

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
    assert frozen.setup is s.setup and frozen.dice is s.dice and frozen.turn == s.turn
    assert Draft(s).freeze() == s  # every field is carried over


def test_a_draft_refuses_a_field_racers_do_not_have_on_any_change():
    s = lane()
    d = Draft(s)
    with pytest.raises(TypeError, match="no field"):
        d.set(0, glory=5, speed=3)  # the first change: checked before the record is copied
    assert d.r(0) is s.racers[0]
    d.set(0, glory=5)
    with pytest.raises(TypeError, match="no field 'speed'"):
        d.set(0, speed=3)  # a later change edits the copy: the record has no such slot
    assert s.racers[0].glory == 0 and not hasattr(d.r(0), "speed")


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


def test_a_reading_draft_is_shared_per_state_and_refuses_edits():
    s = lane()
    d = Draft.reading(s)
    assert Draft.reading(s) is d  # the bot's questions and check share it
    other = placed(s, 1, 10.0, 6.0, 0.0)
    assert Draft.reading(other) is not d and Draft.reading(other).pose(1).y == 6.0
    with pytest.raises(RuntimeError, match="reading draft"):
        d.set(0, glory=5)
    with pytest.raises(RuntimeError, match="reading draft"):
        hit_blocker(Draft.reading(staged(lesson_state(("jeff", "cindy")), 0)), 0, 1, 0)
    assert s.racers[0].glory == 0 and d.r(0).glory == 0


def test_a_drafts_racer_lookup_follows_a_changed_build():
    s = lane()
    d = Draft(s)
    assert d.racer(0) is d.racer(0)
    cindy = s.racers[1].build
    d.set(0, build=cindy)
    assert d.racer(0) == Draft(s).racer(1) != Draft(s).racer(0)
    d.set(0, mods=(("handling", 1),))
    assert d.racer(0).stats.handling == Draft(s).racer(1).stats.handling + 1


def test_shared_contact_is_dropped_once_a_racer_moves():
    s = lane()
    clear = obstacles.measure(Draft(s), 0, Direction.FORWARD.value, 5.0)
    assert clear.key is None and clear.distance == pytest.approx(5.0)
    d = Draft(s)
    d.set(1, pose=Pose(10.0, 6.0, 0.0))  # Cindy now broadside ahead: her near side at y=5.6
    blocked = obstacles.measure(d, 0, Direction.FORWARD.value, 5.0)
    assert blocked.key == ("racer", 1) and blocked.distance == pytest.approx(5.6 - 2.7)
    fresh = obstacles.measure(Draft(placed(s, 1, 10.0, 6.0, 0.0)), 0, Direction.FORWARD.value, 5.0)
    assert fresh == blocked
    assert obstacles.measure(Draft(s), 0, Direction.FORWARD.value, 5.0) == clear


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


def _near_disc_poses(seed, n, centre, reach):
    """Random racer poses whose centres lie within ``reach`` of a waypoint's centre."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        angle, dist = rng.uniform(0, 2 * np.pi), rng.uniform(0, reach)
        heading = float(rng.choice([0.0, 90.0, 45.0, float(rng.uniform(0, 360))]))
        x, y = centre[0] + dist * np.cos(angle), centre[1] + dist * np.sin(angle)
        yield Pose(float(x), float(y), heading), rng


@pytest.mark.parametrize("seed", range(3))
def test_standing_on_a_waypoint_is_the_polygon_answer(seed):
    table = Draft(lane()).table
    body, size, xy = table.body, table.waypoint_diameter, (10.0, 10.0)
    reach = table.racer_radius + size / 2.0 + 0.05
    answers = []
    for pose, _rng in _near_disc_poses(seed, 400, xy, reach):
        for tol in (1e-6, 0.02):
            want = overlaps(table.shape(pose), table.waypoint(xy), tol)
            assert on_disc(pose, body, xy, size, tol) == want, (pose, tol)
            answers.append(want)
    assert 0 < sum(answers) < len(answers)


@pytest.mark.parametrize("seed", range(3))
def test_crossing_a_waypoint_is_the_polygon_answer(seed):
    table = Draft(lane()).table
    body, size, xy = table.body, table.waypoint_diameter, (10.0, 10.0)
    reach = table.racer_radius + size / 2.0 + 1.0
    answers = []
    for pose, rng in _near_disc_poses(seed, 400, xy, reach):
        way = str(rng.choice(["forward", "reverse", "left", "right"]))
        ends = [moved(pose, float(rng.uniform(0.0, 2.0)), way)]
        ends.append(turned(pose, body, float(rng.uniform(-90, 90)), Side.LEFT))
        for new in ends:
            want = touches(swept(pose, body, new), table.waypoint(xy))
            assert sweep_touches_disc(pose, body, new, xy, size) == want, (pose, new)
            answers.append(want)
    assert 0 < sum(answers) < len(answers)


def test_the_disc_shortcuts_leave_near_ties_to_the_polygon():
    # a racer whose side lies between the polygon's inradius and the circle: the circle
    # says "touching", the 64-gon (between two of its corners) says "apart"
    table = Draft(lane()).table
    body, size = table.body, table.waypoint_diameter
    r = size / 2.0
    inner = r * np.cos(np.pi / 64)
    side = (inner + r) / 2.0  # the racer's near side sits this far from the centre
    # the nearest point of a polygon edge is at angle pi/64 (between corners 0 and 1)
    a = np.pi / 64
    ux, uy = np.cos(a), np.sin(a)
    pose = Pose(10.0 + ux * (side + body.width / 2), 10.0 + uy * (side + body.width / 2), 0.0)
    pose = Pose(pose.x, pose.y, float(np.degrees(a)) + 90.0)  # broadside to the centre
    assert not overlaps(table.shape(pose), table.waypoint((10.0, 10.0)), 1e-6)
    assert not on_disc(pose, body, (10.0, 10.0), size, 1e-6)
    assert not touches(table.shape(pose), table.waypoint((10.0, 10.0)))
    assert not sweep_touches_disc(pose, body, pose, (10.0, 10.0), size)


@pytest.mark.parametrize("seed", range(3))
def test_a_shorter_slide_read_off_a_longer_one_is_what_measuring_gives(seed):
    rng = np.random.default_rng(seed)
    base = lesson_state(("jeff", "cindy", "chris"))
    read_off = 0
    for _ in range(150):
        s = base
        for i in range(3):
            s = placed(
                s, i, rng.uniform(1, 19), rng.uniform(1, 19), float(rng.choice([0, 90, 33, 210]))
            )
        d = Draft(s)
        if any(obstacles.overlapping(d, i, s.racers[i].pose, 1e-6) for i in range(3)):
            continue
        way = str(rng.choice(["forward", "reverse"]))
        longer = float(rng.uniform(1.0, 8.0))
        obstacles.measure(d, 0, way, longer)
        for shorter in (1.0, float(rng.uniform(0.05, longer))):
            derived = obstacles.read_off(obstacles.shared_contacts(d), (0, way, shorter, True))
            measured = obstacles.slide_contact(d, 0, way, shorter, True)
            assert obstacles.measure(d, 0, way, shorter) == measured
            if derived is not None:
                read_off += 1
                assert derived == measured, (s.racers, way, longer, shorter)
    assert read_off > 100


@pytest.mark.parametrize("seed", range(3))
def test_racer_gaps_in_plain_arithmetic_match_shapely(seed):
    rng = np.random.default_rng(seed)
    table = Draft(lane()).table
    body = table.body
    touching = 0
    for _ in range(300):
        a = Pose(10.0, 10.0, float(rng.choice([0.0, 90.0, float(rng.uniform(0, 360))])))
        angle, dist = rng.uniform(0, 2 * np.pi), rng.uniform(0.5, 2.5)
        b = Pose(
            10.0 + dist * np.cos(angle),
            10.0 + dist * np.sin(angle),
            float(rng.choice([a.heading, float(rng.uniform(0, 360))])),
        )
        want = float(shapely.distance(table.shape(a), table.shape(b)))
        assert racer_gap(a, b, body) == pytest.approx(want, abs=1e-12)
        for tol in (1e-6, 0.1):
            assert racers_within(a, b, body, tol) == (want <= tol)
        touching += want == 0.0
    # nose to tail, exactly touching: a near-tie left to shapely, which says touching
    a, b = Pose(10.0, 4.0, 90.0), Pose(10.0, 4.0 + body.length, 90.0)
    assert racers_within(a, b, body, 1e-6)
    assert not racers_within(a, Pose(10.0, 4.1 + body.length, 90.0), body, 1e-6)
    assert 0 < touching < 300


@pytest.mark.parametrize("seed", range(3))
def test_disc_gap_bounds_hold_the_polygon_distance(seed):
    table = Draft(lane()).table
    body, size, xy = table.body, table.waypoint_diameter, (10.0, 10.0)
    widths = []
    for pose, _rng in _near_disc_poses(seed, 300, xy, 3.0):
        low, high = disc_gap_bounds(pose, body, xy, size)
        exact = float(shapely.distance(table.shape(pose), table.waypoint(xy)))
        assert low <= exact <= high
        widths.append(high - low)
    assert max(widths) < 1e-3


def test_a_racer_stopped_touching_a_blocker_is_not_on_its_waypoint():
    # Jeff drives north into waypoint 1's blocker and stops touching its (exact) circle
    s = placed(lane(), 0, 10.0, 7.0, 90.0)
    d = Draft(s)
    ahead = obstacles.measure(d, 0, Direction.FORWARD.value, 5.0)
    assert ahead.key == ("blocker", 0)
    stop = moved(s.racers[0].pose, ahead.distance, "forward")
    table, xy = d.table, s.setup.waypoints[0]
    assert not overlaps(table.shape(stop), table.waypoint(xy), 1e-6)
    assert not on_disc(stop, table.body, xy, table.waypoint_diameter, 1e-6)
    deeper = moved(stop, 0.01, "forward")
    assert on_disc(deeper, table.body, xy, table.waypoint_diameter, 1e-6)


@pytest.mark.parametrize("seed", range(3))
def test_slides_from_the_rim_of_a_waypoint_are_the_polygon_answer(seed):
    # racers that stopped touching a blocker's exact circle, then slide any way once it is
    # gone: between the circle and the polygon's inradius, where only the polygon decides
    rng = np.random.default_rng(seed)
    table = Draft(lane()).table
    body, size, xy = table.body, table.waypoint_diameter, (10.0, 10.0)
    r = size / 2.0
    answers = []
    for k in range(200):
        # every 5th racer meets the rim exactly at one of the polygon's corners
        angle = k * np.pi / 32 if k % 5 == 0 else rng.uniform(0, 2 * np.pi)
        heading = float(np.degrees(angle) + 180.0)  # nose toward the centre, nose on the rim
        reach = r + body.length / 2.0
        pose = Pose(10.0 + reach * np.cos(angle), 10.0 + reach * np.sin(angle), heading)
        way = str(rng.choice(["forward", "reverse", "left", "right"]))
        new = moved(pose, float(rng.uniform(0.0, 1.0)), way)
        want = touches(swept(pose, body, new), table.waypoint(xy))
        assert sweep_touches_disc(pose, body, new, xy, size) == want, (pose, new)
        answers.append(want)
    assert 0 < sum(answers) < len(answers)


@pytest.mark.parametrize("widths", [(60.0, 180.0), (20.0, 120.0), (90.0, 270.0)])
def test_the_quick_arc_look_never_rules_out_a_target_in_arc(widths):
    # Jeff and Cindy carry arc A weapons, Chris arc B; Chris is the target of Jeff, Jeff
    # of Chris: a target the quick look rules out is never in arc by the full measure
    rng = np.random.default_rng(int(widths[0]))
    options = KnightsOptions(arc_a_degrees=widths[0], arc_b_degrees=widths[1])
    base = lesson_state(("jeff", "cindy", "chris"), options)
    ruled_out = in_arc = 0
    for _ in range(300):
        s = base
        for i in (0, 2):
            heading = float(rng.choice([0.0, 90.0, float(rng.uniform(0, 360))]))
            s = placed(s, i, rng.uniform(6, 14), rng.uniform(6, 14), heading)
        d = Draft(s)
        for i, t in ((0, 2), (2, 0)):
            target = Target.racer(t)
            full = target_geometry(d, i, target)
            quick = maybe_in_arc(d, i, target)
            assert quick or not full.in_arc, (s.racers[i].pose, s.racers[t].pose, widths)
            ruled_out += not quick
            in_arc += full.in_arc
    assert ruled_out > 50 and in_arc > 50


def test_a_remembered_set_up_is_still_checked_against_other_options():
    s = random_setup(3, seed=2)
    pose = s.poses[0]
    farther = Pose(pose.x + 0.28 * (pose.x - 10.0) / 7.0, pose.y, pose.heading)
    moved_out = replace(s, poses=(farther, *s.poses[1:]))
    check_setup(moved_out)  # within the default placement tolerance (0.25R)
    with pytest.raises(ScenarioError, match="from waypoint 1"):
        check_setup(moved_out, KnightsOptions(placement_tolerance_r=0.01))
    check_setup(moved_out)


def test_an_action_that_rolls_nothing_keeps_the_dice_and_forced_faces_are_used_in_order():
    from racerlab.core.rules import ForceRolls
    from racerlab.knights.actions import DriveRoll

    s = rules.initial_state(random_setup(2, seed=8), seed=8)
    s = rules.apply(s, ForceRolls((6, 2, 5))).state
    rng = np.random.default_rng(1)
    seen_still = seen_rolled = 0
    for _ in range(40):
        action = greedy_bot(s, rules, rng)
        ours = rules.apply(s, action)
        if ours.rolls:
            seen_rolled += 1
            assert ours.state.dice != s.dice
        else:
            seen_still += 1
            assert ours.state.dice is s.dice  # nothing rolled: the same dice value
        if isinstance(action, DriveRoll) and seen_rolled == 1:
            assert ours.rolls[0].values == (6,) and ours.rolls[0].forced
        s = ours.state
    assert seen_still and seen_rolled


def test_a_racers_weapon_range_follows_the_directors_tweaks():
    from racerlab.knights.draft import racer_of

    build = random_setup(2, seed=3).players[0].racer
    plain = racer_of(build)
    bonus = plain.knight_bonus(plain.weapon.type.value, "range")
    assert plain.weapon_range == plain.weapon.range + bonus
    assert racer_of(build, (("range", 2),)).weapon_range == plain.weapon.range + 2 + bonus
    assert racer_of(build, (("range", -99),)).weapon_range == bonus  # Range never below 0


@pytest.mark.parametrize("seed", range(3))
def test_a_turn_called_clear_without_sampling_touches_nothing_at_any_angle(seed):
    rng = np.random.default_rng(seed)
    base = lesson_state(("jeff", "cindy", "chris"))
    clear = crowded = 0
    for _ in range(120):
        s = base
        for i in range(3):
            s = placed(s, i, rng.uniform(0.5, 19.5), rng.uniform(0.5, 19.5), rng.uniform(0, 360))
        d = Draft(s)
        body = d.table.body
        for pivot in (Side.LEFT, Side.RIGHT):
            for tol in (1e-6, 0.02, -0.02):
                if not turn_is_clear(d, 0, pivot, tol):
                    crowded += 1
                    continue
                clear += 1
                for deg in np.linspace(-180.0, 180.0, 73):
                    pose = turned(s.racers[0].pose, body, float(deg), pivot)
                    assert obstacles.overlapping(d, 0, pose, tol) is None, (
                        s.racers,
                        pivot,
                        deg,
                        tol,
                    )
    assert clear > 100 and crowded > 100


def test_a_record_copy_is_the_frozen_record_replace_makes():
    s = lane()
    rs = s.racers[0]
    copy = copier(RacerState)(rs)
    assert type(copy) is RacerState and copy == rs and copy is not rs
    with pytest.raises(FrozenInstanceError):
        copy.glory = 3
    state = copier(KnightsState, ("turn", "racers"))(s, 4, (copy, *s.racers[1:]))
    assert state == replace(s, turn=4) and type(state) is KnightsState
    with pytest.raises(TypeError, match="no field"):
        copier(RacerState, ("speed",))
    with pytest.raises(TypeError, match="slotted frozen dataclass"):
        copier(KnightsOptions)
    with pytest.raises(TypeError, match="no field"):
        Draft(s).set(0, speed=3)


def test_the_dice_are_written_only_into_the_state_resolve_just_made():
    r = KnightsRules()
    s = r.initial_state(random_setup(2, seed=4), seed=4)
    before = s.dice
    step = r.apply(s, r.legal_actions(s)[0])  # a drive roll: dice rolled
    assert step.rolls and step.state.dice != before and s.dice is before
    foreign = replace(s, turn=s.turn)
    out = r._with_dice(foreign, step.state.dice)  # not made by resolve: copied
    assert out is not foreign and out.dice is step.state.dice and foreign.dice is before


def test_a_racer_remembered_by_its_build_object_follows_the_mods_and_the_catalog():
    from racerlab.knights.catalog import KnightsCatalog, load_catalog
    from racerlab.knights.draft import clear_racer_cache, racer_of

    bundled = load_catalog()
    build = random_setup(2, seed=3).players[0].racer
    plain = racer_of(build)
    assert racer_of(build) is plain  # the same build object asked again
    tweaked = racer_of(build, (("durability", 2),))  # the same build, other mods
    assert tweaked.stats.durability == plain.stats.durability + 2
    assert racer_of(build).stats.durability == plain.stats.durability
    twin = replace(build)  # an equal build, another object: the answer by value
    assert twin is not build and racer_of(twin) == plain
    other = KnightsCatalog(dict(bundled.parts), dict(bundled.racers), bundled.table)
    from_other = racer_of(build, (), other)  # another catalog object: not the bundled answer
    assert from_other is not plain and from_other == build.resolve(other)
    clear_racer_cache()
    again = racer_of(build)
    assert again is not plain and again == plain
