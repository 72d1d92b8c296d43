"""Queries: exact odds from the engine's own resolution, checks, ram previews, drive order."""

from dataclasses import replace
from fractions import Fraction

from racerlab.core.chance import sum_outcomes
from racerlab.knights.actions import Target
from racerlab.knights.catalog import load_catalog
from racerlab.knights.queries import (
    attack_check,
    attack_odds,
    drive_order_odds,
    ram_preview,
    reachable,
)
from racerlab.knights.scenarios import lesson_state, placed, staged, worked_example

CAT = load_catalog()


def duel(att="jeff", dfn="cindy", gap=1.0):
    s = staged(lesson_state((att, dfn)), 0, speed_points=6)
    return placed(s, 1, 10.0, 2.0 + 0.7 + gap + 0.7, 90.0)


def p_total_over(k):
    return sum((p for t, p in sum_outcomes(2) if t > k), Fraction(0))


def test_attack_odds_match_two_dice():
    # Jeff Strength 4 vs Cindy Armor 8: need 2d6 > 4
    odds = attack_odds(duel(), 0, Target.racer(1))
    assert odds.hit == p_total_over(4)
    assert odds.damage[2] == odds.hit and odds.damage[0] == 1 - odds.hit
    assert odds.wreck == 0
    bid = attack_odds(duel(), 0, Target.racer(1), valor_for=1, valor_against=3)
    assert bid.hit == p_total_over(6)


def test_attack_odds_include_evasive_and_durable():
    ev = CAT.racer("cindy").with_part(CAT, "moonpetal_glider")
    s = staged(lesson_state(("jeff", ev)), 0, speed_points=6)
    s = placed(s, 1, 10.0, 4.4, 90.0)
    odds = attack_odds(s, 0, Target.racer(1))
    armor = ev.resolve(CAT).stats.armor
    assert odds.hit == p_total_over(armor - 4)
    assert odds.damage[2] == odds.hit * Fraction(4, 6)  # Evasive ignores 1 hit in 3
    # Chris (Durable) at 2 Durability: a 2-damage hit wrecks only when Durable fails
    s = duel(dfn="chris", gap=0.5)
    s = replace(s, racers=(s.racers[0], replace(s.racers[1], durability=2)))
    odds = attack_odds(s, 0, Target.racer(1))
    assert odds.wreck == odds.hit * Fraction(1, 2)


def test_attack_odds_worked_example():
    s = worked_example().state
    assert attack_odds(s, 2, Target.racer(1)).hit == p_total_over(5)


def test_attack_check_reasons():
    ok = attack_check(duel(), 0, Target.racer(1))
    assert ok.legal and ok.geometry.in_arc and ok.geometry.range_r < 1
    far = attack_check(duel(gap=3.0), 0, Target.racer(1))
    assert not far.legal and "away" in far.reason
    notyet = attack_check(duel(), 1, Target.racer(0))
    assert (not notyet.legal and "turn" in notyet.reason) or "arc" in notyet.reason


def test_ram_preview_strength_and_chance():
    prev = ram_preview(duel(gap=2.5), 0)
    assert prev.spaces == 3 and prev.strength == 2
    (t,) = [x for x in prev.targets if x.target == Target.racer(1)]
    assert abs(t.distance - 2.5) < 1e-6
    # Jeff Strength 2 from the run, Cindy Armor 8 on her side: 2d6 > 6
    assert t.hit == p_total_over(6)


def test_reachable_grows_with_speed():
    small = reachable(staged(lesson_state(), 0, speed_points=1), 0)
    big = reachable(staged(lesson_state(), 0, speed_points=6), 0)
    assert big.area > small.area > 0
    straight = reachable(staged(lesson_state(), 0, speed_points=6), 0, turns=False)
    assert big.area > straight.area > small.area
    stalled = reachable(staged(lesson_state(), 0, speed_points=6, stalled=True), 0)
    assert abs(stalled.area - 1.4 * 0.8) < 1e-9


def test_drive_order_odds_exact():
    s = lesson_state(("jeff", "jeff"))
    odds = drive_order_odds(s)
    assert sum(odds.values()) == 1
    assert odds[(0, 1)] == odds[(1, 0)] == Fraction(1, 2)
    s = lesson_state(("jeff", "chris"))  # Reflexes 4 vs 2
    odds = drive_order_odds(s)
    # Chris goes first only when his roll beats Jeff's by more than 2 (or by 2, higher roll)
    assert odds[(1, 0)] == Fraction(6 + 4, 36)


def test_part_slots_and_build_parts_name_the_same_places():
    from racerlab.knights.build import SLOTS
    from racerlab.knights.parts import PartKind, Side
    from racerlab.knights.queries import SHIELD_SIDES, build_parts, part_slots
    from racerlab.knights.setup import example_setup

    slots = part_slots(CAT)
    assert list(slots) == [s for s, _ in SLOTS] + [side.value for side in Side]
    assert set(SHIELD_SIDES) == {side.value for side in Side}
    shields = {p.id for p in CAT.by_kind(PartKind.SHIELD)}
    assert {pid for _, pid in slots["front"]} == shields
    assert all(pid not in shields for _, pid in slots[SLOTS[0][0]])
    build = example_setup().players[0].racer
    shield = sorted(shields)[0]
    parts = build_parts(build.with_shield(Side.REAR, shield))
    assert list(parts) == list(slots)
    assert parts["rear"] == shield and parts["front"] in ("", *shields)
    assert parts[SLOTS[0][0]] == getattr(build, SLOTS[0][0])


def test_turn_pivots_are_the_left_and_right_sides():
    from racerlab.knights.parts import Side
    from racerlab.knights.queries import turn_pivots

    assert turn_pivots() == {"left": Side.LEFT, "right": Side.RIGHT}
