"""What players (and the director) can do in Battle Racers.

A round is played as small actions: each player in turn puts a card face down
(:class:`PlayCard`; which card stays hidden in the events until everyone has
chosen), then, in priority order, each player uses or passes on the card's
action (:class:`UseAction` / :class:`PassAction`), makes the mandatory
movement (:class:`Move`) and takes a face-up card (:class:`TakeCard`).

Paths are tuples of ``(column, lane)`` spaces entered, in order.

>>> Move(0, Movement.RUN, ((1, 2), (2, 2))).describe()
'Player 1 runs (1, 2) -> (2, 2)'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.rules import Action, DirectorAction
from .movement.vocabulary import Movement

__all__ = [
    "ActionChoice",
    "Move",
    "PassAction",
    "PlayCard",
    "SetAbility",
    "SetDeck",
    "SetRings",
    "SetSpeed",
    "TakeCard",
    "UseAction",
]

Path = tuple[tuple[int, int], ...]


class ActionChoice(enum.Enum):
    """What a player does with a card's action (see :mod:`racerlab.sonic.rounds`)."""

    __hash__ = object.__hash__  # members are singletons: hashed by identity (dict keys)

    SPEED = "speed"
    """The card's Speed change (its ``speed`` in the card data: Brake -4, Shift/Spin/Boost +1,
    Sprint +2)."""
    RUN = "run"
    """Run the given path (Shift 1 space, Spring up to 2)."""
    JUMP = "jump"
    """Jump the given path (Spring up to 2, Boost 1 space)."""
    SPIN = "spin"
    """Spin this turn (Spin; Spin Dash also gives +3 at speed 1 or 2)."""
    POWER = "power"
    """Use the racer's Power (with a path for powers that move)."""


def _who(player: int) -> str:
    return f"Player {player + 1}"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Put ``card`` from the hand face down for this round."""

    player: int
    card: str

    def describe(self) -> str:
        return f"{_who(self.player)} plays a card face down"


@dataclass(frozen=True, slots=True)
class PassAction(Action):
    """Pass on the played card's action."""

    player: int

    def describe(self) -> str:
        return f"{_who(self.player)} passes on the action"


@dataclass(frozen=True, slots=True)
class UseAction(Action):
    """Use the played card's action as ``choice`` (``path`` for run/jump/moving powers)."""

    player: int
    choice: ActionChoice
    path: Path = ()

    def describe(self) -> str:
        where = f" along {' -> '.join(map(str, self.path))}" if self.path else ""
        return f"{_who(self.player)} uses the action: {self.choice.value}{where}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """The card's mandatory movement along ``path``."""

    player: int
    kind: Movement
    path: Path
    back_first: bool = False
    """A large-base racer landing: take the space behind first."""

    def describe(self) -> str:
        verb = {"run": "runs", "spin": "spins", "jump": "jumps", "high-jump": "high-jumps"}
        return f"{_who(self.player)} {verb[self.kind.value]} " + " -> ".join(map(str, self.path))


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Discard the played card and take ``card`` from the face-up row."""

    player: int
    card: str

    def describe(self) -> str:
        return f"{_who(self.player)} takes face-up card {self.card}"


@dataclass(frozen=True, slots=True)
class SetSpeed(DirectorAction):
    """Director: set a racer's speed (1..9)."""

    player: int
    value: int


@dataclass(frozen=True, slots=True)
class SetRings(DirectorAction):
    """Director: set how many rings a racer holds (rings come from / go to the pile)."""

    player: int
    count: int


@dataclass(frozen=True, slots=True)
class SetAbility(DirectorAction):
    """Director: give a seat the Ability and Power of another racer (by racer id)."""

    player: int
    racer: str


@dataclass(frozen=True, slots=True)
class SetDeck(DirectorAction):
    """Director: replace the draw deck by these card ids (top first)."""

    cards: tuple[str, ...]
