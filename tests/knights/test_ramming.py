"""Ramming: the straight run, Strength from spaces, Traction, Protection (Ram), self-damage,
touching at the start, blockers, and the round ending."""

from dataclasses import replace

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.core.rules import ForceRolls
from racerlab.knights.actions import Direction, Move, Ram, Target, Turn
from racerlab.knights.catalog import load_catalog
from racerlab.knights.events import DamageDealt, RaceEnded, Rammed, TurnEnded
from racerlab.knights.options import KnightsOptions, RamRounding, SideChooser
from racerlab.knights.parts import Ability, AbilityUse, Side
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_state, placed, staged
from racerlab.knights.state import Phase

rules = KnightsRules()
CAT = load_catalog()


def lane(att="jeff", dfn="cindy", gap=2.5, options=None, heading=0.0, **changes):
    """Rammer at (10, 2) facing north; target ``gap`` M ahead, broadside (facing east)."""
    s = lesson_state((att, dfn), options=options)
    s = staged(s, 0, **{"speed_points": 6, **changes})
    s = placed(s, 1, 10.0, 2.0 + 0.7 + gap + 0.4, heading)
    return replace(s, racers=(replace(s.racers[0], valor=0), replace(s.racers[1], valor=0)))


def ram(state, faces, action=None):
    state = rules.apply(state, ForceRolls(tuple(faces))).state
    step = rules.apply(state, action or Ram(Target.racer(1)))
    (e,) = [e for e in step.events if isinstance(e, Rammed)]
    return step.state, list(step.events), e


def test_strength_one_per_two_spaces_full_or_partial():
    s, _events, e = ram(lane(gap=2.5), (1, 1))
    assert e.spaces == 3 and e.run_m == pytest.approx(2.5)
    assert ("run of 3 spaces", 2) in e.strength_parts
    assert s.racers[0].speed_points == 6 - 3  # partial last space costs a full point
    _, _, e1 = ram(lane(gap=0.5), (1, 1))
    assert e1.spaces == 1 and e1.strength == 1


def test_floor_rounding_option():
    opts = KnightsOptions(ram_strength_rounding=RamRounding.FLOOR)
    _, _, e = ram(lane(gap=2.5, options=opts), (1, 1))
    assert e.strength == 1
    _, _, e1 = ram(lane(gap=0.5, options=opts), (1, 1))
    assert e1.strength == 0


def test_only_the_final_straight_counts():
    s = lane(gap=4.0)  # the target's near side at y = 6.7
    s = placed(s, 0, 8.6, 2.0, 0.0)  # facing east first
    s = rules.apply(s, Move(1.0)).state  # 1M east, not toward the target
    s = rules.apply(s, Turn(90.0, Side.LEFT)).state  # now at (10, 2.4) facing north
    s = rules.apply(s, Move(1.0)).state  # 1M of the straight run; front at y = 4.1
    assert s.racers[0].straight_run == pytest.approx(1.0)
    _, _, e = ram(s, (1, 1))
    assert e.run_m == pytest.approx(1.0 + 2.6)  # the metre before the turn is not counted
    assert e.spaces == 4 and e.strength == 2


def test_hit_damage_and_rammer_loses_one():
    # Jeff: Ram Damage 2; Cindy's Armor 8 on her left side (she faces east)
    _s, events, e = ram(lane(gap=2.5), (6, 6))
    assert e.hit and e.side == "right"  # she faces east: her right side faces the rammer
    dealt = {x.player: x.amount for x in events if isinstance(x, DamageDealt)}
    assert dealt == {1: 2, 0: 1}


def test_miss_no_self_damage():
    _s, events, e = ram(lane(gap=0.5), (1, 1))
    assert not e.hit and not [x for x in events if isinstance(x, DamageDealt)]


def test_traction_adds_one():
    _, _, e = ram(lane("chris", "jeff", gap=0.5), (1, 1))  # War Hog: Traction
    assert ("Traction", 1) in e.strength_parts


def test_protection_ram_of_the_side_hit():
    # Tin Can Bumper (catalog): Protection (Ram 2), mounted on the rear only
    assert AbilityUse(Ability.PROTECTION, 2, "ram") in CAT.parts["tin_can_bumper"].abilities

    def bumpered(heading, half_depth, options=None):
        s = lane(gap=0.5, options=options)
        cindy = s.racers[1]
        build = cindy.build.with_shield(Side.REAR, "tin_can_bumper")
        s = replace(s, racers=(s.racers[0], replace(cindy, build=build)))
        return placed(s, 1, 10.0, 2.0 + 0.7 + 0.5 + half_depth, heading)

    # head-on into her rear, corner to corner: rear and left both face the rammer
    defender_picks = KnightsOptions(ram_side_chooser=SideChooser.DEFENDER)
    _, _, e = ram(bumpered(90.0, 0.7, defender_picks), (1, 1))
    assert e.side == "rear" and ("rear shield", 2) in e.armor_parts and e.armor == 10
    _, _, e = ram(bumpered(90.0, 0.7), (1, 1))  # the attacker picks the unshielded side
    assert e.side == "left" and e.armor == 8
    _, _, e = ram(bumpered(0.0, 0.4), (1, 1))  # broadside: only her right side faces
    assert e.side == "right" and e.armor == 8


def test_ram_ends_the_round():
    s, events, _ = ram(lane(gap=0.5), (1, 1))
    assert any(isinstance(x, TurnEnded) and x.player == 0 for x in events)
    assert s.racers[0].speed_points == 5 and s.racers[0].done


def test_cannot_ram_what_you_touch_without_backing_off():
    s = lane(gap=0.0)
    with pytest.raises(IllegalActionError, match="already touching"):
        rules.check(s, Ram(Target.racer(1)))
    s = staged(s, 0, speed_points=6, touching_at_start=(1,))
    s = rules.apply(s, Move(0.5, Direction.REVERSE)).state
    rules.check(s, Ram(Target.racer(1)))


def test_touching_rule_even_after_sliding_away():
    s = staged(lane(gap=0.5), 0, speed_points=6, touching_at_start=(1,))
    with pytest.raises(IllegalActionError, match="back up first"):
        rules.check(s, Ram(Target.racer(1)))


def test_must_meet_the_target_first():
    s = lane(gap=2.0)
    s = placed(s, 1, 16.0, 16.0, 0.0)
    with pytest.raises(IllegalActionError, match="would meet"):
        rules.check(s, Ram(Target.racer(1)))


def test_ram_a_blocker_stops_short_and_opens_it():
    s = lane(gap=2.0)
    s = placed(s, 1, 3.0, 16.0, 0.0)
    s = placed(s, 0, 10.0, 7.5, 90.0)  # front 1.5M short of waypoint 1's disc
    s, _events, e = ram(s, (6, 6), Ram(Target.blocker(0)))
    assert e.hit and s.blockers[0] == 0
    assert s.racers[0].pose.y == pytest.approx(9.7 - 0.7)  # stopped touching the disc
    assert s.racers[0].next_waypoint == 0  # crossing comes next turn
    assert s.racers[0].durability == 4  # damaging the blocker costs the rammer 1


def test_ram_valor_bidding_like_weapons():
    s = lane(gap=0.5)
    s = replace(s, racers=(replace(s.racers[0], valor=3), replace(s.racers[1], valor=1)))
    s = rules.apply(s, ForceRolls((2, 2))).state
    s = rules.apply(s, Ram(Target.racer(1), valor=2)).state
    assert s.phase is Phase.BIDDING and rules.acting_player(s) == 1


def _last_ram(options=None):
    """A two-player joust where Jeff's Ram wrecks Cindy, both on 1 Durability."""
    s = lane(options=options)
    s = replace(s, racers=tuple(replace(r, durability=1) for r in s.racers))
    return ram(s, (6, 6))


def test_recoil_applies_when_the_ram_ends_the_race():
    s, events, e = _last_ram()
    assert e.hit
    assert s.phase is Phase.OVER
    losses = [(x.player, x.cause) for x in events if isinstance(x, DamageDealt)]
    assert losses == [(1, "jeff's Ram"), (0, "the Ram's recoil")]
    assert s.racers[0].durability == 0 and s.racers[0].wrecked
    assert [r.glory for r in s.racers] == [0, -1]  # +1 for the wreck, -1 for being Wrecked!
    (end,) = [x for x in events if isinstance(x, RaceEnded)]
    assert end.glory == (0, -1)
    assert end.winner == 0  # Wrecked! too, Jeff still wins on Glory
    assert events.index(end) > max(i for i, x in enumerate(events) if isinstance(x, DamageDealt))


def test_recoil_at_race_end_option_off_keeps_the_rammer_whole():
    s, _events, _e = _last_ram(KnightsOptions(ram_recoil_at_race_end=False))
    assert s.phase is Phase.OVER
    assert s.racers[0].durability == 1 and not s.racers[0].wrecked
    assert [r.glory for r in s.racers] == [1, -1]
