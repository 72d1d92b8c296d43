"""The director's tweaks in Battle Racers: set a racer's Speed, rings or Ability, or the deck.

They are checked like any action (a clear refusal, nothing changed) and go into the
game log, so a tweaked game replays exactly.
"""

from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.frozen import fast_replace
from .actions import SetAbility, SetDeck, SetRings, SetSpeed
from .effects import racer_token, spread_rings
from .facts import Facts
from .state import SonicState
from .transition import set_at

__all__ = ["DIRECTOR_TYPES", "apply_director", "check_director", "director_problem"]

DIRECTOR_TYPES = (SetSpeed, SetRings, SetAbility, SetDeck)
"""The Battle Racers director actions."""

MAX_DECK_CARDS = 500
"""Most cards a director's deck change may list (ours; the bundled deck has 64)."""


def director_problem(f: Facts, state: SonicState, action: object) -> str | None:
    """Why a Battle Racers director action is refused now (``None``: it is fine; an
    action of another kind is not judged here and gives ``None`` too)."""
    n = state.players
    if isinstance(action, SetSpeed | SetRings | SetAbility) and not 0 <= action.player < n:
        return f"there is no Player {action.player + 1}"
    if isinstance(action, SetSpeed):
        o = state.options
        if not o.speed_min <= action.value <= o.speed_max:
            return f"speed must be {o.speed_min}..{o.speed_max}, got {action.value}"
    elif isinstance(action, SetRings):
        have = state.token(action.player).rings
        if action.count < 0:
            return "rings cannot be negative"
        if action.count - have > state.board.ring_pile:
            return f"only {state.board.ring_pile} ring(s) left in the pile"
    elif isinstance(action, SetAbility):
        if action.racer not in f.racers:
            return f"unknown racer {action.racer!r}"
    elif isinstance(action, SetDeck):
        if len(action.cards) > MAX_DECK_CARDS:
            return f"a deck may hold at most {MAX_DECK_CARDS} cards, got {len(action.cards)}"
        bad = [c for c in action.cards if c not in f.cards]
        if bad:
            return f"unknown card id(s): {', '.join(map(str, bad))}"
    return None


def check_director(f: Facts, state: SonicState, action: object) -> None:
    """Raise :class:`IllegalActionError` if a Battle Racers director action is refused."""
    problem = director_problem(f, state, action)
    if problem is not None:
        raise IllegalActionError(problem, action=action)


def apply_director(f: Facts, state: SonicState, action: object) -> SonicState:
    """The state after a checked director action."""
    if isinstance(action, SetDeck):
        return fast_replace(state, deck=tuple(action.cards))
    assert isinstance(action, SetSpeed | SetRings | SetAbility)
    seat = action.player
    token = state.token(seat)
    board = state.board
    if isinstance(action, SetSpeed):
        return fast_replace(state, board=board.with_racer(fast_replace(token, speed=action.value)))
    if isinstance(action, SetRings):
        diff = action.count - token.rings
        stacks = spread_rings(action.count, len(token.stacks))
        board = fast_replace(board, ring_pile=board.ring_pile - diff)
        return fast_replace(state, board=board.with_racer(fast_replace(token, stacks=stacks)))
    body = f.racers[state.setup.racers[seat]]
    new = racer_token(
        token.id,
        token.pos,
        body,
        f.racers[action.racer],
        default_speed=state.options.start_speed,
        stacks=token.stacks,
        speed=token.speed,
        badniks=token.badniks,
        shield=token.shield,
    )
    return fast_replace(
        state, board=board.with_racer(new), abilities=set_at(state.abilities, seat, action.racer)
    )
