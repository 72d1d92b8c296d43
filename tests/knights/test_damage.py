"""After a hit: Evasive, Damage Prevention, Durable, Bounce, Spin, Slow, Weakness; Heavy,
Recharge, Discharge and Repair."""

from dataclasses import replace

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.core.rules import ForceRolls
from racerlab.knights.actions import Discharge, Fire, Repair, Target
from racerlab.knights.catalog import load_catalog
from racerlab.knights.events import (
    Collided,
    DamageDealt,
    DamagePrevented,
    DurableRolled,
    EvadeRolled,
    Pushed,
    Repaired,
    Spun,
    TokenPlaced,
    TurnEnded,
)
from racerlab.knights.options import DamagePreventionUse, KnightsOptions
from racerlab.knights.parts import Side
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_state, placed, staged

rules = KnightsRules()
CAT = load_catalog()


def build(base, *parts):
    b = CAT.racer(base)
    for part in parts:
        b = b.with_shield(*part) if isinstance(part, tuple) else b.with_part(CAT, part)
    return b


def duel(att="jeff", dfn="cindy", gap=1.0, heading=90.0, options=None, **changes):
    s = lesson_state((att, dfn), options=options)
    s = staged(s, 0, **{"speed_points": 6, **changes})
    s = placed(s, 1, 10.0, 2.0 + 0.7 + gap + 0.7, heading)
    return replace(s, racers=(s.racers[0], replace(s.racers[1], valor=0)))


def fire(state, action, faces):
    state = rules.apply(state, ForceRolls(tuple(faces))).state
    step = rules.apply(state, action)
    return step.state, list(step.events)


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def test_evasive_five_or_six_ignores_the_hit():
    ev = build("cindy", "moonpetal_glider")
    s, events = fire(duel(dfn=ev), Fire(Target.racer(1)), (6, 6, 5))
    assert [e.roll for e in of(events, EvadeRolled)] == [5]
    assert s.racers[1].durability == s.racers[1].start_durability
    s, events = fire(duel(dfn=ev), Fire(Target.racer(1)), (6, 6, 4))
    assert not of(events, EvadeRolled)[0].evaded
    assert s.racers[1].durability == s.racers[1].start_durability - 2


def test_evasive_one_roll_even_with_two_parts():
    ev = build("cindy", "moonpetal_glider", (Side.LEFT, "veil_of_leaves"))
    s = duel(dfn=ev, heading=180.0)  # her left faces Jeff
    s, events = fire(s, Fire(Target.racer(1)), (6, 6, 1))
    assert len(of(events, EvadeRolled)) == 1


def test_damage_prevention_side_bound_and_discarded():
    dp = build("cindy", (Side.REAR, "junk_plating"))  # Damage Prevention (2)
    s, events = fire(duel(dfn=dp), Fire(Target.racer(1)), (6, 6))
    (e,) = of(events, DamagePrevented)
    assert e.prevented == 2 and e.damage_left == 0
    assert s.racers[1].durability == 5 and s.racers[1].discarded == ("junk_plating",)
    # second hit: the mod is gone
    s2 = staged(s, 0, fired=False, speed_points=4)
    s2, events = fire(s2, Fire(Target.racer(1)), (6, 6))
    assert not of(events, DamagePrevented) and s2.racers[1].durability == 3
    # from the front (no shield there) it does not apply
    _s3, events = fire(duel(dfn=dp, heading=270.0), Fire(Target.racer(1)), (6, 6))
    assert not of(events, DamagePrevented)


def test_damage_prevention_to_zero_cancels_weapon_specials():
    charger = build("jeff", "static_charger")  # Damage 2, Weakness
    dp = build("cindy", (Side.REAR, "junk_plating"))
    s, events = fire(duel(charger, dp), Fire(Target.racer(1)), (6, 6))
    assert s.racers[1].weakness == 0 and not of(events, TokenPlaced)
    # with DP(1) one damage gets through and Weakness applies
    dp1 = build("cindy", (Side.FRONT, "arcanus_ward"))
    s, events = fire(duel(charger, dp1, heading=270.0), Fire(Target.racer(1)), (6, 6))
    assert s.racers[1].durability == 5 - 1 and s.racers[1].weakness == 1


def test_damage_prevention_never_option():
    dp = build("cindy", (Side.REAR, "junk_plating"))
    opts = KnightsOptions(damage_prevention=DamagePreventionUse.NEVER)
    s, _events = fire(duel(dfn=dp, options=opts), Fire(Target.racer(1)), (6, 6))
    assert s.racers[1].durability == 3


def test_durable_holds_at_one_on_four_to_six():
    s = duel(dfn="chris", gap=0.5)  # Chris: Coal King, Durable; Armor 9
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], durability=2)))
    held, events = fire(s, Fire(Target.racer(1)), (6, 6, 4))
    assert held.racers[1].durability == 1 and not held.racers[1].wrecked
    assert [e.roll for e in of(events, DurableRolled)] == [4]
    gone, events = fire(s, Fire(Target.racer(1)), (6, 6, 3))
    assert gone.racers[1].wrecked


def test_heavy_costs_four_for_one_more_damage():
    heavy = build("jeff", "crossbolt_ballista")
    s, events = fire(duel(heavy), Fire(Target.racer(1), heavy=True), (6, 6))
    assert s.racers[0].speed_points == 2
    assert of(events, DamageDealt)[0].amount == 3
    with pytest.raises(IllegalActionError, match="not Heavy"):
        rules.check(duel(), Fire(Target.racer(1), heavy=True))
    with pytest.raises(IllegalActionError, match="needs 4"):
        rules.check(duel(heavy, speed_points=3), Fire(Target.racer(1), heavy=True))


def test_recharge_not_two_rounds_running():
    mortar = build("jeff", "slag_mortar")
    s = duel(mortar, fired_last_round=True)
    with pytest.raises(IllegalActionError, match="Recharge"):
        rules.check(s, Fire(Target.racer(1)))
    rules.check(duel(mortar), Fire(Target.racer(1)))


def test_slow_token_and_fast_immunity():
    mortar = build("jeff", "slag_mortar")
    s, _ = fire(duel(mortar, "jeff"), Fire(Target.racer(1)), (6, 6))
    assert s.racers[1].slow == 1
    s, _ = fire(duel(mortar, "cindy"), Fire(Target.racer(1)), (6, 6))  # Cindy's tires: Fast
    assert s.racers[1].slow == 0


def test_bounce_pushes_two_m_away_keeping_facing():
    flail = build("jeff", "wrecking_flail")  # Range 1, Bounce
    s, events = fire(duel(flail, "jeff", gap=0.5, heading=45.0), Fire(Target.racer(1)), (6, 6))
    p0, p1 = s.racers[1].pose, duel(flail, "jeff", gap=0.5, heading=45.0).racers[1].pose
    assert p0.heading == 45.0
    assert (p0.x, p0.y) == (pytest.approx(p1.x), pytest.approx(p1.y + 2.0))
    assert of(events, Pushed)[0].distance == pytest.approx(2.0)


def test_bounce_into_a_racer_is_a_collision_for_both():
    flail = build("jeff", "wrecking_flail")
    s = lesson_state((flail, "jeff", "chris"))
    s = staged(s, 0, speed_points=6)
    s = placed(s, 1, 10.0, 4.1, 90.0)
    s = placed(s, 2, 10.0, 4.1 + 1.4 + 1.0, 90.0)  # 1M behind the target
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], valor=0), s.racers[2]))
    s, events = fire(s, Fire(Target.racer(1)), (6, 6, 1))
    assert of(events, Pushed)[0].distance == pytest.approx(1.0)
    assert len(of(events, Collided)) == 1
    assert s.racers[1].durability == 5 - 2 - 1
    assert s.racers[2].durability == 6 - 1


def test_bounce_into_wall_only_racer_loses():
    flail = build("jeff", "wrecking_flail")
    s = placed(duel(flail, "jeff", gap=0.5), 0, 10.0, 16.0, 90.0)
    s = placed(s, 1, 10.0, 16.0 + 0.7 + 0.5 + 0.7, 90.0)  # its rear 1.4M from the north wall
    s, events = fire(s, Fire(Target.racer(1)), (6, 6))
    assert of(events, Pushed)[0].distance == pytest.approx(20.0 - 18.6)
    assert "wall" in of(events, Collided)[0].other
    assert s.racers[1].durability == 5 - 2 - 1 and s.racers[0].durability == 5


def test_bounce_into_blocked_waypoint_opens_it():
    flail = build("jeff", "wrecking_flail")
    s = placed(duel(flail, "jeff", gap=0.5), 0, 10.0, 6.0, 90.0)
    s = placed(s, 1, 10.0, 6.0 + 1.9, 90.0)  # its front 1.1M short of waypoint 1's disc
    s, events = fire(s, Fire(Target.racer(1)), (6, 6))
    assert of(events, Pushed)[0].distance == pytest.approx(1.1)
    assert s.blockers[0] == 0 and s.racers[1].durability == 5 - 2 - 1


def test_stable_is_immune_to_bounce():
    flail = build("jeff", "wrecking_flail")
    before = duel(flail, "chris", gap=0.5)  # Chris: Grindstone Wheels, Stable
    s, events = fire(before, Fire(Target.racer(1)), (6, 6))
    assert not of(events, Pushed) and s.racers[1].pose == before.racers[1].pose


def test_spin_and_steady():
    arc = build("jeff", "rainbow_arc")
    s, events = fire(duel(arc, "jeff"), Fire(Target.racer(1), spin=90.0), (6, 6))
    assert s.racers[1].pose.heading == 180.0 and of(events, Spun)
    steady = build("jeff", "lionheart")
    s, events = fire(duel(arc, steady), Fire(Target.racer(1), spin=90.0), (6, 6))
    assert s.racers[1].pose.heading == 90.0 and not of(events, Spun)
    with pytest.raises(IllegalActionError, match="at most 90"):
        rules.check(duel(arc, "jeff"), Fire(Target.racer(1), spin=120.0))
    with pytest.raises(IllegalActionError, match="no Spin"):
        rules.check(duel(), Fire(Target.racer(1), spin=45.0))


def test_discharge_moves_back_instead_of_attacking():
    zap = build("jeff", "zapcoil_turret")
    s = placed(placed(duel(zap), 1, 3.0, 15.0, 90.0), 0, 10.0, 6.0, 90.0)
    s1 = rules.apply(s, Discharge(2.5)).state
    assert s1.racers[0].pose.y == pytest.approx(6.0 - 2.5)
    assert s1.racers[0].pose.heading == 90.0
    assert s1.racers[0].speed_points == 6 - 3 and s1.racers[0].fired
    with pytest.raises(IllegalActionError, match="weapon was used"):
        rules.check(s1, Discharge(1.0))
    with pytest.raises(IllegalActionError, match="cannot Discharge"):
        rules.check(duel(), Discharge(1.0))
    with pytest.raises(IllegalActionError, match="at most 3M"):
        rules.check(placed(s, 0, 10.0, 10.0 - 5.0, 90.0), Discharge(3.5))


def test_repair_whole_round_roll_above_amount():
    # Jeff's Arcanus Maximus engine has Repair
    s = duel()
    s = replace(s, racers=(replace(s.racers[0], durability=2), s.racers[1]))
    ok = rules.apply(rules.apply(s, ForceRolls((3,))).state, Repair(2))
    assert ok.state.racers[0].durability == 4
    assert of(list(ok.events), Repaired)[0].success
    ended = [e for e in ok.events if isinstance(e, TurnEnded) and e.player == 0]
    assert "Repair" in ended[0].reason
    fail = rules.apply(rules.apply(s, ForceRolls((2,))).state, Repair(2))
    assert fail.state.racers[0].durability == 2
    with pytest.raises(IllegalActionError, match="above the starting Durability"):
        rules.check(s, Repair(4))
    with pytest.raises(IllegalActionError, match="already acted"):
        rules.check(staged(s, 0, acted=True), Repair(1))
    with pytest.raises(IllegalActionError, match="cannot Repair"):
        rules.check(staged(duel("cindy"), 0), Repair(1))


def test_durable_from_two_components_still_gives_one_roll(monkeypatch):
    # no card in the catalog pairs two Durable parts, so give Chris's racer a second one
    from racerlab.knights import draft as draft_module

    real = draft_module.Draft.racer

    def doubled(self, i):
        racer = real(self, i)
        if i != 1:
            return racer
        (grant,) = [g for g in racer.abilities if g[0].ability.value == "durable"]
        return replace(racer, abilities=(*racer.abilities, (grant[0], "second_durable", None)))

    monkeypatch.setattr(draft_module.Draft, "racer", doubled)
    s = duel(dfn="chris", gap=0.5)
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], durability=2)))
    assert len([g for g in doubled(draft_module.Draft(s), 1).abilities if "durable" in str(g)]) == 2
    # the first Durable roll fails (3); a second roll would succeed (6) but is never made
    gone, events = fire(s, Fire(Target.racer(1)), (6, 6, 3, 6))
    assert [e.roll for e in of(events, DurableRolled)] == [3]
    assert gone.racers[1].wrecked


def test_durable_roll_needed_is_the_rule_option():
    opts = KnightsOptions(durable_saves_on=5)
    s = duel(dfn="chris", gap=0.5, options=opts)
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], durability=2)))
    gone, events = fire(s, Fire(Target.racer(1)), (6, 6, 4))  # 4 holds by default, not at 5+
    assert gone.racers[1].wrecked and not of(events, DurableRolled)[0].saved
    held, _ = fire(s, Fire(Target.racer(1)), (6, 6, 5))
    assert held.racers[1].durability == 1
