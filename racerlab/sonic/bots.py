"""Bots for every Battle Racers decision: a random one and a greedy one.

Both have the core policy signature ``policy(state, rules, rng) -> Action``.

The greedy bot's scoring of a position (:func:`position_value`), stated once:

- **progress**: ``PROGRESS`` points per column the racer stands along the track;
- **rings**: ``RING`` points per ring held; **badniks**: ``BADNIK`` per badnik won;
- **speed**: ``SPEED`` points per point of Speed left for the next round;
- **damage avoided** is counted through the above (damage costs rings, speed and,
  without rings, progress) plus ``DAMAGE`` points per damage suffered this turn;
- **finish**: ``FINISH`` points once across the Finish Line.

It plays each decision by trying every legal option and keeping the best. Paths
get a quick value (end column, rings and badniks on the spaces that act, a
penalty when cut short); the ``TOP_PATHS`` best are resolved with the real
physics and judged by :func:`position_value`. An action is judged by the best
quick movement it leaves; a card by the best of its speed options and
movements from the current position (other players' cards are not predicted).
Ties go to the first option listed, so the bot is deterministic.

Paths are shortlisted before they are valued: only those with at most ``TURNS``
up or down steps (each one costs a column of progress, so longer detours rarely
pay), or ``OUTLOOK_TURNS`` when the bot only looks ahead to judge a card or an
action, unless every one of those is cut short, when all paths are weighed. The
number of paths grows exponentially with Speed (1,381 at Speed 9 on an open
Straight); the shortlist keeps a decision to a few dozen.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.dice import Dice
from ..core.frozen import fast_replace
from ..core.rules import Action, Rules
from .actions import ActionChoice, Move, PlayCard
from .effects import speed_cap
from .move_events import RacerDamaged
from .movement import Movement, landing_orders, resolve_move, speed_cap_at
from .rounds import ACTION_STEPS, SPEED_DELTA, SPINS, action_speeds, movement_kinds
from .state import Phase, SonicState

__all__ = [
    "ACTION_PATHS",
    "BADNIK",
    "DAMAGE",
    "FINISH",
    "OUTLOOK_TURNS",
    "PROGRESS",
    "RING",
    "SPEED",
    "TOP_PATHS",
    "TURNS",
    "greedy_bot",
    "position_value",
    "random_bot",
]

PROGRESS = 10.0
"""Points per column of progress."""
RING = 4.0
"""Points per ring held."""
BADNIK = 4.0
"""Points per badnik won."""
SPEED = 2.0
"""Points per point of Speed."""
DAMAGE = -12.0
"""Points per damage suffered this turn."""
FINISH = 100.0
"""Points for being across the Finish Line."""
TOP_PATHS = 3
"""Paths (best by the quick value) resolved with the real physics before choosing."""
ACTION_PATHS = 3
"""Paths of a card action's run or jump (best by the quick value) tried in full."""
TURNS = 1
"""Up or down steps a shortlisted path may have when moving (see the module doc)."""
OUTLOOK_TURNS = 0
"""Up or down steps a shortlisted path may have when judging a card or an action."""


def random_bot(state: Any, rules: Rules, rng: np.random.Generator) -> Action:
    """Pick uniformly among the legal actions."""
    legal = rules.legal_actions(state)
    return legal[int(rng.integers(len(legal)))]


def position_value(state: SonicState, seat: int, damaged: int = 0) -> float:
    """The greedy bot's value of ``seat``'s position (see the module doc)."""
    t = state.board.racers[seat]
    line = state.board.track.finish_line_col
    across = line is not None and t.col >= line
    return (
        PROGRESS * t.col
        + RING * t.rings
        + BADNIK * len(t.badniks)
        + SPEED * t.speed
        + DAMAGE * damaged
        + (FINISH if across else 0.0)
    )


def _static(board: Any, token: Any, path: Any, kind: Any) -> float:
    """A quick value of a path without resolving it: where it ends, rings and badniks it
    picks up, and a penalty when it is cut short (an obstacle or sure damage)."""
    return _statics(board, token, (path,), kind)[0]


def _statics(board: Any, token: Any, paths: Any, kind: Any) -> list[float]:
    """:func:`_static` of each of ``paths`` (one loop, the board's lookups fetched once)."""
    ground = kind is Movement.RUN or kind is Movement.SPIN
    spin = kind is Movement.SPIN
    rings = board._index("rings")  # the board's own lookups (plain dicts, no method calls)
    badniks = board._index("badniks")
    scan = bool(rings or badniks)
    out = []
    for path in paths:
        spaces = path.spaces
        if not spaces:
            out.append(PROGRESS * token.col)
            continue
        v = PROGRESS * spaces[-1][0]
        if scan:
            for pos in spaces if ground else spaces[-1:]:
                v += RING * rings.get(pos, 0)
                b = badniks.get(pos)
                if b is not None and ((spin and b.crawling) or not ground):
                    v += BADNIK
        if path.ends == "stopped":
            v += DAMAGE
        out.append(v)
    return out


def _move_value(state: SonicState, move: Move, path: Any) -> float:
    """Value after ``move`` (along ``path``) with the real movement physics on the laid
    track."""
    if not move.path:
        return position_value(state, move.player)
    laid = state.board.track.n_columns
    token = state.board.racers[move.player]
    if any(c >= laid for c, _ in path.spaces):
        # beyond the laid track: judge by where the path ends
        return position_value(state, move.player) + PROGRESS * (path.spaces[-1][0] - token.col)
    result = resolve_move(
        state.board,
        token.id,
        path,
        move.kind,
        rules=state.options.move_rules,
        back_first=move.back_first,
        chance=Dice.resume(state.dice),
    )
    hurt = sum(1 for e in result.events if isinstance(e, RacerDamaged) and e.racer == token.id)
    after = fast_replace(state, board=result.board)
    return position_value(after, move.player, hurt)


def _shortlist(
    rules: Any, state: SonicState, token: Any, speed: int, kind: Any, turns: int
) -> list:
    """The paths worth valuing: those with at most ``turns`` up or down steps, then one
    more, then every path, stopping at the first list where some path is not cut short
    (see the module doc)."""
    for limit in (turns, turns + 1, None):
        found = rules.paths_for(state, token, speed, kind, turns=limit)
        if any(p.ends != "stopped" for p in found):
            break
    return found


def _best_static(rules: Any, state: SonicState, seat: int, speed: int, kinds: tuple) -> float:
    """Best quick path value for ``seat`` moving ``speed`` spaces by any of ``kinds``."""
    board = state.board
    token = board.racers[seat]
    best = float("-inf")
    for kind in kinds:
        found = _shortlist(rules, state, token, speed, kind, OUTLOOK_TURNS)
        key = (id(found), board.rings, board.badniks, kind, token.col)
        got = _MEMO.get(key)
        if got is None or got[0] is not found:
            value = max(_statics(board, token, found, kind), default=best)
            if len(_MEMO) > _MEMO_SIZE:
                _MEMO.clear()
            got = _MEMO[key] = (found, value)
        best = max(best, got[1])
    return best + SPEED * speed


_MEMO: dict[tuple, tuple[list, float]] = {}
"""Best quick value of a path list on a given board's rings and badniks (pure memo)."""
_MEMO_SIZE = 4096


_CHOICE_KIND = {ActionChoice.RUN: Movement.RUN, ActionChoice.JUMP: Movement.JUMP}


def _action_shortlist(state: SonicState, rules: Any, legal: list) -> list:
    """The ACTION-phase options worth trying in full: every option without a path, and the
    ``ACTION_PATHS`` best paths (by the quick value) of each movement choice; listed order
    kept, so ties still go to the first option listed."""
    index = rules.path_index(state)
    token = state.board.racers[legal[0].player]
    ranked: dict[Any, list[tuple[float, int]]] = {}
    for i, a in enumerate(legal):
        if getattr(a, "path", ()):
            kind = _CHOICE_KIND.get(a.choice, Movement.JUMP)
            value = _static(state.board, token, index[(a.choice, a.path)], kind)
            ranked.setdefault(a.choice, []).append((-value, i))
    keep = {i for group in ranked.values() for _, i in sorted(group)[:ACTION_PATHS]}
    return [a for i, a in enumerate(legal) if not getattr(a, "path", ()) or i in keep]


def _action_outlook(state: SonicState, rules: Any, a: Action) -> float:
    """Value of an action choice: the best quick movement value it leaves."""
    nxt = rules.apply(state, a).state
    if nxt.phase is not Phase.MOVE:
        return position_value(nxt, a.player)  # type: ignore[attr-defined]
    seat = a.player  # type: ignore[attr-defined]
    card = rules.facts.cards[nxt.chosen[seat]]
    kinds = rules._move_kinds(nxt, card.movement)
    t = nxt.board.racers[seat]
    return _best_static(rules, nxt, seat, t.speed, kinds) + RING * t.rings + BADNIK * len(t.badniks)


def greedy_bot(state: SonicState, rules: Rules, rng: np.random.Generator) -> Action:
    """Best option by the scoring in the module doc; ``rng`` is unused (deterministic)."""
    del rng
    phase = state.phase
    if phase is Phase.MOVE:
        return _best_move(state, rules)
    legal = rules.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    if phase is Phase.ACTION:
        return max(
            _action_shortlist(state, rules, legal), key=lambda a: _action_outlook(state, rules, a)
        )
    if phase is Phase.CHOOSE:
        return max(legal, key=lambda a: _card_value(state, rules, a))
    # TAKE: the card whose action gives the most speed, then the highest priority
    f = rules.facts  # type: ignore[attr-defined]

    def take_key(a: Any) -> tuple:
        card = f.cards[a.card]
        return (SPEED_DELTA.get(card.action, 0), card.priority)

    return max(legal, key=take_key)


def _best_move(state: SonicState, rules: Any) -> Move:
    """The MOVE decision: shortlisted paths by quick value, the ``TOP_PATHS`` best
    resolved with the real physics (a large base's jumps both ways round)."""
    seat = rules.acting_player(state)
    token = state.board.racers[seat]
    card = rules.facts.cards[state.chosen[seat]]
    options: list[tuple[float, int, Move, Any]] = []
    for kind in rules._move_kinds(state, card.movement):
        found = _shortlist(rules, state, token, token.speed, kind, TURNS)
        for path, quick in zip(found, _statics(state.board, token, found, kind), strict=True):
            for back_first in landing_orders(token, kind, path.spaces):
                move = Move(seat, kind, path.spaces, back_first=back_first)
                options.append((-quick if path.spaces else 0.0, len(options), move, path))
    options.sort(key=lambda o: o[:2])
    best = max(options[:TOP_PATHS], key=lambda o: (_move_value(state, o[2], o[3]), -o[1]))
    return best[2]


def _card_value(state: SonicState, rules: Any, play: PlayCard) -> float:
    """Value of playing ``play.card`` as if it resolved now, from the current position:
    the best of passing and each speed change or spin it offers, by quick path values."""
    seat = play.player
    card = rules.facts.cards[play.card]
    token = state.board.racers[seat]
    ability = rules.facts.racers[state.abilities[seat]]
    speeds = action_speeds(
        card.action,
        token.speed,
        cap=speed_cap(ability, state.options.card_speed_max),
        turn_cap=speed_cap_at(state.board, token.pos),
        options=state.options,
    )
    kinds = movement_kinds(card.movement, spin=card.action in SPINS)
    extra = max((n for _, n in ACTION_STEPS.get(card.action, ())), default=0)
    return max(_best_static(rules, state, seat, sp, kinds) for sp in speeds) + PROGRESS * extra
