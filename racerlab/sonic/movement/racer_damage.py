"""Damage to a racer: losing rings (or restarting without them), and where it goes.

Also the ring pick-up a damaged racer (or anyone) makes on a space, and the breakaway
platform a racer steps off (taken away by the walk, which draws its badniks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.frozen import fast_replace
from ..track import LANES, Feature
from .move_events import RacerDamaged, RingsCollected, RingsDropped, ShieldUsed
from .vocabulary import DEFAULT_RULES, STEPS, feature_at, speed_cap_at, step_from

if TYPE_CHECKING:
    from ...core.rules import Event
    from ..board.board import Board, RacerToken
    from ..track import Coord
    from .vocabulary import MoveRules

__all__ = ["collect_rings", "damage", "lanes_by_distance", "left_platform", "safe_space"]


# -- damage ------------------------------------------------------------------------------
def _safe(board: Board, pos: Coord, token: RacerToken) -> bool:
    if not board.track.in_bounds(*pos) or board.badnik_at(pos) is not None:
        return False
    feature, _ = feature_at(board, pos, token.ignore)
    return feature not in (Feature.SPIKE, Feature.OIL)


def safe_space(board: Board, pos: Coord, token: RacerToken) -> Coord:
    """The closest space reachable by steps forward, up or down from ``pos`` with no badnik,
    spike or oil; ties go forward first, then up, then down. ``pos`` itself if none exists."""
    frontier = [pos]
    seen = {pos}
    while frontier:
        nxt: list[Coord] = []
        for here in frontier:
            for d in STEPS:
                t = step_from(here, d)
                if t in seen or not board.track.in_bounds(*t):
                    continue
                if _safe(board, t, token):
                    return t
                seen.add(t)
                nxt.append(t)
        frontier = nxt
    return pos


def lanes_by_distance(lane: int) -> list[int]:
    """Lanes of a column by distance from ``lane``, the one above first on ties (where dropped
    and scattered rings fall)."""
    order = [lane]
    for k in range(1, LANES):
        for other in (lane - k, lane + k):
            if 0 <= other < LANES:
                order.append(other)
    return order


def damage(
    board: Board, racer_id: str, by: str, rules: MoveRules = DEFAULT_RULES
) -> tuple[Board, list[Event]]:
    """Damage a racer: without rings, back to the first column of its section at its restart
    Speed (3; in the Start Line section see :attr:`MoveRules.start_restart`); with rings,
    Speed 1 (or its ``damage_speed``), moved to :func:`safe_space`, its stacks dropped
    left-most first on the damage space and then the other spaces of that column, closest
    first (a large base keeps its left-most stack with more than 1 ring). A shield absorbs
    the damage instead. The damaged racer does not pick up its own dropped rings (other
    racers standing there do)."""
    token = board.racer(racer_id)
    pos = token.pos
    if token.shield:
        return board.with_racer(fast_replace(token, shield=False)), [ShieldUsed(racer_id, by, pos)]
    events: list[Event] = []
    if token.rings == 0:
        col = board.track.section_start(pos[0])
        if rules.start_restart == "line" and pos[0] < board.track.start_line_col:
            col = pos[0]  # still on the grid: stays (the line is ahead)
        elif rules.start_restart == "line" and col < board.track.start_line_col:
            col = board.track.start_line_col
        to = (col, pos[1])
        speed = rules.limit_speed(token.restart_speed, speed_cap_at(board, to, rules))
        board = board.with_racer(fast_replace(token, col=to[0], lane=to[1], speed=speed))
        events.append(RacerDamaged(racer_id, by, pos, to, False, 0, speed))
        return board, events
    stacks = list(token.stacks)
    kept = [0] * len(stacks)
    if token.large and rules.large_keeps_stack and token.rings > 1:
        kept[0], stacks[0] = stacks[0], 0
    to = safe_space(board, pos, token)
    speed = rules.limit_speed(token.damage_speed, speed_cap_at(board, to, rules))
    moved = fast_replace(token, col=to[0], lane=to[1], speed=speed, stacks=tuple(kept))
    board, collected = collect_rings(board.with_racer(moved), racer_id, to)
    lanes = lanes_by_distance(pos[1])
    dropped = 0
    spots = 0
    for n in stacks:
        if n <= 0:
            continue
        spot = (pos[0], lanes[spots % len(lanes)])
        spots += 1
        others = board.racers_at(spot, besides=racer_id)
        if others:
            board = board.with_racer(others[0].with_rings(n))
        else:
            board = board.with_rings(spot, board.rings_at(spot) + n)
        events.append(RingsDropped(racer_id, n, spot))
        dropped += n
    events.insert(0, RacerDamaged(racer_id, by, pos, to, True, dropped, speed))
    events.extend(collected)
    return board, events


def left_platform(board: Board, frm: Coord, to: Coord) -> Coord | None:
    """The breakaway platform (global top-left) a move from ``frm`` to ``to`` steps off, if any.

    The caller removes it with :meth:`Board.remove_platform` (that draws badniks).
    """
    key = board.platform_at(*frm)
    if key is not None and board.platform_at(*to) != key:
        return key
    return None


# -- rings ---------------------------------------------------------------------------------
def collect_rings(board: Board, racer_id: str, pos: Coord) -> tuple[Board, list[Event]]:
    token = board.racer(racer_id)
    spots = [pos]
    if token.ring_magnet:
        spots += [(pos[0], pos[1] - 1), (pos[0], pos[1] + 1)]
    events: list[Event] = []
    for spot in spots:
        n = board.rings_at(spot)
        if n:
            token = token.with_rings(n)
            board = board.with_rings(spot, 0).with_racer(token)
            events.append(RingsCollected(racer_id, n, spot))
    return board, events
