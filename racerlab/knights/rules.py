"""The Racer Knights rules engine: :class:`KnightsRules`.

It plugs the game into the core (:class:`~racerlab.core.rules.Rules`): the
state machine is drive rolls -> (Surge choices) -> each player's actions in
order (with Valor bidding inside attacks) -> round end, until the race ends.
The rule areas live in their own modules (:mod:`.joust.rounds`, :mod:`.movement.moves`,
:mod:`.combat.attacks`); this module checks who may act, dispatches, and adds Repair
and the director's actions.

>>> from racerlab.knights.setup import random_setup
>>> rules = KnightsRules()
>>> state = rules.initial_state(random_setup(3, seed=1), seed=1)
>>> state.phase.value, rules.acting_player(state)
('drive', 0)
"""

from __future__ import annotations

import math
import threading
from dataclasses import fields, replace
from typing import Any

from ..core.dice import ChanceSource, DiceState
from ..core.errors import IllegalActionError, ScenarioError
from ..core.rules import Action, DirectorAction, Rules
from .actions import (
    ACTION_TYPES,
    AdjustStat,
    Bid,
    Direction,
    Discharge,
    DriveRoll,
    EndTurn,
    Fire,
    Move,
    PlaceRacer,
    Ram,
    Repair,
    SetDurability,
    SetStat,
    SurgeChoice,
    SwapPart,
    Target,
    Turn,
)
from .build import BuildError, RacerBuild
from .catalog.loaders import KnightsCatalog, load_catalog
from .combat.attacks import (
    FIRE_COST,
    HEAVY_COST,
    bidder,
    check_bid,
    check_fire,
    check_ram,
    ram_approach,
    resolve_bid,
    resolve_fire,
    resolve_ram,
)
from .combat.targeting import maybe_in_range, target_geometry
from .director import EDITS, adjustment_for, apply_edit, check_edit
from .draft import WEAPON_STATS, Draft, racer_of
from .events import Repaired, StatChanged
from .geometry.body import Pose
from .geometry.motion import turn_limit, turned
from .geometry.table import overlaps
from .geometry.tolerance import TOL_M
from .joust.results import Result, result
from .joust.rounds import (
    after_action,
    check_drive,
    end_turn,
    new_round,
    resolve_drive,
    resolve_surge,
)
from .movement import obstacles
from .movement.moves import (
    COSTS,
    TURN_SAMPLE_DEGREES,
    check_discharge,
    check_move,
    check_turn,
    contact_ahead,
    resolve_discharge,
    resolve_move,
    resolve_turn,
    turn_blocked,
)
from .options import KnightsOptions
from .parts import Ability, Side, Stats
from .setup import check_setup
from .state import KnightsSetup, KnightsState, Phase, PlayerSetup, RacerState

# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_OVER = Phase.OVER
_BIDDING = Phase.BIDDING
_DRIVE = Phase.DRIVE
_SURGE = Phase.SURGE
_ACT = Phase.ACT

__all__ = ["KnightsRules"]

_STATS = tuple(f.name for f in fields(Stats))
_TOL = TOL_M

_JUST_MADE = threading.local()
"""Per thread, the state the last :meth:`KnightsRules.resolve` made (see ``_with_dice``): kept
off the rules object, so one rules object serves any number of threads."""

MAX_STAT = 20
"""Highest value a director's stat tweak may give a stat (ours; printed stats reach 6)."""


class KnightsRules(Rules[KnightsState, Action]):
    """The rules of Racer Knights of Falconus (options: :class:`KnightsOptions`)."""

    name = "knights"
    setup_type = KnightsSetup
    options_type = KnightsOptions
    action_types = ACTION_TYPES

    def __init__(self, catalog: KnightsCatalog | None = None) -> None:
        """Rules playing ``catalog`` (the bundled catalog by default).

        Any catalog that passes validation can be played: the joust's states
        carry it (:attr:`KnightsState.catalog`), so every rule reads its cards
        and table measures from there.
        """
        super().__init__()
        if catalog is not None and not isinstance(catalog, KnightsCatalog):
            raise ScenarioError(
                f"Racer Knights plays a KnightsCatalog, got {type(catalog).__name__}"
            )
        self.catalog: KnightsCatalog = catalog if catalog is not None else load_catalog()
        """The cards and table measures the jousts this object starts are played with."""
        for t in (PlayerSetup, RacerBuild, Pose, Target):
            self.codec.register(t)

    # -- set-up -------------------------------------------------------------------------
    def initial_state(self, setup, options=None, seed=0) -> KnightsState:
        options = options if isinstance(options, KnightsOptions) else self.decode_options(options)
        if not isinstance(setup, KnightsSetup):
            raise ScenarioError(f"expected a KnightsSetup, got {type(setup).__name__}")
        catalog = self.catalog
        check_setup(setup, options, catalog)
        racers = []
        for p, pose in zip(setup.players, setup.poses):
            r = racer_of(p.racer, (), catalog)
            racers.append(
                RacerState(
                    build=p.racer,
                    pose=pose,
                    durability=r.stats.durability,
                    start_durability=r.stats.durability,
                    valor=r.valor_pool,
                )
            )
        blocker = catalog.table.blocker_durability
        state = KnightsState(
            setup=setup,
            options=options,
            racers=tuple(racers),
            blockers=(blocker,) * len(setup.waypoints),
            phase=_DRIVE,
            order=(),
            turn=0,
            round=1,
            dice=DiceState(int(seed)),
            catalog=catalog,
        )
        d = Draft(state)
        new_round(d, first=True)
        return d.freeze()

    # -- who acts ---------------------------------------------------------------------
    def is_over(self, state: KnightsState) -> bool:
        return state.phase is _OVER

    def acting_player(self, state: KnightsState) -> int | None:
        if state.phase is _OVER:
            return None
        if state.phase is _BIDDING:
            assert state.pending is not None
            return bidder(state.pending)
        return state.order[state.turn]

    def result(self, state: KnightsState) -> Result:
        """Glory standings, winner and Falcons (see :mod:`racerlab.knights.joust.results`)."""
        return result(state)

    # -- checking -----------------------------------------------------------------------
    def check(self, state: KnightsState, action: Action) -> None:
        d = Draft.reading(state)
        if d.passed is action:  # states never change: a bot's own check is not repeated
            return
        phase = state.phase
        i = self.acting_player(state)
        if i is None:
            raise IllegalActionError("the race is over", action=action)
        try:
            self._check(d, i, phase, action)
        except IllegalActionError as exc:
            if exc.action is None:
                exc.action = action
            raise
        d.passed = action

    def _check(self, d: Draft, i: int, phase: Phase, action: Action) -> None:
        who = d.name(i)
        if phase is _DRIVE:
            if not isinstance(action, DriveRoll):
                raise IllegalActionError(f"it is time for {who}'s drive roll, not {_kind(action)}")
            check_drive(d, i, action)
            return
        if phase is _SURGE:
            if not isinstance(action, SurgeChoice):
                raise IllegalActionError(f"{who} must first keep or re-roll the drive roll (Surge)")
            return
        if phase is _BIDDING:
            if not isinstance(action, Bid):
                raise IllegalActionError(
                    f"an attack is waiting for {who} to add Valor or pass, not {_kind(action)}"
                )
            check_bid(d, action)
            return
        if isinstance(action, Move):
            if not isinstance(action.direction, Direction):
                raise IllegalActionError(f"unknown direction {action.direction!r}")
            check_move(d, i, action)
        elif isinstance(action, Turn):
            check_turn(d, i, action)
        elif isinstance(action, Fire):
            check_fire(d, i, action)
        elif isinstance(action, Ram):
            check_ram(d, i, action)
        elif isinstance(action, Discharge):
            check_discharge(d, i, action)
        elif isinstance(action, Repair):
            self._check_repair(d, i, action)
        elif isinstance(action, EndTurn):
            return
        else:
            raise IllegalActionError(
                f"it is {who}'s turn to act; {_kind(action)} is not an action now"
            )

    def _check_repair(self, d: Draft, i: int, a: Repair) -> None:
        rs = d.r(i)
        if not d.racer(i).has(Ability.REPAIR):
            raise IllegalActionError(f"{d.name(i)}'s racer cannot Repair")
        if rs.acted:
            raise IllegalActionError("Repair takes the whole round; this racer has already acted")
        room = rs.start_durability - rs.durability
        if not isinstance(a.amount, int) or isinstance(a.amount, bool) or a.amount < 1:
            raise IllegalActionError(f"choose to repair 1 or more Durability, not {a.amount!r}")
        if a.amount > room:
            raise IllegalActionError(
                f"Repair cannot go above the starting Durability {rs.start_durability} "
                f"({d.name(i)} has {rs.durability}; at most {room})"
            )

    # -- resolving ----------------------------------------------------------------------
    def resolve(self, state, action, dice: ChanceSource):
        if isinstance(action, DirectorAction):
            d = Draft(state)
            self._direct(d, action)
        else:
            d = self._resolved(state, action, dice)
        _JUST_MADE.state = made = d.freeze()
        return made, d.events

    def _with_dice(self, new: KnightsState, dice: Any) -> KnightsState:
        """Set the dice of the state just resolved: written into it when this thread's last
        :meth:`resolve` made it (a new state nobody holds yet), else a copy."""
        made = getattr(_JUST_MADE, "state", None)
        _JUST_MADE.state = None
        if new is made:
            if new.dice is not dice:
                object.__setattr__(new, "dice", dice)
            return new
        return super()._with_dice(new, dice)

    def _resolved(self, state: KnightsState, action: Action, dice: ChanceSource) -> Draft:
        """A draft of ``state`` with player action ``action`` carried out."""
        d = Draft(state)
        i = self.acting_player(state)
        assert i is not None
        if isinstance(action, DriveRoll):
            resolve_drive(d, i, action, dice)
        elif isinstance(action, SurgeChoice):
            resolve_surge(d, i, action, dice)
        elif isinstance(action, Bid):
            resolve_bid(d, action, dice)
        elif isinstance(action, Move):
            resolve_move(d, i, action)
        elif isinstance(action, Turn):
            resolve_turn(d, i, action)
        elif isinstance(action, Fire):
            resolve_fire(d, i, action, dice)
        elif isinstance(action, Ram):
            resolve_ram(d, i, action, dice)
        elif isinstance(action, Discharge):
            resolve_discharge(d, i, action)
        elif isinstance(action, Repair):
            self._repair(d, i, action, dice)
        elif isinstance(action, EndTurn):
            end_turn(d, "ended by the player", dice)
        after_action(d, dice)
        return d

    def _repair(self, d: Draft, i: int, a: Repair, dice: ChanceSource) -> None:
        roll = dice.d6("repair")
        ok = roll > a.amount
        rs = d.r(i)
        dur = min(rs.start_durability, rs.durability + a.amount) if ok else rs.durability
        d.set(i, durability=dur, acted=True)
        d.emit(Repaired(i, d.name(i), a.amount, roll, ok, dur))
        end_turn(d, "Repair takes the whole round", dice)

    # -- director -------------------------------------------------------------------------
    def check_director(self, state: KnightsState, action: DirectorAction) -> None:
        if isinstance(action, EDITS):
            return check_edit(state, action)
        if isinstance(action, SetStat):
            action = adjustment_for(state, action)
        if not isinstance(action, SwapPart | AdjustStat | SetDurability | PlaceRacer):
            super().check_director(state, action)
        p = getattr(action, "player", None)
        if not isinstance(p, int) or not 0 <= p < len(state.racers):
            raise IllegalActionError(f"there is no player {p!r}", action=action)
        d = Draft(state)
        rs = d.r(p)
        if rs.wrecked:
            raise IllegalActionError(f"{d.name(p)}'s racer is Wrecked!", action=action)
        if isinstance(action, SwapPart):
            self._swapped(d, p, action)
        elif isinstance(action, AdjustStat):
            if action.stat not in _STATS + WEAPON_STATS:
                known = ", ".join(_STATS + WEAPON_STATS)
                raise IllegalActionError(f"unknown stat {action.stat!r} (known: {known})")
            if not isinstance(action.delta, int) or isinstance(action.delta, bool):
                raise IllegalActionError("a stat tweak must be a whole number")
            mods = (*rs.mods, (action.stat, action.delta))
            total = sum(v for s, v in mods if s == action.stat)
            racer = racer_of(rs.build, (), d.catalog)
            base = getattr(
                racer.weapon if action.stat in WEAPON_STATS else racer.stats, action.stat
            )
            if base + total < 0:
                raise IllegalActionError(f"{action.stat} cannot go below 0 ({base} {total:+d})")
            if base + total > MAX_STAT:
                raise IllegalActionError(
                    f"{action.stat} cannot go above {MAX_STAT} ({base} {total:+d})"
                )
        elif isinstance(action, SetDurability):
            if not isinstance(action.value, int) or not 1 <= action.value <= rs.start_durability:
                raise IllegalActionError(
                    f"Durability must be 1 to {rs.start_durability}, not {action.value!r}"
                )
        elif isinstance(action, PlaceRacer):
            pose = _pose_of(action)
            shape = d.table.shape(pose)
            if not d.table.inside(pose):
                raise IllegalActionError(f"{d.name(p)}'s racer would be off the arena there")
            for key, geom in obstacles.obstacles(d, p):
                if overlaps(shape, geom, d.options.contact_tolerance_m):
                    from .movement.moves import describe_key

                    raise IllegalActionError(f"the racer would overlap {describe_key(d, key)}")

    def _swapped(self, d: Draft, p: int, a: SwapPart) -> RacerState:
        rs = d.r(p)
        catalog = d.catalog
        slot = a.slot
        try:
            if slot in {s.value for s in Side}:
                build = rs.build.with_part(catalog, a.part_id, Side(slot))
            else:
                part = catalog.parts.get(a.part_id)
                if part is None:
                    raise IllegalActionError(f"no part with id {a.part_id!r}")
                if part.kind.value != slot:
                    kind = part.kind.value
                    raise IllegalActionError(f"{part.name} is {_a(kind)}, not {_a(slot)}")
                build = rs.build.with_part(catalog, a.part_id)
            racer = build.resolve(catalog)
        except BuildError as exc:
            raise IllegalActionError(str(exc)) from None
        start = racer.stats.durability + sum(v for s, v in rs.mods if s == "durability")
        return replace(
            rs, build=build, start_durability=start, durability=min(rs.durability, start)
        )

    def _direct(self, d: Draft, a: DirectorAction) -> None:
        if isinstance(a, EDITS):
            return apply_edit(d, a)
        label = f"{a.stat} set to {a.value}" if isinstance(a, SetStat) else ""
        if isinstance(a, SetStat):
            a = adjustment_for(d.base, a)
        p = a.player  # type: ignore[attr-defined]
        rs = d.r(p)
        if isinstance(a, SwapPart):
            d.racers[p] = self._swapped(d, p, a)
            part = d.base.catalog.parts.get(a.part_id)
            what = f"{a.slot} is now {part.name if part is not None else a.part_id}"
        elif isinstance(a, AdjustStat):
            mods = (*rs.mods, (a.stat, a.delta))
            changes: dict = {"mods": mods}
            if a.stat == "durability":
                changes["start_durability"] = max(1, rs.start_durability + a.delta)
                changes["durability"] = max(
                    1, min(rs.durability + a.delta, changes["start_durability"])
                )
            d.set(p, **changes)
            what = label or f"{a.stat} {a.delta:+d}"
        elif isinstance(a, SetDurability):
            d.set(p, durability=a.value)
            what = f"Durability set to {a.value}"
        else:
            assert isinstance(a, PlaceRacer)
            d.set(p, pose=_pose_of(a))
            pose = d.pose(p)
            what = f"placed at ({pose.x:.2f}, {pose.y:.2f}) facing {pose.heading:g} degrees"
        d.emit(StatChanged(p, d.name(p), what))

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self, state: KnightsState) -> list[Action]:
        """The acting player's legal actions, at the options' move and turn resolution."""
        if state.phase is _OVER:
            return []
        d = Draft.reading(state)
        i = self.acting_player(state)
        assert i is not None
        if state.phase is _DRIVE:
            cap = d.racer(i).max_valor_per_action
            left = d.r(i).valor
            return [
                DriveRoll(vr, vs)
                for vr in range(min(cap, left) + 1)
                for vs in range(min(cap, left - vr) + 1)
            ]
        if state.phase is _SURGE:
            return [SurgeChoice(False), SurgeChoice(True)]
        if state.phase is _BIDDING:
            p = state.pending
            assert p is not None
            have = p.valor_attacker if p.to_act == "attacker" else p.valor_defender
            room = max(0, min(d.racer(i).max_valor_per_action - have, d.r(i).valor))
            return [Bid(v) for v in range(room + 1)]
        return self._act_options(d, i)

    def _act_options(self, d: Draft, i: int) -> list[Action]:
        out: list[Action] = [EndTurn()]
        rs = d.r(i)
        racer = d.racer(i)
        opts = d.options
        step = opts.move_step_m
        mp = rs.speed_points + rs.turbo_points
        if not rs.stalled:
            dirs = [Direction.FORWARD, Direction.REVERSE]
            if racer.has(Ability.SIDEWINDER):
                dirs += [Direction.LEFT, Direction.RIGHT]
            for direction in dirs:
                if mp < COSTS[direction]:
                    continue
                room = contact_ahead(d, i, direction, 1.0).distance
                for dist in _steps(room, step):
                    out.append(Move(dist, direction))
            if rs.turns_left > 0 and rs.speed_points >= 1 and not rs.turbo_used:
                limit = turn_limit(racer.stats.handling, opts.degrees_per_handling)
                n = math.floor(limit / opts.turn_step_degrees + _TOL)
                step_deg = opts.turn_step_degrees
                tol = opts.contact_tolerance_m
                for sign in (1, -1):
                    for pivot in (Side.LEFT, Side.RIGHT):
                        for k in range(1, n + 1):
                            deg = sign * k * step_deg
                            if step_deg == TURN_SAMPLE_DEGREES:
                                # the sweep to k steps is clear iff each step's pose is
                                pose = turned(rs.pose, d.table.body, deg, pivot)
                                if obstacles.overlapping(d, i, pose, tol) is not None:
                                    break
                            elif turn_blocked(d, i, deg, pivot) is not None:
                                break
                            out.append(Turn(deg, pivot))
            if mp >= 1:
                dist, key = ram_approach(d, i, None)  # type: ignore[arg-type]
                if key is not None and dist > _TOL and isinstance(key, tuple):
                    target = Target.racer(key[1]) if key[0] == "racer" else Target.blocker(key[1])
                    ram = Ram(target)
                    if _ok(self, d, i, ram):
                        out.append(ram)
            if racer.has(Ability.DISCHARGE) and not rs.fired and not rs.turbo_used:
                room = contact_ahead(d, i, Direction.REVERSE, opts.discharge_max_m).distance
                for k in range(1, min(rs.speed_points, int(opts.discharge_max_m)) + 1):
                    if k <= room + _TOL:
                        out.append(Discharge(float(k)))
        recharging = racer.has(Ability.RECHARGE) and rs.fired_last_round
        if not rs.fired and not rs.turbo_used and rs.speed_points >= FIRE_COST and not recharging:
            for target in _targets(d, i):
                if not maybe_in_range(d, i, target):
                    continue
                geom = target_geometry(d, i, target)
                if not geom.can_fire:
                    continue
                spins = (0.0,)
                if racer.has(Ability.SPIN):
                    top = opts.spin_max_degrees
                    spins = (0.0, top, -top)
                for spin in spins:
                    out.append(Fire(target, spin=spin))
                    if racer.has(Ability.HEAVY) and rs.speed_points >= HEAVY_COST:
                        out.append(Fire(target, heavy=True, spin=spin))
        if racer.has(Ability.REPAIR) and not rs.acted:
            for amount in range(1, rs.start_durability - rs.durability + 1):
                out.append(Repair(amount))
        return out


def _ok(rules: KnightsRules, d: Draft, i: int, action: Action) -> bool:
    try:
        rules._check(d, i, _ACT, action)
    except IllegalActionError:
        return False
    return True


def _targets(d: Draft, i: int) -> list[Target]:
    out = [Target.racer(j) for j, r in enumerate(d.racers) if j != i and not r.wrecked]
    out += [Target.blocker(w) for w, b in enumerate(d.blockers) if b > 0]
    return out


def _steps(room: float, step: float) -> list[float]:
    """Move lengths offered: multiples of ``step`` up to ``room`` (at most 1M), and ``room``."""
    top = min(1.0, room)
    out = []
    k = 1
    while k * step <= top + _TOL:
        out.append(round(k * step, 9))
        k += 1
    if top > _TOL and (not out or top - out[-1] > _TOL):
        out.append(round(top, 9))
    return out


def _pose_of(a: PlaceRacer) -> Pose:
    pose = a.pose
    if not isinstance(pose, Pose):
        raise IllegalActionError(f"a placement needs a Pose, got {pose!r}")
    for v in (pose.x, pose.y, pose.heading):
        if not isinstance(v, int | float) or not math.isfinite(v):
            raise IllegalActionError(f"a placement needs finite numbers, got {v!r}")
    return Pose(float(pose.x), float(pose.y), float(pose.heading) % 360.0)


def _kind(action: Action) -> str:
    return type(action).__name__


def _a(word: str) -> str:
    """``word`` with its indefinite article ("an engine", "a weapon")."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"
