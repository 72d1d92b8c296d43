"""The behaviour of every effect primitive named in :mod:`racerlab.sonic.effect_names`.

Abilities are permanent: they shape the racer's token (:func:`racer_token`)
and the card speed cap (:func:`speed_cap`). Powers run when a racer uses the
Power card's action (:func:`power_options` lists the choices,
:func:`apply_power` carries one out). Boss primitives run when a boss card
resolves or a profile rule applies (:func:`apply_boss_effect`).

Every primitive has exactly one implementation here; :data:`HANDLED` lists
them and a test checks it covers the whole vocabulary.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..board.board import RacerToken
from ..board.rings import one_at_a_time, restack
from ..effect_names import Effect
from ..events import BossMoved, BossRule, PowerUsed, SpeedSet
from ..movement.move_events import where
from ..movement.path_search import paths
from ..movement.racer_damage import damage
from ..movement.vocabulary import DEFAULT_RULES, MAX_SPEED, MIN_SPEED, Movement, speed_cap_at
from ..track import LANES, Direction
from .boss_rings import scatter_rings, take_rings
from .expansions import place_vr_token

if TYPE_CHECKING:
    from ...core.dice import ChanceSource
    from ...core.rules import Event
    from ..board.board import Board
    from ..catalog.common import EffectSpec
    from ..catalog.loaders import RacerProfile
    from ..movement.vocabulary import MoveRules, Path
    from ..track import Coord

__all__ = [
    "HANDLED",
    "apply_boss_effect",
    "apply_power",
    "hurt",
    "power_movement",
    "power_options",
    "power_speed",
    "racer_token",
    "speed_cap",
    "spread_rings",
    "start_speed",
]

ABILITIES = frozenset(
    {
        Effect.SPEED_CAP,
        Effect.START_SPEED,
        Effect.IGNORE_TERRAIN,
        Effect.RING_MAGNET,
        Effect.DAMAGE_SPEED,
        Effect.EXTRA_RING_STACK,
    }
)
POWERS = frozenset(
    {
        Effect.GAIN_SPEED,
        Effect.LANE_SHIFT,
        Effect.FLY,
        Effect.COLLECT_RINGS,
        Effect.PLACE_ROCK,
        Effect.SHIELD,
    }
)
BOSS = frozenset(e for e in Effect if e.value.startswith("boss_"))
HANDLED = ABILITIES | POWERS | BOSS
"""Every primitive this module implements."""


# -- abilities ----------------------------------------------------------------------
def _ability(racer: RacerProfile, effect: Effect) -> EffectSpec | None:
    for spec in racer.ability:
        if spec.effect is effect:
            return spec
    return None


def speed_cap(racer: RacerProfile, default: int, highest: int = MAX_SPEED) -> int:
    """Highest Speed card actions may give this racer (``speed_cap`` Ability, else
    ``default``, 6), never above the ``highest`` Speed of the rule options."""
    spec = _ability(racer, Effect.SPEED_CAP)
    return min(int(spec.get("speed")), highest) if spec is not None else default


def start_speed(racer: RacerProfile, default: int) -> int:
    """Speed at the start and after damage without rings (``start_speed`` Ability, else 3)."""
    spec = _ability(racer, Effect.START_SPEED)
    return int(spec.get("speed")) if spec is not None else default


def racer_token(
    token_id: str,
    pos: Coord,
    body: RacerProfile,
    ability: RacerProfile,
    *,
    default_speed: int,
    stacks: tuple[int, ...] | None = None,
    speed: int | None = None,
    badniks: tuple = (),
    shield: bool = False,
) -> RacerToken:
    """The board token of a racer whose body (base, stacks) is ``body`` and whose Ability
    is ``ability``'s (they differ after the director's SetAbility)."""
    extra = _ability(ability, Effect.EXTRA_RING_STACK)
    n = body.ring_stacks + (int(extra.get("stacks")) if extra is not None else 0)
    if stacks is None:
        stacks = (0,) * n
    elif len(stacks) != n:  # another racer's extra stack: the same rings, stacks kept
        stacks = restack(tuple(stacks), n)
    ignore = tuple(
        sorted(str(s.get("terrain")) for s in ability.ability if s.effect is Effect.IGNORE_TERRAIN)
    )
    dmg = _ability(ability, Effect.DAMAGE_SPEED)
    restart = start_speed(ability, default_speed)
    return RacerToken(
        token_id,
        pos[0],
        pos[1],
        speed=restart if speed is None else speed,
        stacks=stacks,
        badniks=tuple(badniks),
        large=body.large,
        shield=shield,
        ignore=ignore,
        ring_magnet=_ability(ability, Effect.RING_MAGNET) is not None,
        damage_speed=int(dmg.get("speed")) if dmg is not None else MIN_SPEED,
        restart_speed=restart,
    )


def spread_rings(total: int, stacks: int) -> tuple[int, ...]:
    """How a bare ring count (a director's SetRings, a scenario's racer) is laid on
    ``stacks`` empty stacks: one ring at a time, as if picked up one per space. Rings a
    racer collects on the track go on together instead
    (:func:`~racerlab.sonic.board.rings.collect_onto`).

    >>> spread_rings(5, 3)
    (2, 2, 1)
    """
    return one_at_a_time(total, stacks)


def hurt(
    board: Board,
    racer_id: str,
    by: str,
    chance: ChanceSource,
    rules: MoveRules = DEFAULT_RULES,
) -> tuple[Board, list[Event]]:
    """Damage a racer outside a movement (boss, effects), removing a platform it left."""
    before = board.racer(racer_id).pos
    key = board.platform_at(*before)
    board, events = damage(board, racer_id, by, rules)
    after = board.racer(racer_id).pos
    if key is not None and board.platform_at(*after) != key:
        board = board.remove_platform(key, chance)
    return board, list(events)


# -- powers ---------------------------------------------------------------------------
def power_options(
    board: Board, token: RacerToken, racer: RacerProfile, rules: MoveRules = DEFAULT_RULES
) -> list[Path]:
    """The paths a moving Power offers (empty when the Power does not move the racer).

    ``lane_shift`` offers every straight-up or straight-down run of 1..N lanes (Run
    rules apply, so treadmills and obstacles shape them); ``fly`` offers every High
    Jump path of its length.
    """
    out: dict[tuple, Path] = {}
    for spec in racer.power:
        if spec.effect is Effect.LANE_SHIFT:
            for k in range(1, int(spec.get("spaces")) + 1):
                for p in paths(
                    board, token.pos, k, Movement.RUN, token.large, rules=rules, ignore=token.ignore
                ):
                    if p.spaces and len(set(p.steps)) == 1 and p.steps[0] is not Direction.FORWARD:
                        out.setdefault(p.spaces, p)
        elif spec.effect is Effect.FLY:
            n = int(spec.get("spaces"))
            for p in paths(
                board,
                token.pos,
                n,
                Movement.HIGH_JUMP,
                token.large,
                rules=rules,
                ignore=token.ignore,
            ):
                if p.spaces:
                    out.setdefault(p.spaces, p)
    return list(out.values())


def power_movement(racer: RacerProfile) -> Movement | None:
    """How the racer's Power moves it (``None`` if it does not)."""
    for spec in racer.power:
        if spec.effect is Effect.LANE_SHIFT:
            return Movement.RUN
        if spec.effect is Effect.FLY:
            return Movement.HIGH_JUMP
    return None


def power_speed(
    board: Board, token: RacerToken, racer: RacerProfile, rules: MoveRules = DEFAULT_RULES
) -> int:
    """The racer's speed after its ``gain_speed`` Power: up by the amount, up to the
    highest Speed of the rulings (9 by default) and the Turn lane's number; unchanged for
    other Powers."""
    speed = token.speed
    cap = speed_cap_at(board, token.pos, rules)
    for spec in racer.power:
        if spec.effect is Effect.GAIN_SPEED:
            speed = max(speed, min(speed + int(spec.get("amount")), cap))
    return speed


def apply_power(
    board: Board,
    seat_id: str,
    racer: RacerProfile,
    chance: ChanceSource,
    *,
    seat: int,
    rules: MoveRules = DEFAULT_RULES,
) -> tuple[Board, list[Event]]:
    """Carry out the racer's Power's non-moving effects (``rules``: the movement rulings and
    Speed range). Returns the board and events; a
    moving Power's path (see :func:`power_options`) is resolved by the caller with the
    movement physics, so track growth, the boss and the finish are handled in one place."""
    events: list[Event] = []
    for spec in racer.power:
        token = board.racer(seat_id)
        e = spec.effect
        if e is Effect.GAIN_SPEED:
            new = power_speed(board, token, racer, rules)
            board = board.with_racer(replace(token, speed=new))
            events.append(SpeedSet(seat, token.speed, new, "Power"))
        elif e is Effect.COLLECT_RINGS:
            n = min(int(spec.get("rings")), board.ring_pile)
            board = replace(board, ring_pile=board.ring_pile - n).with_racer(token.with_rings(n))
            events.append(_note(seat, f"takes {n} ring(s) from the pile (power)"))
        elif e is Effect.PLACE_ROCK:
            at = (token.col + int(spec.get("spaces")), token.lane)
            if board.track.in_bounds(*at) and board.rock_supply > 0 and not board.has_rock(at):
                board = board.with_rock(at)
                events.append(_note(seat, f"places a rock at column {at[0]}, lane {at[1] + 1}"))
            else:
                events.append(_note(seat, "cannot place a rock there (off the track or none left)"))
        elif e is Effect.SHIELD:
            board = board.with_racer(replace(token, shield=True))
            events.append(_note(seat, "raises a shield against the next damage"))
    return board, events


def _note(seat: int, text: str) -> Event:
    return PowerUsed(seat, text)


# -- bosses ---------------------------------------------------------------------------
def targets(board: Board, which: str, racers: Sequence[int]) -> list[int]:
    """Seats a boss effect aims at: ``leader``, ``last``, ``nearest`` (to the boss) or ``all``.

    Ties go to the lower seat. ``racers`` are the seats still racing.
    """
    if not racers:
        return []
    if which == "all":
        return list(racers)
    toks = board.racers
    if which == "leader":
        return [max(racers, key=lambda s: (toks[s].col, -s))]
    if which == "last":
        return [min(racers, key=lambda s: (toks[s].col, s))]
    boss = board.boss or (0, 2)
    return [
        min(racers, key=lambda s: (abs(toks[s].col - boss[0]) + abs(toks[s].lane - boss[1]), s))
    ]


def _behind(board: Board, boss: Coord) -> list[Coord]:
    """Spaces of the column just behind the boss, its own lane first, then nearest lanes."""
    col = boss[0] - 1
    lanes = [boss[1]]
    for k in range(1, LANES):
        lanes += [x for x in (boss[1] - k, boss[1] + k) if 0 <= x < LANES]
    return [(col, ln) for ln in lanes if board.track.in_bounds(col, ln)]


def boss_step(board: Board, spaces: int, lanes: str, racing: Sequence[int]) -> Coord:
    """Where a boss ends moving ``spaces`` forward with lane rule ``lanes`` (it ignores all
    terrain, tokens and racers; it stops at the end of the laid track)."""
    col, lane = board.boss or (0, 2)
    if lanes == "up":
        lane = max(0, lane - 1)
    elif lanes == "down":
        lane = min(LANES - 1, lane + 1)
    elif lanes == "nearest_racer":
        ahead = [s for s in racing if board.racers[s].col >= col]
        pool = ahead or list(racing)
        if pool:
            s = min(pool, key=lambda s: (abs(board.racers[s].col - col), s))
            lane = board.racers[s].lane
    end_col = min(col + spaces, board.track.n_columns - 1)
    return (end_col, lane)


def apply_boss_effect(
    board: Board,
    boss_id: str,
    boss_rings: int,
    spec: EffectSpec,
    racing: Sequence[int],
    chance: ChanceSource,
    *,
    vr_limit: int,
    rules: MoveRules = DEFAULT_RULES,
) -> tuple[Board, int, list[Event]]:
    """Resolve one boss primitive. Returns the board, the boss's rings and events.

    Boss moves go through :func:`move_boss` so damage to a racer it ends on and
    breakaway platforms it leaves are handled in one place.
    """
    e = spec.effect
    events: list[Event] = []
    pos = board.boss
    if pos is None:
        return board, boss_rings, events
    if not isinstance(e, Effect):  # an added boss effect (racerlab.sonic.effects.added)
        return e.resolve(board, boss_id, boss_rings, spec, racing, chance)
    if e is Effect.BOSS_MOVE:
        to = boss_step(board, int(spec.get("spaces")), str(spec.get("lanes")), racing)
        board, more = move_boss(board, boss_id, to, "boss card", chance, rules)
        events += more
    elif e in (Effect.BOSS_DROP_BADNIK, Effect.BOSS_DROP_ROCK):
        rock = e is Effect.BOSS_DROP_ROCK
        board, placed = _boss_drops(board, pos, int(spec.get("count")), rock, chance)
        what = "rock" if rock else "badnik"
        events.append(BossRule(boss_id, f"drops {placed} {what}(s) behind it"))
    elif e is Effect.BOSS_ATTACK_LANE:
        n = int(spec.get("spaces"))
        hit = [
            s
            for s in racing
            if board.racers[s].lane == pos[1] and pos[0] - n <= board.racers[s].col < pos[0]
        ]
        events.append(BossRule(boss_id, f"attacks its lane {n} space(s) back: hits {len(hit)}"))
        for s in hit:
            board, more = hurt(board, board.racers[s].id, "the boss", chance, rules)
            events += more
    elif e is Effect.BOSS_STEAL_RINGS:
        n = int(spec.get("rings"))
        for s in targets(board, str(spec.get("target")), racing):
            token = board.racers[s]
            stacks, took = take_rings(token.stacks, n)
            board = board.with_racer(replace(token, stacks=stacks))
            boss_rings += took
            events.append(BossRule(boss_id, f"steals {took} ring(s) from Player {s + 1}"))
    elif e is Effect.BOSS_SCATTER_RINGS:
        n = int(spec.get("rings"))
        for s in targets(board, str(spec.get("target")), racing):
            token = board.racers[s]
            board, took, fell = scatter_rings(board, token.id, n)
            where = f" onto column {fell[0][0]}" if fell else ""
            events.append(BossRule(boss_id, f"knocks {took} ring(s) off Player {s + 1}{where}"))
    elif e is Effect.BOSS_SLOW_RACERS:
        n = int(spec.get("amount"))
        for s in targets(board, str(spec.get("target")), racing):
            token = board.racers[s]
            new = max(1, token.speed - n)
            board = board.with_racer(replace(token, speed=new))
            events.append(SpeedSet(s, token.speed, new, "slowed by the boss"))
    elif e is Effect.BOSS_PLACE_VR_TOKEN:
        board, first = place_vr_token(board, pos[0], vr_limit)
        text = (
            "cannot place a Virtual Reality token here"
            if first is None
            else f"places a Virtual Reality token at column {first}"
        )
        events.append(BossRule(boss_id, text))
    elif e is Effect.BOSS_SPAWN_RINGS:
        board, n = board.rings_from_pile(pos, int(spec.get("rings")))
        events.append(BossRule(boss_id, f"puts {n} ring(s) from the pile on its space"))
    return board, boss_rings, events


def _boss_drops(
    board: Board, pos: Coord, n: int, rock: bool, chance: ChanceSource
) -> tuple[Board, int]:
    """Drop up to ``n`` rocks (or bag badniks) on the free spaces behind the boss at
    ``pos``; returns the board and how many were placed."""
    placed = 0
    for at in _behind(board, pos):
        if placed >= n:
            break
        if board.badnik_at(at) is not None or board.racers_at(at) or board.has_rock(at):
            continue
        if rock:
            if board.rock_supply <= 0:
                break
            board = board.with_rock(at)
        else:
            board, badnik = board.draw_badnik(chance, "boss drops a badnik")
            if badnik is None:
                break
            board = board.with_badnik(at, badnik)
        placed += 1
    return board, placed


def move_boss(
    board: Board,
    boss_id: str,
    to: Coord,
    reason: str,
    chance: ChanceSource,
    rules: MoveRules = DEFAULT_RULES,
    spare: str | None = None,
) -> tuple[Board, list[Event]]:
    """Move the boss to ``to``; a racer there (but ``spare``) is damaged; a breakaway
    platform left goes."""
    frm = board.boss
    events: list[Event] = []
    if frm is None:
        return board, events
    key = board.platform_at(*frm)
    board = board.with_boss(to)
    events.append(
        BossMoved(boss_id, where(frm), where(to), abs(to[0] - frm[0]) + abs(to[1] - frm[1]), reason)
    )
    if key is not None and board.platform_at(*to) != key:
        board = board.remove_platform(key, chance)
    for other in board.racers_at(to):
        if other.id == spare:
            continue
        board, more = hurt(board, other.id, "the boss", chance, rules)
        events += more
    return board, events
