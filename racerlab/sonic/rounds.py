"""Cards and rounds: card facts, priority order, drawing and refilling, speed limits.

Pure helpers the rules engine uses; each rule lives here once.

>>> resolution_order({0: 20, 1: 45, 2: 33}, boss_priority=33)
(1, 2, -1, 0)
>>> card_speed(5, +2, cap=6)        # card actions stop at 6
6
>>> card_speed(8, +1, cap=6)        # ... but do not lower a speed already above 6
8
>>> card_speed(3, -4, cap=6)        # never below 1
1
>>> card_speed(5, +1, cap=6, turn_cap=4)   # a Turn lane caps everything
4
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..core.dice import ChanceSource
from .movement import Movement
from .options import DeckOut, SonicOptions, TieBreak

__all__ = [
    "ACTION_STEPS",
    "SPEED_DELTA",
    "SPINS",
    "CardAction",
    "CardFacts",
    "CardMovement",
    "action_speeds",
    "card_speed",
    "draw_card",
    "movement_kinds",
    "resolution_order",
]

BOSS = -1


class CardAction(enum.Enum):
    """The eight Agility Card actions (rulebook)."""

    BRAKE = "brake"
    """Speed -4."""
    SHIFT = "shift"
    """Run 1 space, or Speed +1."""
    SPRING = "spring"
    """Run or jump up to 2 spaces."""
    SPIN_DASH = "spin-dash"
    """Spin; and Speed +3 if Speed is 1 or 2."""
    SPIN = "spin"
    """Spin, or Speed +1."""
    BOOST = "boost"
    """Jump 1 space, or Speed +1."""
    SPRINT = "sprint"
    """Speed +2."""
    POWER = "power"
    """Use the racer's Power."""


class CardMovement(enum.Enum):
    """The mandatory movement printed on an Agility Card."""

    RUN = "run"
    """Run (spin, if the action made the racer spin) a number of spaces equal to Speed."""
    JUMP = "jump"
    """Jump a number of spaces equal to Speed."""
    RUN_OR_JUMP = "run-or-jump"
    """Run or jump, the player's choice."""


SPEED_DELTA: Mapping[CardAction, int] = {
    CardAction.BRAKE: -4,
    CardAction.SHIFT: +1,
    CardAction.SPIN: +1,
    CardAction.BOOST: +1,
    CardAction.SPRINT: +2,
}
"""Speed changes of the actions that offer one (rulebook)."""

ACTION_STEPS: Mapping[CardAction, tuple[tuple[str, int], ...]] = {
    CardAction.SHIFT: (("run", 1),),
    CardAction.SPRING: (("run", 1), ("run", 2), ("jump", 1), ("jump", 2)),
    CardAction.BOOST: (("jump", 1),),
}
"""Moves an action offers: (run or jump, spaces) (rulebook: Shift, Spring, Boost)."""

SPINS = frozenset({CardAction.SPIN, CardAction.SPIN_DASH})
"""Actions that let the racer spin."""


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the rules need of an Agility Card."""

    id: str
    name: str
    priority: int
    action: CardAction
    movement: CardMovement


def card_speed(
    current: int,
    delta: int,
    *,
    cap: int,
    lo: int = 1,
    turn_cap: int | None = None,
) -> int:
    """Speed after a change that may raise Speed only up to ``cap``.

    A raise never lowers a speed already above ``cap`` (terrain may have put it
    there); a fall stops at ``lo``; a Turn lane's number caps the result.
    """
    if delta >= 0:
        new = current if current >= cap else min(current + delta, cap)
    else:
        new = max(current + delta, lo)
    if turn_cap is not None:
        new = min(new, turn_cap)
    return max(new, lo)


def movement_kinds(movement: CardMovement, spin: bool = False) -> tuple[Movement, ...]:
    """The movement kinds a card's movement allows (a run is a spin after Spin/Spin Dash).

    >>> [k.value for k in movement_kinds(CardMovement.RUN_OR_JUMP, spin=True)]
    ['spin', 'jump']
    """
    ground = Movement.SPIN if spin else Movement.RUN
    if movement is CardMovement.RUN:
        return (ground,)
    if movement is CardMovement.JUMP:
        return (Movement.JUMP,)
    return (ground, Movement.JUMP)


def action_speeds(
    action: CardAction,
    speed: int,
    *,
    cap: int,
    turn_cap: int | None,
    options: SonicOptions,
) -> tuple[int, ...]:
    """The speeds a card's action can leave before the movement: passing keeps ``speed``;
    a speed action changes it (up to ``cap``); Spin Dash adds its bonus at low speed.

    >>> action_speeds(CardAction.SPRINT, 3, cap=6, turn_cap=None, options=SonicOptions())
    (3, 5)
    """
    speeds = {speed}
    lo = options.speed_min
    if action in SPEED_DELTA:
        speeds.add(card_speed(speed, SPEED_DELTA[action], cap=cap, lo=lo, turn_cap=turn_cap))
    if action is CardAction.SPIN_DASH and speed <= options.spin_dash_low:
        speeds.add(card_speed(speed, options.spin_dash_bonus, cap=cap, lo=lo, turn_cap=turn_cap))
    return tuple(sorted(speeds))


def resolution_order(
    priorities: Mapping[int, int],
    boss_priority: int | None = None,
    *,
    tie_break: TieBreak = TieBreak.SEAT,
    progress: Callable[[int], int] | None = None,
) -> tuple[int, ...]:
    """Seats from the highest priority down; the boss (``-1``) after equal Agility Cards.

    Equal priorities among players (possible only with custom decks) follow
    ``tie_break``: seat order, or the racer furthest along first (``progress``).
    """

    def key(seat: int) -> tuple:
        lead = -progress(seat) if (progress is not None and tie_break is TieBreak.LEADER) else 0
        return (-priorities[seat], lead, seat)

    seats = sorted(priorities, key=key)
    if boss_priority is None:
        return tuple(seats)
    out = [s for s in seats if priorities[s] >= boss_priority]
    out.append(BOSS)
    out.extend(s for s in seats if priorities[s] < boss_priority)
    return tuple(out)


def draw_card(
    deck: Sequence[str],
    discard: Sequence[str],
    chance: ChanceSource,
    deck_out: DeckOut,
) -> tuple[str | None, tuple[str, ...], tuple[str, ...], int]:
    """Draw the top card; if the deck is empty, reshuffle the discards first (per option).

    Returns ``(card or None, deck, discard, cards reshuffled)``.
    """
    deck = tuple(deck)
    discard = tuple(discard)
    reshuffled = 0
    if not deck and discard and deck_out is DeckOut.RESHUFFLE:
        reshuffled = len(discard)
        deck = tuple(chance.shuffle(sorted(discard), "reshuffle the discards"))
        discard = ()
    if not deck:
        return None, deck, discard, reshuffled
    return deck[0], deck[1:], discard, reshuffled
