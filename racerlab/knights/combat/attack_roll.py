"""The attack roll: Strength and Armor by their named parts, the side hit, two dice, and
what a hit does. :func:`attack_terms` adds an attack up and :func:`resolve_attack` rolls it;
the game and every odds query share both (a hit chance alone is :func:`hit_chance`: the two
dice against those terms).

Damage order after a hit (a Ram the same, with Ram Damage):

1. Evasive: one roll per attack, 5-6 ignores the hit;
2. Damage Prevention: discard one mod (a shield only from its side) to take X less;
   if nothing is left, the weapon's specials do not apply;
3. Durability lost; Durable (one roll) may hold it at 1; at 0 the racer is Wrecked!;
4. the weapon's effects on damage: Bounce (not Stable), Spin (not Steady),
   Slow token (not Fast), Weakness token.

What a hit does after the roll is the module's second part: the target's defences
(Evasive, Damage Prevention), a Ram's loss and recoil, and the weapon's effects on a
damaged racer (Bounce, Spin, Slow, Weakness).
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from ...core.chance import chance_above
from ...core.dice import ChanceSource
from ..abilities import added_of
from ..actions import TargetKind
from ..build import grants, has_any
from ..events import DamagePrevented, EvadeRolled, Rammed, ShotFired, Spun, TokenPlaced
from ..geometry.arcs import AttackGeometry, range_bands
from ..geometry.motion import away_direction
from ..geometry.table import overlaps
from ..joust.results import held, hit_blocker, lose
from ..movement import obstacles
from ..movement.moves import TOL, push
from ..options import DamagePreventionUse, KnightsOptions, RamRounding, SideChooser
from ..parts import Ability, Side
from .targeting import ram_sides, target_geometry

if TYPE_CHECKING:
    from ..draft import Draft
    from ..state import PendingAttack

__all__ = [
    "COILED_BONUS",
    "DURABLE_SAVES_ON",
    "EVADE_ON",
    "WEAKNESS_FLOOR",
    "AttackOutcome",
    "AttackTerms",
    "after_defences",
    "armor_parts",
    "attack_terms",
    "choose_side",
    "hit_chance",
    "ram_lands",
    "ram_strength",
    "resolve_attack",
    "strength_parts",
    "weapon_effects",
]

COILED_BONUS = (2, 1)
"""Coiled Strength by range band: Range 1 or less, then between Range 1 and 2."""
DURABLE_SAVES_ON = KnightsOptions().durable_saves_on
"""The default Durable roll that holds Durability at 1 (the rule option ``durable_saves_on``,
read by :meth:`Draft.lose`)."""
WEAKNESS_FLOOR = 5
"""Weakness tokens never take Armor below this."""

AttackOutcome = tuple[bool, int]
"""(hit, Durability the target lost) — what the odds queries tabulate."""


def ram_strength(d: Draft, run_m: float) -> tuple[int, int]:
    """(spaces, Strength) of a straight run of ``run_m`` M."""
    spaces = max(0, math.ceil(run_m - TOL))
    if d.options.ram_strength_rounding is RamRounding.CEIL:
        return spaces, math.ceil(spaces / 2)
    return spaces, spaces // 2


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
    for added in added_of(g[0].ability for g in racer.abilities):
        bonus = added.strength(d, p, geom) if added.strength is not None else 0
        if bonus:
            parts.append((added.label, bonus))
    if p.valor_attacker:
        parts.append(("Valor", p.valor_attacker))
    return tuple(parts)


def armor_parts(d: Draft, p: PendingAttack, side: Side | None):
    """The named parts of the Armor the attack must exceed."""
    if p.target.kind is TargetKind.BLOCKER:
        return (("blocker Armor", d.catalog.table.blocker_armor),)
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


class AttackTerms(NamedTuple):
    """What an attack adds up before its roll: where the target stands (a shot's
    geometry), the side struck, and the named parts of Strength and Armor."""

    geometry: AttackGeometry | None
    side: Side | None
    strength: tuple[tuple[str, int], ...]
    armor: tuple[tuple[str, int], ...]

    @property
    def need(self) -> int:
        """The attack roll hits when it is above this: Armor minus Strength."""
        return sum(v for _, v in self.armor) - sum(v for _, v in self.strength)


def attack_terms(
    d: Draft, p: PendingAttack, ram_sides_struck: frozenset[Side] | None = None
) -> AttackTerms:
    """The terms of attack ``p`` on draft ``d`` as they stand before the roll (no dice).

    A Ram's sides struck are found where the rammer stands (after its approach) unless
    ``ram_sides_struck`` gives them."""
    geom = None
    side = None
    if p.target.kind is TargetKind.RACER:
        if p.ram:
            sides = ram_sides_struck
            if sides is None:
                sides = ram_sides(d, p.attacker, p.target.index, 0.0)
        else:
            geom = target_geometry(d, p.attacker, p.target)
            sides = geom.sides
        side = choose_side(d, p, sides)
    elif not p.ram:
        geom = target_geometry(d, p.attacker, p.target)
    return AttackTerms(geom, side, strength_parts(d, p, geom), armor_parts(d, p, side))


def hit_chance(d: Draft, p: PendingAttack) -> Fraction:
    """The exact chance attack ``p`` hits from draft ``d``: its two dice are the attack's
    first chance event and decide the hit alone (:func:`resolve_attack`), so this equals
    the hit chance of every roll played out, without playing out what follows a hit."""
    return chance_above(attack_terms(d, p).need, 2, 6)


def resolve_attack(d: Draft, p: PendingAttack, dice: ChanceSource) -> AttackOutcome:
    """Roll the attack and apply everything that follows a hit; return (hit, damage)."""
    att = p.attacker
    racer = d.racer(att)
    geom, side, sp, ap = terms = attack_terms(d, p)
    roll = dice.total(2, 6, "ram" if p.ram else "attack")
    hit = roll > terms.need
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
        hit_blocker(d, p.target.index, damage, att)
        if p.ram and damage > 0:
            lose(d, att, d.options.rammer_self_damage, "the Ram's recoil", None, dice)
        return (True, damage)
    t = p.target.index
    damage = after_defences(d, t, side, damage, dice)
    if damage <= 0:
        return (True, 0)
    if p.ram:
        ram_lands(d, att, t, damage, dice)
        return (True, damage)
    lose(d, t, damage, f"{d.name(att)}'s shot", att, dice)
    if d.over:
        return (True, damage)
    if not d.r(t).wrecked:
        weapon_effects(d, p, dice)
    return (True, damage)


# -- what a hit does after the roll --------------------------------------------------------
EVADE_ON = 5
"""An Evasive roll of this or more ignores the hit."""


def after_defences(d: Draft, t: int, side: Side | None, damage: int, dice: ChanceSource) -> int:
    """Racer ``t``'s defences against ``damage`` on ``side`` (Evasive, then Damage
    Prevention): the damage left to take. The odds tables ask it on its own."""
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
            part = _part_name(d, part_id)
            d.emit(DamagePrevented(t, d.name(t), part, prevented, damage))
    return damage


def ram_lands(d: Draft, att: int, t: int, damage: int, dice: ChanceSource) -> None:
    """The rammed racer's loss and the rammer's recoil, as one event.

    The recoil applies even when the Ram wrecks the last opponent (the rulebook); the
    ``ram_recoil_at_race_end`` option set to False skips it when the Ram ends the race.
    """
    with held(d):
        lose(d, t, damage, f"{d.name(att)}'s Ram", att, dice)
        ends = len(d.active()) <= 1
        if d.options.ram_recoil_at_race_end or not ends:
            lose(d, att, d.options.rammer_self_damage, "the Ram's recoil", None, dice)


def _part_name(d: Draft, part_id: str) -> str:
    part = d.catalog.parts.get(part_id)
    return part.name if part is not None else part_id


def weapon_effects(d: Draft, p: PendingAttack, dice: ChanceSource) -> None:
    """Bounce, Spin, Slow and Weakness on a racer the shot damaged, then what added abilities
    (:mod:`racerlab.knights.abilities`) do to it."""
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
    for added in added_of(g[0].ability for g in racer.abilities):
        if added.on_damage is not None and not (d.over or d.r(t).wrecked):
            added.on_damage(d, p, dice)


def _spin(d: Draft, t: int, degrees: float) -> None:
    pose = d.pose(t)
    new = replace(pose, heading=(pose.heading + degrees) % 360.0)
    shape = d.table.shape(new)
    if any(overlaps(shape, g) for _, g in obstacles.obstacles(d, t)):
        d.emit(Spun(t, d.name(t), degrees, blocked=True))
        return
    d.set(t, pose=new)
    d.emit(Spun(t, d.name(t), degrees))
