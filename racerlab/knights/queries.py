"""Read-only questions the dashboards and analysis ask about a joust, cheaply and exactly.

This is the face of the engine that code above it uses (with ``state``,
``actions``, ``events``, ``options`` and ``game``): besides the questions below
it passes on the pure shape functions a drawing needs (``footprint``,
``corners``, ``front_centre``, ``moved``, ``ram_lane``, ``reachable_region``
from :mod:`racerlab.knights.geometry`).

Odds are never computed by a second copy of the rules: :func:`attack_odds` and
:func:`drive_order_odds` run the engine's own code over every roll with
:func:`racerlab.core.chance.exact`; a hit chance alone (:func:`hit_odds`,
:func:`shot_hit_odds`, :func:`ram_hit_odds`) is the odds of the attack roll on
the engine's own Strength and Armor (:func:`~racerlab.knights.combat.attack_roll.hit_chance`),
since those two dice decide the hit before anything else is rolled.

>>> from racerlab.knights.scenarios import worked_example
>>> s = worked_example().state
>>> odds = attack_odds(s, 2, Target.racer(1))
>>> odds.hit  # Chris (Strength 2) against Cindy (Armor 8 - 1 Weakness): 2d6 > 5
Fraction(13, 18)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import shapely
from shapely.geometry.base import BaseGeometry

from ..core.chance import exact
from ..core.dice import ChanceSource
from ..core.errors import IllegalActionError
from .actions import Direction, DriveRoll, Fire, SurgeChoice, Target, TargetKind
from .build import SLOTS, Racer, RacerBuild
from .combat.attack_roll import (
    after_defences,
    attack_terms,
    hit_chance,
    ram_strength,
    resolve_attack,
)
from .combat.attacks import check_fire
from .combat.targeting import arc_widths, target_geometry, weapon_range
from .draft import WEAPON_STATS, Draft, clear_racer_cache, racer_of, table_for
from .events import EvadeRolled
from .geometry.arcs import AttackGeometry, arc_region
from .geometry.body import corners, footprint, front_centre
from .geometry.contact import first_contact
from .geometry.motion import moved, ram_lane
from .geometry.reach import reachable_region
from .geometry.tolerance import TOL_M
from .joust.results import lose
from .joust.rounds import new_round, resolve_drive, resolve_surge, settle_drive
from .movement import obstacles
from .movement.moves import slide
from .parts import PartKind, Side, Stats
from .state import KnightsState, PendingAttack, Phase

if TYPE_CHECKING:
    from .geometry.table import Table

__all__ = [
    "RACER_STATS",
    "SHIELD_SIDES",
    "WEAPON_STATS",
    "AttackCheck",
    "AttackOdds",
    "RamPreview",
    "RamTarget",
    "after_hit_odds",
    "attack_check",
    "attack_numbers",
    "attack_odds",
    "build_parts",
    "build_racer",
    "clear_caches",
    "corners",
    "drive_order_odds",
    "firing_arc",
    "footprint",
    "front_centre",
    "hit_odds",
    "moved",
    "part_slots",
    "racer_tokens",
    "ram_hit_odds",
    "ram_lane",
    "ram_preview",
    "ram_run",
    "reachable",
    "reachable_region",
    "seat_racer",
    "shot_hit_odds",
    "speed_points_odds",
    "stat_mods",
    "table",
    "turn_pivots",
]

RACER_STATS: tuple[str, ...] = tuple(f.name for f in fields(Stats))
"""The racer's own stats a director may adjust (the weapon's are :data:`WEAPON_STATS`)."""

SHIELD_SIDES: tuple[str, ...] = tuple(side.value for side in Side)
"""The shield places of a build, one per side, as :func:`part_slots` names them."""


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


def _odds(state: KnightsState, p: PendingAttack) -> AttackOdds:
    t = p.target.index

    def run(src: ChanceSource):
        d = _pending_draft(state, p)
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
    return _odds(state, _shot(attacker, target, valor_for, valor_against, heavy))


def shot_hit_odds(
    state: KnightsState,
    attacker: int,
    target: Target,
    valor_for: int = 0,
    valor_against: int = 0,
    heavy: bool = False,
) -> Fraction:
    """The hit chance :func:`attack_odds` gives, alone: the attack roll's odds on the
    engine's own Strength and Armor, without playing out what follows a hit (cheap)."""
    return hit_chance(Draft(state), _shot(attacker, target, valor_for, valor_against, heavy))


def _shot(
    attacker: int, target: Target, valor_for: int, valor_against: int, heavy: bool
) -> PendingAttack:
    """A shot as the odds queries ask about it: Valor as bid and not yet paid."""
    return PendingAttack(
        attacker, target, False, heavy=heavy, valor_attacker=valor_for, valor_defender=valor_against
    )


def ram_preview(state: KnightsState, player: int, distance: float | None = None) -> RamPreview:
    """Ram Strength of driving straight ahead ``distance`` M (default: all the Speed left).

    Lists every racer and standing blocker in the lane; the first one met (as the engine's
    Ram meets it, :func:`~racerlab.knights.movement.obstacles.measure`) can be rammed and gets
    its exact hit chance (:func:`ram_hit_odds`; the others are behind it).
    """
    d = Draft(state)
    rs = d.r(player)
    reach = float(rs.speed_points + rs.turbo_points) if distance is None else float(distance)
    pose, body = d.pose(player), d.table.body
    lane = ram_lane(pose, body, reach)
    contact = obstacles.measure(d, player, Direction.FORWARD, reach)
    found: list[RamTarget] = []
    for key, geom in obstacles.obstacles(d, player):
        met = key == contact.key  # listed even where the lane's outline only grazes it
        if not (isinstance(key, tuple) and (met or shapely.intersects(lane, geom))):
            continue
        target = Target.racer(key[1]) if key[0] == "racer" else Target.blocker(key[1])
        ahead = float(shapely.distance(d.table.shape(pose), geom))
        chance = None
        if met and contact.distance > TOL_M:
            chance = ram_hit_odds(state, player, target, contact.distance)
        found.append(RamTarget(target, ahead, chance))
    run = rs.straight_run + (contact.distance if contact.key is not None else reach)
    spaces, strength = ram_strength(d, run)
    found.sort(key=lambda t: t.distance)
    return RamPreview(run, spaces, strength, tuple(found))


def ram_hit_odds(state: KnightsState, player: int, target: Target, approach: float) -> Fraction:
    """Exact hit chance of racer ``player``'s Ram on ``target``, met after driving
    ``approach`` M straight ahead: the engine's own drive, then its attack roll's odds
    (:func:`~racerlab.knights.combat.attack_roll.hit_chance`). Valor as none bid yet."""
    run = state.racers[player].straight_run + approach
    p = PendingAttack(player, target, True, run_m=run, approach_m=approach)
    ready = _pending_draft(state, p)
    slide(ready, player, Direction.FORWARD, approach)
    return hit_chance(ready, p)


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
        c = first_contact(pose, body, direction, reach, obstacles.obstacles(d, player))
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
                settle_drive(d, i, d.r(i).drive_roll or 0, None, src)
            else:
                resolve_drive(d, i, DriveRoll(), src)
        return d.order

    return exact(run)


# -- what a racer is, and the pieces of an attack (for odds tables and views) --------------------


def build_racer(
    build: RacerBuild, mods: tuple[tuple[str, int], ...] = (), catalog: Any = None
) -> Racer:
    """The racer a build makes (cards added up), with director tweaks ``mods`` applied;
    the cards are ``catalog``'s (the bundled catalog by default)."""
    return racer_of(build, mods, catalog)


def seat_racer(state: KnightsState, seat: int) -> Racer:
    """The racer in ``seat`` as the rules see it now (its cards plus the director's tweaks)."""
    rs = state.racers[seat]
    return racer_of(rs.build, rs.mods, state.catalog)


def racer_tokens(state: KnightsState, seat: int) -> list[tuple[str, int]]:
    """The tokens to show on ``seat``'s racer, as (token, count) pairs in this order:
    ``"slow"`` and ``"weakness"`` while it has any, ``"wrecked"`` (count 1) once Wrecked!.

    >>> from racerlab.knights.scenarios import lesson_state, staged
    >>> racer_tokens(staged(lesson_state(), 1, slow=2, wrecked=True), 1)
    [('slow', 2), ('wrecked', 1)]
    """
    rs = state.racers[seat]
    found = [("slow", rs.slow), ("weakness", rs.weakness), ("wrecked", int(rs.wrecked))]
    return [(token, count) for token, count in found if count]


def stat_mods(
    build: RacerBuild, wanted: Mapping[str, int], catalog: Any = None
) -> tuple[tuple[str, int], ...]:
    """The director's tweaks (stat, change) that give ``build`` the ``wanted`` numbers.

    Weapon numbers (:data:`WEAPON_STATS`) and racer stats may be mixed; the build's
    cards are ``catalog``'s (the bundled catalog by default).

    >>> from racerlab.knights.setup import example_setup
    >>> build = example_setup().players[0].racer
    >>> armor = build_racer(build).stats.armor
    >>> stat_mods(build, {"armor": armor + 2})
    (('armor', 2),)
    """
    racer = racer_of(build, (), catalog)
    out = []
    for stat, want in wanted.items():
        have = getattr(racer.weapon, stat) if stat in WEAPON_STATS else getattr(racer.stats, stat)
        if want != have:
            out.append((stat, want - have))
    return tuple(out)


def part_slots(catalog: Any) -> dict[str, tuple[tuple[str, str], ...]]:
    """Each place a card goes in a build, with the (name, id) of every card of ``catalog``
    that fits it: the build's slots, then one shield place per side (:data:`SHIELD_SIDES`).

    >>> from racerlab.knights.game import GAME
    >>> slots = part_slots(GAME.load_catalog())
    >>> list(slots)[-len(SHIELD_SIDES):] == list(SHIELD_SIDES)
    True
    """
    out = {slot: tuple((p.name, p.id) for p in catalog.by_kind(kind)) for slot, kind in SLOTS}
    shields = tuple((p.name, p.id) for p in catalog.by_kind(PartKind.SHIELD))
    out.update({side: shields for side in SHIELD_SIDES})
    return out


def build_parts(build: RacerBuild) -> dict[str, str]:
    """The card id in each place :func:`part_slots` names (``""``: no shield on that side)."""
    shields = {side.value: part for side, part in build.shields}
    return {
        **{slot: getattr(build, slot) for slot, _ in SLOTS},
        **{side: shields.get(side, "") for side in SHIELD_SIDES},
    }


def turn_pivots() -> dict[str, Side]:
    """The sides a racer may turn about (:class:`~racerlab.knights.actions.Turn`), by name."""
    return {"left": Side.LEFT, "right": Side.RIGHT}


def firing_arc(
    state: KnightsState, seat: int, reach_r: float | None = None
) -> tuple[BaseGeometry, float]:
    """Where ``seat``'s weapon can reach now (its arc out to its Range), and that Range in R.

    With ``reach_r``, the arc is drawn out to that many R instead.
    """
    d = Draft(state)
    rs = state.racers[seat]
    reach_r = weapon_range(d, seat) if reach_r is None else reach_r
    arc = d.racer(seat).weapon.arc
    region = arc_region(rs.pose, d.table.body, arc, reach_r, d.table.r_per_m, arc_widths(d))
    return region, reach_r


def table(state: KnightsState) -> Table:
    """The arena of a joust: size, racer body and the measure of 1 R in M."""
    return table_for(state.setup, state.catalog)


def attack_numbers(
    state: KnightsState, p: PendingAttack, sides: frozenset[Side] | None = None
) -> tuple[int, int]:
    """(Strength, Armor) of attack ``p`` as the engine adds them up before the roll.

    A shot's target sides come from where the racers stand; a ram's are
    ``sides`` (the side struck), since the engine finds them while moving.
    """
    terms = attack_terms(Draft(state), p, sides if sides is not None else frozenset())
    return sum(v for _, v in terms.strength), sum(v for _, v in terms.armor)


def hit_odds(state: KnightsState, p: PendingAttack) -> Fraction:
    """Exact chance attack ``p`` hits, by the engine's attack roll (nothing after it counted)."""
    return hit_chance(Draft(state), p)


def after_hit_odds(
    state: KnightsState, target: int, side: Side | None, damage: int, by: int | None
) -> dict[tuple[bool, int, bool, bool], Fraction]:
    """What follows ``damage`` landing on racer ``target``'s ``side``, with exact chances.

    Keys are (evaded, Durability lost, wrecked, a Damage Prevention card used):
    the engine's Evasive and Damage Prevention, then Durability and Durable.
    """

    def run(src: ChanceSource) -> tuple[bool, int, bool, bool]:
        d = Draft(state)
        before = d.r(target)
        left = after_defences(d, target, side, damage, src)
        evaded = any(isinstance(e, EvadeRolled) and e.evaded for e in d.events)
        if left > 0:
            lose(d, target, left, "the attack", by, src)
        after = d.r(target)
        used = len(after.discarded) > len(before.discarded)
        return (evaded, before.durability - after.durability, after.wrecked, used)

    return exact(run)


def ram_run(state: KnightsState, run_m: float) -> tuple[int, int]:
    """(spaces, Ram Strength) of a straight run of ``run_m`` M under the joust's options."""
    return ram_strength(Draft(state), run_m)


def speed_points_odds(
    state: KnightsState, seat: int, drive: DriveRoll, reroll_at_or_below: int = 0
) -> dict[int, Fraction]:
    """Exact Speed Points of ``seat`` after its drive roll (Surge re-rolls a roll that low)."""

    def run(src: ChanceSource) -> int:
        d = Draft(state)
        resolve_drive(d, seat, drive, src)
        if d.phase is Phase.SURGE:
            reroll = (d.r(seat).drive_roll or 0) <= reroll_at_or_below
            resolve_surge(d, seat, SurgeChoice(reroll), src)
        return d.r(seat).speed_points

    return exact(run)


def clear_caches() -> None:
    """Forget the cached racers (for timing cold runs)."""
    clear_racer_cache()
