"""The values a joust is made of: its set-up, and its state at one moment, both frozen.

A :class:`KnightsSetup` says who races, where the waypoints and racers start and how big the
arena is; it is saved with every game. The placement rules that check one, random set-ups
and the rulebook's example are in :mod:`racerlab.knights.setup` (which gives these classes
too). A :class:`KnightsState` is a snapshot of every racer, waypoint, phase and the dice.

States never change; the rules build new ones with :func:`dataclasses.replace`.
Events are not kept here (``apply`` returns them), so a state is small and
cheap to compare, copy and branch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..core.dice import DiceState
from ..core.limits import check_colour, check_name
from .actions import Target
from .build import RacerBuild
from .catalog.loaders import KnightsCatalog, load_catalog
from .geometry.body import Pose
from .options import KnightsOptions
from .parts import Side

__all__ = [
    "KnightsSetup",
    "KnightsState",
    "PendingAttack",
    "Phase",
    "PlayerSetup",
    "Pose",
    "RacerBuild",
    "RacerState",
    "Side",
    "Target",
]
"""Besides its own types, this module gives the value types a state is made of (a racer's
``RacerBuild``, its ``Pose``, a shield's ``Side``, an attack's ``Target``), so code above
the engine needs nothing else to read a state."""


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    """One player: a name, the racer's cards and an optional colour for drawings."""

    name: str
    racer: RacerBuild
    colour: str | None = None

    def __post_init__(self) -> None:
        check_name(self.name, "player name")
        if self.colour is not None:
            check_colour(self.colour, f"{self.name}'s colour")


@dataclass(frozen=True, slots=True)
class KnightsSetup:
    """Who races, where the waypoints and racers start, and the arena's size (M).

    ``waypoints`` are centres in order (waypoint 1 first); the arena's corner
    is at the origin. ``falcon_ante`` is what each player puts in the Falcons
    pot when the ``falcons_pot`` option is on.
    """

    players: tuple[PlayerSetup, ...]
    waypoints: tuple[tuple[float, float], ...]
    poses: tuple[Pose, ...]
    arena_width: float = 20.0
    arena_height: float = 20.0
    falcon_ante: int = 1


class Phase(Enum):
    """Where in the round the joust is."""

    DRIVE = "drive"
    """Players make drive rolls (in player order), declaring Valor first."""
    SURGE = "surge"
    """A player with Surge decides whether to re-roll the drive roll."""
    ACT = "act"
    """The acting player spends Speed Points."""
    BIDDING = "bidding"
    """An attack waits while attacker and defender add Valor in turn."""
    OVER = "over"
    """The race is over."""


@dataclass(frozen=True, slots=True)
class RacerState:
    """One racer in the joust: where it is, what it has left, and what it did this round."""

    build: RacerBuild
    pose: Pose
    durability: int
    start_durability: int
    glory: int = 0
    valor: int = 0
    slow: int = 0
    weakness: int = 0
    mods: tuple[tuple[str, int], ...] = ()
    """Director's stat tweaks on top of the build, as (stat, delta) pairs."""
    drive_roll: int | None = None
    valor_reflexes: int = 0
    valor_speed: int = 0
    speed_points: int = 0
    turbo_points: int = 0
    """Turbo's +2 Speed: spent on moves only, after the ordinary Speed Points."""
    turbo_used: bool = False
    """Whether Turbo's bonus paid for a move this round (no turning or shooting after)."""
    moved_since_turn: float = 0.0
    """Distance moved since the round began or the racer last turned."""
    turns_left: int = 0
    """Turns available before the racer must move 1M again (2 with Torqued)."""
    straight_run: float = 0.0
    """Distance driven forward in a straight line since the last turn (Ram Strength)."""
    turned: bool = False
    fired: bool = False
    fired_last_round: bool = False
    stalled: bool = False
    stalled_last_round: bool = False
    acted: bool = False
    """Whether the racer has done anything this round (Repair needs a whole round)."""
    done: bool = False
    """Whether the racer's actions for this round are over."""
    touching_at_start: tuple[int, ...] = ()
    """Racers this one touched when its round began (it must back off before ramming them)."""
    backed_off: bool = False
    wrecked: bool = False
    next_waypoint: int = 0
    discarded: tuple[str, ...] = ()
    """Ids of Damage Prevention mods already discarded."""


@dataclass(frozen=True, slots=True)
class PendingAttack:
    """A declared attack waiting for Valor bidding to finish.

    ``to_act`` is ``"defender"`` or ``"attacker"``; ``passes`` counts passes in
    a row (two in a row end the bidding).
    """

    attacker: int
    target: Target
    ram: bool
    heavy: bool = False
    spin: float = 0.0
    side: Side | None = None
    run_m: float = 0.0
    approach_m: float = 0.0
    valor_attacker: int = 0
    valor_defender: int = 0
    to_act: str = "defender"
    passes: int = 0


@dataclass(frozen=True, slots=True)
class KnightsState:
    """Everything about a joust at one moment (events are returned by ``apply``)."""

    setup: KnightsSetup
    options: KnightsOptions
    racers: tuple[RacerState, ...]
    blockers: tuple[int, ...]
    """Durability left on each waypoint's blocker (0: destroyed, the waypoint is open)."""
    phase: Phase
    order: tuple[int, ...]
    turn: int
    """Index into ``order`` of the acting player (or of the next to roll in DRIVE)."""
    round: int
    dice: DiceState
    pending: PendingAttack | None = None
    first_across_last: int | None = None
    end_reason: str = ""
    catalog: KnightsCatalog = field(default_factory=load_catalog, repr=False)
    """The cards and table measures this joust is played with (set by the rules that
    started it; the bundled catalog by default). Saved games do not store it."""

    @property
    def players(self) -> int:
        """How many players."""
        return len(self.racers)

    def name(self, player: int) -> str:
        """The player's name from the set-up."""
        return self.setup.players[player].name

    def active(self) -> tuple[int, ...]:
        """Players whose racers are not wrecked."""
        return tuple(i for i, r in enumerate(self.racers) if not r.wrecked)
