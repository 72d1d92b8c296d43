"""What a hit does after the roll: the target's defences (Evasive, Damage Prevention), a
Ram's loss and recoil, and the weapon's effects on a damaged racer (Bounce, Spin, Slow,
Weakness)."""

from __future__ import annotations

from dataclasses import replace

from ..core.dice import ChanceSource
from . import contacts
from .draft import Draft, grants, has_any
from .durability import held, lose
from .events import DamagePrevented, EvadeRolled, Spun, TokenPlaced
from .geometry import away_direction
from .geometry.table import overlaps
from .movement import push
from .options import DamagePreventionUse
from .parts import Ability, Side
from .state import PendingAttack
from .targeting import target_geometry

__all__ = ["EVADE_ON", "after_defences", "ram_lands", "weapon_effects"]

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
    if any(overlaps(shape, g) for _, g in contacts.obstacles(d, t)):
        d.emit(Spun(t, d.name(t), degrees, blocked=True))
        return
    d.set(t, pose=new)
    d.emit(Spun(t, d.name(t), degrees))
