"""The static Battle Racers track: spaces, sections and the laid track.

Coordinates are ``(column, lane)``. Lanes are numbered 0..4 from the top of
the track (the rulebook's lane 1 is our lane 0); "up" means towards lane 0.
Column 0 is the first column of the Start Line section and columns grow in
the direction of the race. Every section has :data:`LANES` lanes.

The Start Line section begins with a small starting grid: its columns before
``line_col`` lie *behind* the start line, and racers are placed there at set-up
(see :attr:`Track.start_line_col` and :meth:`Track.grid_spaces`). The Finish
Line section's ``line_col`` is the first column past the finish line; a racer
standing in a column at or beyond :attr:`Track.finish_line_col` has crossed it.

A grid is written one string per lane, one 3-character code per column
(separated by spaces): elevation, feature, marker. See :func:`parse_code`.

>>> cell = parse_code("1>r")
>>> cell.elevation, cell.feature, cell.direction, cell.markers
(1, <Feature.ACCELERATOR: 'accelerator'>, <Direction.FORWARD: 'forward'>, (<Marker.RING: 'ring'>,))
>>> section = Section.from_grid("s", "Test", Zone.BASE, SectionType.STRAIGHT,
...     ["0.. 0..", "0.. 0xr", "0.. 0..", "0.. 0..", "0.. 0.."])
>>> section.columns, section.cells[1][1].feature
(2, <Feature.SPIKE: 'spike'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ..core.memo import BoundedDict

__all__ = [
    "LANES",
    "TRACK_MEMO_SIZE",
    "Cell",
    "Coord",
    "Direction",
    "Feature",
    "GridError",
    "Marker",
    "Platform",
    "Section",
    "SectionType",
    "Track",
    "Trap",
    "Zone",
    "cell_code",
    "parse_code",
    "parse_grid",
]

LANES = 5
"""Every track section has five lanes."""

MIN_ELEVATION = -1
"""Water."""
MAX_ELEVATION = 2
"""The highest printed elevation (rocks may add 1 on top)."""

Coord = tuple[int, int]
"""A space: ``(column, lane)``."""


class SectionType(Enum):
    """The kinds of track section."""

    START = "start"
    """The Start Line section: a starting grid behind the line, then track."""
    STRAIGHT = "straight"
    """A straight section."""
    TURN = "turn"
    """A Turn: each lane carries a speed number that caps racers in it."""
    FINISH = "finish"
    """The Finish Line section."""


class Zone(Enum):
    """The box a section comes from."""

    BASE = "base"
    """The base game (Start, Finish, 6 Straights, 2 Turns)."""
    GREEN_HILL = "green-hill"
    """Green Hill Zone expansion: water, spikes, accelerators."""
    OIL_OCEAN = "oil-ocean"
    """Oil Ocean expansion: oil pools and breakaway platforms."""
    METALLIC_MADNESS = "metallic-madness"
    """Metallic Madness expansion: treadmills and traps."""
    STUDIOPOLIS = "studiopolis"
    """Studiopolis expansion: springs and Virtual Reality tokens."""


class Feature(Enum):
    """Terrain features printed on a space (water is elevation -1, not a feature)."""

    SPIKE = "spike"
    """Damages a racer running or landing on it."""
    ACCELERATOR = "accelerator"
    """An arrow pad: +1 Speed moving the way it points, -1 moving against it (run or land)."""
    DECELERATOR = "decelerator"
    """The same arrow pad printed pointing against the race (``direction`` is BACK): it slows
    racers moving forward by 1 and speeds racers moving back by 1."""
    OIL = "oil"
    """An oil pool: Speed -1 on running or landing; a racer already at Speed 1 is damaged."""
    TREADMILL = "treadmill"
    """Pushes a racer that runs or lands on it one space the way its arrow points."""
    SPRING = "spring"
    """Speed -3 and an immediate High Jump for a racer that runs or lands on it."""


class Direction(Enum):
    """A step on the track; "up" is towards lane 0 (the rulebook's lane 1)."""

    FORWARD = "forward"
    """One column further along the race."""
    BACK = "back"
    """One column back (never a racer's own step; only pads and treadmills point back)."""
    UP = "up"
    """One lane towards lane 0."""
    DOWN = "down"
    """One lane towards lane 4."""

    @property
    def delta(self) -> Coord:
        """The ``(column, lane)`` change of one step this way."""
        return self._delta  # set once below (a dict lookup would hash the member in Python)

    @property
    def opposite(self) -> Direction:
        """The direction pointing the other way."""
        return self._opposite


_DELTAS = {
    Direction.FORWARD: (1, 0),
    Direction.BACK: (-1, 0),
    Direction.UP: (0, -1),
    Direction.DOWN: (0, 1),
}
_OPPOSITE = {
    Direction.FORWARD: Direction.BACK,
    Direction.BACK: Direction.FORWARD,
    Direction.UP: Direction.DOWN,
    Direction.DOWN: Direction.UP,
}
for _d in Direction:
    _d._delta = _DELTAS[_d]
    _d._opposite = _OPPOSITE[_d]
del _d


class Marker(Enum):
    """Marks printed on a space telling what to put there when the section is laid."""

    RING = "ring"
    """Put a ring from the pile here."""
    RED_BADNIK = "red-badnik"
    """Red diamond: draw a badnik from the bag for every game."""
    YELLOW_BADNIK = "yellow-badnik"
    """Yellow diamond: draw a badnik from the bag only in 1-3 player games."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One printed space: elevation -1 (water) to 2, an optional feature, its arrow, markers."""

    elevation: int = 0
    feature: Feature | None = None
    direction: Direction | None = None
    markers: tuple[Marker, ...] = ()

    def __post_init__(self) -> None:
        if not MIN_ELEVATION <= self.elevation <= MAX_ELEVATION:
            raise GridError(f"elevation must be -1..2, got {self.elevation}")
        needs_arrow = self.feature in _ARROWED
        if needs_arrow != (self.direction is not None):
            what = self.feature.value if self.feature else "no feature"
            raise GridError(f"{what} {'needs' if needs_arrow else 'takes no'} direction")

    @property
    def is_water(self) -> bool:
        """Water is elevation -1."""
        return self.elevation == MIN_ELEVATION


class GridError(ValueError):
    """A grid code or grid shape that cannot be read (the catalog turns it into a Problem)."""


_ARROWED = frozenset({Feature.ACCELERATOR, Feature.DECELERATOR, Feature.TREADMILL})


# -- the grid format: 3 characters per space ---------------------------------
_ELEVATION_CODES = {"w": -1, "0": 0, "1": 1, "2": 2}
_FEATURE_CODES: dict[str, tuple[Feature | None, Direction | None]] = {
    ".": (None, None),
    "x": (Feature.SPIKE, None),
    ">": (Feature.ACCELERATOR, Direction.FORWARD),
    "<": (Feature.DECELERATOR, Direction.BACK),
    "^": (Feature.ACCELERATOR, Direction.UP),
    "v": (Feature.ACCELERATOR, Direction.DOWN),
    "o": (Feature.OIL, None),
    "s": (Feature.SPRING, None),
    "R": (Feature.TREADMILL, Direction.FORWARD),
    "L": (Feature.TREADMILL, Direction.BACK),
    "U": (Feature.TREADMILL, Direction.UP),
    "D": (Feature.TREADMILL, Direction.DOWN),
}
_MARKER_CODES: dict[str, tuple[Marker, ...]] = {
    ".": (),
    "r": (Marker.RING,),
    "B": (Marker.RED_BADNIK,),
    "Y": (Marker.YELLOW_BADNIK,),
}
_CELL_CACHE: dict[str, Cell] = {}


def parse_code(code: str) -> Cell:
    """Read one 3-character space code: elevation, feature, marker.

    Elevation ``w`` (water, -1), ``0``, ``1``, ``2``. Feature ``.`` none, ``x``
    spike, ``>`` accelerator, ``<`` decelerator, ``^``/``v`` pads pointing
    up/down, ``o`` oil, ``s`` spring, treadmills ``R`` (forward), ``L`` (back),
    ``U`` (up), ``D`` (down). Marker ``.`` none, ``r`` ring, ``B`` red badnik
    diamond, ``Y`` yellow badnik diamond.

    >>> parse_code("wor").is_water
    True
    >>> parse_code("9..")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    racerlab.sonic.track.GridError: unknown elevation '9' in space code '9..' ...
    """
    cached = _CELL_CACHE.get(code)
    if cached is not None:
        return cached
    if len(code) != 3:
        raise GridError(f"space code {code!r} must be 3 characters (elevation, feature, marker)")
    e, f, m = code
    if e not in _ELEVATION_CODES:
        raise GridError(
            f"unknown elevation {e!r} in space code {code!r} (expected one of w, 0, 1, 2)"
        )
    if f not in _FEATURE_CODES:
        known = " ".join(_FEATURE_CODES)
        raise GridError(f"unknown feature {f!r} in space code {code!r} (expected one of {known})")
    if m not in _MARKER_CODES:
        raise GridError(f"unknown marker {m!r} in space code {code!r} (expected one of . r B Y)")
    feature, direction = _FEATURE_CODES[f]
    cell = Cell(_ELEVATION_CODES[e], feature, direction, _MARKER_CODES[m])
    _CELL_CACHE[code] = cell
    return cell


def cell_code(cell: Cell) -> str:
    """The 3-character code of ``cell`` (inverse of :func:`parse_code`).

    >>> cell_code(parse_code("2Ur"))
    '2Ur'
    """
    e = {v: k for k, v in _ELEVATION_CODES.items()}[cell.elevation]
    f = {v: k for k, v in _FEATURE_CODES.items()}[(cell.feature, cell.direction)]
    m = {v: k for k, v in _MARKER_CODES.items()}[cell.markers]
    return e + f + m


def parse_grid(
    lanes: Sequence[str], *, lanes_expected: int = LANES
) -> tuple[tuple[Cell, ...], ...]:
    """Read a grid (one string per lane) into ``cells[column][lane]``."""
    if len(lanes) != lanes_expected:
        raise GridError(f"must have {lanes_expected} lane strings, got {len(lanes)}")
    rows = []
    for i, text in enumerate(lanes):
        if not isinstance(text, str):
            raise GridError(f"lane {i} must be text, got {text!r}")
        rows.append(text.split())
    width = len(rows[0])
    if width == 0:
        raise GridError("lane 0 has no spaces")
    for i, row in enumerate(rows):
        if len(row) != width:
            raise GridError(f"lane {i} has {len(row)} spaces; lane 0 has {width}")
    try:
        return tuple(
            tuple(parse_code(rows[lane][col]) for lane in range(lanes_expected))
            for col in range(width)
        )
    except GridError as exc:
        raise GridError(f"{exc}") from None


@dataclass(frozen=True, slots=True)
class Platform:
    """A 3x2 breakaway platform area: top-left ``(col, lane)`` in the section, 3 columns by
    2 lanes. While the platform is in place the section's own cells are its surface;
    ``under[c][l]`` are the spaces revealed (with their markers) once it is removed."""

    col: int
    lane: int
    under: tuple[tuple[Cell, ...], ...]

    COLUMNS = 3
    """Platform width in columns."""
    ROWS = 2
    """Platform height in lanes."""

    def covers(self, col: int, lane: int) -> bool:
        """Whether section-local ``(col, lane)`` lies under this platform."""
        return self.col <= col < self.col + 3 and self.lane <= lane < self.lane + 2


@dataclass(frozen=True, slots=True)
class Trap:
    """A 3x5 trap area starting at section-local column ``col``: face A (the trap-icon side,
    laid face up) shows ``face_a[c][lane]``, face B ``face_b[c][lane]``; traps flip each round."""

    col: int
    face_a: tuple[tuple[Cell, ...], ...]
    face_b: tuple[tuple[Cell, ...], ...]

    COLUMNS = 3
    """Trap width in columns (it spans all 5 lanes)."""


@dataclass(frozen=True, slots=True)
class Section:
    """One track section as printed: ``cells[col][lane]``, Turn lane speeds, platforms, traps.

    ``turn_lanes`` holds the speed number of lanes 0..4 (Turns only). ``line_col``
    is, for the Start and Finish sections, the first local column past the line.
    ``source`` says where the layout comes from (``"illustrative"`` for ours).
    """

    id: str
    name: str
    zone: Zone
    type: SectionType
    cells: tuple[tuple[Cell, ...], ...]
    turn_lanes: tuple[int, ...] | None = None
    platforms: tuple[Platform, ...] = ()
    traps: tuple[Trap, ...] = ()
    line_col: int = 0
    source: str = "illustrative"

    @property
    def columns(self) -> int:
        """Number of columns."""
        return len(self.cells)

    @classmethod
    def from_grid(
        cls,
        id: str,
        name: str,
        zone: Zone,
        type: SectionType,
        lanes: Sequence[str],
        **kw: object,
    ) -> Section:
        """Build a section from grid strings (one per lane); handy in tests and catalogs."""
        return cls(id, name, zone, type, parse_grid(lanes), **kw)  # type: ignore[arg-type]


TRACK_MEMO_SIZE = 256
"""Values a track's ``memo`` holds before it starts again."""


@dataclass(frozen=True)
class Track:
    """The laid sections in order. Global column ``c`` of section ``i`` is ``offsets[i] + c``.

    >>> s = Section.from_grid("a", "A", Zone.BASE, SectionType.START, ["0.. 0.."] * 5, line_col=1)
    >>> t = Track((s,)).appended(Section.from_grid("b", "B", Zone.BASE, SectionType.STRAIGHT,
    ...     ["0.. 1x. 0.."] * 5))
    >>> t.n_columns, t.section_start(3), t.cell(3, 2).feature.value, t.start_line_col
    (5, 2, 'spike', 1)
    """

    sections: tuple[Section, ...]

    def __post_init__(self) -> None:
        # derived lookups: plain attributes, not dataclass fields (equality and encoding
        # see only ``sections``)
        offsets, owner, cells, turns = [], [], [], []
        col = 0
        for i, section in enumerate(self.sections):
            offsets.append(col)
            lanes = section.turn_lanes if section.type is SectionType.TURN else None
            for column in section.cells:
                owner.append(i)
                cells.extend(column)
                turns.extend(lanes or (None,) * LANES)
            col += section.columns
        object.__setattr__(self, "_offsets", tuple(offsets))
        object.__setattr__(self, "_owner", tuple(owner))
        object.__setattr__(self, "_cells", tuple(cells))
        object.__setattr__(self, "_turns", tuple(turns))
        object.__setattr__(self, "_start_col", self._line(SectionType.START))
        object.__setattr__(self, "_finish_col", self._line(SectionType.FINISH))
        # what movement works out from this track and the tokens on it (the terrain tables
        # of movement.path_search), by value: it belongs to the track and goes with it (a
        # copy or pickle of the track starts with an empty one)
        object.__setattr__(self, "memo", BoundedDict(TRACK_MEMO_SIZE))

    @property
    def n_columns(self) -> int:
        """Total number of columns laid."""
        return len(self._owner)

    @property
    def flat_cells(self) -> tuple[Cell, ...]:
        """Every printed cell of the laid track, indexed ``col * LANES + lane``."""
        return self._cells

    @property
    def flat_turns(self) -> tuple[int | None, ...]:
        """Every space's Turn lane number (``None`` off the Turn lanes), indexed
        ``col * LANES + lane`` (:meth:`turn_lane`)."""
        return self._turns

    @property
    def offsets(self) -> tuple[int, ...]:
        """Global column of the first column of each section."""
        return self._offsets

    def in_bounds(self, col: int, lane: int) -> bool:
        """Whether ``(col, lane)`` is a space of the laid track."""
        return 0 <= col < len(self._owner) and 0 <= lane < LANES

    def cell(self, col: int, lane: int) -> Cell:
        """The printed cell at global ``(col, lane)`` (platforms and traps: see the Board)."""
        if not self.in_bounds(col, lane):
            raise IndexError(f"space {(col, lane)} is off the track")
        return self._cells[col * LANES + lane]

    def turn_lane(self, col: int, lane: int) -> int | None:
        """The speed number of ``(col, lane)`` if it is a Turn lane, else ``None``."""
        if not self.in_bounds(col, lane):
            return None
        return self._turns[col * LANES + lane]

    def section_index(self, col: int) -> int:
        """Index in :attr:`sections` of the section holding global column ``col``."""
        if not 0 <= col < len(self._owner):
            raise IndexError(f"column {col} is off the track")
        return self._owner[col]

    def section_at(self, col: int) -> Section:
        """The section holding global column ``col``."""
        return self.sections[self.section_index(col)]

    def section_start(self, col: int) -> int:
        """Global column of the first column of the section holding ``col``."""
        return self._offsets[self.section_index(col)]

    def _line(self, kind: SectionType) -> int | None:
        for i, section in enumerate(self.sections):
            if section.type is kind:
                return self._offsets[i] + section.line_col
        return None

    @property
    def start_line_col(self) -> int:
        """First global column past the start line; columns before it are the starting grid."""
        col = self._start_col
        return 0 if col is None else col

    @property
    def finish_line_col(self) -> int | None:
        """First global column past the finish line (``None`` until the Finish is laid)."""
        return self._finish_col

    def grid_spaces(self) -> tuple[Coord, ...]:
        """The starting spaces behind the start line, nearest the line first, lane 0 first."""
        return tuple(
            (col, lane) for col in range(self.start_line_col - 1, -1, -1) for lane in range(LANES)
        )

    def appended(self, section: Section) -> Track:
        """This track with ``section`` connected after the last one."""
        return Track((*self.sections, section))
