"""The rule-aware Racer Knights bot: races the waypoint course, rams when the exchange
pays, spends Valor where it buys the most, and keeps off waypoints at the end of a turn.

:func:`smart_bot` plays like :func:`~racerlab.knights.bots.greedy.greedy_bot` (shoot the
next blocker or the weakest rival in arc and range, steer for the next
waypoint) with these differences, each a rule of the game put to use:

- **no flares**: when its last Speed Point would leave it on a waypoint at the
  end of the turn, it ends the turn where it is;
- **rams racers** when the expected exchange pays: hit chance (the engine's exact
  odds, :func:`~racerlab.knights.queries.ram_hit_odds`) times the Durability the
  Ram deals minus the 1 the rammer loses, a wreck counting ``WRECK_VALUE`` more,
  is at least ``RAM_EV_MIN`` (never when the rammer would wreck itself);
- **Valor by expected value**: on the drive roll one Valor on Speed while it
  holds more than ``VALOR_RESERVE`` (Valor left at the end is worth nothing);
  in a bid, one more Valor when it moves the hit chance by at least
  ``BID_MIN_GAIN`` on a hit that matters (a wreck, or most of the Durability left):
  the engine's exact hit chance, and the 2d6 chance of the one number Valor turns.

The numbers are ours (illustrative), tuned by the bot ladder (``benchmarks/bots.py``):
in 120 two-player jousts against the greedy bot, aiming beyond the waypoint (to drive
through it) lost more than it gained and was dropped; never ramming racers or never
putting Valor on Speed each cost about ten points of win share.
"""

from __future__ import annotations

import math

import numpy as np

from ...core.rules import Action
from ..actions import Bid, Direction, DriveRoll, EndTurn, Move, Ram, SurgeChoice, Target
from ..combat.attack_roll import ram_strength
from ..draft import Draft
from ..geometry.motion import moved
from ..geometry.tolerance import MIN_MOVE_M, TOL_M
from ..movement.moves import contact_ahead
from ..queries import ram_hit_odds, shot_hit_odds
from ..state import KnightsState, Phase
from .greedy import (
    SURGE_REROLL_AT_OR_BELOW,
    bid_stake,
    charge_blocker,
    first_legal,
    shoot,
    steer,
    wander,
)

__all__ = [
    "BID_MIN_GAIN",
    "RAM_EV_MIN",
    "TWO_D6_ABOVE",
    "VALOR_RESERVE",
    "WRECK_VALUE",
    "candidate_plan",
    "ram_value",
    "smart_bot",
    "valor_gain",
]

RAM_EV_MIN = 0.5
"""Smallest expected Durability exchange (dealt minus taken) worth a Ram on a racer."""
WRECK_VALUE = 2.0
"""Extra value of wrecking a racer (its Glory swing), in Durability points."""
VALOR_RESERVE = 1
"""Valor kept back for bidding; the rest goes on Speed, one a drive roll."""
BID_MIN_GAIN = 0.12
"""Smallest rise in hit chance that one more Valor must buy in a bid."""


def smart_bot(state: KnightsState, rules, rng: np.random.Generator) -> Action:
    """The rule-aware bot (see the module doc); ``rng`` is unused (deterministic)."""
    del rng
    d = Draft.reading(state)
    if state.phase is Phase.DRIVE:
        i = d.order[d.turn]
        valor = d.r(i).valor
        return DriveRoll(valor_speed=1 if valor > VALOR_RESERVE else 0)
    i = rules.acting_player(state)
    if state.phase is Phase.SURGE:
        return SurgeChoice((d.r(i).drive_roll or 0) <= SURGE_REROLL_AT_OR_BELOW)
    if state.phase is Phase.BIDDING:
        return _bid(state, d, i)
    return first_legal(rules, state, candidate_plan(state, d, i))


def ram_value(state: KnightsState, i: int) -> tuple[Target | None, float]:
    """The racer a Ram straight ahead would hit now and the expected exchange (Durability
    dealt minus taken, a wreck worth ``WRECK_VALUE`` more); ``(None, 0.0)`` if none."""
    d = Draft.reading(state)
    rs = d.r(i)
    ahead = contact_ahead(d, i, Direction.FORWARD, float(rs.speed_points + rs.turbo_points))
    if not (isinstance(ahead.key, tuple) and ahead.key[0] == "racer" and ahead.distance > TOL_M):
        return None, 0.0
    t = ahead.key[1]
    dmg = d.racer(i).stats.ram_damage
    wreck = WRECK_VALUE if d.r(t).durability <= dmg else 0.0
    _, strength = ram_strength(d, rs.straight_run + ahead.distance)
    need = d.racer(t).stats.armor - strength
    rough = 1.0 if need < 2 else TWO_D6_ABOVE.get(need, 0.0)
    if rough * (min(dmg, d.r(t).durability) - 1 + wreck) < RAM_EV_MIN / 2:
        return None, 0.0  # hopeless even by the plain 2d6 roll: skip the exact odds
    target = Target.racer(t)
    hit = ram_hit_odds(state, i, target, ahead.distance)  # the very approach of the Ram
    return target, float(hit) * (min(dmg, d.r(t).durability) - 1 + wreck)


def candidate_plan(state: KnightsState, d: Draft, i: int):
    """Candidate actions, best first."""
    rs = d.r(i)
    w = rs.next_waypoint if rs.next_waypoint < len(d.setup.waypoints) else None
    yield from shoot(d, i, w)
    if rs.stalled:
        return
    if rs.durability > 1:
        target, value = ram_value(state, i)
        if target is not None and value >= RAM_EV_MIN:
            yield Ram(target)
    if w is None:
        yield from _safe(d, i, wander(d, i))
        return
    moves, stop = charge_blocker(d, i, w)
    yield from moves
    if stop:
        return
    yield from _safe(d, i, steer(d, i, d.setup.waypoints[w]))


def _safe(d: Draft, i: int, candidates):
    """``candidates``, but with the last Speed Point the racer does not end its turn on a
    waypoint (a flare): a forward move onto one becomes ending the turn where it stands,
    and a racer already on one drives off it before anything else."""
    rs = d.r(i)
    if rs.speed_points + rs.turbo_points > 1:
        yield from candidates
        return
    pose = d.pose(i)
    here = _on_waypoint(d, pose)
    if here:
        room = contact_ahead(d, i, Direction.FORWARD, 1.0).distance
        if room > MIN_MOVE_M and not _on_waypoint(d, moved(pose, min(1.0, room), "forward")):
            yield Move(round(min(1.0, room), 6))
    for action in candidates:
        if (
            not here
            and isinstance(action, Move)
            and action.direction is Direction.FORWARD
            and _on_waypoint(d, moved(pose, action.distance, "forward"))
        ):
            yield EndTurn()
            return
        yield action


def _on_waypoint(d: Draft, pose) -> bool:
    """Whether a racer at ``pose`` overlaps a waypoint disc (bounding circles first)."""
    table = d.table
    near = table.racer_radius + table.waypoint_diameter / 2.0
    shape = None
    for xy in d.setup.waypoints:
        if math.hypot(xy[0] - pose.x, xy[1] - pose.y) > near:
            continue
        shape = shape if shape is not None else table.shape(pose)
        if shape.intersects(table.waypoint(xy)):
            return True
    return False


def _bid(state: KnightsState, d: Draft, i: int) -> Action:
    """One more Valor when it buys at least ``BID_MIN_GAIN`` hit chance on a hit that
    matters (see the module doc); otherwise pass."""
    stake = bid_stake(d, i)
    if stake is None:
        return Bid(0)
    attacking, _, t, dmg = stake
    p = d.pending
    if d.r(t).durability > 2 * dmg and not attacking:
        return Bid(0)  # a hit that leaves most of the Durability is not worth the Valor
    return Bid(1) if valor_gain(_hit(state, p)) >= BID_MIN_GAIN else Bid(0)


TWO_D6_ABOVE = {
    k: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b > k) / 36 for k in range(1, 13)
}
"""P(2d6 > k): the rulebook's attack roll against a target number."""


def valor_gain(hit: float) -> float:
    """How much one Valor moves a 2d6 attack's hit chance ``hit``: the chance of rolling
    exactly the number that now just misses (so one exact odds call per bid, not two).

    >>> round(valor_gain(TWO_D6_ABOVE[7]), 4), valor_gain(1.0), round(valor_gain(0.0), 4)
    (0.1667, 0.0, 0.0278)
    """
    if hit >= 1.0:
        return 0.0
    k = min(TWO_D6_ABOVE, key=lambda k: abs(TWO_D6_ABOVE[k] - hit))
    return TWO_D6_ABOVE[k - 1] - TWO_D6_ABOVE[k] if k > 1 else 1 / 36


def _hit(state: KnightsState, p) -> float:
    """Hit chance of the pending attack as bid so far (a Ram's: about even; the exact
    odds of a pending Ram are not public)."""
    if p.ram:
        return TWO_D6_ABOVE[7]
    hit = shot_hit_odds(
        state,
        p.attacker,
        p.target,
        valor_for=p.valor_attacker,
        valor_against=p.valor_defender,
        heavy=p.heavy,
    )
    return float(hit)
