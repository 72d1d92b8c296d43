"""Boss mode: setting the boss up, its card each round, being damaged, crossing the line.

Pure functions over the board and a :class:`~racerlab.sonic.state.BossState`;
the rules engine decides what a result means for the game (solo loss, game end).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..core.dice import ChanceSource
from ..core.rules import Event
from .board import Board
from .effects import apply_boss_effect, move_boss
from .events import BossCardRevealed, BossDamaged, BossDestroyed
from .facts import BossFacts
from .movement import DEFAULT_RULES, MoveRules
from .options import DeckOut, SonicOptions
from .rounds import draw_card
from .state import BossState
from .track import LANES

__all__ = ["boss_across", "boss_card_turn", "hit_boss", "next_boss_card", "place_boss"]

START_SECTION = 1
"""The boss starts in the first section after the Start Line (rulebook)."""


def place_boss(board: Board, boss: BossFacts, chance: ChanceSource) -> tuple[Board, BossState]:
    """Boss set-up: the centre space of the first section after the Start Line, its rings
    from the pile onto its profile, its deck shuffled and the top card face up."""
    section = board.track.sections[START_SECTION]
    off = board.track.offsets[START_SECTION]
    board = board.with_boss((off + section.columns // 2, LANES // 2))
    n = min(boss.rings, board.ring_pile)
    board = replace(board, ring_pile=board.ring_pile - n)
    deck = chance.shuffle(sorted(boss.cards), "shuffle the boss deck")
    return board, BossState(boss.id, n, tuple(deck[1:]), (), deck[0] if deck else None)


def boss_card_turn(
    board: Board,
    boss: BossState,
    facts: BossFacts,
    racing: Sequence[int],
    chance: ChanceSource,
    *,
    vr_limit: int,
    profile_rules: bool,
    move_rules: MoveRules = DEFAULT_RULES,
) -> tuple[Board, BossState, list[Event]]:
    """Resolve the face-up boss card (every action, in order), then the profile's rules."""
    events: list[Event] = []
    if boss.destroyed or boss.card is None:
        return board, boss, events
    card = facts.cards[boss.card]
    events.append(BossCardRevealed(boss.id, card.id, card.name, card.priority))
    rings = boss.rings
    for spec in (*card.actions, *(facts.rules if profile_rules else ())):
        board, rings, more = apply_boss_effect(
            board, boss.id, rings, spec, racing, chance, vr_limit=vr_limit, rules=move_rules
        )
        events.extend(more)
    return board, replace(boss, rings=rings), events


def hit_boss(
    board: Board, boss: BossState, seat: int, options: SonicOptions, chance: ChanceSource
) -> tuple[Board, BossState, list[Event]]:
    """A racer damaged the boss: it moves ``boss_knockback`` spaces forward in its lane
    (damaging a racer it ends on), drops ``boss_ring_drop`` rings from its profile on its
    previous space, and is destroyed when its profile has no rings left."""
    prev = board.boss
    if prev is None or boss.destroyed:
        return board, boss, []
    to = (min(prev[0] + options.boss_knockback, board.track.n_columns - 1), prev[1])
    board, events = move_boss(board, boss.id, to, "knocked back", chance, options.move_rules)
    drop = min(options.boss_ring_drop, boss.rings)
    board = board.drop_rings(prev, drop)
    rings = boss.rings - drop
    events.append(BossDamaged(boss.id, seat, drop, rings))
    boss = replace(boss, rings=rings)
    if rings <= 0:
        board = board.with_boss(None)
        boss = replace(boss, destroyed=True, destroyed_by=seat)
        events.append(BossDestroyed(boss.id, seat))
    return board, boss, events


def boss_across(board: Board, boss: BossState | None) -> bool:
    """Whether a boss still racing stands across the Finish Line."""
    line = board.track.finish_line_col
    pos = board.boss
    return not (boss is None or boss.destroyed or line is None or pos is None or pos[0] < line)


def next_boss_card(boss: BossState, chance: ChanceSource, deck_out: DeckOut) -> BossState:
    """The new round's boss card: the old one is discarded and the top card turned up."""
    if boss.destroyed:
        return boss
    discard = (*boss.discard, boss.card) if boss.card is not None else boss.discard
    card, deck, discard, _ = draw_card(boss.deck, discard, chance, deck_out)
    return replace(boss, card=card, deck=deck, discard=discard)
