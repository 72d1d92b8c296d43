"""Boss mode: setting the boss up, its card each round, being damaged, crossing the line.

Pure functions over the board and a :class:`~racerlab.sonic.state.BossState`, then
the rules of the game around them (:func:`boss_turn`, :func:`hits_after_move`,
:func:`check_boss_finish`): what a result means for the game is the mode's variant's
to say (a solo loss) or the results' (the game ends).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ...core.frozen import fast_replace
from ..effects.primitives import apply_boss_effect, move_boss
from ..events import BossCardRevealed, BossDamaged, BossDestroyed, BossFinished, RacerLost
from ..movement.move_events import BossHit
from ..movement.vocabulary import DEFAULT_RULES
from ..options import BossHitRule
from ..rounds import draw_card
from ..state import BossState, Phase
from ..track import LANES
from .results import check_finish, game_over

if TYPE_CHECKING:
    from ...core.dice import ChanceSource
    from ...core.rules import Event
    from ..board.board import Board
    from ..catalog.bosses import Boss
    from ..movement.vocabulary import MoveRules
    from ..options import DeckOut, SonicOptions
    from ..state import SonicState
    from .transition import Turn

__all__ = [
    "boss_across",
    "boss_card_turn",
    "boss_turn",
    "check_boss_finish",
    "hit_boss",
    "hits_after_move",
    "next_boss_card",
    "place_boss",
]

START_SECTION = 1
"""The boss starts in the first section after the Start Line (rulebook)."""


def place_boss(
    board: Board, boss: Boss, chance: ChanceSource, deck_version: str | None = None
) -> tuple[Board, BossState]:
    """Boss set-up: the centre space of the first section after the Start Line, its rings
    from the pile onto its profile, its deck (of ``deck_version``, the newest by default)
    shuffled and the top card face up."""
    section = board.track.sections[START_SECTION]
    off = board.track.offsets[START_SECTION]
    board = board.with_boss((off + section.columns // 2, LANES // 2))
    n = min(boss.rings, board.ring_pile)
    board = replace(board, ring_pile=board.ring_pile - n)
    deck = chance.shuffle(sorted(boss.deck(deck_version)), "shuffle the boss deck")
    return board, BossState(boss.id, n, tuple(deck[1:]), (), deck[0] if deck else None)


def boss_card_turn(
    board: Board,
    boss: BossState,
    facts: Boss,
    racing: Sequence[int],
    chance: ChanceSource,
    *,
    vr_limit: int,
    profile_rules: bool,
    move_rules: MoveRules = DEFAULT_RULES,
    deck_version: str | None = None,
) -> tuple[Board, BossState, list[Event]]:
    """Resolve the face-up boss card (every action, in order), then the profile's rules
    (those of ``deck_version``, the newest by default)."""
    events: list[Event] = []
    if boss.destroyed or boss.card is None:
        return board, boss, events
    card = facts.cards[boss.card]
    events.append(BossCardRevealed(boss.id, card.id, card.name, card.priority))
    rings = boss.rings
    for spec in (*card.actions, *(facts.profile_rules(deck_version) if profile_rules else ())):
        board, rings, more = apply_boss_effect(
            board, boss.id, rings, spec, racing, chance, vr_limit=vr_limit, rules=move_rules
        )
        events.extend(more)
    return board, replace(boss, rings=rings), events


def hit_boss(
    board: Board,
    boss: BossState,
    seat: int,
    options: SonicOptions,
    chance: ChanceSource,
    hitter: str | None = None,
) -> tuple[Board, BossState, list[Event]]:
    """A racer damaged the boss: it moves ``boss_knockback`` spaces forward in its lane
    (damaging a racer it ends on), drops ``boss_ring_drop`` rings from its profile on its
    previous space, and is destroyed when its profile has no rings left.

    ``hitter`` is the id of the racer that spun into or landed on it. The hit happens as
    that racer enters the boss's space, so it stands on the previous space when the boss
    moves and the rings fall: it collects them, and the knockback cannot end on it, even
    if the rest of its move carried it on to where the boss went."""
    prev = board.boss
    if prev is None or boss.destroyed:
        return board, boss, []
    to = (min(prev[0] + options.boss_knockback, board.track.n_columns - 1), prev[1])
    board, events = move_boss(
        board, boss.id, to, "knocked back", chance, options.move_rules, spare=hitter
    )
    drop = min(options.boss_ring_drop, boss.rings)
    if hitter is None:
        board = board.drop_rings(prev, drop)
    else:
        board = board.with_racer(board.racer(hitter).with_rings(drop))
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


# -- the boss in the game ------------------------------------------------------------------
def hits_after_move(t: Turn, state: SonicState, seat: int, events: Iterable[Event]) -> SonicState:
    """A racer's movement that hit the boss (by ``boss_hit``'s ruling) damages it once."""
    boss = state.boss
    if boss is None or boss.destroyed:
        return state
    spin_counts = state.options.boss_hit is BossHitRule.SPIN_OR_LAND
    for ev in events:
        if isinstance(ev, BossHit) and (spin_counts or ev.kind == "landing"):
            return _racer_hits_boss(t, state, seat)
    return state


def _racer_hits_boss(t: Turn, state: SonicState, seat: int) -> SonicState:
    assert state.boss is not None
    hitter = state.board.racers[seat].id
    board, boss, more = hit_boss(state.board, state.boss, seat, state.options, t.dice, hitter)
    t.emit(*more)
    state = t.change(state, board=board, boss=boss)
    lost = t.variant.after_damage(t, state, more, by="the boss")
    if lost is not None:
        return lost
    return check_boss_finish(t, state)


def check_boss_finish(t: Turn, state: SonicState) -> SonicState:
    """A boss across the Finish Line ends the game: every racer not yet across loses."""
    boss = state.boss
    if boss is None or not boss_across(state.board, boss):
        return state
    losers = tuple(s for s in range(state.players) if not state.finished[s])
    t.emit(BossFinished(boss.id, losers))
    lost = tuple(state.lost[s] or s in losers for s in range(state.players))
    profile = t.facts.bosses.get(boss.id)
    name = profile.name if profile is not None else boss.id
    for s in losers:
        t.emit(RacerLost(s, f"boss {name} crossed the Finish Line first"))
    state = t.change(state, lost=lost, boss=fast_replace(boss, finished=True))
    return game_over(t, state, f"boss {name} crossed the Finish Line")


def boss_turn(t: Turn, state: SonicState) -> SonicState:
    """The boss's place in the resolution order: its face-up card and profile rules."""
    boss = state.boss
    if boss is None:
        return state
    racing = [s for s in range(state.players) if not state.finished[s] and not state.lost[s]]
    board, boss, more = boss_card_turn(
        state.board,
        boss,
        t.facts.bosses[boss.id],
        racing,
        t.dice,
        vr_limit=t.facts.vr_tokens,
        profile_rules=state.options.boss_profile_rules,
        move_rules=state.options.move_rules,
        deck_version=state.setup.boss_deck,
    )
    t.emit(*more)
    state = t.change(state, board=board, boss=boss)
    lost = t.variant.after_damage(t, state, more)
    if lost is not None:
        return lost
    state = check_boss_finish(t, state)
    if state.phase is Phase.OVER:
        return state
    return check_finish(t, state)
