"""Read-only questions about a Battle Racers position, for dashboards and analysis.

Every answer comes from the engine's own code (the same path lister, the same
movement physics, the same priority order), never from a second copy of the
rules.

- :func:`resolution_order`: who resolves when this round (boss as ``-1``).
- :func:`priority_odds`: for each card in a player's hand, the exact chance that
  playing it makes the player resolve first.
- :func:`first_odds`: the director's view: every hand known, the chance each
  seat resolves first.
- :func:`path_preview`: every path a card's movement allows, with the spaces
  where terrain, badniks, rings, racers or the boss act marked.
- :func:`speed_spread`: the speeds each card in hand can give before moving.
- :func:`invariants`: the conservation and bounds checks the tests run.
- :class:`Zone` (the boxes sections come from) and :func:`zone_boss`, the boss a
  set of zones brings, for set-up pickers.
- :func:`order_of`: the order cards of given priorities would resolve in (for odds
  tables that try every card).
- What a drawing of the track needs to name: :data:`LANES`, :class:`Cell`,
  :class:`Feature`, :class:`Direction`, :class:`SectionType` and :class:`Badnik`.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from ..core.dice import Dice
from .board.board import Badnik
from .effects.primitives import power_speed, speed_cap
from .movement.resolve import resolve_move
from .movement.vocabulary import Movement, speed_cap_at
from .options import DeckOut
from .play.moves import slice_path
from .rounds import CardAction, action_speeds, movement_kinds
from .rounds import resolution_order as _order
from .setup import zone_boss
from .state import BOSS_SEAT, NO_CARD, Phase
from .track import LANES, Cell, Direction, Feature, SectionType, Zone

if TYPE_CHECKING:
    from .state import SonicState

__all__ = [
    "LANES",
    "Badnik",
    "Cell",
    "Direction",
    "Feature",
    "Mark",
    "PathPreview",
    "SectionType",
    "Zone",
    "first_odds",
    "invariants",
    "order_of",
    "path_preview",
    "priority_odds",
    "resolution_order",
    "speed_spread",
    "zone_boss",
]


def _rules(rules: Any):
    if rules is None:
        from .rules import SonicRules

        return SonicRules()
    return rules


def _boss_priority(state: SonicState, rules: Any) -> int | None:
    boss = state.boss
    if boss is None or boss.destroyed or boss.card is None:
        return None
    return rules.facts.bosses[boss.id].cards[boss.card].priority


def resolution_order(state: SonicState, rules: Any = None) -> tuple[int, ...]:
    """The order cards resolve in this round (seats; ``-1`` the boss).

    Once every card is revealed this is the round's order; while players are
    still choosing it is the order of the cards chosen so far (the director's
    view of hidden cards).
    """
    if state.order:
        return state.order
    rules = _rules(rules)
    cards = rules.facts.cards
    prios = {s: cards[c].priority for s, c in enumerate(state.chosen) if c != NO_CARD}
    return order_of(state, prios, rules)


def order_of(
    state: SonicState, priorities: Mapping[int, int], rules: Any = None
) -> tuple[int, ...]:
    """The order cards of these ``priorities`` (by seat) would resolve in at ``state``: the
    boss's face-up card and the table's tie rule as the round applies them (``-1``: the boss).

    >>> from racerlab.sonic import SonicRules, SonicSetup
    >>> state = SonicRules().initial_state(SonicSetup(("sonic", "tails", "amy")), seed=2)
    >>> order_of(state, {0: 3, 1: 5, 2: 3})
    (1, 0, 2)
    """
    toks = state.board.racers
    return _order(
        priorities,
        _boss_priority(state, _rules(rules)),
        tie_break=state.options.tie_break,
        progress=lambda s: toks[s].col,
    )


def _unseen(state: SonicState, player: int) -> list[str]:
    """Cards ``player`` cannot see: the deck and the other players' hands and face-down cards."""
    pool = list(state.deck)
    for s, hand in enumerate(state.hands):
        if s != player:
            pool.extend(hand)
            if state.chosen and state.chosen[s] != NO_CARD:
                pool.append(state.chosen[s])
    return pool


def priority_odds(state: SonicState, player: int, rules: Any = None) -> dict[str, Fraction]:
    """For each card ``player`` could play, the exact chance it resolves first this round.

    Model: each other player's card is a different card drawn uniformly from the
    cards ``player`` cannot see (the deck, the other hands, face-down cards);
    the face-up boss card is known. Resolving first needs a priority above every
    other card; an equal boss card goes after (Agility Cards win ties). With
    ``m`` opponents, ``n`` unseen cards of which ``k`` have lower priority, the
    chance is ``C(k, m) / C(n, m)``.

    >>> from racerlab.sonic import SonicRules, SonicSetup
    >>> rules = SonicRules()
    >>> s = rules.initial_state(SonicSetup(("sonic", "tails")), seed=1)
    >>> odds = priority_odds(s, 0, rules)
    >>> sorted(odds) == sorted(s.hands[0]) and all(0 <= p <= 1 for p in odds.values())
    True
    """
    rules = _rules(rules)
    cards = rules.facts.cards
    others = state.players - 1
    pool = [cards[c].priority for c in _unseen(state, player)]
    n = len(pool)
    boss = _boss_priority(state, rules)
    mine = (
        (state.chosen[player],)
        if state.chosen and state.chosen[player] != NO_CARD
        else tuple(dict.fromkeys(state.hands[player]))
    )
    out: dict[str, Fraction] = {}
    for c in mine:
        p = cards[c].priority
        if boss is not None and p < boss:
            out[c] = Fraction(0)
            continue
        k = sum(1 for q in pool if q < p)
        out[c] = Fraction(comb(k, others), comb(n, others)) if n >= others else Fraction(0)
    return out


def first_odds(state: SonicState, rules: Any = None) -> dict[int, Fraction]:
    """The director's view: every hand known, each player still choosing picks uniformly from
    their own hand; the exact chance each seat (and the boss, ``-1``) resolves first.

    >>> from racerlab.sonic import SonicRules, SonicSetup
    >>> rules = SonicRules()
    >>> odds = first_odds(rules.initial_state(SonicSetup(("sonic", "tails")), seed=1), rules)
    >>> sum(odds.values())
    Fraction(1, 1)
    """
    rules = _rules(rules)
    cards = rules.facts.cards
    boss = _boss_priority(state, rules)
    options = []
    for s in range(state.players):
        if state.chosen and state.chosen[s] != NO_CARD:
            options.append((state.chosen[s],))
        else:
            options.append(tuple(dict.fromkeys(state.hands[s])))
    total = Fraction(1, 1)
    for opts in options:
        total /= max(1, len(opts))
    out: dict[int, Fraction] = {}
    toks = state.board.racers
    for combo in itertools.product(*options):
        prios = {s: cards[c].priority for s, c in enumerate(combo)}
        order = _order(
            prios, boss, tie_break=state.options.tie_break, progress=lambda s: toks[s].col
        )
        out[order[0]] = out.get(order[0], Fraction(0)) + total
    return out


@dataclass(frozen=True, slots=True)
class Mark:
    """Something that acts on a space of a path: ``what`` in words, at ``at``."""

    at: tuple[int, int]
    what: str


@dataclass(frozen=True, slots=True)
class PathPreview:
    """One path a card's movement allows, where it ends, and what acts along it."""

    kind: Movement
    spaces: tuple[tuple[int, int], ...]
    end: tuple[int, int]
    speed_after: int
    rings: int
    badniks: int
    damaged: bool
    marks: tuple[Mark, ...]


def path_preview(
    state: SonicState, player: int, card_id: str, rules: Any = None, *, speed: int | None = None
) -> list[PathPreview]:
    """Every path ``card_id``'s movement allows ``player`` from where it stands (at its
    current speed, or ``speed``), resolved with the real physics on the laid track, with
    the spaces where something acted marked (terrain, badniks, rings, damage, boss).

    Paths reaching sections not yet laid are listed with the marks of the laid part.
    """
    rules = _rules(rules)
    card = rules.facts.cards[card_id]
    token = state.board.racers[player]
    if speed is not None:
        from dataclasses import replace

        token = replace(token, speed=speed)
        state = replace(state, board=state.board.with_racer(token))
    kinds = movement_kinds(card.movement, spin=card.spin)
    laid = state.board.track.n_columns
    out: list[PathPreview] = []
    for kind in kinds:
        for p in rules.paths_for(state, token, token.speed, kind):
            if not p.spaces:
                continue
            cut = next((i for i, (c, _) in enumerate(p.spaces) if c >= laid), len(p.spaces))
            part = p
            if cut < len(p.spaces):
                part = slice_path(p, 0, cut)
            marks: list[Mark] = []
            speed_after, rings, badniks, damaged = token.speed, 0, 0, False
            if part.spaces:
                res = resolve_move(
                    state.board,
                    token.id,
                    part,
                    kind,
                    rules=state.options.move_rules,
                    chance=Dice.resume(state.dice),
                )
                for e in res.events:
                    at = getattr(e, "at", None) or getattr(e, "frm", None)
                    if at is not None and type(e).__name__ != "MoveEnded":
                        marks.append(Mark(tuple(at), e.describe()))
                speed_after = res.mover.speed
                rings = res.mover.rings - token.rings
                badniks = len(res.mover.badniks) - len(token.badniks)
                damaged = token.id in res.damaged
            end = p.end or token.pos
            out.append(
                PathPreview(kind, p.spaces, end, speed_after, rings, badniks, damaged, tuple(marks))
            )
    return out


def speed_spread(state: SonicState, player: int, rules: Any = None) -> dict[str, tuple[int, ...]]:
    """For each card in ``player``'s hand, the speeds it can give before the movement
    (passing keeps the current speed; Power cards with a speed power included)."""
    rules = _rules(rules)
    f = rules.facts
    token = state.board.racers[player]
    o = state.options
    ability = f.racers[state.abilities[player]]
    cap = speed_cap(ability, o.card_speed_max, o.speed_max)
    turn_cap = speed_cap_at(state.board, token.pos, o.move_rules)
    out: dict[str, tuple[int, ...]] = {}
    for c in dict.fromkeys(state.hands[player]):
        card = f.cards[c]
        speeds = set(action_speeds(card, token.speed, cap=cap, turn_cap=turn_cap, options=o))
        if card.action is CardAction.POWER:
            speeds.add(power_speed(state.board, token, ability, o.move_rules))
        out[c] = tuple(sorted(speeds))
    return out


def invariants(state: SonicState, rules: Any = None) -> list[str]:
    """Problems with ``state`` (empty when fine): speeds within the options' range, rings
    and badniks conserved between track, racers, boss and supply, racers on the laid track
    (never behind its first column), one card per player per round, hands of the dealt
    size."""
    rules = _rules(rules)
    out: list[str] = []
    board = state.board
    comps = getattr(rules.catalog, "components", None)
    ring_total = getattr(comps, "rings", 50)
    badnik_total = sum(getattr(comps, "bag", (10, 10, 10, 10)))
    for s, t in enumerate(board.racers):
        lo, hi = state.options.speed_min, state.options.speed_max
        if not lo <= t.speed <= hi:
            out.append(f"player {s + 1} speed {t.speed} outside {lo}..{hi}")
        if not board.track.in_bounds(t.col, t.lane):
            out.append(f"player {s + 1} at {t.pos} is off the laid track")
    boss_rings = state.boss.rings if state.boss is not None else 0
    rings = board.ring_total() + boss_rings
    if rings != ring_total:
        out.append(f"rings not conserved: {rings} != {ring_total}")
    if board.badnik_total() != badnik_total:
        out.append(f"badniks not conserved: {board.badnik_total()} != {badnik_total}")
    if state.phase is not Phase.OVER:
        for s in range(state.players):
            played = state.chosen[s] != NO_CARD
            held = len(state.hands[s]) + (1 if played else 0)
            if state.phase is not Phase.CHOOSE and not played and s in state.order:
                out.append(f"player {s + 1} has no card this round")
            if (
                state.options.deck_out is DeckOut.RESHUFFLE
                and held != state.options.hand_size
                and not (state.phase is Phase.TAKE or (played and _already_took(state, s)))
            ):
                out.append(f"player {s + 1} holds {held} cards (hand + played)")
    if BOSS_SEAT in state.order and state.boss is None:
        out.append("a boss turn without a boss")
    return out


def _already_took(state: SonicState, seat: int) -> bool:
    """After taking a face-up card a player holds hand_size cards besides the played one."""
    if not state.order or seat not in state.order:
        return False
    return state.order.index(seat) < state.step
