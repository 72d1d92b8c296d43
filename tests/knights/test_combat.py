"""Firing: cost, once a round, arc and range, the attack roll, Valor bidding, Armor parts."""

from dataclasses import replace

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.core.rules import ForceRolls
from racerlab.knights.actions import Bid, Fire, Move, Target
from racerlab.knights.catalog import load_catalog
from racerlab.knights.events import BidMade, DamageDealt, GloryGained, ShotFired, Wrecked
from racerlab.knights.options import KnightsOptions, SideChooser
from racerlab.knights.parts import Side
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_state, placed, staged
from racerlab.knights.state import Phase

rules = KnightsRules()
CAT = load_catalog()
BODY_HALF = 0.7


def build(base, *parts):
    b = CAT.racer(base)
    for part in parts:
        if isinstance(part, tuple):
            b = b.with_shield(*part)
        else:
            b = b.with_part(CAT, part)
    return b


def duel(att="jeff", dfn="cindy", gap=1.0, heading=90.0, options=None, **changes):
    """Attacker at (10, 2) facing north, acting; defender ``gap`` M ahead facing ``heading``."""
    s = lesson_state((att, dfn), options=options)
    s = staged(s, 0, **{"speed_points": 6, **changes})
    s = placed(s, 1, 10.0, 2.0 + BODY_HALF + gap + BODY_HALF, heading)
    return replace(s, racers=(s.racers[0], replace(s.racers[1], valor=0)))


def fire(state, action, faces):
    state = rules.apply(state, ForceRolls(tuple(faces))).state
    step = rules.apply(state, action)
    return step.state, list(step.events)


def refused(state, action, match):
    with pytest.raises(IllegalActionError, match=match):
        rules.apply(state, action)


def shot(events):
    (e,) = [e for e in events if isinstance(e, ShotFired)]
    return e


def test_fire_costs_two_and_only_once_a_round():
    s, _events = fire(duel(), Fire(Target.racer(1)), (1, 1))
    assert s.racers[0].speed_points == 4 and s.racers[0].fired
    refused(s, Fire(Target.racer(1)), "already used the weapon")
    refused(duel(speed_points=1), Fire(Target.racer(1)), "needs 2 Speed Points")


def test_hit_must_exceed_armor():
    # Jeff: Strength 3 + 1 (Tobias, Lightning); Cindy Armor 8 from behind (no shield)
    s, events = fire(duel(), Fire(Target.racer(1)), (2, 2))  # 4 + 4 = 8, not > 8
    e = shot(events)
    assert e.strength == 4 and e.armor == 8 and not e.hit and e.side == "rear"
    assert s.racers[1].durability == 5
    s, events = fire(duel(), Fire(Target.racer(1)), (2, 3))  # 9 > 8
    assert shot(events).hit
    assert s.racers[1].durability == 5 - 2


def test_out_of_range_and_out_of_arc_refused_state_unchanged():
    far = duel(gap=3.0)  # 3M = 2.14R > Range 2
    before = far
    refused(far, Fire(Target.racer(1)), "2.14R away")
    assert far == before
    beside = placed(duel(), 1, 13.0, 2.0, 90.0)  # to the right: outside arc A (60 degrees)
    refused(beside, Fire(Target.racer(1)), "not in .* firing arc A")


def test_arc_a_width_is_an_option():
    wide = KnightsOptions(arc_a_degrees=180.0)
    s = placed(duel(options=wide), 1, 12.0, 2.8, 90.0)
    rules.check(s, Fire(Target.racer(1)))
    narrow = placed(duel(), 1, 12.0, 2.8, 90.0)
    refused(narrow, Fire(Target.racer(1)), "firing arc")


def test_knight_bonus_applies_only_to_its_weapon_type():
    # Vermillion: +1 Damage with Fire. Cindy's Sunspot is Fire.
    _, events = fire(duel("cindy", "jeff", gap=0.5), Fire(Target.racer(1)), (6, 6))
    dealt = [e for e in events if isinstance(e, DamageDealt)]
    assert dealt[0].amount == 2 + 1
    # Reggie's bonus is for Metal; Chris's Static Charger is Lightning: Strength 2 only
    _s, events = fire(duel("chris", "jeff", gap=0.5), Fire(Target.racer(1)), (1, 1))
    assert shot(events).strength_parts == (("weapon Strength", 2),)


def test_coiled_by_range_band():
    coiled = build("jeff", "fang_spitter")  # Prism, Strength 2, Range 2
    near = shot(fire(duel(coiled, gap=1.0), Fire(Target.racer(1)), (1, 1))[1])
    assert ("Coiled", 2) in near.strength_parts  # 1M = 0.71R
    mid = shot(fire(duel(coiled, gap=2.0), Fire(Target.racer(1)), (1, 1))[1])
    assert ("Coiled", 1) in mid.strength_parts  # 2M = 1.43R
    s = duel(coiled, gap=2.0)
    assert sum(v for _, v in near.strength_parts) == sum(v for _, v in mid.strength_parts) + 1
    assert s.racers[0].speed_points == 6


def test_protection_counts_only_from_its_side():
    # academy_crest: Protection (Metal 2) on a side; Chris's War Hog weapon is Lightning
    shielded = build("cindy", (Side.LEFT, "academy_crest"))
    metal = build("jeff", "crossbolt_ballista")  # Metal, Arc B
    from_left = duel(metal, shielded, heading=0.0)  # Cindy faces east: her right faces Jeff
    e = shot(fire(from_left, Fire(Target.racer(1)), (1, 1))[1])
    assert e.side == "right" and e.armor == 8
    from_right = duel(metal, shielded, heading=180.0)  # facing west: her left faces Jeff
    e = shot(fire(from_right, Fire(Target.racer(1)), (1, 1))[1])
    assert e.side == "left" and ("left shield", 2) in e.armor_parts and e.armor == 10


def test_weakness_never_below_five():
    s = duel()
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], weakness=2)))
    assert shot(fire(s, Fire(Target.racer(1)), (1, 1))[1]).armor == 6
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], weakness=9)))
    assert shot(fire(s, Fire(Target.racer(1)), (1, 1))[1]).armor == 5


def test_valor_bidding_back_and_forth():
    s = duel()
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], valor=2)))
    s = rules.apply(s, ForceRolls((2, 3))).state
    s = rules.apply(s, Fire(Target.racer(1), valor=1)).state
    assert s.phase is Phase.BIDDING and rules.acting_player(s) == 1
    refused(s, Move(1.0), "add Valor or pass")
    refused(s, Bid(3), "0 to 2 Valor")
    s = rules.apply(s, Bid(2)).state  # Cindy: Armor 8 + 2
    assert rules.acting_player(s) == 0 and s.racers[1].valor == 0
    step = rules.apply(s, Bid(2))  # Jeff: Strength 4 + 1 + 2 (his cap of 3 reached)
    # Cindy has no Valor left and Jeff is at his cap: the attack resolves at once
    s = step.state
    e = shot(step.events)
    assert e.strength == 4 + 3 and e.armor == 8 + 2 and e.roll == 5 and e.hit  # 12 > 10
    assert s.phase is Phase.ACT and s.racers[0].valor == 0


def test_bidding_totals_reach_the_roll():
    s = duel()
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], valor=1)))
    s = rules.apply(s, ForceRolls((2, 2))).state
    s = rules.apply(s, Fire(Target.racer(1), valor=1)).state
    step = rules.apply(s, Bid(1))  # Cindy +1 Armor
    s = step.state
    step = rules.apply(s, Bid(0))  # Jeff passes, Cindy has nothing left: resolves
    e = shot(step.events)
    assert ("Valor", 1) in e.strength_parts and ("Valor", 1) in e.armor_parts
    assert e.strength == 5 and e.armor == 9 and not e.hit
    assert [b.amount for b in step.events if isinstance(b, BidMade)] == [0]


def test_wrecking_gives_and_takes_glory():
    s = duel()
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], durability=2)))
    s, events = fire(s, Fire(Target.racer(1)), (6, 6))
    assert s.racers[1].wrecked and s.racers[1].glory == -1 and s.racers[0].glory == 1
    assert any(isinstance(e, Wrecked) and e.by == 0 for e in events)
    assert [e.amount for e in events if isinstance(e, GloryGained)] == [1, -1]
    # two racers: all but one wrecked ends the race at once
    assert rules.is_over(s) and "Wrecked" in s.end_reason


def test_attacker_chooses_side_when_option_says_so():
    opts = KnightsOptions(fire_side_chooser=SideChooser.ATTACKER)
    # Cindy ahead and to the right: her rear and left both face Jeff's front centre
    s = placed(duel(options=opts), 1, 11.0, 3.8, 90.0)
    shielded = replace(s.racers[1], build=build("cindy", (Side.LEFT, "academy_crest")))
    s = replace(s, racers=(s.racers[0], shielded))
    rules.check(s, Fire(Target.racer(1), side=Side.REAR))
    refused(s, Fire(Target.racer(1), side=Side.FRONT), "does not face")
    refused(duel(), Fire(Target.racer(1), side=Side.REAR), "defender chooses")


def test_blocker_target_and_destroyed_once():
    s = placed(duel(), 0, 10.0, 7.6, 90.0)  # front 1.4M (1R) short of waypoint 1's disc
    s = placed(s, 1, 3.0, 10.0, 90.0)
    s, _events = fire(s, Fire(Target.blocker(0)), (6, 6))
    assert s.blockers[0] == 0
    refused(s, Fire(Target.blocker(0)), "already destroyed")


def test_line_of_sight_does_not_matter_for_firing():
    # Chris's racer stands squarely between Jeff and Cindy: Jeff still shoots Cindy
    s = lesson_state(("jeff", "cindy", "chris"))
    s = staged(s, 0, speed_points=6)
    s = placed(s, 1, 10.0, 2.0 + BODY_HALF + 1.8 + BODY_HALF, 90.0)  # 1.8 M ahead
    s = placed(s, 2, 10.0, 2.0 + BODY_HALF + 0.3 + 0.4, 0.0)  # broadside across the line
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], valor=0), s.racers[2]))
    blocker = s.racers[2].pose
    assert 2.0 + BODY_HALF < blocker.y < s.racers[1].pose.y - BODY_HALF
    rules.check(s, Fire(Target.racer(1)))
    after, events = fire(s, Fire(Target.racer(1)), (6, 6))
    assert shot(events).hit and after.racers[1].durability < s.racers[1].durability
    assert after.racers[2].durability == s.racers[2].durability
