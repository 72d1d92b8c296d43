"""Bots for every Battle Racers decision: a random one, and the look-ahead that the greedy
bot and the rule-aware bot (:mod:`racerlab.sonic.bots.smart`) share.

All have the core policy signature ``policy(state, rules, rng) -> Action``.
:func:`look_ahead_bot` plays by a set of :class:`Weights`; the greedy bot's are
:data:`GREEDY` (below), the rule-aware bot's add the boss and the mode's scoring.

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
Ties go to the first option listed, so the bot is deterministic. Within one decision
the quick value of each (seat, Speed, kind) is worked out once and shared by every option
that leaves it (most cards and speed changes lead to the same few Speeds).

Paths are shortlisted before they are valued: only those with at most ``TURNS``
up or down steps (each one costs a column of progress, so longer detours rarely
pay), or ``OUTLOOK_TURNS`` when the bot only looks ahead to judge a card or an
action, unless every one of those is cut short, when all paths are weighed. The
number of paths grows exponentially with Speed (1,381 at Speed 9 on an open
Straight); the shortlist keeps a decision to a few dozen. With a boss term in the
weights, every path that would damage a live boss is weighed as well.

An action that only changes the Speed or the kind of movement (passing, a speed
change, a spin) is valued from the current position with the rules' own speed
arithmetic, and a card action's run or jump by the movement physics on the path
already listed, without a full ``apply``; a Power, and a walk that a boss, solo
mode, the Finish Line or laying new sections could follow, are applied.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ...core.dice import Dice
from ...core.errors import RacerlabError
from ...core.frozen import fast_replace
from ...core.memo import BoundedDict
from ..actions import ActionChoice, Move, PassAction, UseAction
from ..effects.primitives import speed_cap
from ..movement.move_events import BossHit
from ..movement.resolve import resolve_outcome
from ..movement.vocabulary import Movement, landing_orders, speed_cap_at
from ..options import BossHitRule, Mode
from ..rounds import CardAction, action_speeds, card_speed, movement_kinds
from ..state import Phase
from .boss_reach import boss_hit_spaces, can_hit_boss
from .quick_values import quick_value, walked_static

if TYPE_CHECKING:
    from ...core.rules import Action, Rules
    from ..actions import PlayCard
    from ..state import SonicState

__all__ = [
    "ACTION_PATHS",
    "BADNIK",
    "BOSS_STATICS_SIZE",
    "DAMAGE",
    "FINISH",
    "GREEDY",
    "OUTLOOK_TURNS",
    "PROGRESS",
    "RING",
    "SPEED",
    "TOP_PATHS",
    "TURNS",
    "Weights",
    "boss_hit_spaces",
    "can_hit_boss",
    "card_value",
    "greedy_bot",
    "look_ahead_bot",
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


@dataclass(frozen=True)
class Weights:
    """The points a look-ahead bot gives each part of a position (see the module doc).

    The greedy bot uses :data:`GREEDY` (no boss terms); the rule-aware bot in
    :mod:`racerlab.sonic.bots.smart` adds the boss terms: ``boss_hit`` per hit on the
    boss, ``chase`` per column out of reach of a live boss, ``ahead`` per column in
    front of it, and ``early_finish`` for crossing the line in solo while the boss
    still races (no rank can be earned then).
    """

    progress: float = PROGRESS
    ring: float = RING
    badnik: float = BADNIK
    speed: float = SPEED
    damage: float = DAMAGE
    finish: float = FINISH
    boss_hit: float = 0.0
    chase: float = 0.0
    ahead: float = 0.0
    early_finish: float = 0.0


GREEDY = Weights()
"""The greedy bot's weights (progress, rings, badniks, speed, damage, finish)."""


def random_bot(state: Any, rules: Rules, rng: np.random.Generator) -> Action:
    """Pick uniformly among the legal actions."""
    legal = rules.legal_actions(state)
    return legal[int(rng.integers(len(legal)))]


def position_value(
    state: SonicState, seat: int, damaged: int = 0, w: Weights = GREEDY, board: Any = None
) -> float:
    """The value of ``seat``'s position by weights ``w`` (see the module doc); on ``board``
    instead of the state's when given (the state with that board, without copying it)."""
    board = state.board if board is None else board
    return _token_value(state, board.racers[seat], damaged, w, board)


def _token_value(state: SonicState, t: Any, damaged: int, w: Weights, board: Any) -> float:
    """:func:`position_value` of racer token ``t`` on ``board`` (where its own token may be
    an older one: the lean walk's board)."""
    line = board.track.finish_line_col
    across = line is not None and t.col >= line
    value = (
        w.progress * t.col
        + w.ring * t.rings
        + w.badnik * len(t.badniks)
        + w.speed * t.speed
        + w.damage * damaged
    )
    if across:
        value += w.finish
    if w.chase or w.ahead or w.early_finish:
        value += _boss_term(state, board, t, across, w)
    return value


def _boss_term(state: SonicState, board: Any, t: Any, across: bool, w: Weights) -> float:
    """The boss part of a position on ``board``: out of reach of a live boss, in front of
    it, or across the line in solo while it still races."""
    boss, at = state.boss, board.boss
    if boss is None or boss.destroyed or at is None:
        return 0.0
    if across:
        return w.early_finish if state.setup.mode is Mode.SOLO else 0.0
    gap = at[0] - t.col
    reach = max(t.speed, 1)
    return -w.chase * max(0, gap - reach) - w.ahead * max(0, -gap)


def statics(
    board: Any, token: Any, paths: Any, kind: Any, w: Weights = GREEDY, rule: Any = None
) -> list[float]:
    """A quick value of each of ``paths`` without resolving it: where it ends, rings and
    badniks it picks up, a boss it hits (when ``w`` values that), and a penalty when it is
    cut short (an obstacle or sure damage). One loop, the board's lookups fetched once."""
    ground = kind is Movement.RUN or kind is Movement.SPIN
    spin = kind is Movement.SPIN
    rings = board.token_index("rings")  # the board's own lookups (plain dicts, no method calls)
    badniks = board.token_index("badniks")
    scan = bool(rings or badniks)
    boss = board.boss if w.boss_hit else None
    out = []
    for path in paths:
        spaces = path.spaces
        if not spaces:
            out.append(w.progress * token.col)
            continue
        v = (
            quick_value(spaces, ground, spin, rings, badniks, w)
            if scan
            else w.progress * spaces[-1][0]
        )
        if boss is not None:
            if boss in boss_hit_spaces(path, kind, rule):
                v += w.boss_hit
            else:  # where it leaves the racer against the boss (see _boss_term)
                gap = boss[0] - spaces[-1][0]
                v -= w.chase * max(0, gap - len(spaces)) + w.ahead * max(0, -gap)
        if path.ends == "stopped":
            v += w.damage
        out.append(v)
    return out


def _move_value(
    state: SonicState, move: Move, path: Any, w: Weights = GREEDY, keep: bool = False
) -> float:
    """Value after ``move`` (along ``path``) with the real movement physics on the laid
    track: the lean walk, or with ``keep`` the full one, kept for the engine to play (the
    move the bot most likely picks)."""
    if not move.path:
        return position_value(state, move.player, 0, w)
    laid = state.board.track.n_columns
    token = state.board.racers[move.player]
    if any(c >= laid for c, _ in path.spaces):
        # beyond the laid track: judge by where the path ends
        gain = w.progress * (path.spaces[-1][0] - token.col)
        return position_value(state, move.player, 0, w) + gain
    got = resolve_outcome(
        state.board,
        token.id,
        path,
        move.kind,
        rules=state.options.move_rules,
        back_first=move.back_first,
        chance=Dice.resume(state.dice),
        keep=keep,
    )
    hurt = got.damaged.count(token.id)  # one RacerDamaged event each
    value = _token_value(state, got.mover, hurt, w, got.board)
    if w.boss_hit and _counts_hits(state, got.boss_hits):
        value += w.boss_hit + _last_hit(state, w)
    return value


def _counts(state: SonicState, events: Any) -> bool:
    """Whether a move's boss contact damages the boss under the game's ruling."""
    return _counts_hits(state, [e.kind for e in events if isinstance(e, BossHit)])


def _counts_hits(state: SonicState, hits: Any) -> bool:
    """Whether any of a move's contacts with the boss (``"spin"`` or ``"landing"`` each)
    damages it under the game's ruling."""
    land_only = state.options.boss_hit is BossHitRule.LAND_ONLY
    return any(not land_only or how == "landing" for how in hits)


def _last_hit(state: SonicState, w: Weights) -> float:
    """The extra value of a hit that destroys the boss (its last rings): it counts twice."""
    boss = state.boss
    if boss is None or boss.destroyed or boss.rings > state.options.boss_ring_drop:
        return 0.0
    return w.boss_hit


def shortlist(rules: Any, state: SonicState, token: Any, speed: int, kind: Any, turns: int) -> list:
    """The paths worth valuing: those with at most ``turns`` up or down steps, then one
    more, then every path, stopping at the first list where some path is not cut short
    (see the module doc)."""
    for limit in (turns, turns + 1, None):
        found = rules.paths_for(state, token, speed, kind, turns=limit)
        if any(p.ends != "stopped" for p in found):
            break
    return found


def best_static(
    rules: Any, state: SonicState, seat: int, speed: int, kinds: tuple, w: Weights = GREEDY,
    memo: dict | None = None, token: Any = None,
) -> float:  # fmt: skip
    """Best quick path value for ``seat`` moving ``speed`` spaces by any of ``kinds``.

    ``memo`` (one decision's, for this very state) keeps each (seat, Speed, kind)'s
    value, so options that leave the same Speed and kind share one path walk. ``token``:
    the seat's racer when the state's board does not show it (the lean walk's board)."""
    best = float("-inf")
    token = state.board.racers[seat] if token is None else token
    for kind in kinds:
        key = (seat, speed, id(kind))  # Movement members are singletons: no enum hashing
        got = memo.get(key) if memo is not None else None
        if got is None:
            got = _kind_static(rules, state, token, speed, kind, w)
            if memo is not None:
                memo[key] = got
        best = max(best, got)
    return best + w.speed * speed


def _kind_static(rules: Any, state: SonicState, token: Any, speed: int, kind: Any, w: Weights):
    """Best quick value of racer ``token``'s shortlisted paths of ``speed`` steps by
    ``kind`` (a boss in reach counted when ``w`` values hitting it)."""
    board = state.board
    rule, boss = state.options.boss_hit, board.boss
    if not w.boss_hit or boss is None:  # no boss term: valued during the walk
        return walked_static(rules, state, token, speed, kind, w, OUTLOOK_TURNS)
    # kept in the board's path memo (the line of boards owns it; the badniks are the same
    # for every board sharing it) by what the value depends on, bounded
    memo = board.path_memo()
    kept = memo.get("boss statics")
    if kept is None:
        kept = memo["boss statics"] = BoundedDict(BOSS_STATICS_SIZE)
    moves = state.options.move_rules
    key = (token.pos, speed, kind, token.ignore, token.large, state.pending, moves)
    key = (*key, board.rings, w, rule, boss)
    best = kept.get(key)
    if best is None:
        found = shortlist(rules, state, token, speed, kind, OUTLOOK_TURNS)
        best = max(statics(board, token, found, kind, w, rule), default=float("-inf"))
        kept.put(key, best)
    if can_hit_boss(token.pos, boss, speed, kind, rule):
        best = max(best, w.progress * boss[0] + w.boss_hit)
    return best


BOSS_STATICS_SIZE = 4096
"""Best quick values (with a boss term) a line of boards keeps in its path memo."""


_CHOICE_KIND = {ActionChoice.RUN: Movement.RUN, ActionChoice.JUMP: Movement.JUMP}


def _action_shortlist(state: SonicState, legal: list, index: dict, w: Weights = GREEDY) -> list:
    """The ACTION-phase options worth trying in full: every option without a path, and the
    ``ACTION_PATHS`` best paths (by the quick value) of each movement choice; listed order
    kept, so ties still go to the first option listed. ``index``: the paths of ``legal``
    (:meth:`~racerlab.sonic.rules.SonicRules.choices`)."""
    token = state.board.racers[legal[0].player]
    rule = state.options.boss_hit
    ranked: dict[Any, list[tuple[float, int]]] = {}
    for i, a in enumerate(legal):
        if getattr(a, "path", ()):
            kind = _CHOICE_KIND.get(a.choice, Movement.JUMP)
            path = index[(a.choice, a.path)]
            value = statics(state.board, token, (path,), kind, w, rule)[0]
            ranked.setdefault(a.choice, []).append((-value, i))
    keep = {i for group in ranked.values() for _, i in sorted(group)[:ACTION_PATHS]}
    return [a for i, a in enumerate(legal) if not getattr(a, "path", ()) or i in keep]


def _action_outlook(
    state: SonicState,
    rules: Any,
    a: Action,
    index: dict,
    w: Weights = GREEDY,
    memo: dict | None = None,
) -> float:
    """Value of an action choice: the best quick movement value it leaves. Passing, a
    speed change and a spin only change the Speed or the kind of movement, so they are
    valued from the current position without applying them (:func:`speed_outlook`, which
    shares ``memo``, the decision's, with the other options)."""
    quick = speed_outlook(state, rules, a, w, memo)
    if quick is None:
        quick = walk_outlook(state, rules, a, index, w)
    if quick is not None:
        return quick
    step = rules.apply(state, a)
    nxt = step.state
    seat = a.player  # type: ignore[attr-defined]
    hit = 0.0
    if w.boss_hit and _counts(state, step.events):
        hit = w.boss_hit + _last_hit(state, w)
    if nxt.phase is not Phase.MOVE:
        return position_value(nxt, seat, 0, w) + hit
    card = rules.facts.cards[nxt.chosen[seat]]
    kinds = movement_kinds(card.movement, nxt.spin)
    t = nxt.board.racers[seat]
    quick = best_static(rules, nxt, seat, t.speed, kinds, w)
    return quick + w.ring * t.rings + w.badnik * len(t.badniks) + hit + boss_gap(nxt, seat, w)


def speed_outlook(
    state: SonicState, rules: Any, a: Action, w: Weights, memo: dict | None = None
) -> float | None:
    """:func:`_action_outlook` of a pass, a speed change or a spin, by the rules' own speed
    arithmetic (:func:`~racerlab.sonic.rounds.card_speed`) instead of a full ``apply``;
    ``None`` for any other option."""
    if isinstance(a, PassAction):
        spin = state.spin
    elif isinstance(a, UseAction) and a.choice in (ActionChoice.SPEED, ActionChoice.SPIN):
        spin = state.spin or a.choice is ActionChoice.SPIN
    else:
        return None
    seat = a.player
    t = state.board.racers[seat]
    card = rules.facts.cards[state.chosen[seat]]
    speed = t.speed
    if isinstance(a, UseAction):
        speed = _speed_after(state, rules, seat, card, a.choice)
    kinds = movement_kinds(card.movement, spin)
    quick = best_static(rules, state, seat, speed, kinds, w, memo)
    gap = boss_gap(state, seat, w, speed)
    return quick + w.ring * t.rings + w.badnik * len(t.badniks) + gap


def walk_outlook(state: SonicState, rules: Any, a: Action, index: dict, w: Weights) -> float | None:
    """:func:`_action_outlook` of a card action's run or jump, by the movement physics
    alone (:func:`~racerlab.sonic.movement.resolve_move` on the path already listed) when
    nothing else can follow the walk: on the laid track short of its last section, no live
    boss, not solo, not across the line. ``None`` otherwise (then the action is applied)."""
    if not (isinstance(a, UseAction) and a.choice in (ActionChoice.RUN, ActionChoice.JUMP)):
        return None
    board = state.board
    if (state.boss is not None and not state.boss.destroyed) or state.setup.mode is Mode.SOLO:
        return None
    track = board.track
    line = track.finish_line_col
    last = track.offsets[-1] if state.pending else track.n_columns
    edge = min(last, line if line is not None else last)
    if any(c >= edge for c, _ in a.path):
        return None
    seat = a.player
    kind = Movement.RUN if a.choice is ActionChoice.RUN else Movement.JUMP
    path = index[(a.choice, a.path)]
    moved = resolve_outcome(
        board,
        board.racers[seat].id,
        path,
        kind,
        rules=state.options.move_rules,
        chance=Dice.resume(state.dice),
    )
    nxt = fast_replace(state, board=moved.board)  # the paths do not depend on the racers
    t = moved.mover
    card = rules.facts.cards[state.chosen[seat]]
    kinds = movement_kinds(card.movement, state.spin)
    quick = best_static(rules, nxt, seat, t.speed, kinds, w, token=t)
    return quick + w.ring * t.rings + w.badnik * len(t.badniks)


def _speed_after(state: SonicState, rules: Any, seat: int, card: Any, choice: Any) -> int:
    """The Speed a speed change or a spin leaves (Spin Dash's bonus at low Speed)."""
    o = state.options
    t = state.board.racers[seat]
    if choice is ActionChoice.SPEED:
        delta = card.speed
    elif card.action is CardAction.SPIN_DASH and t.speed <= o.spin_dash_low:
        delta = o.spin_dash_bonus
    else:
        return t.speed
    ability = rules.facts.racers[state.abilities[seat]]
    return card_speed(
        t.speed,
        delta,
        cap=speed_cap(ability, o.card_speed_max, o.speed_max),
        lo=o.speed_min,
        turn_cap=speed_cap_at(state.board, t.pos, o.move_rules),
    )


def boss_gap(state: SonicState, seat: int, w: Weights, speed: int | None = None) -> float:
    """The boss term of where ``seat`` stands now (the quick values judge only the path),
    with Speed ``speed`` if given."""
    if not (w.chase or w.ahead or w.early_finish):
        return 0.0
    t = state.board.racers[seat]
    if speed is not None:
        t = fast_replace(t, speed=speed)
    line = state.board.track.finish_line_col
    return _boss_term(state, state.board, t, line is not None and t.col >= line, w)


def look_ahead_bot(state: SonicState, rules: Rules, w: Weights) -> Action:
    """The best option by weights ``w`` (what :func:`greedy_bot` plays with :data:`GREEDY`);
    deterministic: ties go to the first option listed."""
    phase = state.phase
    if phase is Phase.MOVE:
        return _best_move(state, rules, w)
    legal, index = rules.choices(state)  # type: ignore[attr-defined]
    if len(legal) == 1:
        return legal[0]
    memo: dict = {}  # this decision's quick values by (Speed, kind): see best_static
    if phase is Phase.ACTION:
        return max(
            _action_shortlist(state, legal, index, w),
            key=lambda a: _action_outlook(state, rules, a, index, w, memo),
        )
    if phase is Phase.CHOOSE:
        return max(legal, key=lambda a: card_value(state, rules, a, w, memo))
    # TAKE: the card whose action gives the most speed, then the highest priority
    f = rules.facts  # type: ignore[attr-defined]

    def take_key(a: Any) -> tuple:
        card = f.cards[a.card]
        return (card.speed, card.priority)

    return max(legal, key=take_key)


def greedy_bot(state: SonicState, rules: Rules, rng: np.random.Generator) -> Action:
    """Best option by the scoring in the module doc; ``rng`` is unused (deterministic)."""
    del rng
    return look_ahead_bot(state, rules, GREEDY)


def _best_move(state: SonicState, rules: Any, w: Weights = GREEDY) -> Move:
    """The MOVE decision: shortlisted paths by quick value, the ``TOP_PATHS`` best
    resolved with the real physics (a large base's jumps both ways round)."""
    seat = rules.acting_player(state)
    token = state.board.racers[seat]
    card = rules.facts.cards[state.chosen[seat]]
    rule = state.options.boss_hit
    options: list[tuple[float, int, Any, Any, bool]] = []
    boss = state.board.boss if w.boss_hit else None
    for kind in movement_kinds(card.movement, state.spin):
        found = shortlist(rules, state, token, token.speed, kind, TURNS)
        if boss is not None and can_hit_boss(token.pos, boss, token.speed, kind, rule):
            found = found + _hitting(rules, state, token, kind, boss, rule, found)
        quick = statics(state.board, token, found, kind, w, rule)
        for path, value in zip(found, quick, strict=True):
            rank = -value if path.spaces else 0.0
            for back_first in landing_orders(token, kind, path.spaces):
                options.append((rank, len(options), kind, path, back_first))  # Move made later
    options.sort(key=lambda o: o[:2])
    top = [(Move(seat, o[2], o[3].spaces, back_first=o[4]), o) for o in options[:TOP_PATHS]]
    ranked = sorted(
        top, key=lambda m: (-_move_value(state, m[0], m[1][3], w, m is top[0]), m[1][1])
    )
    laid = state.board.track.n_columns
    rest = ((Move(seat, o[2], o[3].spaces, back_first=o[4]), o) for o in options[TOP_PATHS:])
    for move, _ in itertools.chain(ranked, rest):
        if not move.path or move.path[-1][0] < laid or _resolves(rules, state, move):
            return move
    return ranked[0][0]


def _resolves(rules: Any, state: SonicState, move: Move) -> bool:
    """Whether a move over the edge of the laid track resolves: the engine can list a path
    there that it then cannot walk (a Turn's lane shift at the edge), so such a move is
    tried before it is chosen."""
    try:
        rules.apply(state, move)
    except RacerlabError:
        return False
    return True


def _hitting(
    rules: Any, state: SonicState, token: Any, kind: Any, boss: tuple, rule: Any, have: list
) -> list:
    """The paths of every shape (not only the shortlist's) that would damage the boss."""
    seen = {p.spaces for p in have}
    laid = state.board.track.n_columns
    return [
        p
        for p in rules.paths_for(state, token, token.speed, kind, turns=None)
        if p.spaces not in seen
        and p.spaces[-1][0] < laid
        and boss in boss_hit_spaces(p, kind, rule)
    ]


def card_value(
    state: SonicState, rules: Any, play: PlayCard, w: Weights = GREEDY, memo: dict | None = None
) -> float:
    """Value of playing ``play.card`` as if it resolved now, from the current position:
    the best of passing and each speed change or spin it offers, by quick path values."""
    seat = play.player
    card = rules.facts.cards[play.card]
    token = state.board.racers[seat]
    ability = rules.facts.racers[state.abilities[seat]]
    speeds = action_speeds(
        card,
        token.speed,
        cap=speed_cap(ability, state.options.card_speed_max, state.options.speed_max),
        turn_cap=speed_cap_at(state.board, token.pos, state.options.move_rules),
        options=state.options,
    )
    kinds = movement_kinds(card.movement, spin=card.spin)
    extra = max((n for _, n in card.steps), default=0)
    best = max(best_static(rules, state, seat, sp, kinds, w, memo) for sp in speeds)
    return best + w.progress * extra
