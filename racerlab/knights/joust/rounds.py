"""The round: drive rolls (Valor first, Surge, Stall), the order of play, turns and round end.

Each round every racer still running makes a drive roll (in player order; the
rolls are simultaneous in the rulebook, so the order does not matter). The
order of play is by roll + Reflexes, ties to the higher roll, then a roll-off.
A racer's Speed Points are its roll + Speed (Slow tokens never take Speed below
1) + Valor on Speed; Turbo adds a separate +2 for moves only.

A player's turn ends when they end it, Ram, Repair, run out of Speed Points or
are Wrecked!; a racer then on a waypoint is burnt by its flare. After the last
player the round ends; the race ends then if someone crossed the last
waypoint, or when the round cap is reached.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.dice import ChanceSource
from ...core.errors import IllegalActionError
from ..build import has_any
from ..events import DriveRolled, Flared, OrderDecided, RoundEnded, Stalled, TurnEnded, ValorSpent
from ..geometry.table import on_disc, racers_within
from ..parts import Ability
from ..state import Phase
from .results import end_race, lose

if TYPE_CHECKING:
    from ..actions import DriveRoll, SurgeChoice
    from ..draft import Draft

# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_DRIVE = Phase.DRIVE
_SURGE = Phase.SURGE
_ACT = Phase.ACT
_TURBO = Ability.TURBO
_STALL = Ability.STALL
_SURGE_CARD = Ability.SURGE

__all__ = [
    "STALL_ON",
    "TURBO_BONUS",
    "after_action",
    "begin_turn",
    "check_drive",
    "end_turn",
    "new_round",
    "resolve_drive",
    "resolve_surge",
    "settle_drive",
    "speed_of",
]

STALL_ON = 1
"""A drive roll of this stalls a racer with Stall."""
TURBO_BONUS = 2
"""Turbo's extra Speed in a round without turning or shooting."""
MIN_SPEED = 1
"""Slow tokens never take Speed below this."""


def speed_of(d: Draft, i: int) -> int:
    """Racer ``i``'s Speed after Slow tokens (never below 1)."""
    base = d.racer(i).stats.speed
    return max(min(base, MIN_SPEED), base - d.r(i).slow)


def new_round(d: Draft, first: bool = False) -> None:
    """Start a round: reset per-round counters, Perfect Racer Valor, drive-roll phase."""
    if not first:
        d.round += 1
    per_round = d.catalog.table.perfect_valor_per_round
    for i in d.active():
        rs = d.r(i)
        bonus = per_round if d.racer(i).perfect else 0
        d.set(
            i,
            valor=rs.valor + bonus,
            drive_roll=None,
            valor_reflexes=0,
            valor_speed=0,
            speed_points=0,
            turbo_points=0,
            turbo_used=False,
            moved_since_turn=0.0,
            turns_left=0,
            straight_run=0.0,
            turned=False,
            fired=False,
            fired_last_round=rs.fired if not first else False,
            stalled=False,
            stalled_last_round=rs.stalled if not first else False,
            acted=False,
            done=False,
            touching_at_start=(),
            backed_off=False,
        )
    d.phase = _DRIVE
    d.order = tuple(d.active())
    d.turn = 0


def check_drive(d: Draft, i: int, a: DriveRoll) -> None:
    """Refuse Valor beyond the cap per roll or beyond what is left."""
    cap = d.racer(i).max_valor_per_action
    for label, v in (("Reflexes", a.valor_reflexes), ("Speed", a.valor_speed)):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise IllegalActionError(f"Valor on {label} must be a whole number 0 or more")
        if v > cap:
            raise IllegalActionError(f"at most {cap} Valor on {label} for one roll, not {v}")
    left = d.r(i).valor
    if a.valor_reflexes + a.valor_speed > left:
        raise IllegalActionError(
            f"{d.name(i)} has {left} Valor, not {a.valor_reflexes + a.valor_speed}"
        )


def resolve_drive(d: Draft, i: int, a: DriveRoll, dice: ChanceSource) -> None:
    """Declare Valor, roll; with Surge wait for the keep-or-re-roll choice."""
    rs = d.r(i)
    spent = a.valor_reflexes + a.valor_speed
    d.set(i, valor=rs.valor - spent, valor_reflexes=a.valor_reflexes, valor_speed=a.valor_speed)
    for stat, v in (("Reflexes", a.valor_reflexes), ("Speed", a.valor_speed)):
        if v:
            d.emit(ValorSpent(i, d.name(i), stat, v, d.r(i).valor))
    roll = dice.d6("drive")
    if has_any(d.racer(i), _SURGE_CARD):
        d.set(i, drive_roll=roll)
        d.phase = _SURGE
        return
    settle_drive(d, i, roll, None, dice)


def resolve_surge(d: Draft, i: int, a: SurgeChoice, dice: ChanceSource) -> None:
    """Keep the drive roll, or re-roll it once (the re-roll stands)."""
    first = d.r(i).drive_roll
    assert first is not None
    if a.reroll:
        settle_drive(d, i, dice.d6("drive (Surge)"), first, dice)
    else:
        settle_drive(d, i, first, None, dice)


def settle_drive(
    d: Draft, i: int, roll: int, rerolled_from: int | None, dice: ChanceSource
) -> None:
    """Racer ``i`` keeps drive roll ``roll`` (``rerolled_from``: the face Surge re-rolled):
    its Speed Points, Turbo and Stall, and the drive order once everyone has rolled."""
    rs = d.r(i)
    racer = d.racer(i)
    stalled = roll == STALL_ON and has_any(racer, _STALL) and not rs.stalled_last_round
    sp = roll + speed_of(d, i) + rs.valor_speed
    turbo = TURBO_BONUS if has_any(racer, _TURBO) else 0
    total = roll + racer.stats.reflexes + rs.valor_reflexes
    d.set(i, drive_roll=roll, speed_points=sp, turbo_points=turbo, stalled=stalled)
    d.emit(DriveRolled(i, d.name(i), roll, total, sp, rerolled_from))
    if stalled:
        d.emit(Stalled(i, d.name(i)))
    d.phase = _DRIVE
    d.turn += 1
    if d.turn >= len(d.order):
        _decide_order(d, dice)


def reflexes_total(d: Draft, i: int) -> int:
    """Drive roll + Reflexes + Valor on Reflexes."""
    rs = d.r(i)
    return (rs.drive_roll or 0) + d.racer(i).stats.reflexes + rs.valor_reflexes


def _decide_order(d: Draft, dice: ChanceSource) -> None:
    players = list(d.order)
    key = {i: (reflexes_total(d, i), d.r(i).drive_roll or 0) for i in players}
    ranked = sorted(players, key=lambda i: (-key[i][0], -key[i][1], i))
    order: list[int] = []
    rolled_off = False
    k = 0
    while k < len(ranked):
        group = [j for j in ranked[k:] if key[j] == key[ranked[k]]]
        if len(group) > 1:
            rolled_off = True
            order.extend(dice.order(group, "roll-off"))
        else:
            order.extend(group)
        k += len(group)
    d.order = tuple(order)
    d.emit(
        OrderDecided(
            d.order,
            tuple(d.name(i) for i in order),
            tuple(key[i][0] for i in order),
            rolled_off,
        )
    )
    d.phase = _ACT
    d.turn = 0
    begin_turn(d, d.order[0])


def begin_turn(d: Draft, i: int) -> None:
    """Note which racers this one touches as its round begins (the Ram rule)."""
    pose = d.pose(i)
    tol = d.options.contact_tolerance_m
    near = 2.0 * d.table.racer_radius + tol  # bounding circles further apart cannot touch
    touching = tuple(
        j
        for j, r in enumerate(d.racers)
        if j != i
        and not r.wrecked
        and math.hypot(r.pose.x - pose.x, r.pose.y - pose.y) <= near
        and racers_within(pose, r.pose, d.table.body, tol)
    )
    if touching != d.r(i).touching_at_start:
        d.set(i, touching_at_start=touching)


def acting(d: Draft) -> int:
    """The player whose turn it is."""
    return d.order[d.turn]


def end_turn(d: Draft, reason: str, dice: ChanceSource) -> None:
    """End the acting player's turn (waypoint flare first), then pass to the next."""
    i = acting(d)
    rs = d.r(i)
    if not rs.wrecked:
        x, y = rs.pose.x, rs.pose.y
        table = d.table
        near = table.racer_radius + table.waypoint_diameter / 2.0
        for w, xy in enumerate(d.setup.waypoints):
            if math.hypot(xy[0] - x, xy[1] - y) > near:
                continue  # bounding circles apart: no overlap
            if on_disc(
                rs.pose, table.body, xy, table.waypoint_diameter, d.options.contact_tolerance_m
            ):
                d.emit(Flared(i, d.name(i), w))
                lose(d, i, d.options.flare_damage, f"waypoint {w + 1}'s flare", None, dice)
                break
    d.set(i, done=True)
    d.emit(TurnEnded(i, d.name(i), reason))
    if d.over:
        return
    d.turn += 1
    while d.turn < len(d.order) and d.r(d.order[d.turn]).wrecked:
        d.turn += 1
    if d.turn < len(d.order):
        begin_turn(d, d.order[d.turn])
        return
    _end_round(d)


def _end_round(d: Draft) -> None:
    d.emit(RoundEnded(d.round))
    if d.first_across_last is not None:
        end_race(d, f"{d.name(d.first_across_last)} crossed the last waypoint")
        return
    cap = d.options.round_cap
    if cap and d.round >= cap:
        end_race(d, f"the round cap of {cap} was reached")
        return
    new_round(d)


def after_action(d: Draft, dice: ChanceSource) -> None:
    """End the acting player's turn when nothing more can happen in it."""
    if d.over or d.phase is not _ACT:
        return
    i = acting(d)
    rs = d.r(i)
    if rs.wrecked:
        end_turn(d, "Wrecked!", dice)
    elif rs.done:
        end_turn(d, "the Ram ends the round", dice)
    elif rs.speed_points + rs.turbo_points <= 0:
        end_turn(d, "no Speed Points left", dice)
