"""The vocabulary of movement: kinds of movement, the movement rulings, paths and results.

Shared by the path search (:mod:`.path_search`), the damage procedure (:mod:`.racer_damage`)
and the space-by-space walk (:mod:`.walker`), with the small per-board lookups they
all use (badnik reach, the feature at a space, a Turn lane's Speed cap).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ...core.errors import RacerlabError
from ..board.board import Badnik
from ..track import Direction

if TYPE_CHECKING:
    from ...core.rules import Event
    from ..board.board import Board, RacerToken
    from ..track import Cell, Coord, Feature

__all__ = [
    "DEFAULT_RULES",
    "GROUND",
    "MAX_SPEED",
    "MIN_SPEED",
    "SPRING_SLOWDOWN",
    "STEPS",
    "WATER_SPEED",
    "MoveOutcome",
    "MoveResult",
    "MoveRules",
    "Movement",
    "Path",
    "badnik_reach",
    "feature_at",
    "feature_of",
    "landing_orders",
    "speed_cap_at",
    "step_from",
]

MIN_SPEED = 1
"""Speed never drops below 1."""
MAX_SPEED = 9
"""The absolute maximum Speed (terrain, Abilities and Powers)."""
WATER_SPEED = 2
"""Water reduces a racer's Speed to this."""
SPRING_SLOWDOWN = 3
"""A spring reduces a racer's Speed by this much."""


class Movement(Enum):
    """How a racer moves."""

    RUN = "run"
    """Every space entered acts on the racer."""
    SPIN = "spin"
    """A Run that damages racers and crawling badniks in the spaces entered."""
    JUMP = "jump"
    """Spaces passed over act only through elevation and badnik attacks; the landing space
    acts fully."""
    HIGH_JUMP = "high-jump"
    """A jump ignoring badniks, their attacks, obstacles and elevation (springs, Powers)."""


GROUND = (Movement.RUN, Movement.SPIN)
STEPS = (Direction.FORWARD, Direction.UP, Direction.DOWN)


@dataclass(frozen=True)
class MoveRules:
    """Rulings on movement the rulebook leaves open (see docs/rulings.md).

    >>> MoveRules().buzz_bomber_reach
    'lane'
    """

    buzz_bomber_reach: str = "lane"
    """``"lane"``: a Buzz Bomber covers the 3 spaces before it in its own lane;
    ``"column"``: the 3 spaces of the column just before it (its lane and both neighbours)."""
    turn_sets_speed: bool = False
    """False: entering a Turn lane lowers Speed to the lane number (never raises it);
    True: sets Speed to the lane number either way."""
    spring_extra_spaces: int = 1
    """Length of the High Jump a spring gives when it is the last space of a movement
    (otherwise the High Jump is the rest of the movement)."""
    large_keeps_stack: bool = True
    """A large-base racer damaged with more than 1 ring keeps its left-most stack."""
    water_sets_speed: bool = False
    """False: water lowers Speed to 2 (a racer at Speed 1 stays at 1); True: sets it to 2."""
    stop_at_damage: bool = True
    """Paths end at a space that is sure to damage the racer (switch off for shielded racers)."""
    start_restart: str = "grid"
    """Where a racer damaged without rings in the Start Line section restarts: ``"grid"``, the
    section's first column (on the starting grid, the literal reading); ``"line"``, the first
    column past the Start Line (a racer still on the grid keeps its column)."""
    speed_min: int = MIN_SPEED
    """The lowest Speed (the rule option ``SonicOptions.speed_min``)."""
    speed_max: int = MAX_SPEED
    """The highest Speed through terrain, Abilities and Powers (``SonicOptions.speed_max``)."""

    def __post_init__(self) -> None:
        if self.buzz_bomber_reach not in ("lane", "column"):
            raise RacerlabError(
                f"buzz_bomber_reach must be 'lane' or 'column', got {self.buzz_bomber_reach!r}"
            )
        if self.start_restart not in ("grid", "line"):
            raise RacerlabError(
                f"start_restart must be 'grid' or 'line', got {self.start_restart!r}"
            )
        if not 0 <= self.spring_extra_spaces <= MAX_SPEED:
            raise RacerlabError(f"spring_extra_spaces must be 0..9, got {self.spring_extra_spaces}")
        if not MIN_SPEED <= self.speed_min <= self.speed_max <= MAX_SPEED:
            raise RacerlabError(
                f"speeds must keep {MIN_SPEED} <= speed_min <= speed_max <= {MAX_SPEED}, "
                f"got {self.speed_min} and {self.speed_max}"
            )

    def limit_speed(self, speed: int, cap: int) -> int:
        """``speed`` held within these rulings' Speed range and at most ``cap`` (a Turn lane's
        number); the minimum wins over a lower cap, as in the movement physics.

        >>> MoveRules(speed_min=2, speed_max=8).limit_speed(9, 9), MoveRules().limit_speed(0, 9)
        (8, 1)
        """
        return max(self.speed_min, min(speed, self.speed_max, cap))


DEFAULT_RULES = MoveRules()
"""The default rulings."""


@dataclass(frozen=True, slots=True)
class Path:
    """One way to move: the directions stepped, the space each step enters, where a treadmill
    then pushed the racer (or ``None``), and whether the path was ``"complete"``, ``"stopped"``
    (an obstacle or sure damage ends it) or hit the ``"edge"`` of the laid track.

    ``pushes`` is empty when no treadmill pushed the racer, and ``kinds`` (the movement of
    each step) is empty unless a spring turned the rest of the move into a High Jump.
    ``landings`` lists every step (0-based) where a jump or High Jump lands: the last step
    of a jump that reaches its landing space, and a landing on a spring that launches a
    further High Jump. :func:`paths` decides it and :func:`resolve_move` obeys it, so a
    jump whose landing is cut short by a treadmill push into an obstacle (``"stopped"``)
    still lands first."""

    steps: tuple[Direction, ...]
    spaces: tuple[Coord, ...]
    pushes: tuple[Coord | None, ...] = ()
    ends: str = "complete"
    kinds: tuple[Movement, ...] = ()
    landings: tuple[int, ...] = ()

    @property
    def end(self) -> Coord | None:
        """Where the racer stands after the path (``None`` for an empty path)."""
        if not self.spaces:
            return None
        return (self.pushes and self.pushes[-1]) or self.spaces[-1]


@dataclass(frozen=True, slots=True)
class MoveResult:
    """What a movement did: the new board and mover, the events, where it ended and why."""

    board: Board
    mover: RacerToken
    events: tuple[Event, ...]
    ended_at: Coord
    damaged: tuple[str, ...]
    spaces_moved: int
    stopped: bool
    hit_boss: bool


@dataclass(frozen=True, slots=True)
class MoveOutcome:
    """What a movement leaves its mover with (the lean walk's result, no events): its token,
    the racers it damaged (itself included), how it reached the boss (``"spin"`` or
    ``"landing"`` per contact) and the board besides the mover (its token there is not
    the one after the move: use ``mover``)."""

    mover: RacerToken
    damaged: tuple[str, ...]
    boss_hits: tuple[str, ...]
    board: Board


# -- per-board lookups -------------------------------------------------------------
def badnik_reach(board: Board, rules: MoveRules) -> tuple[frozenset[Coord], frozenset[Coord]]:
    """(Buzz Bomber reach, Crabmeat reach) on ``board``; cached on the board."""
    key = ("zones", rules.buzz_bomber_reach)
    memo = board.layout_memo()
    got = memo.get(key)
    if got is not None:
        return got
    buzz: set[Coord] = set()
    crab: set[Coord] = set()
    for (col, lane), badnik in board.badniks:
        if badnik is Badnik.BUZZ_BOMBER:
            if rules.buzz_bomber_reach == "lane":
                buzz.update((col - k, lane) for k in (1, 2, 3))
            else:
                buzz.update((col - 1, lane + k) for k in (-1, 0, 1))
        elif badnik is Badnik.CRABMEAT:
            crab.update(((col, lane - 1), (col, lane + 1)))
    got = (frozenset(buzz), frozenset(crab))
    memo[key] = got
    return got


def feature_at(
    board: Board, pos: Coord, ignore: tuple[str, ...]
) -> tuple[Feature | None, Direction | None]:
    """The feature shown at ``pos`` and its direction, unless the racer ignores it."""
    return feature_of(board.terrain(*pos), ignore)


def feature_of(cell: Cell, ignore: tuple[str, ...]) -> tuple[Feature | None, Direction | None]:
    """The feature of ``cell`` and its direction, unless the racer ignores it."""
    feature = cell.feature
    if feature is None or (ignore and feature.value in ignore):
        return None, None
    return feature, cell.direction


def step_from(pos: Coord, d: Direction) -> Coord:
    """The space one step ``d`` from ``pos``."""
    dc, dl = d.delta
    return (pos[0] + dc, pos[1] + dl)


def landing_orders(
    token: RacerToken, kind: Movement, spaces: tuple[Coord, ...]
) -> tuple[bool, ...]:
    """The ``back_first`` choices a movement offers: a large-base racer jumping somewhere
    may land its back space first (``(False, True)``); any other movement, ``(False,)``.

    >>> from racerlab.sonic.board import RacerToken
    >>> landing_orders(RacerToken("big", 0, 2, large=True), Movement.JUMP, ((1, 2),))
    (False, True)
    >>> landing_orders(RacerToken("big", 0, 2, large=True), Movement.RUN, ((1, 2),))
    (False,)
    """
    if token.large and spaces and kind in (Movement.JUMP, Movement.HIGH_JUMP):
        return (False, True)
    return (False,)


def speed_cap_at(board: Board, pos: Coord, rules: MoveRules = DEFAULT_RULES) -> int:
    """Highest Speed a racer may have on ``pos``: the lane number in a Turn, else the
    rulings' highest Speed (9 by default)."""
    cap = board.track.turn_lane(*pos)
    return rules.speed_max if cap is None else min(cap, rules.speed_max)
