"""Events of movement on the track: what terrain, badniks, rings and damage did, with numbers.

Each event says in plain words what happened (:meth:`describe`). They are
produced by :mod:`racerlab.sonic.movement` and the token helpers of
:mod:`racerlab.sonic.board`; the game engine adds them to its own log.

>>> SpeedChanged("sonic", (4, 2), 3, 4, "accelerator").describe()
'sonic: Speed 3 -> 4 (accelerator at column 4, lane 3)'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.rules import Event
from .board import Badnik
from .track import Coord

__all__ = [
    "BadnikDestroyed",
    "BossHit",
    "MoveEnded",
    "ObstacleHit",
    "PlatformRemoved",
    "Pushed",
    "RacerDamaged",
    "RingsCollected",
    "RingsDropped",
    "ShieldUsed",
    "SpeedChanged",
    "Sprung",
]


def where(pos: Coord) -> str:
    """A space in words, with the lane numbered 1..5 as on the board."""
    return f"column {pos[0]}, lane {pos[1] + 1}"


@dataclass(frozen=True, slots=True)
class SpeedChanged(Event):
    """A space changed a racer's Speed (pad, water, oil, spring, Turn lane)."""

    racer: str
    at: Coord
    before: int
    after: int
    cause: str

    def describe(self) -> str:
        """One line of plain words."""
        return (
            f"{self.racer}: Speed {self.before} -> {self.after} ({self.cause} at {where(self.at)})"
        )


@dataclass(frozen=True, slots=True)
class ObstacleHit(Event):
    """An obstacle (a higher space) stopped a racer: Speed 1, movement over."""

    racer: str
    at: Coord
    from_elevation: int
    elevation: int

    def describe(self) -> str:
        """One line of plain words."""
        return (
            f"{self.racer} hit an obstacle at {where(self.at)} (elevation {self.elevation} "
            f"from {self.from_elevation}): Speed 1, movement ends"
        )


@dataclass(frozen=True, slots=True)
class RacerDamaged(Event):
    """A racer was damaged and where it went."""

    racer: str
    by: str
    at: Coord
    to: Coord
    had_rings: bool
    rings_dropped: int
    speed: int

    def describe(self) -> str:
        """One line of plain words."""
        if self.had_rings:
            return (
                f"{self.racer} damaged by {self.by} at {where(self.at)}: dropped "
                f"{self.rings_dropped} rings, moved to {where(self.to)}, Speed {self.speed}"
            )
        return (
            f"{self.racer} damaged by {self.by} at {where(self.at)} with no rings: back to "
            f"{where(self.to)}, Speed {self.speed}"
        )


@dataclass(frozen=True, slots=True)
class ShieldUsed(Event):
    """A shield absorbed damage."""

    racer: str
    by: str
    at: Coord

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.racer}'s shield stopped damage from {self.by} at {where(self.at)}"


@dataclass(frozen=True, slots=True)
class BadnikDestroyed(Event):
    """A racer destroyed a badnik and took its token."""

    racer: str
    badnik: Badnik
    at: Coord

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.racer} destroyed a {self.badnik.value} at {where(self.at)}"


@dataclass(frozen=True, slots=True)
class RingsCollected(Event):
    """A racer took rings from a space."""

    racer: str
    count: int
    at: Coord

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.racer} collected {self.count} ring(s) at {where(self.at)}"


@dataclass(frozen=True, slots=True)
class RingsDropped(Event):
    """A stack of rings was put on a space."""

    by: str
    count: int
    at: Coord

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.by} dropped {self.count} ring(s) at {where(self.at)}"


@dataclass(frozen=True, slots=True)
class Pushed(Event):
    """A treadmill pushed a racer one space."""

    racer: str
    frm: Coord
    to: Coord

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.racer} pushed by a treadmill from {where(self.frm)} to {where(self.to)}"


@dataclass(frozen=True, slots=True)
class Sprung(Event):
    """A spring launched a racer into a High Jump."""

    racer: str
    at: Coord
    spaces: int

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.racer} hit a spring at {where(self.at)}: High Jump of {self.spaces} space(s)"


@dataclass(frozen=True, slots=True)
class PlatformRemoved(Event):
    """A breakaway platform was taken away after a racer left it."""

    at: Coord

    def describe(self) -> str:
        """One line of plain words."""
        return f"breakaway platform at {where(self.at)} removed"


@dataclass(frozen=True, slots=True)
class BossHit(Event):
    """A racer spun into or landed on the boss (the game engine decides what follows)."""

    racer: str
    at: Coord
    kind: str

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.racer} hit the boss ({self.kind}) at {where(self.at)}"


@dataclass(frozen=True, slots=True)
class MoveEnded(Event):
    """Where a movement ended."""

    racer: str
    at: Coord
    speed: int
    spaces: int
    kind: str

    def describe(self) -> str:
        """One line of plain words."""
        return (
            f"{self.racer} {self.kind} {self.spaces} space(s), ending at {where(self.at)} "
            f"with Speed {self.speed}"
        )
