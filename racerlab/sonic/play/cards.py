"""Cards and Speed: a card's action (Speed, Spin, a run or jump, a Power), taking a card.

A resolving player may use the action on the card they played: change Speed (capped by
the racer's Ability and a Turn lane), spin (Spin Dash also boosts a slow racer), run or
jump a few spaces, or use the racer's Power. After moving they discard it and take one
of the face-up cards; the row is refilled from the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.frozen import fast_replace
from ..actions import ActionChoice
from ..effects.primitives import apply_power, power_movement, speed_cap
from ..events import ActionPassed, ActionUsed, CardTaken, DeckReshuffled, SpeedSet
from ..movement.vocabulary import Movement, speed_cap_at
from ..rounds import CardAction, card_speed, draw_card
from ..state import Phase
from .moves import walk
from .transition import set_at

if TYPE_CHECKING:
    from ..actions import PassAction, TakeCard, UseAction
    from ..state import SonicState
    from .transition import Turn

__all__ = ["pass_action", "set_speed", "take_card", "use_action"]


def pass_action(t: Turn, state: SonicState, action: PassAction) -> SonicState:
    """Pass on the card's action: on to the movement."""
    card = t.facts.cards[state.chosen[action.player]]
    t.emit(ActionPassed(action.player, card.name))
    return t.change(state, phase=Phase.MOVE)


def use_action(t: Turn, state: SonicState, action: UseAction, path) -> SonicState:
    """Use the card's action as chosen (``path``: the movement-physics path of a run,
    jump or moving Power, from the legal actions' index)."""
    seat = action.player
    f = t.facts
    card = f.cards[state.chosen[seat]]
    token = state.token(seat)
    ability = f.racers[state.abilities[seat]]
    t.emit(ActionUsed(seat, card.name, action.choice.value))
    o = state.options
    cap = speed_cap(ability, o.card_speed_max, o.speed_max)
    turn_cap = speed_cap_at(state.board, token.pos, o.move_rules)
    if action.choice is ActionChoice.SPEED:
        new = card_speed(token.speed, card.speed, cap=cap, lo=o.speed_min, turn_cap=turn_cap)
        return set_speed(t, state, seat, new, card.name)
    if action.choice is ActionChoice.SPIN:
        state = t.change(state, spin=True)
        if card.action is CardAction.SPIN_DASH and token.speed <= o.spin_dash_low:
            new = card_speed(
                token.speed, o.spin_dash_bonus, cap=cap, lo=o.speed_min, turn_cap=turn_cap
            )
            state = set_speed(t, state, seat, new, card.name)
        return state
    if action.choice in (ActionChoice.RUN, ActionChoice.JUMP):
        kind = Movement.RUN if action.choice is ActionChoice.RUN else Movement.JUMP
        return t.change(walk(t, state, seat, path, kind, False), moved=True)
    # POWER: its own effects, then the path of a moving Power
    kind = power_movement(ability)
    board, more = apply_power(state.board, token.id, ability, t.dice, seat=seat, rules=o.move_rules)
    t.emit(*more)
    state = t.change(state, board=board)
    if path is not None and kind is not None:
        state = walk(t, state, seat, path, kind, False)
    return state


def set_speed(t: Turn, state: SonicState, seat: int, new: int, why: str) -> SonicState:
    """Set ``seat``'s Speed to ``new`` (an event when it changes)."""
    token = state.token(seat)
    if new != token.speed:
        t.emit(SpeedSet(seat, token.speed, new, why))
    return t.change(state, board=state.board.with_racer(fast_replace(token, speed=new)))


def take_card(t: Turn, state: SonicState, action: TakeCard) -> SonicState:
    """Discard the played card, take ``action.card`` from the row and refill it."""
    seat = action.player
    face = list(state.face_up)
    face.remove(action.card)
    played = state.chosen[seat]
    discard = (*state.discard, played)
    refill, deck, discard, reshuffled = draw_card(
        state.deck, discard, t.dice, state.options.deck_out
    )
    if reshuffled:
        t.emit(DeckReshuffled(reshuffled))
    if refill is not None:
        face.append(refill)
    names = t.facts.cards
    t.emit(
        CardTaken(
            seat,
            names[played].name,
            names[action.card].name,
            names[refill].name if refill is not None else "nothing (deck empty)",
        )
    )
    hands = set_at(state.hands, seat, (*state.hands[seat], action.card))
    return t.change(state, hands=hands, face_up=tuple(face), deck=deck, discard=discard)
