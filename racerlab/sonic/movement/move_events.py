"""Events of movement on the track: what terrain, badniks, rings and damage did, with numbers.

Each event says in plain words what happened (:meth:`describe`). They are
produced by :mod:`racerlab.sonic.movement` and the token helpers of
:mod:`racerlab.sonic.board`; the game engine adds them to its own log.

An event names a racer by its catalog id (``racer``, ``by``), as the board does; the
rules then give it the printed names (``name``, ``by_name``: see
:func:`racerlab.sonic.play.event_names.name_events`), which :meth:`describe` shows. The
names take no part in comparing or printing an event (its value stays the same).

>>> SpeedChanged("sonic", (4, 2), 3, 4, "accelerator").describe()
'sonic: Speed 3 -> 4 (accelerator at column 4, lane 3)'
>>> SpeedChanged("sonic", (4, 2), 3, 4, "accelerator", name="Sonic").describe()
'Sonic: Speed 3 -> 4 (accelerator at column 4, lane 3)'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...core.rules import Event
from ..board.board import Badnik

if TYPE_CHECKING:
    from ..track import Coord

__all__ = [
    "BADNIK_NAMES",
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
    "by_words",
    "where",
]

BADNIK_NAMES = {
    Badnik.BUZZ_BOMBER: "Buzz Bomber",
    Badnik.CRABMEAT: "Crabmeat",
    Badnik.MOTO_BUG: "Moto Bug",
    Badnik.SPINNER: "Spinner",
}
"""Each badnik's printed name."""

_BY_BADNIK = {b.value: name for b, name in BADNIK_NAMES.items()}


class _RacerEvent(Event):
    """An event about one racer, named by id in ``racer`` and by its printed name in
    ``name`` once the rules have named it."""

    __slots__ = ()
    racer: str
    name: str

    @property
    def who(self) -> str:
        """The racer in words: its printed name, else its id."""
        return self.name or self.racer


def _by(e: RacerDamaged | ShieldUsed) -> str:
    return e.by_name or e.by


def by_words(by: str, names: Mapping[str, str]) -> str:
    """What did damage, in words: a racer or boss id (alone or as ``"<id>'s spin"``) by its
    name in ``names``, a badnik by its printed name, anything else as it is.

    >>> by_words("amy's spin", {"amy": "Amy"}), by_words("moto-bug", {}), by_words("spike", {})
    ("Amy's spin", 'a Moto Bug', 'a spike')
    """
    if by in names:
        return names[by]
    if by in _BY_BADNIK:
        return f"a {_BY_BADNIK[by]}"
    if by == "spike":
        return "a spike"
    who, sep, how = by.partition("'s ")
    return f"{names[who]}'s {how}" if sep and who in names else by


def where(pos: Coord) -> str:
    """A space in words, with the lane numbered 1..5 as on the board."""
    return f"column {pos[0]}, lane {pos[1] + 1}"


@dataclass(frozen=True, slots=True)
class SpeedChanged(_RacerEvent):
    """A space changed a racer's Speed (pad, water, oil, spring, Turn lane)."""

    racer: str
    at: Coord
    before: int
    after: int
    cause: str

    name: str = field(default="", compare=False, repr=False)
    """The racer's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.who}: Speed {self.before} -> {self.after} ({self.cause} at {where(self.at)})"


@dataclass(frozen=True, slots=True)
class ObstacleHit(_RacerEvent):
    """An obstacle (a higher space) stopped a racer: Speed 1, movement over."""

    racer: str
    at: Coord
    from_elevation: int
    elevation: int

    name: str = field(default="", compare=False, repr=False)
    """The racer's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        """One line of plain words."""
        return (
            f"{self.who} hit an obstacle at {where(self.at)} (elevation {self.elevation} "
            f"from {self.from_elevation}): Speed 1, movement ends"
        )


@dataclass(frozen=True, slots=True)
class RacerDamaged(_RacerEvent):
    """A racer was damaged and where it went."""

    racer: str
    by: str
    at: Coord
    to: Coord
    had_rings: bool
    rings_dropped: int
    speed: int

    name: str = field(default="", compare=False, repr=False)
    """The racer's printed name (empty: its id is shown)."""
    by_name: str = field(default="", compare=False, repr=False)
    """What did the damage, in words (empty: ``by`` as it is)."""

    def describe(self) -> str:
        """One line of plain words."""
        if self.had_rings:
            return (
                f"{self.who} damaged by {_by(self)} at {where(self.at)}: dropped "
                f"{self.rings_dropped} rings, moved to {where(self.to)}, Speed {self.speed}"
            )
        return (
            f"{self.who} damaged by {_by(self)} at {where(self.at)} with no rings: back to "
            f"{where(self.to)}, Speed {self.speed}"
        )


@dataclass(frozen=True, slots=True)
class ShieldUsed(_RacerEvent):
    """A shield absorbed damage."""

    racer: str
    by: str
    at: Coord

    name: str = field(default="", compare=False, repr=False)
    """The racer's printed name (empty: its id is shown)."""
    by_name: str = field(default="", compare=False, repr=False)
    """What did the damage, in words (empty: ``by`` as it is)."""

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.who}'s shield stopped damage from {_by(self)} at {where(self.at)}"


@dataclass(frozen=True, slots=True)
class BadnikDestroyed(_RacerEvent):
    """A racer destroyed a badnik and took its token."""

    racer: str
    badnik: Badnik
    at: Coord

    name: str = field(default="", compare=False, repr=False)
    """The racer's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        """One line of plain words."""
        badnik = BADNIK_NAMES.get(self.badnik, self.badnik.value)
        return f"{self.who} destroyed a {badnik} at {where(self.at)}"


@dataclass(frozen=True, slots=True)
class RingsCollected(_RacerEvent):
    """A racer took rings from a space."""

    racer: str
    count: int
    at: Coord

    name: str = field(default="", compare=False, repr=False)
    """The racer's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.who} collected {self.count} ring(s) at {where(self.at)}"


@dataclass(frozen=True, slots=True)
class RingsDropped(Event):
    """A stack of rings was put on a space."""

    by: str
    count: int
    at: Coord

    name: str = field(default="", compare=False, repr=False)
    """The printed name of the racer who dropped them (empty: ``by`` is shown)."""

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.name or self.by} dropped {self.count} ring(s) at {where(self.at)}"


@dataclass(frozen=True, slots=True)
class Pushed(_RacerEvent):
    """A treadmill pushed a racer one space."""

    racer: str
    frm: Coord
    to: Coord

    name: str = field(default="", compare=False, repr=False)
    """The racer's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.who} pushed by a treadmill from {where(self.frm)} to {where(self.to)}"


@dataclass(frozen=True, slots=True)
class Sprung(_RacerEvent):
    """A spring launched a racer into a High Jump."""

    racer: str
    at: Coord
    spaces: int

    name: str = field(default="", compare=False, repr=False)
    """The racer's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.who} hit a spring at {where(self.at)}: High Jump of {self.spaces} space(s)"


@dataclass(frozen=True, slots=True)
class PlatformRemoved(Event):
    """A breakaway platform was taken away after a racer left it."""

    at: Coord

    def describe(self) -> str:
        """One line of plain words."""
        return f"breakaway platform at {where(self.at)} removed"


@dataclass(frozen=True, slots=True)
class BossHit(_RacerEvent):
    """A racer spun into or landed on the boss (the game engine decides what follows)."""

    racer: str
    at: Coord
    kind: str

    name: str = field(default="", compare=False, repr=False)
    """The racer's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        """One line of plain words."""
        return f"{self.who} hit the boss ({self.kind}) at {where(self.at)}"


@dataclass(frozen=True, slots=True)
class MoveEnded(_RacerEvent):
    """Where a movement ended."""

    racer: str
    at: Coord
    speed: int
    spaces: int
    kind: str

    name: str = field(default="", compare=False, repr=False)
    """The racer's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        """One line of plain words."""
        return (
            f"{self.who} {self.kind} {self.spaces} space(s), ending at {where(self.at)} "
            f"with Speed {self.speed}"
        )
