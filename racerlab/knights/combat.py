"""Attacks: firing and ramming, checked and paid for here; the rest by concern.

Who a weapon or a Ram can reach is in :mod:`~racerlab.knights.targeting`, the Valor
bidding in :mod:`~racerlab.knights.bidding`, the attack roll in
:mod:`~racerlab.knights.attack_roll` and what a hit does in
:mod:`~racerlab.knights.attack_damage`. Their public names are importable from here too.

One function resolves every attack (:func:`resolve_attack`), for the game and
for the odds shown by :mod:`racerlab.knights.queries` (run over every roll by
:func:`racerlab.core.chance.exact`), so the odds can never disagree with play.
"""

from __future__ import annotations

import math

from ..core.dice import ChanceSource
from ..core.errors import IllegalActionError
from . import contacts
from .actions import Direction, Fire, Ram, Target, TargetKind
from .attack_damage import EVADE_ON, after_defences
from .attack_roll import (
    COILED_BONUS,
    DURABLE_SAVES_ON,
    WEAKNESS_FLOOR,
    AttackOutcome,
    AttackTerms,
    armor_parts,
    attack_terms,
    choose_side,
    hit_chance,
    ram_strength,
    resolve_attack,
    strength_parts,
)
from .bidding import advance_bidding, bidder, check_bid, check_valor, open_bidding, resolve_bid
from .draft import Draft
from .geometry import AttackGeometry
from .movement import TOL, check_can_move, describe_key, pay_move, slide
from .parts import Ability
from .state import PendingAttack
from .targeting import (
    arc_widths,
    check_side,
    check_target,
    maybe_in_arc,
    maybe_in_range,
    ram_sides,
    target_geometry,
    weapon_range,
)

__all__ = [
    "COILED_BONUS",
    "DURABLE_SAVES_ON",
    "EVADE_ON",
    "FIRE_COST",
    "HEAVY_COST",
    "WEAKNESS_FLOOR",
    "AttackOutcome",
    "AttackTerms",
    "advance_bidding",
    "after_defences",
    "arc_widths",
    "armor_parts",
    "attack_terms",
    "bidder",
    "check_bid",
    "check_fire",
    "check_ram",
    "choose_side",
    "hit_chance",
    "maybe_in_arc",
    "maybe_in_range",
    "ram_approach",
    "ram_strength",
    "resolve_attack",
    "resolve_bid",
    "resolve_fire",
    "resolve_ram",
    "strength_parts",
    "target_geometry",
    "weapon_range",
]

FIRE_COST = 2
"""Speed Points to fire a weapon."""
HEAVY_COST = 4
"""Speed Points to fire a Heavy weapon for +1 Damage."""


# -- firing ------------------------------------------------------------------------------
def check_fire(d: Draft, i: int, a: Fire) -> AttackGeometry:
    """Refuse an illegal shot with the reason; return its geometry."""
    rs = d.r(i)
    racer = d.racer(i)
    check_target(d, i, a.target)
    if rs.fired:
        raise IllegalActionError(f"{d.name(i)} has already used the weapon this round")
    if racer.has(Ability.RECHARGE) and rs.fired_last_round:
        raise IllegalActionError("a Recharge weapon cannot fire two rounds running")
    if rs.turbo_used:
        raise IllegalActionError(f"{d.name(i)} used Turbo's bonus Speed this round: no shooting")
    if a.heavy and not racer.has(Ability.HEAVY):
        raise IllegalActionError(f"{d.name(i)}'s weapon is not Heavy")
    cost = HEAVY_COST if a.heavy else FIRE_COST
    if rs.speed_points < cost:
        raise IllegalActionError(
            f"{'a Heavy shot' if a.heavy else 'Fire'} needs {cost} Speed Points; "
            f"{d.name(i)} has {rs.speed_points}"
        )
    if a.spin:
        if not racer.has(Ability.SPIN):
            raise IllegalActionError(f"{d.name(i)}'s weapon has no Spin")
        if not math.isfinite(a.spin) or abs(a.spin) > d.options.spin_max_degrees + TOL:
            raise IllegalActionError(
                f"Spin turns a target at most {d.options.spin_max_degrees:g} degrees"
            )
    check_valor(d, i, a.valor)
    geom = target_geometry(d, i, a.target)
    if not geom.in_arc:
        raise IllegalActionError(
            f"{a.target.label()} is not in {d.name(i)}'s firing arc {racer.weapon.arc.value}"
        )
    if not geom.in_range:
        raise IllegalActionError(
            f"{a.target.label()} is {geom.range_r:.2f}R away; the weapon reaches "
            f"{weapon_range(d, i)}R"
        )
    if a.side is not None and a.target.kind is TargetKind.RACER:
        check_side(d, a.side, geom.sides, ram=False)
    return geom


def resolve_fire(d: Draft, i: int, a: Fire, dice: ChanceSource) -> None:
    """Pay for the shot and open its Valor bidding (it resolves when bidding ends)."""
    rs = d.r(i)
    cost = HEAVY_COST if a.heavy else FIRE_COST
    d.set(i, speed_points=rs.speed_points - cost, fired=True, turbo_points=0, acted=True)
    open_bidding(
        d, PendingAttack(i, a.target, False, a.heavy, float(a.spin), a.side), a.valor, dice
    )


# -- ramming -------------------------------------------------------------------------------
def _target_key(target: Target):
    return ("racer" if target.kind is TargetKind.RACER else "blocker", target.index)


def ram_approach(d: Draft, i: int, target: Target) -> tuple[float, object]:
    """How far racer ``i`` drives straight ahead before its first contact, and with what."""
    rs = d.r(i)
    limit = float(rs.speed_points + rs.turbo_points)
    contact = contacts.measure(d, i, "forward", limit)
    return contact.distance, contact.key


def check_ram(d: Draft, i: int, a: Ram) -> float:
    """Refuse an illegal Ram with the reason; return the approach distance."""
    check_target(d, i, a.target)
    check_can_move(d, i, "ram")
    rs = d.r(i)
    if rs.speed_points + rs.turbo_points < 1:
        raise IllegalActionError(f"a Ram needs at least 1 Speed Point to drive; {d.name(i)} has 0")
    check_valor(d, i, a.valor)
    dist, key = ram_approach(d, i, a.target)
    if key != _target_key(a.target):
        what = describe_key(d, key) if key is not None else "nothing"
        raise IllegalActionError(
            f"driving straight ahead, {d.name(i)} would meet {what}, not {a.target.label()}"
        )
    if dist <= TOL:
        raise IllegalActionError(
            f"{d.name(i)} is already touching {a.target.label()}: back off first, then charge"
        )
    began_touching = a.target.kind is TargetKind.RACER and a.target.index in rs.touching_at_start
    if began_touching and not rs.backed_off:
        raise IllegalActionError(
            f"{d.name(i)} began the round touching {a.target.label()}: back up first"
        )
    if a.side is not None and a.target.kind is TargetKind.RACER:
        check_side(d, a.side, ram_sides(d, i, a.target.index, dist), ram=True)
    return dist


def resolve_ram(d: Draft, i: int, a: Ram, dice: ChanceSource) -> None:
    """Drive into the target (paying for the run) and open the Ram's Valor bidding."""
    dist = check_ram(d, i, a)
    cost = math.ceil(dist - TOL)
    pay_move(d, i, cost)
    slide(d, i, Direction.FORWARD, dist)
    run = d.r(i).straight_run
    d.set(i, done=True)
    open_bidding(
        d, PendingAttack(i, a.target, True, side=a.side, run_m=run, approach_m=dist), a.valor, dice
    )
