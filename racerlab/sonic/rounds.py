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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .movement.vocabulary import Movement
from .options import DeckOut, TieBreak

if TYPE_CHECKING:
    from ..core.dice import ChanceSource
    from .options import SonicOptions

__all__ = [
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
    """The eight Agility Card actions (rulebook). What each offers (a Speed change, a short
    run or jump, a spin) is card data: :class:`CardFacts`, read from ``cards.toml``."""

    BRAKE = "brake"
    """Slow down."""
    SHIFT = "shift"
    """A short run, or speed up."""
    SPRING = "spring"
    """A short run or jump."""
    SPIN_DASH = "spin-dash"
    """Spin; and a Speed bonus at low Speed (the options' ``spin_dash_*``)."""
    SPIN = "spin"
    """Spin, or speed up."""
    BOOST = "boost"
    """A short jump, or speed up."""
    SPRINT = "sprint"
    """Speed up."""
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


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the rules need of an Agility Card: its order, action, movement and the numbers
    of its action (from the card data)."""

    id: str
    name: str
    priority: int
    action: CardAction
    movement: CardMovement
    speed: int
    """The Speed change the action offers (0: none)."""
    run: int
    """The action offers a run of 1 up to this many spaces (0: none)."""
    jump: int
    """The action offers a jump of 1 up to this many spaces (0: none)."""
    spin: bool
    """The action lets the racer spin."""
    steps: tuple[tuple[str, int], ...] = field(init=False, repr=False, compare=False)
    """The runs and jumps the action offers, ``("run" | "jump", spaces)``, runs first."""

    def __post_init__(self) -> None:
        runs = tuple(("run", n) for n in range(1, self.run + 1))
        jumps = tuple(("jump", n) for n in range(1, self.jump + 1))
        object.__setattr__(self, "steps", runs + jumps)


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
    card: CardFacts,
    speed: int,
    *,
    cap: int,
    turn_cap: int | None,
    options: SonicOptions,
) -> tuple[int, ...]:
    """The speeds ``card``'s action can leave before the movement: passing keeps ``speed``;
    a Speed change changes it (up to ``cap``); Spin Dash adds its bonus at low speed.

    >>> from racerlab.sonic.options import SonicOptions
    >>> sprint = CardFacts("s", "Sprint", 7, CardAction.SPRINT, CardMovement.RUN, 2, 0, 0, False)
    >>> action_speeds(sprint, 3, cap=6, turn_cap=None, options=SonicOptions())
    (3, 5)
    """
    speeds = {speed}
    lo = options.speed_min
    if card.speed:
        speeds.add(card_speed(speed, card.speed, cap=cap, lo=lo, turn_cap=turn_cap))
    if card.action is CardAction.SPIN_DASH and speed <= options.spin_dash_low:
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
