"""Movement physics: which paths a racer may take, and what happens space by space.

Two pure functions over an immutable :class:`~racerlab.sonic.board.Board`:

* :func:`paths` lists every legal path of a movement: each step forward, up or
  down (the golden rule: never back, never diagonal, never into a space
  already visited), exactly ``speed`` steps unless something stops it first: an
  obstacle, sure damage, or the end of the laid track. Treadmill pushes and the
  High Jump after a spring are followed, so a path is exactly what
  :func:`resolve_move` will walk.
* :func:`resolve_move` applies the Track Reference space by space (Run and
  Spin: every space entered; Jump: spaces passed over only for elevation and
  badnik attacks, everything else on the landing space; High Jump: only the
  landing space's terrain) and returns a :class:`MoveResult` with the new board,
  the mover, the events and where the movement ended.

:func:`damage` is the racer damage procedure (used here and by the game engine).

The choices made where the rulebook is silent are listed in
docs/rulings.md; the ones that matter are fields of
:class:`MoveRules` (with documented defaults).

>>> from racerlab.sonic.track import Section, SectionType, Track, Zone
>>> s = Section.from_grid("s", "S", Zone.BASE, SectionType.STRAIGHT, ["0.. 0.. 0.. 0.."] * 5)
>>> board = Board.new(Track((s,))).with_racer(RacerToken("sonic", 0, 2, speed=2))
>>> len(paths(board, (0, 2), 2, Movement.RUN))   # FF, FU, FD, UF, DF, UU, DD
7
>>> [p.end for p in paths(board, (0, 2), 2, Movement.RUN)][:3]
[(2, 2), (1, 1), (1, 3)]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core.dice import ChanceSource
from ..core.errors import RacerlabError
from ..core.frozen import fast_replace
from ..core.rules import Event
from .board import Badnik, Board, RacerToken
from .move_events import (
    BadnikDestroyed,
    BossHit,
    MoveEnded,
    ObstacleHit,
    PlatformRemoved,
    Pushed,
    RacerDamaged,
    RingsCollected,
    RingsDropped,
    ShieldUsed,
    SpeedChanged,
    Sprung,
)
from .track import LANES, Coord, Direction, Feature

__all__ = [
    "DEFAULT_RULES",
    "MAX_SPEED",
    "MIN_SPEED",
    "MoveResult",
    "MoveRules",
    "Movement",
    "Path",
    "damage",
    "landing_orders",
    "left_platform",
    "paths",
    "resolve_move",
    "safe_space",
    "speed_cap_at",
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


_GROUND = (Movement.RUN, Movement.SPIN)
_STEPS = (Direction.FORWARD, Direction.UP, Direction.DOWN)


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


# -- per-board lookups -------------------------------------------------------------
def _zones(board: Board, rules: MoveRules) -> tuple[frozenset[Coord], frozenset[Coord]]:
    """(Buzz Bomber reach, Crabmeat reach) on ``board``; cached on the board."""
    key = ("zones", rules.buzz_bomber_reach)
    got = board._cache.get(key)
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
    board._cache[key] = got
    return got


def _feature(
    board: Board, pos: Coord, ignore: tuple[str, ...]
) -> tuple[Feature | None, Direction | None]:
    cell = board.terrain(*pos)
    if cell.feature is None or cell.feature.value in ignore:
        return None, None
    return cell.feature, cell.direction


def _step(pos: Coord, d: Direction) -> Coord:
    dc, dl = d.delta
    return (pos[0] + dc, pos[1] + dl)


def landing_orders(
    token: RacerToken, kind: Movement, spaces: tuple[Coord, ...]
) -> tuple[bool, ...]:
    """The ``back_first`` choices a movement offers: a large-base racer jumping somewhere
    may land its back space first (``(False, True)``); any other movement, ``(False,)``.

    >>> landing_orders(RacerToken("big", 0, 2, large=True), Movement.JUMP, ((1, 2),))
    (False, True)
    >>> landing_orders(RacerToken("big", 0, 2, large=True), Movement.RUN, ((1, 2),))
    (False,)
    """
    if token.large and spaces and kind in (Movement.JUMP, Movement.HIGH_JUMP):
        return (False, True)
    return (False,)


def speed_cap_at(board: Board, pos: Coord) -> int:
    """Highest Speed a racer may have on ``pos``: the lane number in a Turn, else 9."""
    cap = board.track.turn_lane(*pos)
    return MAX_SPEED if cap is None else cap


# -- the paths ----------------------------------------------------------------------
def _path_tables(board: Board, rules: MoveRules, ignore: tuple[str, ...]) -> tuple:
    """Per-space lookups for :func:`paths` (flat lists indexed ``col * LANES + lane``):
    the terrain's (:func:`_terrain_tables`) with the badniks' reach laid over them; cached
    on the board, dropped when its terrain or badniks change."""
    key = ("ptab", rules.buzz_bomber_reach, rules.stop_at_damage, ignore)
    got = board._cache.get(key)
    if got is not None:
        return got
    elev, spike, fx, push, hazard = _terrain_tables(board, rules, ignore)
    n = len(elev)
    bad_spin = list(hazard)
    bad_run = list(hazard)
    crab_t = [False] * n
    spinner_t = [False] * n
    if rules.stop_at_damage:
        buzz, crab = _zones(board, rules)
        for col, lane in buzz:
            if col >= 0 and 0 <= lane < LANES and col * LANES + lane < n:
                bad_spin[col * LANES + lane] = bad_run[col * LANES + lane] = True
        for col, lane in crab:
            if 0 <= lane < LANES and col * LANES + lane < n:
                crab_t[col * LANES + lane] = True
        for (col, lane), badnik in board.badniks:
            i = col * LANES + lane
            if i < n:
                bad_run[i] = bad_run[i] or badnik.crawling
                spinner_t[i] = badnik is Badnik.SPINNER
    got = (elev, spike, fx, push, bad_run, bad_spin, crab_t, spinner_t)
    board._cache[key] = got
    return got


def _terrain_tables(board: Board, rules: MoveRules, ignore: tuple[str, ...]) -> tuple:
    """The terrain's part of the path lookups: elevation, spikes, treadmill and spring
    effects, push targets and sure damage from terrain. Cached on the board (dropped when
    the terrain changes) and, for fresh board objects showing the same terrain (e.g. a
    preview of the track to come), in a small module memo keyed by what they depend on."""
    key = ("ttab", rules.stop_at_damage, ignore)
    got = board._cache.get(key)
    if got is not None:
        return got
    shared = (
        id(board.track),
        board.rocks,
        board.removed_platforms,
        board.flipped_traps,
        board.vr_tokens,
        key,
    )
    memo = _TABLE_MEMO.get(shared)
    if memo is not None and memo[0] is board.track:  # the same track object, not a reused id
        board._cache[key] = memo[1]
        return memo[1]
    cells, elev = board._terrain()
    n = len(cells)
    ncols = n // LANES
    dmg = rules.stop_at_damage
    spike = [False] * n
    fx = [0] * n  # 1 treadmill, 2 spring
    push = [-1] * n
    for i, cell in enumerate(cells):
        f = cell.feature
        if f is None or f.value in ignore:
            continue
        if f is Feature.SPIKE:
            spike[i] = dmg
        elif f is Feature.TREADMILL and cell.direction is not None:
            dc, dl = cell.direction.delta
            c, lane = i // LANES + dc, i % LANES + dl
            if 0 <= c < ncols and 0 <= lane < LANES:
                fx[i] = 1
                push[i] = c * LANES + lane
        elif f is Feature.SPRING:
            fx[i] = 2
    got = (elev, spike, fx, push, spike)
    board._cache[key] = got
    if len(_TABLE_MEMO) >= _TABLE_MEMO_SIZE:
        _TABLE_MEMO.clear()
    _TABLE_MEMO[shared] = (board.track, got)
    return got


_TABLE_MEMO: dict[tuple, tuple] = {}
"""Terrain tables by (track identity, terrain-changing fields, rulings, ignore)."""
_TABLE_MEMO_SIZE = 256


_COORDS: list[Coord] = []


def _coords(n: int) -> list[Coord]:
    """Shared ``(col, lane)`` tuples for flat indexes below ``n``."""
    while len(_COORDS) < n:
        i = len(_COORDS)
        _COORDS.append((i // LANES, i % LANES))
    return _COORDS


_MOVES: dict[int, list[tuple[tuple[Direction, int, Coord], ...]]] = {}


def _moves(n: int) -> list[tuple[tuple[Direction, int, Coord], ...]]:
    """For each flat index below ``n`` (a track of ``n // LANES`` columns), the steps that
    stay on the track: ``(direction, flat index entered, its (col, lane))``, forward then up
    then down."""
    got = _MOVES.get(n)
    if got is None:
        coords = _coords(n)
        got = []
        for p in range(n):
            col, lane = divmod(p, LANES)
            steps = []
            for d in _STEPS:
                c, lane2 = col + d.delta[0], lane + d.delta[1]
                if 0 <= c < n // LANES and 0 <= lane2 < LANES:
                    steps.append((d, c * LANES + lane2, coords[c * LANES + lane2]))
            got.append(tuple(steps))
        _MOVES[n] = got
    return got


_SET_STEPS, _SET_SPACES, _SET_PUSHES, _SET_ENDS, _SET_KINDS, _SET_LANDINGS = (
    Path.__dict__[f].__set__ for f in ("steps", "spaces", "pushes", "ends", "kinds", "landings")
)


def _new_path(steps, spaces, pushes, ends, kinds, landings) -> Path:
    """A :class:`Path` from its fields (the hot path of :func:`paths`: filling the slots
    directly skips the frozen ``__init__``'s per-field overhead; the result is the same)."""
    path = object.__new__(Path)
    _SET_STEPS(path, steps)
    _SET_SPACES(path, spaces)
    _SET_PUSHES(path, pushes)
    _SET_ENDS(path, ends)
    _SET_KINDS(path, kinds)
    _SET_LANDINGS(path, landings)
    return path


def paths(
    board: Board,
    start: Coord,
    speed: int,
    kind: Movement,
    large: bool = False,
    *,
    rules: MoveRules = DEFAULT_RULES,
    ignore: tuple[str, ...] = (),
    turns: int | None = None,
    along: tuple[Coord, ...] | None = None,
) -> list[Path]:
    """Every legal path of ``speed`` steps from ``start`` (see the module docstring).

    ``ignore`` lists terrain the mover is not affected by (its Ability). ``large``
    does not change the geometry (a large base is tracked by its front space).

    Two filters walk less of the tree and return a subset of the same paths:
    ``turns`` keeps the paths with at most that many up or down steps (a quick
    shortlist for bots; the count of paths grows exponentially with ``speed``), and
    ``along`` keeps only the path entering exactly those spaces (an empty list if no
    legal path does), which checks one chosen path without listing the others.

    >>> from racerlab.sonic.track import Section, SectionType, Track, Zone
    >>> s = Section.from_grid("s", "S", Zone.BASE, SectionType.STRAIGHT, ["0.. 0.. 0.. 0.."] * 5)
    >>> board = Board.new(Track((s,))).with_racer(RacerToken("sonic", 0, 2, speed=3))
    >>> len(paths(board, (0, 2), 3, Movement.RUN))
    15
    >>> [p.steps.count(Direction.FORWARD) for p in paths(board, (0, 2), 3, Movement.RUN, turns=1)]
    [3, 2, 2, 2, 2, 2, 2]
    >>> [p.ends for p in paths(board, (0, 2), 3, Movement.RUN, along=((1, 2), (1, 1), (2, 1)))]
    ['complete']
    >>> paths(board, (0, 2), 3, Movement.RUN, along=((1, 2), (1, 1), (1, 2)))
    []
    """
    del large  # the same geometry: a large base is tracked by its front space
    if speed < 0:
        raise RacerlabError(f"speed must be at least 0, got {speed}")
    if not board.track.in_bounds(*start):
        raise RacerlabError(f"start {start} is off the track")
    elev, spike, fx, push_to, bad_run, bad_spin, crab_t, spinner_t = _path_tables(
        board, rules, tuple(ignore)
    )
    n = len(elev)
    coords = _coords(n)
    moves = _moves(n)
    out: list[Path] = []
    s0 = start[0] * LANES + start[1]
    ref = elev[s0]
    steps: list[Direction] = []
    spaces: list[Coord] = []
    pushes: list[Coord | None] = []
    kinds: list[Movement] = []
    landings: list[int] = []  # the steps where a jump lands (resolve_move obeys this)
    visited = bytearray(n)
    visited[s0] = 1
    spring_extra = rules.spring_extra_spaces
    run, spin, jump, high = Movement.RUN, Movement.SPIN, Movement.JUMP, Movement.HIGH_JUMP
    forward = Direction.FORWARD
    flags = [0, 0, 0]  # pushes so far, kind changes so far, up or down steps so far
    max_turns = speed if turns is None else turns
    guide = along if along is not None else ()
    guided = along is not None

    def emit(ends: str) -> None:
        out.append(
            _new_path(
                tuple(steps),
                tuple(spaces),
                tuple(pushes) if flags[0] else (),
                ends,
                tuple(kinds) if flags[1] else (),
                tuple(landings) if landings else (),
            )
        )

    def walk(p: int, cur: int, k: Movement, left: int) -> None:
        if left == 0:
            emit("complete")
            return
        moved = False
        ground = k is run or k is spin
        bad = bad_run if k is run else bad_spin
        landing = left == 1
        for d, t, space in moves[p]:
            if visited[t]:
                continue
            moved = True
            vertical = d is not forward
            if vertical and flags[2] >= max_turns:
                continue
            if guided and (len(steps) >= len(guide) or guide[len(steps)] != space):
                continue
            t_elev = elev[t]
            q = -1
            nk, extra, stop, acts = k, 0, False, False
            if ground:
                stop = t_elev > cur or bad[t]
                acts = not stop
            elif k is jump:
                blocked = t_elev >= ref + 2 or crab_t[t]
                if not landing:
                    stop = blocked or spinner_t[t]
                else:
                    acts = not blocked
            else:
                acts = landing
            lands = landing and not ground
            if lands:
                landings.append(len(steps))
            if acts:
                if spike[t]:
                    pass
                elif fx[t] == 1:
                    q = push_to[t]
                    if elev[q] > t_elev or bad_run[q]:
                        stop = True
                elif fx[t] == 2:
                    nk = high
                    if landing:
                        extra = spring_extra
            steps.append(d)
            spaces.append(space)
            pushes.append(coords[q] if q >= 0 else None)
            kinds.append(k)
            visited[t] = 1
            new_push = False
            if q >= 0:
                flags[0] += 1
                new_push = not visited[q]
                visited[q] = 1
            changed = nk is not kind or k is not kind
            if changed:
                flags[1] += 1
            if vertical:
                flags[2] += 1
            if stop:
                emit("stopped")
            elif not ground and landing and not extra:
                emit("complete")
            else:
                here = q if q >= 0 else t
                walk(here, elev[here], nk, left - 1 + extra)
            if q >= 0:
                flags[0] -= 1
            if changed:
                flags[1] -= 1
            if vertical:
                flags[2] -= 1
            if lands:
                landings.pop()
            steps.pop()
            spaces.pop()
            pushes.pop()
            kinds.pop()
            visited[t] = 0
            if new_push:
                visited[q] = 0
        if not moved:
            emit("edge")

    walk(s0, ref, kind, speed)
    if guided:
        return [p for p in out if p.spaces == along]
    return out


# -- damage ------------------------------------------------------------------------------
def _safe(board: Board, pos: Coord, token: RacerToken) -> bool:
    if not board.track.in_bounds(*pos) or board.badnik_at(pos) is not None:
        return False
    feature, _ = _feature(board, pos, token.ignore)
    return feature not in (Feature.SPIKE, Feature.OIL)


def safe_space(board: Board, pos: Coord, token: RacerToken) -> Coord:
    """The closest space reachable by steps forward, up or down from ``pos`` with no badnik,
    spike or oil; ties go forward first, then up, then down. ``pos`` itself if none exists."""
    frontier = [pos]
    seen = {pos}
    while frontier:
        nxt: list[Coord] = []
        for here in frontier:
            for d in _STEPS:
                t = _step(here, d)
                if t in seen or not board.track.in_bounds(*t):
                    continue
                if _safe(board, t, token):
                    return t
                seen.add(t)
                nxt.append(t)
        frontier = nxt
    return pos


def _drop_lanes(lane: int) -> list[int]:
    """Lanes of a column by distance from ``lane``, the one above first on ties."""
    order = [lane]
    for k in range(1, LANES):
        for other in (lane - k, lane + k):
            if 0 <= other < LANES:
                order.append(other)
    return order


def damage(
    board: Board, racer_id: str, by: str, rules: MoveRules = DEFAULT_RULES
) -> tuple[Board, list[Event]]:
    """Damage a racer: without rings, back to the first column of its section at its restart
    Speed (3; in the Start Line section see :attr:`MoveRules.start_restart`); with rings,
    Speed 1 (or its ``damage_speed``), moved to :func:`safe_space`, its stacks dropped
    left-most first on the damage space and then the other spaces of that column, closest
    first (a large base keeps its left-most stack with more than 1 ring). A shield absorbs
    the damage instead. The damaged racer does not pick up its own dropped rings (other
    racers standing there do)."""
    token = board.racer(racer_id)
    pos = token.pos
    if token.shield:
        return board.with_racer(fast_replace(token, shield=False)), [ShieldUsed(racer_id, by, pos)]
    events: list[Event] = []
    if token.rings == 0:
        col = board.track.section_start(pos[0])
        if rules.start_restart == "line" and pos[0] < board.track.start_line_col:
            col = pos[0]  # still on the grid: stays (the line is ahead)
        elif rules.start_restart == "line" and col < board.track.start_line_col:
            col = board.track.start_line_col
        to = (col, pos[1])
        speed = min(token.restart_speed, speed_cap_at(board, to))
        board = board.with_racer(fast_replace(token, col=to[0], lane=to[1], speed=speed))
        events.append(RacerDamaged(racer_id, by, pos, to, False, 0, speed))
        return board, events
    stacks = list(token.stacks)
    kept = [0] * len(stacks)
    if token.large and rules.large_keeps_stack and token.rings > 1:
        kept[0], stacks[0] = stacks[0], 0
    to = safe_space(board, pos, token)
    speed = min(token.damage_speed, speed_cap_at(board, to))
    moved = fast_replace(token, col=to[0], lane=to[1], speed=speed, stacks=tuple(kept))
    board, collected = _collect(board.with_racer(moved), racer_id, to)
    lanes = _drop_lanes(pos[1])
    dropped = 0
    spots = 0
    for n in stacks:
        if n <= 0:
            continue
        spot = (pos[0], lanes[spots % len(lanes)])
        spots += 1
        others = board.racers_at(spot, besides=racer_id)
        if others:
            board = board.with_racer(others[0].with_rings(n))
        else:
            board = board.with_rings(spot, board.rings_at(spot) + n)
        events.append(RingsDropped(racer_id, n, spot))
        dropped += n
    events.insert(0, RacerDamaged(racer_id, by, pos, to, True, dropped, speed))
    events.extend(collected)
    return board, events


def left_platform(board: Board, frm: Coord, to: Coord) -> Coord | None:
    """The breakaway platform (global top-left) a move from ``frm`` to ``to`` steps off, if any.

    The caller removes it with :meth:`Board.remove_platform` (that draws badniks).
    """
    key = board.platform_at(*frm)
    if key is not None and board.platform_at(*to) != key:
        return key
    return None


# -- rings ---------------------------------------------------------------------------------
def _collect(board: Board, racer_id: str, pos: Coord) -> tuple[Board, list[Event]]:
    token = board.racer(racer_id)
    spots = [pos]
    if token.ring_magnet:
        spots += [(pos[0], pos[1] - 1), (pos[0], pos[1] + 1)]
    events: list[Event] = []
    for spot in spots:
        n = board.rings_at(spot)
        if n:
            token = token.with_rings(n)
            board = board.with_rings(spot, 0).with_racer(token)
            events.append(RingsCollected(racer_id, n, spot))
    return board, events


# -- resolving a move -------------------------------------------------------------------------
class _Walk:
    """The mutable scratch state of one :func:`resolve_move` call (never escapes it)."""

    def __init__(self, board: Board, racer_id: str, rules: MoveRules, chance: ChanceSource | None):
        self.board = board
        self.id = racer_id
        self.rules = rules
        self.chance = chance
        self.events: list[Event] = []
        self.damaged: list[str] = []
        self.hit_boss = False
        self.over = False
        self.stopped = False
        self.remaining = 0
        self.stood = self.token.pos

    @property
    def token(self) -> RacerToken:
        return self.board.racer(self.id)

    def set_speed(self, value: int, at: Coord, cause: str) -> None:
        token = self.token
        new = max(MIN_SPEED, min(value, MAX_SPEED, speed_cap_at(self.board, at)))
        if new != token.speed:
            self.events.append(SpeedChanged(self.id, at, token.speed, new, cause))
            self.board = self.board.with_racer(fast_replace(token, speed=new))

    def hurt(self, racer_id: str, by: str) -> bool:
        """Damage a racer; True unless a shield absorbed it."""
        before = self.stood if racer_id == self.id else self.board.racer(racer_id).pos
        self.board, events = damage(self.board, racer_id, by, self.rules)
        self.events.extend(events)
        if isinstance(events[0], ShieldUsed):
            return False
        self.damaged.append(racer_id)
        if racer_id == self.id:
            self.over = True
            self.stopped = True
        after = self.board.racer(racer_id).pos
        if racer_id == self.id:
            self.stood = after
        key = left_platform(self.board, before, after)
        if key is not None:
            self.remove_platform(key)
        return True

    def take_badnik(self, pos: Coord, badnik: Badnik) -> None:
        token = self.token
        self.board = self.board.with_badnik(pos, None).with_racer(
            fast_replace(token, badniks=(*token.badniks, badnik))
        )
        self.events.append(BadnikDestroyed(self.id, badnik, pos))

    def move_to(self, pos: Coord, *, touch: bool = True) -> None:
        """Put the mover on ``pos``; ``touch`` is False for spaces a jump only passes over
        (the racer does not stand on them, so a platform there is not left)."""
        token = self.token
        self.board = self.board.with_racer(fast_replace(token, col=pos[0], lane=pos[1]))
        if touch:
            key = left_platform(self.board, self.stood, pos)
            self.stood = pos
            if key is not None:
                self.remove_platform(key)

    def remove_platform(self, key: Coord) -> None:
        if self.chance is None:
            raise RacerlabError(
                "a breakaway platform was left: resolve_move needs a chance source to draw badniks"
            )
        self.board = self.board.remove_platform(key, self.chance)
        self.events.append(PlatformRemoved(key))
        # rings revealed under a racer are taken at once
        for token in self.board.racers:
            if self.board.rings_at(token.pos):
                self.board, got = _collect(self.board, token.id, token.pos)
                self.events.extend(got)

    def collect(self, pos: Coord) -> None:
        self.board, got = _collect(self.board, self.id, pos)
        self.events.extend(got)

    def terrain(
        self, pos: Coord, kind: Movement, *, moving: Direction, allow_push: bool
    ) -> Movement:
        """Apply the feature of ``pos`` (run into or landed on); returns the kind from now on.

        ``allow_push`` False leaves out the features that move the racer (treadmill, spring):
        for a treadmill's push and for the space behind a large base's landing space."""
        feature, direction = _feature(self.board, pos, self.token.ignore)
        cell = self.board.terrain(*pos)
        water = cell.is_water and "water" not in self.token.ignore
        if water and (self.rules.water_sets_speed or self.token.speed > WATER_SPEED):
            self.set_speed(WATER_SPEED, pos, "water")
        if feature is None:
            return kind
        speed = self.token.speed
        if feature in (Feature.ACCELERATOR, Feature.DECELERATOR):
            if direction is moving:
                self.set_speed(speed + 1, pos, feature.value)
            elif direction is moving.opposite:
                self.set_speed(speed - 1, pos, feature.value)
        elif feature is Feature.SPIKE:
            self.hurt(self.id, "spike")
        elif feature is Feature.OIL:
            if speed <= MIN_SPEED:
                self.hurt(self.id, "oil")
            else:
                self.set_speed(speed - 1, pos, "oil")
        elif feature is Feature.SPRING and allow_push:
            self.set_speed(speed - SPRING_SLOWDOWN, pos, "spring")
            jump = self.remaining or self.rules.spring_extra_spaces
            self.events.append(Sprung(self.id, pos, jump))
            return Movement.HIGH_JUMP
        elif feature is Feature.TREADMILL and allow_push and direction is not None:
            frm = self.token.pos
            to = _step(frm, direction)
            if self.board.track.in_bounds(*to):
                self.events.append(Pushed(self.id, frm, to))
                self.enter_ground(frm, to, Movement.RUN, moving=direction, allow_push=False)
        return kind

    def enter_ground(
        self, frm: Coord, pos: Coord, kind: Movement, *, moving: Direction, allow_push: bool = True
    ) -> Movement:
        """Run or spin into ``pos``; returns the movement kind from now on."""
        board = self.board
        buzz, _ = _zones(board, self.rules)
        from_elev = board.elevation(*frm)
        self.move_to(pos)
        if pos in buzz and self.hurt(self.id, "buzz-bomber"):
            return kind
        badnik = self.board.badnik_at(pos)
        if badnik is not None and badnik.crawling:
            if kind is Movement.SPIN:
                self.take_badnik(pos, badnik)
            elif self.hurt(self.id, badnik.value):
                return kind
        if kind is Movement.SPIN:
            for other in self.board.racers_at(pos, besides=self.id):
                if other.id not in self.damaged:  # once per movement (see rulings)
                    self.hurt(other.id, f"{self.id}'s spin")
            if self.board.boss == pos:
                self.hit_boss = True
                self.events.append(BossHit(self.id, pos, "spin"))
        self.collect(pos)
        elev = self.board.elevation(*pos)
        if elev > from_elev:
            self.obstacle(pos, from_elev, elev)
            if _feature(self.board, pos, self.token.ignore)[0] is Feature.SPIKE:
                self.hurt(self.id, "spike")
            return kind
        kind = self.terrain(pos, kind, moving=moving, allow_push=allow_push)
        if not self.over:
            self.turn_lane(pos)
        return kind

    def obstacle(self, pos: Coord, from_elev: int, elev: int) -> None:
        self.events.append(ObstacleHit(self.id, pos, from_elev, elev))
        self.set_speed(MIN_SPEED, pos, "obstacle")
        self.over = True
        self.stopped = True

    def turn_lane(self, pos: Coord) -> None:
        cap = speed_cap_at(self.board, pos)
        if cap < MAX_SPEED:
            speed = self.token.speed
            if self.rules.turn_sets_speed or speed > cap:
                self.set_speed(cap, pos, "turn lane")

    def pass_over(self, pos: Coord, ref: int, kind: Movement) -> None:
        """Jump through ``pos`` without landing."""
        self.move_to(pos, touch=False)
        if kind is Movement.HIGH_JUMP:
            return
        elev = self.board.elevation(*pos)
        if elev >= ref + 2:
            self.move_to(pos)  # the racer stops and stands here
            self.obstacle(pos, ref, elev)
            self.collect(pos)
            return
        _, crab = _zones(self.board, self.rules)
        if pos in crab and self.hurt(self.id, "crabmeat"):
            return
        badnik = self.board.badnik_at(pos)
        if badnik is Badnik.SPINNER:
            self.hurt(self.id, "spinner")
        elif badnik is Badnik.BUZZ_BOMBER:
            self.take_badnik(pos, badnik)

    def land(
        self, pos: Coord, ref: int, kind: Movement, *, moving: Direction, front: bool = True
    ) -> Movement:
        """Land on ``pos`` (a large base lands on its front space and the one behind it; the
        racer stays tracked by its front space)."""
        if kind is not Movement.HIGH_JUMP:
            elev = self.board.elevation(*pos)
            if elev >= ref + 2:
                self.obstacle(pos, ref, elev)
                self.collect(pos)
                return kind
            _, crab = _zones(self.board, self.rules)
            if pos in crab and self.hurt(self.id, "crabmeat"):
                return kind
            badnik = self.board.badnik_at(pos)
            if badnik is not None:
                self.take_badnik(pos, badnik)
        for other in self.board.racers_at(pos, besides=self.id):
            if other.id not in self.damaged:
                self.hurt(other.id, f"{self.id}'s landing")
        if self.board.boss == pos:
            self.hit_boss = True
            self.events.append(BossHit(self.id, pos, "landing"))
        self.collect(pos)
        kind = self.terrain(pos, kind, moving=moving, allow_push=front)
        if not self.over:
            self.turn_lane(self.token.pos)
        return kind


def resolve_move(
    board: Board,
    mover: str,
    path: Path,
    kind: Movement,
    *,
    rules: MoveRules = DEFAULT_RULES,
    chance: ChanceSource | None = None,
    back_first: bool = False,
) -> MoveResult:
    """Walk ``path`` (from :func:`paths`) for racer ``mover``, applying every space's effects.

    ``kind`` is the movement the path was made for. ``chance`` draws badniks when
    a breakaway platform is left (needed only then). ``back_first`` is a
    large-base racer's choice of landing order (the space behind first). Speed
    changes during the move update the racer's Speed but the number of spaces
    stays the one planned, unless the movement ends early (obstacle, damage).
    """
    walk = _Walk(board, mover, rules, chance)
    token = walk.token
    start = token.pos
    ref = board.elevation(*start)
    k = kind
    n = len(path.steps)
    moved = 0
    for i, d in enumerate(path.steps):
        here = walk.token.pos
        target = _step(here, d)
        if target != path.spaces[i]:
            raise RacerlabError(
                f"path step {i + 1} goes to {target}, not {path.spaces[i]}: not a path from {start}"
            )
        moved += 1
        walk.remaining = n - i - 1
        landing = i in path.landings  # decided by paths(), never guessed here
        if k in _GROUND:
            k = walk.enter_ground(here, target, k, moving=d)
        elif not landing:
            walk.pass_over(target, ref, k)
        else:
            k = _land_all(walk, target, ref, k, d, back_first)
        if walk.over:
            break
    end = walk.token
    walk.events.append(MoveEnded(mover, end.pos, end.speed, moved, kind.value))
    return MoveResult(
        board=walk.board,
        mover=end,
        events=tuple(walk.events),
        ended_at=end.pos,
        damaged=tuple(walk.damaged),
        spaces_moved=moved,
        stopped=walk.stopped,
        hit_boss=walk.hit_boss,
    )


def _land_all(
    walk: _Walk, target: Coord, ref: int, kind: Movement, d: Direction, back_first: bool
) -> Movement:
    walk.move_to(target)
    if not walk.token.large:
        return walk.land(target, ref, kind, moving=d)
    behind = (target[0] - 1, target[1])
    spots = [target]
    if walk.board.track.in_bounds(*behind):
        spots = [behind, target] if back_first else [target, behind]
    k = kind
    for spot in spots:
        got = walk.land(spot, ref, kind, moving=d, front=spot == target)
        if spot == target:
            k = got
        if walk.over or walk.token.pos != target:
            break
    return k
