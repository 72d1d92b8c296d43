"""Bots for Racer Knights: policies ``(state, rules, rng) -> Action``.

* :func:`random_bot` picks uniformly among the legal actions (fuzzing, baselines).
* :func:`greedy_bot` drives for its next waypoint, shoots the blocker in its way
  or a rival in arc and range, rams a blocker it cannot shoot, and answers Valor
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

from ..core.errors import IllegalActionError
from ..core.rules import Action
from .actions import Bid, Direction, DriveRoll, EndTurn, Fire, Move, Ram, SurgeChoice, Target, Turn
from .combat import FIRE_COST, maybe_in_arc, maybe_in_range, target_geometry
from .draft import Draft
from .geometry import turn_limit
from .geometry.tolerance import TOL_M
from .movement import contact_ahead
from .parts import Side
from .state import KnightsState, Phase

__all__ = ["greedy_bot", "random_bot"]

SURGE_REROLL_AT_OR_BELOW = 3
"""The greedy bot re-rolls a drive roll this low when it has Surge."""
AIM_TOLERANCE_DEG = 8.0
"""The greedy bot turns when its target is further off its heading than this."""


def random_bot(state: KnightsState, rules, rng: np.random.Generator) -> Action:
    """A uniformly random legal action."""
    legal = rules.legal_actions(state)
    return legal[int(rng.integers(len(legal)))]


def greedy_bot(state: KnightsState, rules, rng: np.random.Generator) -> Action:
    """Head for the next waypoint, shoot what matters, ram blockers, bid sensibly."""
    if state.phase is Phase.DRIVE:
        return DriveRoll()
    i = rules.acting_player(state)
    d = Draft(state)
    if state.phase is Phase.SURGE:
        roll = d.r(i).drive_roll or 0
        return SurgeChoice(roll <= SURGE_REROLL_AT_OR_BELOW)
    if state.phase is Phase.BIDDING:
        return _bid(d, i)
    for action in _plan(d, i):
        try:
            rules.check(state, action)
        except IllegalActionError:
            continue
        return action
    return EndTurn()


def _bid(d: Draft, i: int) -> Action:
    p = d.pending
    assert p is not None
    attacking = p.to_act == "attacker"
    have = p.valor_attacker if attacking else p.valor_defender
    room = max(0, min(d.racer(i).max_valor_per_action - have, d.r(i).valor))
    if room == 0 or p.target.kind.value != "racer":
        return Bid(0)
    t = p.target.index
    dmg = d.racer(p.attacker).stats.ram_damage if p.ram else d.racer(p.attacker).weapon.damage
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
    if not rs.fired and rs.speed_points >= FIRE_COST:
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
                break
    if w is None:
        yield from _wander(d, i)
        return
    if rs.stalled:
        return
    # 2. a standing blocker we cannot shoot right now: ram it if it is dead ahead
    if d.blockers[w] > 0:
        ahead = contact_ahead(d, i, Direction.FORWARD, float(rs.speed_points + rs.turbo_points))
        if ahead.key == ("blocker", w) and ahead.distance > TOL_M and rs.fired:
            yield Ram(Target.blocker(w))
        if ahead.key == ("blocker", w) and ahead.distance <= TOL_M:
            yield Move(1.0, Direction.REVERSE)
            return
    # 3. steer toward the waypoint, then drive
    gx, gy = d.setup.waypoints[w]
    pose = d.pose(i)
    bearing = math.degrees(math.atan2(gy - pose.y, gx - pose.x))
    off = (bearing - pose.heading + 180.0) % 360.0 - 180.0
    if abs(off) > AIM_TOLERANCE_DEG and rs.turns_left > 0 and rs.speed_points >= 1:
        limit = turn_limit(d.racer(i).stats.handling, d.options.degrees_per_handling)
        step = d.options.turn_step_degrees
        want = max(-limit, min(limit, off))
        deg = math.copysign(max(step, round(abs(want) / step) * step), want)
        pivot = Side.LEFT if deg > 0 else Side.RIGHT
        yield Turn(deg, pivot)
        yield Turn(deg, Side.RIGHT if pivot is Side.LEFT else Side.LEFT)
        yield Turn(math.copysign(step, deg), pivot)
    room = contact_ahead(d, i, Direction.FORWARD, 1.0).distance
    if room > 1e-3:
        yield Move(round(min(1.0, room), 6))
    # 4. blocked ahead: back off so a turn becomes possible
    yield Move(1.0, Direction.REVERSE)
    yield Move(0.5, Direction.REVERSE)


def _wander(d: Draft, i: int):
    """After the last waypoint: keep driving if there is room."""
    room = contact_ahead(d, i, Direction.FORWARD, 1.0).distance
    if room > 1e-3:
        yield Move(round(min(1.0, room), 6))
