"""Attacks: firing and ramming, Valor bidding, the attack roll and the damage that follows.

One function resolves every attack (:func:`resolve_attack`), for the game and
for the odds shown by :mod:`racerlab.knights.queries` (run over every roll by
:func:`racerlab.core.chance.exact`), so the odds can never disagree with play.

Damage order after a hit (a Ram the same, with Ram Damage):

1. Evasive: one roll per attack, 5-6 ignores the hit;
2. Damage Prevention: discard one mod (a shield only from its side) to take X less;
   if nothing is left, the weapon's specials do not apply;
3. Durability lost; Durable (one roll) may hold it at 1; at 0 the racer is Wrecked!;
4. the weapon's effects on damage: Bounce (not Stable), Spin (not Steady),
   Slow token (not Fast), Weakness token.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace

import shapely

from ..core.dice import ChanceSource
from ..core.errors import IllegalActionError
from ..core.frozen import fast_replace
from .actions import Bid, Direction, Fire, Ram, Target, TargetKind
from .build import RacerBuild
from .catalog import load_catalog
from .draft import Draft, grants, has_any, racer_of
from .events import BidMade, DamagePrevented, EvadeRolled, Rammed, ShotFired, Spun, TokenPlaced
from .geometry import (
    ArcWidths,
    AttackGeometry,
    attack_geometry,
    away_direction,
    corners,
    front_centre,
    moved,
    range_bands,
    sides_facing,
)
from .movement import TOL, check_can_move, describe_key, pay_move, push, slide
from .options import DamagePreventionUse, KnightsOptions, RamRounding, SideChooser
from .parts import Ability, Arc, Side
from .space import overlaps
from .state import PendingAttack, Phase

__all__ = [
    "COILED_BONUS",
    "DURABLE_SAVES_ON",
    "EVADE_ON",
    "FIRE_COST",
    "HEAVY_COST",
    "AttackOutcome",
    "advance_bidding",
    "after_defences",
    "armor_parts",
    "check_bid",
    "check_fire",
    "check_ram",
    "ram_strength",
    "resolve_attack",
    "resolve_bid",
    "resolve_fire",
    "resolve_ram",
    "strength_parts",
    "target_geometry",
]

FIRE_COST = 2
"""Speed Points to fire a weapon."""
HEAVY_COST = 4
"""Speed Points to fire a Heavy weapon for +1 Damage."""
COILED_BONUS = (2, 1)
"""Coiled Strength by range band: Range 1 or less, then between Range 1 and 2."""
EVADE_ON = 5
"""An Evasive roll of this or more ignores the hit."""
DURABLE_SAVES_ON = KnightsOptions().durable_saves_on
"""The default Durable roll that holds Durability at 1 (the rule option ``durable_saves_on``,
read by :meth:`Draft.lose`)."""
WEAKNESS_FLOOR = 5
"""Weakness tokens never take Armor below this."""

AttackOutcome = tuple[bool, int]
"""(hit, Durability the target lost) — what the odds queries tabulate."""


# -- targets and geometry ------------------------------------------------------------
def arc_widths(d: Draft) -> ArcWidths:
    """The firing-arc widths of the rule options."""
    return _arc_widths(d.options.arc_a_degrees, d.options.arc_b_degrees)


_arc_widths = functools.lru_cache(maxsize=16)(ArcWidths)
"""One (frozen) :class:`ArcWidths` per pair of widths: asked on every range check."""


def weapon_range(d: Draft, i: int) -> int:
    """The weapon's Range with the Knight's range bonus for its type."""
    rs = d.r(i)
    return _weapon_range(rs.build, rs.mods)


@functools.lru_cache(maxsize=2048)
def _weapon_range(build: RacerBuild, mods: tuple[tuple[str, int], ...]) -> int:
    """:func:`weapon_range` of a build with the director's tweaks (asked every step)."""
    racer = racer_of(build, mods)
    return racer.weapon.range + racer.knight_bonus(racer.weapon.type.value, "range")


def maybe_in_range(d: Draft, i: int, target: Target) -> bool:
    """A cheap first look: False when the target is surely out of the weapon's range."""
    a = d.pose(i)
    if target.kind is TargetKind.RACER:
        b = d.pose(target.index)
        bx, by, size = b.x, b.y, d.table.racer_radius
    else:
        (bx, by), size = d.setup.waypoints[target.index], d.table.waypoint_diameter / 2.0
    reach = d.table.racer_radius
    gap = math.hypot(bx - a.x, by - a.y) - size - reach
    return gap <= weapon_range(d, i) * d.table.r_per_m + 1e-6


def maybe_in_arc(d: Draft, i: int, target: Target) -> bool:
    """A cheap first look: False when a racer target is surely outside a firing arc.

    Its bounding circle lies wholly outside the wedge of arc A or B (arcs up to 180
    degrees wide, which are convex); other targets and arcs are left to the full measure.
    """
    if target.kind is not TargetKind.RACER:
        return True
    arc = d.racer(i).weapon.arc
    if arc is Arc.C:
        return True
    width = arc_widths(d).width(arc)
    if width > 180.0:
        return True
    a, b = d.pose(i), d.pose(target.index)
    ax, ay = front_centre(a, d.table.body)
    dx, dy = b.x - ax, b.y - ay
    half = math.radians(width / 2.0)
    heading = math.radians(a.heading)
    off = abs((math.atan2(dy, dx) - heading + math.pi) % (2.0 * math.pi) - math.pi)
    if off <= half:
        return True
    # outside the wedge: distance to its nearer edge ray (or to its tip)
    edge = heading + math.copysign(half, math.sin(math.atan2(dy, dx) - heading))
    ux, uy = math.cos(edge), math.sin(edge)
    along = dx * ux + dy * uy
    gap = abs(dx * uy - dy * ux) if along > 0.0 else math.hypot(dx, dy)
    return gap <= d.table.racer_radius + 1e-6


_racer_geometry = functools.lru_cache(maxsize=4096)(attack_geometry)
""":func:`attack_geometry` remembered: a bot, ``check`` and ``resolve`` ask the same question."""


def target_geometry(d: Draft, i: int, target: Target) -> AttackGeometry:
    """Arc, range and facing sides from racer ``i`` to a target."""
    racer = d.racer(i)
    w = racer.weapon
    rng = weapon_range(d, i)
    if target.kind is TargetKind.RACER:
        body = d.table.body
        return _racer_geometry(
            d.pose(i), body, w.arc, rng, d.pose(target.index), body, d.table.r_per_m, arc_widths(d)
        )
    return d.table.blocker_geometry(
        d.pose(i), w.arc, rng, d.setup.waypoints[target.index], arc_widths(d)
    )


def _check_target(d: Draft, i: int, target: Target) -> None:
    if not isinstance(target, Target):
        raise IllegalActionError(f"{target!r} is not a target")
    if target.kind is TargetKind.RACER:
        if not 0 <= target.index < len(d.racers):
            raise IllegalActionError(f"there is no player {target.index + 1}")
        if target.index == i:
            raise IllegalActionError("a racer cannot attack itself")
        if d.r(target.index).wrecked:
            raise IllegalActionError(f"{d.name(target.index)}'s racer is already Wrecked!")
    else:
        if not 0 <= target.index < len(d.blockers):
            raise IllegalActionError(f"there is no waypoint {target.index + 1}")
        if d.blockers[target.index] <= 0:
            raise IllegalActionError(f"waypoint {target.index + 1}'s blocker is already destroyed")


def _valor_room(d: Draft, who: int, already: int) -> int:
    """How much more Valor ``who`` may add to one roll (the per-action cap and what is left)."""
    return max(0, min(d.racer(who).max_valor_per_action - already, d.r(who).valor))


def _check_valor(d: Draft, i: int, valor: int) -> None:
    if not isinstance(valor, int) or isinstance(valor, bool) or valor < 0:
        raise IllegalActionError(f"Valor must be a whole number 0 or more, got {valor!r}")
    room = _valor_room(d, i, 0)
    if valor > room:
        cap = d.racer(i).max_valor_per_action
        raise IllegalActionError(
            f"{d.name(i)} may add at most {room} Valor here (cap {cap} per roll, "
            f"{d.r(i).valor} left), not {valor}"
        )


# -- firing ------------------------------------------------------------------------------
def check_fire(d: Draft, i: int, a: Fire) -> AttackGeometry:
    """Refuse an illegal shot with the reason; return its geometry."""
    rs = d.r(i)
    racer = d.racer(i)
    _check_target(d, i, a.target)
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
    _check_valor(d, i, a.valor)
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
        _check_side(d, a.side, geom.sides, ram=False)
    return geom


def _check_side(d: Draft, side: Side, sides, *, ram: bool) -> None:
    chooser = d.options.ram_side_chooser if ram else d.options.fire_side_chooser
    if chooser is not SideChooser.ATTACKER:
        raise IllegalActionError("the defender chooses the side hit (see the rule options)")
    if side not in sides:
        names = ", ".join(sorted(s.value for s in sides)) or "none"
        raise IllegalActionError(
            f"the {side.value} side does not face the attack (facing: {names})"
        )


def resolve_fire(d: Draft, i: int, a: Fire, dice: ChanceSource) -> None:
    """Pay for the shot and open its Valor bidding (it resolves when bidding ends)."""
    rs = d.r(i)
    cost = HEAVY_COST if a.heavy else FIRE_COST
    d.set(i, speed_points=rs.speed_points - cost, fired=True, turbo_points=0, acted=True)
    _open(d, PendingAttack(i, a.target, False, a.heavy, float(a.spin), a.side), a.valor, dice)


def _open(d: Draft, p: PendingAttack, valor: int, dice: ChanceSource) -> None:
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


# -- bidding -------------------------------------------------------------------------------
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
        if _valor_room(d, who, have) > 0:
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
    room = _valor_room(d, who, have)
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


# -- ramming -------------------------------------------------------------------------------
def ram_strength(d: Draft, run_m: float) -> tuple[int, int]:
    """(spaces, Strength) of a straight run of ``run_m`` M."""
    spaces = max(0, math.ceil(run_m - TOL))
    if d.options.ram_strength_rounding is RamRounding.CEIL:
        return spaces, math.ceil(spaces / 2)
    return spaces, spaces // 2


def _target_key(target: Target):
    return ("racer" if target.kind is TargetKind.RACER else "blocker", target.index)


def ram_approach(d: Draft, i: int, target: Target) -> tuple[float, object]:
    """How far racer ``i`` drives straight ahead before its first contact, and with what."""
    rs = d.r(i)
    limit = float(rs.speed_points + rs.turbo_points)
    contact = d.contact(i, "forward", limit)
    return contact.distance, contact.key


def check_ram(d: Draft, i: int, a: Ram) -> float:
    """Refuse an illegal Ram with the reason; return the approach distance."""
    _check_target(d, i, a.target)
    check_can_move(d, i, "ram")
    rs = d.r(i)
    if rs.speed_points + rs.turbo_points < 1:
        raise IllegalActionError(f"a Ram needs at least 1 Speed Point to drive; {d.name(i)} has 0")
    _check_valor(d, i, a.valor)
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
        _check_side(d, a.side, _ram_sides(d, i, a.target.index, dist), ram=True)
    return dist


def _ram_sides(d: Draft, i: int, t: int, approach: float) -> frozenset[Side]:

    pose = moved(d.pose(i), approach, "forward")
    c = corners(pose, d.table.body)
    edge = shapely.LineString([tuple(c[0]), tuple(c[1])])
    return sides_facing(d.pose(t), d.table.body, edge)


def resolve_ram(d: Draft, i: int, a: Ram, dice: ChanceSource) -> None:
    """Drive into the target (paying for the run) and open the Ram's Valor bidding."""
    dist = check_ram(d, i, a)
    cost = math.ceil(dist - TOL)
    pay_move(d, i, cost)
    slide(d, i, Direction.FORWARD, dist)
    run = d.r(i).straight_run
    d.set(i, done=True)
    _open(
        d, PendingAttack(i, a.target, True, side=a.side, run_m=run, approach_m=dist), a.valor, dice
    )


# -- the attack roll -----------------------------------------------------------------------
def strength_parts(d: Draft, p: PendingAttack, geom: AttackGeometry | None):
    """The named parts of the attacker's Strength for this attack."""
    racer = d.racer(p.attacker)
    parts: list[tuple[str, int]] = []
    if p.ram:
        spaces, s = ram_strength(d, p.run_m)
        parts.append((f"run of {spaces} spaces", s))
        if racer.has(Ability.TRACTION):
            parts.append(("Traction", 1))
    else:
        w = racer.weapon
        parts.append(("weapon Strength", w.strength))
        if racer.has(Ability.COILED) and geom is not None:
            band = range_bands(geom.range_r)
            if band < len(COILED_BONUS):
                parts.append(("Coiled", COILED_BONUS[band]))
        kb = racer.knight_bonus(w.type.value, "strength")
        if kb:
            parts.append(("Knight bonus", kb))
    if p.valor_attacker:
        parts.append(("Valor", p.valor_attacker))
    return tuple(parts)


def armor_parts(d: Draft, p: PendingAttack, side: Side | None):
    """The named parts of the Armor the attack must exceed."""
    if p.target.kind is TargetKind.BLOCKER:
        return (("blocker Armor", load_blocker_armor()),)
    t = p.target.index
    racer = d.racer(t)
    rs = d.r(t)
    base = racer.stats.armor
    parts: list[tuple[str, int]] = [("Armor", base)]
    if rs.weakness:
        after = max(base - rs.weakness, min(base, WEAKNESS_FLOOR))
        if after != base:
            parts.append(("Weakness", after - base))
    if side is not None:
        against = "ram" if p.ram else d.racer(p.attacker).weapon.type.value
        prot = racer.protection(side, against)
        if prot:
            parts.append((f"{side.value} shield", prot))
    if p.valor_defender:
        parts.append(("Valor", p.valor_defender))
    return tuple(parts)


def load_blocker_armor() -> int:
    """A waypoint blocker's Armor (from the table file)."""
    return load_catalog().table.blocker_armor


def _side_score(d: Draft, p: PendingAttack, side: Side) -> tuple[int, int]:
    t = p.target.index
    racer = d.racer(t)
    against = "ram" if p.ram else d.racer(p.attacker).weapon.type.value
    dp = sum(
        g[0].amount
        for g in racer.side_abilities(side)
        if g[0].ability is Ability.DAMAGE_PREVENTION and g[1] not in d.r(t).discarded
    )
    return (racer.protection(side, against), dp)


_SIDE_ORDER = tuple(Side)
"""Sides in their card order (how ties between facing sides are listed)."""


def choose_side(d: Draft, p: PendingAttack, sides: frozenset[Side]) -> Side:
    """The side the attack lands on: the chooser's pick (an option) when two face it."""
    ranked = sorted(sides, key=_SIDE_ORDER.index) or [Side.FRONT]
    if len(ranked) == 1:
        return ranked[0]
    chooser = d.options.ram_side_chooser if p.ram else d.options.fire_side_chooser
    if chooser is SideChooser.ATTACKER:
        if p.side in ranked:
            return p.side
        return min(ranked, key=lambda s: _side_score(d, p, s))
    return max(ranked, key=lambda s: _side_score(d, p, s))


def resolve_attack(d: Draft, p: PendingAttack, dice: ChanceSource) -> AttackOutcome:
    """Roll the attack and apply everything that follows a hit; return (hit, damage)."""
    att = p.attacker
    racer = d.racer(att)
    geom = None
    side = None
    if p.target.kind is TargetKind.RACER:
        if p.ram:
            sides = _ram_sides(d, att, p.target.index, 0.0)
        else:
            geom = target_geometry(d, att, p.target)
            sides = geom.sides
        side = choose_side(d, p, sides)
    elif not p.ram:
        geom = target_geometry(d, att, p.target)
    sp = strength_parts(d, p, geom)
    ap = armor_parts(d, p, side)
    roll = dice.total(2, 6, "ram" if p.ram else "attack")
    hit = roll + sum(v for _, v in sp) > sum(v for _, v in ap)
    label = p.target.label() if p.target.kind is TargetKind.BLOCKER else d.name(p.target.index)
    side_name = side.value if side is not None else "-"
    if p.ram:
        spaces, _ = ram_strength(d, p.run_m)
        d.emit(Rammed(att, label, p.run_m, spaces, roll, sp, ap, side_name, hit, d.name(att)))
    else:
        assert geom is not None
        d.emit(
            ShotFired(
                att,
                label,
                racer.weapon.arc.value,
                geom.range_r,
                roll,
                sp,
                ap,
                side_name,
                hit,
                d.name(att),
            )
        )
    if not hit:
        return (False, 0)
    if p.ram:
        damage = racer.stats.ram_damage
    else:
        w = racer.weapon
        damage = w.damage + (1 if p.heavy else 0) + racer.knight_bonus(w.type.value, "damage")
    if p.target.kind is TargetKind.BLOCKER:
        d.hit_blocker(p.target.index, damage, att)
        if p.ram and damage > 0:
            d.lose(att, d.options.rammer_self_damage, "the Ram's recoil", None, dice)
        return (True, damage)
    t = p.target.index
    damage = _after_defences(d, t, side, damage, dice)
    if damage <= 0:
        return (True, 0)
    if p.ram:
        _ram_lands(d, att, t, damage, dice)
        return (True, damage)
    d.lose(t, damage, f"{d.name(att)}'s shot", att, dice)
    if d.over:
        return (True, damage)
    if not d.r(t).wrecked:
        _weapon_effects(d, p, dice)
    return (True, damage)


def _ram_lands(d: Draft, att: int, t: int, damage: int, dice: ChanceSource) -> None:
    """The rammed racer's loss and the rammer's recoil, as one event.

    The recoil applies even when the Ram wrecks the last opponent (the rulebook); the
    ``ram_recoil_at_race_end`` option set to False skips it when the Ram ends the race.
    """
    with d.held():
        d.lose(t, damage, f"{d.name(att)}'s Ram", att, dice)
        ends = len(d.active()) <= 1
        if d.options.ram_recoil_at_race_end or not ends:
            d.lose(att, d.options.rammer_self_damage, "the Ram's recoil", None, dice)


def _after_defences(d: Draft, t: int, side: Side | None, damage: int, dice: ChanceSource) -> int:
    """Evasive, then Damage Prevention: the damage left to take."""
    racer = d.racer(t)
    if grants(racer, Ability.EVASIVE, side):
        roll = dice.d6("evasive")
        evaded = roll >= EVADE_ON
        d.emit(EvadeRolled(t, d.name(t), roll, evaded))
        if evaded:
            return 0
    if d.options.damage_prevention is DamagePreventionUse.AUTO:
        spent = d.r(t).discarded
        usable = [g for g in grants(racer, Ability.DAMAGE_PREVENTION, side) if g[1] not in spent]
        if usable:
            use, part_id, _side = max(usable, key=lambda g: g[0].amount)
            prevented = min(use.amount, damage)
            damage -= prevented
            d.set(t, discarded=(*spent, part_id))
            part = _part_name(part_id)
            d.emit(DamagePrevented(t, d.name(t), part, prevented, damage))
    return damage


def after_defences(d: Draft, t: int, side: Side | None, damage: int, dice: ChanceSource) -> int:
    """Racer ``t``'s defences against ``damage`` on ``side`` (Evasive, then Damage
    Prevention): the damage left to take. The odds tables ask it on its own."""
    return _after_defences(d, t, side, damage, dice)


def _part_name(part_id: str) -> str:
    part = load_catalog().parts.get(part_id)
    return part.name if part is not None else part_id


def _weapon_effects(d: Draft, p: PendingAttack, dice: ChanceSource) -> None:
    """Bounce, Spin, Slow and Weakness on a racer the shot damaged."""
    att, t = p.attacker, p.target.index
    racer = d.racer(att)
    target = d.racer(t)
    if racer.has(Ability.BOUNCE) and not has_any(target, Ability.STABLE):
        # straight away from the attacker's measuring point (front centre for arcs A and B)
        source = target_geometry(d, att, p.target).nearest[0]
        heading = away_direction(source, d.pose(t))
        push(d, t, heading, d.options.bounce_m, att, dice)
        if d.over or d.r(t).wrecked:
            return
    if racer.has(Ability.SPIN) and p.spin and not has_any(target, Ability.STEADY):
        _spin(d, t, p.spin)
    if racer.has(Ability.SLOW) and not has_any(target, Ability.FAST):
        rs = d.set(t, slow=d.r(t).slow + 1)
        d.emit(TokenPlaced(t, d.name(t), "Slow", rs.slow))
    if racer.has(Ability.WEAKNESS):
        rs = d.set(t, weakness=d.r(t).weakness + 1)
        d.emit(TokenPlaced(t, d.name(t), "Weakness", rs.weakness))


def _spin(d: Draft, t: int, degrees: float) -> None:
    pose = d.pose(t)
    new = replace(pose, heading=(pose.heading + degrees) % 360.0)
    shape = d.table.shape(new)
    if any(overlaps(shape, g) for _, g in d.obstacles(t)):
        d.emit(Spun(t, d.name(t), degrees, blocked=True))
        return
    d.set(t, pose=new)
    d.emit(Spun(t, d.name(t), degrees))
