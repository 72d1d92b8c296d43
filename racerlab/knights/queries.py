"""Read-only questions the dashboards and analysis ask about a joust, cheaply and exactly.

Odds are never computed by a second copy of the rules: :func:`attack_odds`,
:func:`ram_preview` and :func:`drive_order_odds` run the engine's own code over
every roll with :func:`racerlab.core.chance.exact`.

>>> from racerlab.knights.scenarios import worked_example
>>> s = worked_example().state
>>> odds = attack_odds(s, 2, Target.racer(1))
>>> odds.hit  # Chris (Strength 2) against Cindy (Armor 8 - 1 Weakness): 2d6 > 5
Fraction(13, 18)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import shapely
from shapely.geometry.base import BaseGeometry

from ..core.chance import exact
from ..core.dice import ChanceSource
from ..core.errors import IllegalActionError
from .actions import Direction, DriveRoll, Fire, Target, TargetKind
from .combat import check_fire, ram_strength, resolve_attack, target_geometry
from .draft import Draft
from .geometry import AttackGeometry, first_contact, moved, ram_lane, reachable_region
from .movement import slide
from .rounds import new_round, resolve_drive
from .state import KnightsState, PendingAttack, Phase

__all__ = [
    "AttackCheck",
    "AttackOdds",
    "RamPreview",
    "RamTarget",
    "attack_check",
    "attack_odds",
    "drive_order_odds",
    "ram_preview",
    "reachable",
]


@dataclass(frozen=True, slots=True)
class AttackCheck:
    """Where a target stands for an attacker, and whether a shot is allowed now (and why not)."""

    geometry: AttackGeometry
    legal: bool
    reason: str


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Exact odds of one attack: hit chance, Durability lost (0 included) and wreck chance."""

    hit: Fraction
    damage: Mapping[int, Fraction]
    wreck: Fraction

    @property
    def expected_damage(self) -> Fraction:
        """Mean Durability lost."""
        return sum((Fraction(k) * p for k, p in self.damage.items()), Fraction(0))


@dataclass(frozen=True, slots=True)
class RamTarget:
    """Something in the ram lane: how far ahead, and the hit chance if it is rammable now."""

    target: Target
    distance: float
    hit: Fraction | None


@dataclass(frozen=True, slots=True)
class RamPreview:
    """A Ram's straight run: spaces, Strength, and each target in the lane."""

    run_m: float
    spaces: int
    strength: int
    targets: tuple[RamTarget, ...]


def attack_check(state: KnightsState, attacker: int, target: Target) -> AttackCheck:
    """Arc, range and sides from ``attacker`` to ``target``, and the legality of firing now."""
    d = Draft(state)
    geom = target_geometry(d, attacker, target)
    acting = state.order[state.turn] if state.phase is Phase.ACT else None
    if acting != attacker:
        reason = f"it is not {d.name(attacker)}'s turn to act"
        if not geom.can_fire:
            reason = _geometry_reason(d, attacker, target, geom)
        return AttackCheck(geom, False, reason)
    try:
        check_fire(d, attacker, Fire(target))
    except IllegalActionError as exc:
        return AttackCheck(geom, False, exc.reason)
    return AttackCheck(geom, True, "")


def _geometry_reason(d: Draft, i: int, target: Target, geom: AttackGeometry) -> str:
    if not geom.in_arc:
        return f"{target.label()} is not in the firing arc"
    return f"{target.label()} is {geom.range_r:.2f}R away, out of range"


def _pending_draft(state: KnightsState, p: PendingAttack) -> Draft:
    d = Draft(state)
    d.pending = None
    d.phase = Phase.ACT
    return d


def _odds(state: KnightsState, p: PendingAttack, prepare=None) -> AttackOdds:
    t = p.target.index

    def run(src: ChanceSource):
        d = _pending_draft(state, p)
        if prepare is not None:
            prepare(d)
        before = d.r(t).durability if p.target.kind is TargetKind.RACER else d.blockers[t]
        hit, _dealt = resolve_attack(d, p, src)
        if p.target.kind is TargetKind.RACER:
            after = d.r(t)
            return (hit, before - after.durability, after.wrecked)
        return (hit, before - d.blockers[t], d.blockers[t] == 0)

    dist = exact(run)
    hit = sum((pr for (h, _, _), pr in dist.items() if h), Fraction(0))
    wreck = sum((pr for (_, _, w), pr in dist.items() if w), Fraction(0))
    damage: dict[int, Fraction] = {}
    for (_, lost, _), pr in dist.items():
        damage[lost] = damage.get(lost, Fraction(0)) + pr
    return AttackOdds(hit, dict(sorted(damage.items())), wreck)


def attack_odds(
    state: KnightsState,
    attacker: int,
    target: Target,
    valor_for: int = 0,
    valor_against: int = 0,
    heavy: bool = False,
) -> AttackOdds:
    """Exact hit chance and Durability-loss distribution of a shot, by the engine's own code.

    Geometry (arc, range band, sides) is taken as it stands; legality is not
    checked (ask :func:`attack_check`). Valor is as if bid and not yet paid.
    """
    p = PendingAttack(
        attacker, target, False, heavy=heavy, valor_attacker=valor_for, valor_defender=valor_against
    )
    return _odds(state, p)


def ram_preview(state: KnightsState, player: int, distance: float | None = None) -> RamPreview:
    """Ram Strength of driving straight ahead ``distance`` M (default: all the Speed left).

    Lists every racer and standing blocker in the lane; the first one met can
    be rammed and gets its exact hit chance (the others are behind it).
    """
    d = Draft(state)
    rs = d.r(player)
    reach = float(rs.speed_points + rs.turbo_points) if distance is None else float(distance)
    pose, body = d.pose(player), d.table.body
    lane = ram_lane(pose, body, reach)
    contact = first_contact(pose, body, "forward", reach, d.obstacles(player))
    found: list[RamTarget] = []
    for key, geom in d.obstacles(player):
        if not (isinstance(key, tuple) and shapely.intersects(lane, geom)):
            continue
        target = Target.racer(key[1]) if key[0] == "racer" else Target.blocker(key[1])
        ahead = float(shapely.distance(d.table.shape(pose), geom))
        chance = None
        if key == contact.key and contact.distance > 1e-6:
            run = rs.straight_run + contact.distance
            p = PendingAttack(player, target, True, run_m=run, approach_m=contact.distance)

            def prepare(dd: Draft, dist=contact.distance) -> None:
                slide(dd, player, Direction.FORWARD, dist)

            chance = _odds(state, p, prepare).hit
        found.append(RamTarget(target, ahead, chance))
    run = rs.straight_run + (contact.distance if contact.key is not None else reach)
    spaces, strength = ram_strength(d, run)
    found.sort(key=lambda t: t.distance)
    return RamPreview(run, spaces, strength, tuple(found))


def reachable(state: KnightsState, player: int, *, turns: bool = True) -> BaseGeometry:
    """Where the racer's body could get this turn with the Speed it has left.

    With ``turns`` (default): :func:`~racerlab.knights.geometry.reachable_region`'s
    sampled search of runs and turns (it does not look at obstacles). Without:
    the straight lanes ahead (up to the first contact) and behind (reverse costs 2).
    A stalled racer reaches only where it stands.
    """
    d = Draft(state)
    rs = d.r(player)
    pose, body = d.pose(player), d.table.body
    mp = rs.speed_points + rs.turbo_points
    here = d.table.shape(pose)
    if rs.stalled or mp <= 0:
        return here
    if turns:
        opts = d.options
        region = reachable_region(
            pose,
            body,
            mp,
            d.racer(player).stats.handling,
            degrees_per_handling=opts.degrees_per_handling,
            turn_needs_m=opts.turn_needs_m,
            first_turn_needs_m=max(0.0, opts.turn_needs_m - rs.moved_since_turn),
        )
        return shapely.union(region, here)
    shapes = [here]
    for direction, reach in (("forward", float(mp)), ("reverse", float(mp // 2))):
        if reach <= 0:
            continue
        c = first_contact(pose, body, direction, reach, d.obstacles(player))
        end = moved(pose, c.distance, direction)
        shapes.append(shapely.convex_hull(shapely.union(here, d.table.shape(end))))
    return shapely.union_all(shapes)


def drive_order_odds(state: KnightsState) -> dict[tuple[int, ...], Fraction]:
    """Exact chance of each order of play for the next drive rolls (no Valor, Surge kept).

    Enumerates every drive roll and roll-off with the engine's own round code.
    """
    base = state
    if state.phase is not Phase.DRIVE or state.turn != 0:
        d0 = Draft(state)
        new_round(d0)
        base = d0.freeze()

    def run(src: ChanceSource) -> tuple[int, ...]:
        d = Draft(base)
        while d.phase in (Phase.DRIVE, Phase.SURGE):
            i = d.order[d.turn]
            if d.phase is Phase.SURGE:
                from .rounds import _settle

                _settle(d, i, d.r(i).drive_roll or 0, None, src)
            else:
                resolve_drive(d, i, DriveRoll(), src)
        return d.order

    return exact(run)
