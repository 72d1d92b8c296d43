"""Bots for Racer Knights: policies ``(state, rules, rng) -> Action``.

* :func:`random_bot` picks uniformly among the legal actions (fuzzing, baselines).
* :func:`greedy_bot` drives for its next waypoint, shoots the blocker in its way
  or a rival in arc and range, rams a blocker it cannot shoot, steers round a racer
  or blocker standing in its way (see :func:`steer`), and answers Valor
  bidding with a little Valor when the hit matters (it would wreck, or the
  defender is nearly wrecked). It never calls ``legal_actions`` (cheap enough for
  thousands of jousts); every action it returns has passed ``rules.check``.

>>> from racerlab.knights import KnightsRules, random_setup
>>> from racerlab.core.timeline import Timeline
>>> import numpy as np
>>> rules = KnightsRules()
>>> tl = Timeline.new(rules, random_setup(2, seed=3), seed=3)
>>> rng = np.random.default_rng(0)
>>> _ = tl.run(lambda s: greedy_bot(s, rules, rng))
>>> rules.is_over(tl.state)
True
"""

from __future__ import annotations

import math

import numpy as np

from ...core.errors import IllegalActionError
from ...core.rules import Action
from ...core.tolerance import SURE
from ..actions import (
    Bid,
    Direction,
    DriveRoll,
    EndTurn,
    Fire,
    Move,
    Ram,
    SurgeChoice,
    Target,
    TargetKind,
    Turn,
)
from ..combat.attacks import FIRE_COST
from ..combat.targeting import maybe_in_arc, maybe_in_range, target_geometry
from ..draft import Draft
from ..geometry.motion import turn_limit
from ..geometry.tolerance import MIN_MOVE_M, TOL_M
from ..movement.moves import contact_ahead, runs_into
from ..parts import Side
from ..state import KnightsState, Phase

# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_DRIVE = Phase.DRIVE
_SURGE = Phase.SURGE
_BIDDING = Phase.BIDDING
_FORWARD = Direction.FORWARD
_REVERSE = Direction.REVERSE
_RACER = TargetKind.RACER
_LEFT = Side.LEFT
_RIGHT = Side.RIGHT

__all__ = ["charge_blocker", "first_legal", "greedy_bot", "random_bot", "shoot", "steer", "wander"]

SURGE_REROLL_AT_OR_BELOW = 3
"""The greedy bot re-rolls a drive roll this low when it has Surge."""
DETOUR_LOOK_M = 0.5
"""How far past 1 M the greedy bot looks for something to steer round after backing off."""
DETOUR_DEG = 45.0
"""The greedy bot's turn away from something in its way (at most its Handling allows)."""
AIM_TOLERANCE_DEG = 8.0
"""The greedy bot turns when its target is further off its heading than this."""


def random_bot(state: KnightsState, rules, rng: np.random.Generator) -> Action:
    """A uniformly random legal action."""
    legal = rules.legal_actions(state)
    return legal[int(rng.integers(len(legal)))]


def greedy_bot(state: KnightsState, rules, rng: np.random.Generator) -> Action:
    """Head for the next waypoint, shoot what matters, ram blockers, bid sensibly."""
    if state.phase is _DRIVE:
        return DriveRoll()
    i = rules.acting_player(state)
    d = Draft.reading(state)
    if state.phase is _SURGE:
        roll = d.r(i).drive_roll or 0
        return SurgeChoice(roll <= SURGE_REROLL_AT_OR_BELOW)
    if state.phase is _BIDDING:
        return _bid(d, i)
    return first_legal(rules, state, _plan(d, i))


def first_legal(rules, state: KnightsState, candidates) -> Action:
    """The first of ``candidates`` that passes ``rules.check`` (else :class:`EndTurn`)."""
    for action in candidates:
        try:
            rules.check(state, action)
        except IllegalActionError:
            continue
        return action
    return EndTurn()


def bid_stake(d: Draft, i: int) -> tuple[bool, int, int, int] | None:
    """For bidder ``i`` in the pending attack: (attacking, Valor it has bid, target,
    damage on a hit), or ``None`` when it cannot or need not bid (no Valor room, or
    the target is a blocker)."""
    p = d.pending
    assert p is not None
    attacking = p.to_act == "attacker"
    have = p.valor_attacker if attacking else p.valor_defender
    room = max(0, min(d.racer(i).max_valor_per_action - have, d.r(i).valor))
    if room == 0 or p.target.kind is not _RACER:
        return None
    dmg = d.racer(p.attacker).stats.ram_damage if p.ram else d.racer(p.attacker).weapon.damage
    return attacking, have, p.target.index, dmg


def _bid(d: Draft, i: int) -> Action:
    stake = bid_stake(d, i)
    if stake is None:
        return Bid(0)
    _, have, t, dmg = stake
    fragile = d.r(t).durability <= dmg
    if fragile and have < 2:
        return Bid(1)
    return Bid(0)


def _goal(d: Draft, i: int) -> int | None:
    w = d.r(i).next_waypoint
    return w if w < len(d.setup.waypoints) else None


def _plan(d: Draft, i: int):
    """Candidate actions, best first (the first that passes ``check`` is played)."""
    rs = d.r(i)
    w = _goal(d, i)
    # 1. shoot: our next blocker first, then the weakest rival in arc and range
    yield from shoot(d, i, w)
    if w is None:
        yield from wander(d, i)
        return
    if rs.stalled:
        return
    # 2. a standing blocker we cannot shoot right now: ram it if it is dead ahead
    moves, stop = charge_blocker(d, i, w)
    yield from moves
    if stop:
        return
    # 3. steer toward the waypoint, then drive
    yield from steer(d, i, d.setup.waypoints[w], detour=True)


def charge_blocker(d: Draft, i: int, w: int) -> tuple[list[Action], bool]:
    """Against waypoint ``w``'s standing blocker: a Ram when it is dead ahead and the shot
    is spent, or backing off when already touching it (then nothing else: ``True``)."""
    rs = d.r(i)
    if d.blockers[w] <= 0:
        return [], False
    ahead = contact_ahead(d, i, _FORWARD, float(rs.speed_points + rs.turbo_points))
    if ahead.key != ("blocker", w):
        return [], False
    if ahead.distance <= TOL_M:
        return [Move(1.0, _REVERSE)], True
    return ([Ram(Target.blocker(w))] if rs.fired else []), False


def steer(d: Draft, i: int, goal: tuple[float, float], *, detour: bool = False):
    """Turn toward ``goal`` when it is off the heading, then drive up to 1 M, or back off
    when blocked ahead (candidate actions, best first).

    With ``detour`` (the greedy bot), something other than the goal's blocker in the way is
    steered round: when touching it, or after backing off this turn with it less than
    1 M + :data:`DETOUR_LOOK_M` ahead, a turn of :data:`DETOUR_DEG` away from it comes
    first; after backing off the racer never drives straight back into it (no turn
    possible: the turn ends). Without it a racer behind a parked rival shuffled 1 M
    forward and 1 M back for whole turns.
    """
    rs = d.r(i)
    gx, gy = goal
    pose = d.pose(i)
    bearing = math.degrees(math.atan2(gy - pose.y, gx - pose.x))
    off = (bearing - pose.heading + 180.0) % 360.0 - 180.0
    can_turn = rs.turns_left > 0 and rs.speed_points >= 1
    if abs(off) > AIM_TOLERANCE_DEG and can_turn:
        yield from _turns(d, i, off)
    ahead = contact_ahead(d, i, _FORWARD, 1.0)
    if detour and (ahead.distance <= MIN_MOVE_M or rs.backed_off):
        # touching, or backed off already this turn: go round what stands ahead
        # (within 1 M and a little more), never straight back into it
        near = contact_ahead(d, i, _FORWARD, 1.0 + DETOUR_LOOK_M)
        if _in_the_way(d, near.key, goal):
            if can_turn:
                yield from _turns(d, i, _away_from(d, i, near.key, off), full=True)
            if rs.backed_off:
                return
    room = ahead.distance
    if room > MIN_MOVE_M:
        yield Move(round(min(1.0, room), 6))
    # 4. blocked ahead: back off so a turn becomes possible (not into something behind:
    # ruled out here, as check would refuse it)
    for back in (1.0, 0.5):
        if not runs_into(contact_ahead(d, i, _REVERSE, back), back):
            yield Move(back, _REVERSE)


def _turns(d: Draft, i: int, off: float, *, full: bool = False):
    """Turns toward a bearing ``off`` degrees from the heading (positive: left), as far as
    Handling allows (with ``full``, :data:`DETOUR_DEG` that way): either pivot, then the
    smallest step."""
    limit = turn_limit(d.racer(i).stats.handling, d.options.degrees_per_handling)
    step = d.options.turn_step_degrees
    want = max(-limit, min(limit, off))
    deg = math.copysign(max(step, round(abs(want) / step) * step), want)
    if full:
        deg = math.copysign(max(step, math.floor(min(limit, DETOUR_DEG) / step + SURE) * step), off)
    pivot = _LEFT if deg > 0 else _RIGHT
    yield Turn(deg, pivot)
    yield Turn(deg, _RIGHT if pivot is _LEFT else _LEFT)
    yield Turn(math.copysign(step, deg), pivot)


def _in_the_way(d: Draft, key, goal: tuple[float, float]) -> bool:
    """Whether contact ``key`` is an obstacle to go round (not the goal's own blocker)."""
    if not isinstance(key, tuple):
        return key is not None  # a wall
    return not (key[0] == "blocker" and tuple(d.setup.waypoints[key[1]]) == tuple(goal))


def _away_from(d: Draft, i: int, key, off: float) -> float:
    """A turn direction (+1 left, -1 right) away from obstacle ``key``; for a wall, toward
    the goal (``off``)."""
    pose = d.pose(i)
    if not isinstance(key, tuple):
        return 1.0 if off >= 0 else -1.0
    if key[0] == "racer":
        ox, oy = d.pose(key[1]).x, d.pose(key[1]).y
    elif key[0] == "blocker":
        ox, oy = d.setup.waypoints[key[1]]
    side = (math.degrees(math.atan2(oy - pose.y, ox - pose.x)) - pose.heading + 180.0) % 360.0
    return -1.0 if side - 180.0 > 0 else 1.0


def shoot(d: Draft, i: int, w: int | None):
    """A shot (if any can be fired): our next blocker first, then the weakest rival in arc
    and range."""
    rs = d.r(i)
    if rs.fired or rs.speed_points < FIRE_COST:
        return
    targets = []
    if w is not None and d.blockers[w] > 0:
        targets.append(Target.blocker(w))
    rivals = sorted(
        (j for j, r in enumerate(d.racers) if j != i and not r.wrecked),
        key=lambda j: d.r(j).durability,
    )
    targets += [Target.racer(j) for j in rivals]
    for target in targets:
        if (
            maybe_in_range(d, i, target)
            and maybe_in_arc(d, i, target)
            and target_geometry(d, i, target).can_fire
        ):
            yield Fire(target)
            return


def wander(d: Draft, i: int):
    """After the last waypoint: keep driving if there is room."""
    room = contact_ahead(d, i, _FORWARD, 1.0).distance
    if room > MIN_MOVE_M:
        yield Move(round(min(1.0, room), 6))
