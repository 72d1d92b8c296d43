"""Turn structure: choosing and revealing cards, the resolution order, turns, round ends.

Each player in seat order puts a card face down; when all have, the cards are revealed
and resolve from the highest priority down (the boss's card among them). A player's
turn is action, movement, take a card; the boss's turn is played at once. When every
card has resolved the round ends: traps flip, and the game ends if someone crossed the
Finish Line, the round cap is reached or nobody has a card left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effects.expansions import end_of_round
from ..events import CardChosen, CardRevealed, ResolutionOrder, RoundStarted
from ..rounds import resolution_order
from ..state import BOSS_SEAT, NO_CARD, Phase
from .boss import boss_turn, next_boss_card
from .results import game_over
from .transition import set_at

if TYPE_CHECKING:
    from ..actions import PlayCard
    from ..state import SonicState
    from .transition import Turn

__all__ = ["choosing_seat", "end_round", "enter", "next_turn", "play_card"]


def choosing_seat(state: SonicState) -> int | None:
    """The first seat still to choose a card this round (``None``: all have)."""
    for seat, card in enumerate(state.chosen):
        if card == NO_CARD and not state.lost[seat] and state.hands[seat]:
            return seat
    return None


def play_card(t: Turn, state: SonicState, action: PlayCard) -> SonicState:
    """Put a card face down; when all have chosen, reveal them and start resolving."""
    seat = action.player
    hand = list(state.hands[seat])
    hand.remove(action.card)
    chosen = set_at(state.chosen, seat, action.card)
    state = t.change(state, hands=set_at(state.hands, seat, tuple(hand)), chosen=chosen)
    t.emit(CardChosen(seat))
    if choosing_seat(state) is not None:
        return state
    f = t.facts
    prios = {}
    for s, c in enumerate(chosen):
        if c != NO_CARD:
            card = f.cards[c]
            prios[s] = card.priority
            t.emit(CardRevealed(s, c, card.name, card.priority))
    boss_prio = None
    if state.boss is not None and not state.boss.destroyed and state.boss.card is not None:
        boss_prio = f.bosses[state.boss.id].cards[state.boss.card].priority
    toks = state.board.racers
    order = resolution_order(
        prios, boss_prio, tie_break=state.options.tie_break, progress=lambda s: toks[s].col
    )
    pr = tuple(boss_prio if s == BOSS_SEAT else prios[s] for s in order)
    t.emit(ResolutionOrder(order, pr))
    return enter(t, t.change(state, order=order, step=0))


def enter(t: Turn, state: SonicState) -> SonicState:
    """Resolve boss entries automatically until a player must act or the round ends."""
    while state.step < len(state.order) and state.order[state.step] == BOSS_SEAT:
        state = boss_turn(t, state)
        if state.phase is Phase.OVER:
            return state
        state = t.change(state, step=state.step + 1)
    if state.step >= len(state.order):
        return end_round(t, state)
    return t.change(state, phase=Phase.ACTION, spin=False, moved=False)


def next_turn(t: Turn, state: SonicState, *, discard: bool) -> SonicState:
    """On to the next entry of the resolution order (``discard``: the card played goes
    to the discards, when no card was taken)."""
    if discard:
        seat = state.order[state.step]
        state = t.change(state, discard=(*state.discard, state.chosen[seat]))
    return enter(t, t.change(state, step=state.step + 1))


def end_round(t: Turn, state: SonicState) -> SonicState:
    """Round-end upkeep, then the game's end or the next round."""
    board, more = end_of_round(state.board)
    t.emit(*more)
    state = t.change(state, board=board)
    if state.ending:
        return game_over(t, state, "a racer crossed the Finish Line")
    if state.round >= state.options.max_rounds:
        return game_over(t, state, f"round cap {state.options.max_rounds} reached")
    if not any(state.hands):
        return game_over(t, state, "no player has a card left to play")
    boss = state.boss
    rnd = state.round + 1
    t.emit(RoundStarted(rnd))
    if boss is not None:
        boss = next_boss_card(boss, t.dice, state.options.deck_out)
    return t.change(
        state,
        round=rnd,
        boss=boss,
        phase=Phase.CHOOSE,
        chosen=(NO_CARD,) * state.players,
        order=(),
        step=0,
        spin=False,
        moved=False,
    )
