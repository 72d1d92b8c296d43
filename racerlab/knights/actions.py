"""What a player (or the director) can do in a joust, as small frozen values.

Distances are in M, angles in degrees (positive turns left, counter-clockwise).
A target is a racer (``Target.racer(i)``) or a waypoint's blocker
(``Target.blocker(w)``); indexes are 0-based.

>>> Move(0.5).describe()
'Move forward 0.5M'
>>> Fire(Target.blocker(0)).describe()
'Fire at the blocker of waypoint 1'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import Enum

from ..core.rules import Action, DirectorAction
from .geometry.body import Pose
from .geometry.motion import Direction
from .parts import Side

__all__ = [
    "ACTION_TYPES",
    "AdjustStat",
    "Bid",
    "Direction",
    "Discharge",
    "DriveRoll",
    "EndTurn",
    "Fire",
    "Move",
    "PlaceRacer",
    "Ram",
    "Repair",
    "SetBlocker",
    "SetDurability",
    "SetGlory",
    "SetNextWaypoint",
    "SetStat",
    "SetTokens",
    "SetValor",
    "SurgeChoice",
    "SwapPart",
    "Target",
    "TargetKind",
    "Turn",
]


class TargetKind(Enum):
    """What an attack is aimed at."""

    RACER = "racer"
    """Another racer."""
    BLOCKER = "blocker"
    """The blocker standing on a waypoint."""


# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_RACER = TargetKind.RACER
_BLOCKER = TargetKind.BLOCKER


@dataclass(frozen=True, slots=True)
class Target:
    """A racer (by player index) or a waypoint blocker (by waypoint index)."""

    kind: TargetKind
    index: int

    @classmethod
    def racer(cls, player: int) -> Target:
        """Aim at player ``player``'s racer."""
        return _target(cls, _RACER, player)

    @classmethod
    def blocker(cls, waypoint: int) -> Target:
        """Aim at the blocker of waypoint ``waypoint`` (0-based)."""
        return _target(cls, _BLOCKER, waypoint)

    def label(self) -> str:
        """Plain words for the target."""
        if self.kind is _RACER:
            return f"player {self.index + 1}"
        return f"the blocker of waypoint {self.index + 1}"


def _target(cls: type[Target], kind: TargetKind, index: int) -> Target:
    """A target; the usual ones (a whole-number index) are made once and shared (frozen)."""
    if type(index) is int:
        return _shared_target(cls, kind is _RACER, index)
    return cls(kind, index)


@functools.lru_cache(maxsize=256)
def _shared_target(cls: type[Target], racer: bool, index: int) -> Target:
    # keyed by a bool, not the kind: an Enum member hashes in Python, a bool does not
    return cls(_RACER if racer else _BLOCKER, index)


@dataclass(frozen=True, slots=True)
class DriveRoll(Action):
    """Make the drive roll, declaring Valor on Reflexes and Speed first."""

    valor_reflexes: int = 0
    valor_speed: int = 0

    def describe(self) -> str:
        extra = []
        if self.valor_reflexes:
            extra.append(f"{self.valor_reflexes} Valor on Reflexes")
        if self.valor_speed:
            extra.append(f"{self.valor_speed} Valor on Speed")
        return "Drive roll" + (f" ({', '.join(extra)})" if extra else "")


@dataclass(frozen=True, slots=True)
class SurgeChoice(Action):
    """With Surge: keep the drive roll or roll again (the re-roll stands)."""

    reroll: bool

    def describe(self) -> str:
        return "Surge: re-roll the drive roll" if self.reroll else "Keep the drive roll"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move up to 1M in a straight line (forward, reverse, or sideways with Sidewinder)."""

    distance: float
    direction: Direction = Direction.FORWARD

    def describe(self) -> str:
        return f"Move {self.direction.value} {self.distance:g}M"


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """Turn about the centre mark of one side (left or right); + is left."""

    degrees: float
    pivot: Side = Side.LEFT

    def describe(self) -> str:
        way = "left" if self.degrees > 0 else "right"
        return f"Turn {abs(self.degrees):g} degrees {way} about the {self.pivot.value} mark"


@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Fire the weapon at ``target``; ``valor`` is the attacker's opening Strength bid.

    ``heavy`` pays 4 Speed for +1 Damage (Heavy weapons); ``spin`` is the
    rotation (degrees, + left) a Spin weapon gives on damage; ``side`` the
    side to hit when the attacker chooses it (``None``: the engine picks).
    """

    target: Target
    valor: int = 0
    heavy: bool = False
    spin: float = 0.0
    side: Side | None = None

    def describe(self) -> str:
        extra = " (heavy)" if self.heavy else ""
        bid = f" with {self.valor} Valor" if self.valor else ""
        return f"Fire at {self.target.label()}{extra}{bid}"


@dataclass(frozen=True, slots=True)
class Ram(Action):
    """Drive straight ahead into ``target`` and Ram it; ends the round.

    ``side`` is the side to hit when the chooser (an option) is the rammer.
    """

    target: Target
    valor: int = 0
    side: Side | None = None

    def describe(self) -> str:
        bid = f" with {self.valor} Valor" if self.valor else ""
        return f"Ram {self.target.label()}{bid}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Add Valor during an attack's bidding (0 passes)."""

    valor: int = 0

    def describe(self) -> str:
        return f"Add {self.valor} Valor" if self.valor else "Pass (no more Valor)"


@dataclass(frozen=True, slots=True)
class Discharge(Action):
    """Instead of attacking, shoot straight back up to 3M at 1 Speed per space."""

    distance: float

    def describe(self) -> str:
        return f"Discharge back {self.distance:g}M"


@dataclass(frozen=True, slots=True)
class Repair(Action):
    """Spend the whole round repairing ``amount`` Durability (needs a roll above it)."""

    amount: int

    def describe(self) -> str:
        return f"Repair {self.amount}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Stop acting this round (any Speed Points left are lost)."""

    def describe(self) -> str:
        return "End turn"


# -- director ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SwapPart(DirectorAction):
    """Director: put part ``part_id`` in ``slot`` of a racer (chassis, engine, ... or a side)."""

    player: int
    slot: str
    part_id: str


@dataclass(frozen=True, slots=True)
class AdjustStat(DirectorAction):
    """Director: add ``delta`` to one stat of a racer, on top of its build."""

    player: int
    stat: str
    delta: int


@dataclass(frozen=True, slots=True)
class SetDurability(DirectorAction):
    """Director: set a racer's Durability (1 to its starting Durability)."""

    player: int
    value: int


@dataclass(frozen=True, slots=True)
class PlaceRacer(DirectorAction):
    """Director: put a racer at ``pose`` (refused if it would overlap something)."""

    player: int
    pose: Pose


@dataclass(frozen=True, slots=True)
class SetStat(DirectorAction):
    """Director: make one stat of a racer exactly ``value`` (an absolute :class:`AdjustStat`)."""

    player: int
    stat: str
    value: int


@dataclass(frozen=True, slots=True)
class SetTokens(DirectorAction):
    """Director: set how many Slow and Weakness tokens a racer carries."""

    player: int
    slow: int
    weakness: int


@dataclass(frozen=True, slots=True)
class SetValor(DirectorAction):
    """Director: set the Valor a racer has left to spend."""

    player: int
    value: int


@dataclass(frozen=True, slots=True)
class SetGlory(DirectorAction):
    """Director: set a racer's Glory."""

    player: int
    value: int


@dataclass(frozen=True, slots=True)
class SetNextWaypoint(DirectorAction):
    """Director: set the waypoint a racer must cross next (0-based; the count: all crossed)."""

    player: int
    waypoint: int


@dataclass(frozen=True, slots=True)
class SetBlocker(DirectorAction):
    """Director: set the Durability left on waypoint ``waypoint``'s blocker (0: destroyed)."""

    waypoint: int
    durability: int


ACTION_TYPES = (
    DriveRoll,
    SurgeChoice,
    Move,
    Turn,
    Fire,
    Ram,
    Bid,
    Discharge,
    Repair,
    EndTurn,
    SwapPart,
    AdjustStat,
    SetDurability,
    PlaceRacer,
    SetStat,
    SetTokens,
    SetValor,
    SetGlory,
    SetNextWaypoint,
    SetBlocker,
)
"""Every action type of the game (for saving and loading)."""
