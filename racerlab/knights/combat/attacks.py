"""Attacks: firing and ramming, checked and paid for, then the Valor bidding on the roll.

A declared attack waits while attacker and target add Valor in turn to the roll until
both pass (or can add no more), then it resolves. Who a weapon or a Ram can reach is in
:mod:`~racerlab.knights.combat.targeting`; the attack roll and what a hit does in
:mod:`~racerlab.knights.combat.attack_roll`.

One function resolves every attack (:func:`resolve_attack`), for the game and
for the odds shown by :mod:`racerlab.knights.queries` (run over every roll by
:func:`racerlab.core.chance.exact`), so the odds can never disagree with play.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.dice import ChanceSource
from ...core.errors import IllegalActionError
from ...core.frozen import fast_replace
from ..actions import Bid, Direction, Fire, Ram, Target, TargetKind
from ..events import BidMade
from ..movement import obstacles
from ..movement.moves import TOL, check_can_move, describe_key, pay_move, slide
from ..parts import Ability
from ..state import PendingAttack, Phase
from .attack_roll import resolve_attack
from .targeting import (
    check_side,
    check_target,
    ram_sides,
    target_geometry,
    weapon_range,
)

if TYPE_CHECKING:
    from ..draft import Draft
    from ..geometry.arcs import AttackGeometry

__all__ = [
    "FIRE_COST",
    "HEAVY_COST",
    "advance_bidding",
    "bidder",
    "check_bid",
    "check_fire",
    "check_ram",
    "check_valor",
    "open_bidding",
    "ram_approach",
    "resolve_bid",
    "resolve_fire",
    "resolve_ram",
    "valor_room",
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
    contact = obstacles.measure(d, i, "forward", limit)
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


# -- Valor bidding -------------------------------------------------------------------------
def valor_room(d: Draft, who: int, already: int) -> int:
    """How much more Valor ``who`` may add to one roll (the per-action cap and what is left)."""
    return max(0, min(d.racer(who).max_valor_per_action - already, d.r(who).valor))


def check_valor(d: Draft, i: int, valor: int) -> None:
    """Refuse a Valor bid on a new attack over the cap per roll or the Valor left."""
    if not isinstance(valor, int) or isinstance(valor, bool) or valor < 0:
        raise IllegalActionError(f"Valor must be a whole number 0 or more, got {valor!r}")
    room = valor_room(d, i, 0)
    if valor > room:
        cap = d.racer(i).max_valor_per_action
        raise IllegalActionError(
            f"{d.name(i)} may add at most {room} Valor here (cap {cap} per roll, "
            f"{d.r(i).valor} left), not {valor}"
        )


def open_bidding(d: Draft, p: PendingAttack, valor: int, dice: ChanceSource) -> None:
    """Make ``p`` the pending attack with the attacker's opening ``valor`` and run its bidding."""
    if valor:
        rs = d.r(p.attacker)
        d.set(p.attacker, valor=rs.valor - valor)
        d.emit(BidMade(p.attacker, d.name(p.attacker), "Strength", valor, valor))
    blocker = p.target.kind is TargetKind.BLOCKER
    passes = 2 if blocker else (0 if valor else 1)
    d.pending = PendingAttack(
        p.attacker,
        p.target,
        p.ram,
        p.heavy,
        p.spin,
        p.side,
        p.run_m,
        p.approach_m,
        valor_attacker=valor,
        valor_defender=0,
        to_act="defender",
        passes=passes,
    )
    advance_bidding(d, dice)


def bidder(p: PendingAttack) -> int:
    """Who must bid (or pass) next."""
    return p.attacker if p.to_act == "attacker" else p.target.index


def advance_bidding(d: Draft, dice: ChanceSource) -> None:
    """Skip bidders who cannot add Valor; resolve the attack once both have passed."""
    while d.pending is not None and not d.over:
        p = d.pending
        if p.passes >= 2:
            d.pending = None
            d.phase = Phase.ACT
            resolve_attack(d, p, dice)
            return
        who = bidder(p)
        have = p.valor_attacker if p.to_act == "attacker" else p.valor_defender
        if valor_room(d, who, have) > 0:
            d.phase = Phase.BIDDING
            return
        d.pending = _passed(p)


def _passed(p: PendingAttack) -> PendingAttack:
    return fast_replace(
        p, passes=p.passes + 1, to_act="attacker" if p.to_act == "defender" else "defender"
    )


def check_bid(d: Draft, a: Bid) -> None:
    """Refuse a bid over the cap or over the Valor left."""
    p = d.pending
    assert p is not None
    who = bidder(p)
    have = p.valor_attacker if p.to_act == "attacker" else p.valor_defender
    room = valor_room(d, who, have)
    if not isinstance(a.valor, int) or isinstance(a.valor, bool) or not 0 <= a.valor <= room:
        raise IllegalActionError(
            f"{d.name(who)} may add 0 to {room} Valor to this roll, not {a.valor!r}"
        )


def resolve_bid(d: Draft, a: Bid, dice: ChanceSource) -> None:
    """Add the bid (or pass) and hand the bidding to the other side."""
    p = d.pending
    assert p is not None
    who = bidder(p)
    stat = "Strength" if p.to_act == "attacker" else "Armor"
    if a.valor:
        d.set(who, valor=d.r(who).valor - a.valor)
        if p.to_act == "attacker":
            p = fast_replace(p, valor_attacker=p.valor_attacker + a.valor, passes=0)
        else:
            p = fast_replace(p, valor_defender=p.valor_defender + a.valor, passes=0)
        total = p.valor_attacker if p.to_act == "attacker" else p.valor_defender
        d.emit(BidMade(who, d.name(who), stat, a.valor, total))
        p = fast_replace(p, to_act="attacker" if p.to_act == "defender" else "defender")
    else:
        total = p.valor_attacker if p.to_act == "attacker" else p.valor_defender
        d.emit(BidMade(who, d.name(who), stat, 0, total))
        p = _passed(p)
    d.pending = p
    advance_bidding(d, dice)
