"""The path search: every legal path of a movement, walked over flat per-space tables.

Each step goes forward, up or down (never back, never diagonal, never into a space
already visited), exactly ``speed`` steps unless an obstacle, sure damage or the end of
the laid track stops it first. Treadmill pushes and the High Jump after a spring are
followed, so a path is exactly what :func:`~.resolve.resolve_move` will walk.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ...core.errors import RacerlabError
from ..board.board import Badnik
from ..track import LANES, Direction, Feature
from .vocabulary import DEFAULT_RULES, STEPS, Movement, Path, badnik_reach

if TYPE_CHECKING:
    from ..board.board import Board
    from ..track import Coord
    from .vocabulary import MoveRules

__all__ = ["paths", "visit"]


# -- the paths ----------------------------------------------------------------------
def _path_tables(board: Board, rules: MoveRules, ignore: tuple[str, ...]) -> tuple:
    """Per-space lookups for :func:`paths` (flat lists indexed ``col * LANES + lane``):
    the terrain's (:func:`_terrain_tables`) with the badniks' reach laid over them, and
    the step effects over them (:func:`_enterer`); cached on the board, dropped when its
    terrain or badniks change."""
    key = ("ptab", rules.buzz_bomber_reach, rules.stop_at_damage, rules.spring_extra_spaces, ignore)
    memo = board.layout_memo()
    got = memo.get(key)
    if got is not None:
        return got
    elev, spike, fx, push, hazard = _terrain_tables(board, rules, ignore)
    n = len(elev)
    bad_spin = list(hazard)
    bad_run = list(hazard)
    crab_t = [False] * n
    spinner_t = [False] * n
    if rules.stop_at_damage:
        buzz, crab = badnik_reach(board, rules)
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
    got = (*got, _enterer(got, rules.spring_extra_spaces))
    got = (*got, _walker(got))
    memo[key] = got
    return got


def _terrain_tables(board: Board, rules: MoveRules, ignore: tuple[str, ...]) -> tuple:
    """The terrain's part of the path lookups: elevation, spikes, treadmill and spring
    effects, push targets and sure damage from terrain. Cached on the board (dropped when
    the terrain changes) and, for fresh board objects showing the same terrain (e.g. a
    preview of the track to come), in the track's own bounded memo keyed by what else they
    depend on."""
    key = ("ttab", rules.stop_at_damage, ignore)
    own = board.terrain_memo()
    got = own.get(key)
    if got is not None:
        return got
    shared = (board.rocks, board.removed_platforms, board.flipped_traps, board.vr_tokens, key)
    got = board.track.memo.get(shared)
    if got is not None:
        own[key] = got
        return got
    cells, elev = board.terrain_tables()
    n = len(cells)
    ncols = n // LANES
    dmg = rules.stop_at_damage
    spike = [False] * n
    fx = [0] * n  # 1 treadmill, 2 spring
    push = [-1] * n
    for i in compress(range(n), map(_FEATURE, cells)):  # only the spaces with a feature
        cell = cells[i]
        f = cell.feature
        if f.value in ignore:
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
    own[key] = got
    board.track.memo.put(shared, got)
    return got


_FEATURE = attrgetter("feature")


_COORDS: list[Coord] = []
"""Shared ``(col, lane)`` tuples, by flat index: as long as the longest track asked about
(the track's length is bounded by the catalog's limits), never longer."""


def _coords(n: int) -> list[Coord]:
    """Shared ``(col, lane)`` tuples for flat indexes below ``n``."""
    while len(_COORDS) < n:
        i = len(_COORDS)
        _COORDS.append((i // LANES, i % LANES))
    return _COORDS


MOVE_TABLES = 64
"""Track sizes whose step tables :func:`_moves` and :func:`_ahead` keep (by value, the
least recently used let go first): a process plays tracks of a handful of sizes."""


@functools.lru_cache(maxsize=MOVE_TABLES)
def _moves(n: int) -> list[tuple[tuple[Direction, int, Coord], ...]]:
    """For each flat index below ``n`` (a track of ``n // LANES`` columns), the steps that
    stay on the track: ``(direction, flat index entered, its (col, lane))``, forward then up
    then down."""
    coords = _coords(n)
    got = []
    for p in range(n):
        col, lane = divmod(p, LANES)
        steps = []
        for d in STEPS:
            c, lane2 = col + d.delta[0], lane + d.delta[1]
            if 0 <= c < n // LANES and 0 <= lane2 < LANES:
                steps.append((d, c * LANES + lane2, coords[c * LANES + lane2]))
        got.append(tuple(steps))
    return got


@functools.lru_cache(maxsize=MOVE_TABLES)
def _ahead(n: int) -> list[tuple[tuple[Direction, int, Coord], ...]]:
    """:func:`_moves` keeping only the step forward (none in the last column)."""
    return [tuple(m for m in steps if m[0] is Direction.FORWARD) for steps in _moves(n)]


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

    >>> from racerlab.sonic.board import Board, RacerToken
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
    out = _walk_from(board, start, kind, speed, rules, ignore, turns, along, None)
    if along is not None:
        return [p for p in out if p.spaces == along]
    return out


def visit(
    board: Board,
    start: Coord,
    speed: int,
    kind: Movement,
    sink: Callable[[str, list[Coord]], None],
    *,
    rules: MoveRules = DEFAULT_RULES,
    ignore: tuple[str, ...] = (),
    turns: int | None = None,
) -> None:
    """The walk of :func:`paths` without making the paths: ``sink(ends, spaces)`` is called
    for each path in the same order, with how it ends and the spaces it enters (a list
    the walk goes on changing: read it, do not keep it). For a caller that needs a value
    of each path, not the paths themselves.

    >>> from racerlab.sonic.board import Board, RacerToken
    >>> from racerlab.sonic.track import Section, SectionType, Track, Zone
    >>> s = Section.from_grid("s", "S", Zone.BASE, SectionType.STRAIGHT, ["0.. 0.. 0.. 0.."] * 5)
    >>> board = Board.new(Track((s,))).with_racer(RacerToken("sonic", 0, 2, speed=3))
    >>> ends = []
    >>> visit(board, (0, 2), 3, Movement.RUN, lambda e, sp: ends.append(sp[-1]), turns=1)
    >>> ends == [p.end for p in paths(board, (0, 2), 3, Movement.RUN, turns=1)]
    True
    """
    _walk_from(board, start, kind, speed, rules, ignore, turns, None, sink)


def _walk_from(
    board: Board,
    start: Coord,
    kind: Movement,
    speed: int,
    rules: MoveRules,
    ignore: tuple[str, ...],
    turns: int | None,
    along: tuple | None,
    sink: Callable[[str, list[Coord]], None] | None,
) -> list[Path]:
    """The walk of :func:`paths` and :func:`visit`, by the walker kept with the board's
    tables (one per table set, made on first use; a second walker is made for a call that
    finds it busy, e.g. in another thread)."""
    if speed < 0:
        raise RacerlabError(f"speed must be at least 0, got {speed}")
    if not board.track.in_bounds(*start):
        raise RacerlabError(f"start {start} is off the track")
    tables = _path_tables(board, rules, ignore if type(ignore) is tuple else tuple(ignore))
    s0 = start[0] * LANES + start[1]
    walker = tables[-1]
    if walker[1].acquire(False):
        try:
            return walker[0](s0, kind, speed, turns, along, sink)
        finally:
            walker[1].release()
    return _walker(tables)[0](s0, kind, speed, turns, along, sink)


def _walker(tables: tuple) -> tuple[Callable[..., list[Path]], threading.Lock]:
    """The depth-first walk of :func:`paths` over ``tables``, made once per table set:
    ``(run, lock)``; ``run(start index, movement, speed, turns, along, sink)`` returns the
    paths (or hands them to ``sink``, see :func:`visit`); hold ``lock`` while it runs. Its
    scratch lives in this closure and is left clean after each run (no closures per call)."""
    elev, _, fx, _, bad_run, bad_spin, crab_t, spinner_t, enter = tables[:9]
    coords, moves, ahead = _coords(len(elev)), _moves(len(elev)), _ahead(len(elev))
    visited = bytearray(len(elev))
    steps, spaces, extras, landings, out, box = _scratch()
    make_path, to_sink = _emitters(steps, spaces, extras, landings, out, box)
    too_high, kind, guide, guided, emit = 0, Movement.RUN, (), False, make_path
    run, spin, jump, forward = Movement.RUN, Movement.SPIN, Movement.JUMP, Direction.FORWARD

    def walk(p: int, cur: int, k: Movement, left: int, turns: int, pushed: bool, changed: bool):
        moved, landing = False, left == 1  # (left >= 1: a step leaving none ends its path)
        ground, bad = k is run or k is spin, bad_run if k is run else bad_spin
        lands, unpushed = landing and not ground, (None, k)  # extras of a step not pushed on
        options = moves[p] if turns > 0 or guided else ahead[p]  # no turn left: only ahead
        for d, t, space in options:
            if visited[t]:
                continue
            moved = True
            vertical = d is not forward
            if (vertical and turns <= 0) or (
                guided and (len(steps) >= len(guide) or guide[len(steps)] != space)
            ):
                continue
            if ground and not fx[t]:  # a plain ground step: only a stop to find out
                q, nk, extra, stop = -1, k, 0, elev[t] > cur or bad[t]
            elif k is jump and not landing:  # in the air: only a stop to find out
                q, nk, extra, stop = -1, k, 0, elev[t] >= too_high or crab_t[t] or spinner_t[t]
            else:
                q, nk, extra, stop = enter(t, cur, k, ground, bad, landing, too_high)
            if lands:
                landings.append(len(steps))
            steps.append(d)
            spaces.append(space)
            visited[t] = 1
            if q < 0:  # not pushed on: the common step
                extras.append(unpushed)
                here, pushed2, new_push = t, pushed, False
            else:
                extras.append((coords[q], k))
                here, pushed2, new_push = q, True, not visited[q]
                if new_push:
                    visited[q] = 1
            changed2 = changed or nk is not kind  # (k is not kind is already in changed)
            if stop:
                emit("stopped", pushed2, changed2)
            elif landing and not extra:  # the last step: the path is complete here
                emit("complete", pushed2, changed2)
            else:  # (a vertical step uses up one of the turns)
                walk(here, elev[here], nk, left - 1 + extra, turns - vertical, pushed2, changed2)
            if new_push:
                visited[q] = 0
            if lands:
                landings.pop()
            del steps[-1], spaces[-1], extras[-1]
            visited[t] = 0
        if not moved and (options is moves[p] or all(visited[m[1]] for m in moves[p])):
            emit("edge", pushed, changed)  # nowhere left to step (not merely no turns left)

    def start(s0: int, k0: Movement, speed: int, turns: Any, along: Any, to: Any) -> list[Path]:
        nonlocal too_high, kind, guide, guided, emit
        too_high, kind, guide, guided = elev[s0] + 2, k0, along or (), along is not None
        box[0], emit = to, make_path if to is None else to_sink
        visited[s0] = 1
        try:
            if speed:
                walk(s0, elev[s0], k0, speed, speed if turns is None else turns, False, False)
            else:  # no step to take: the empty path
                emit("complete", False, False)
        finally:  # left clean for the next run, even after an error
            box[0], visited[s0] = None, 0
            _clean(visited, steps, spaces, extras, landings)
        return _taken(out)

    return start, threading.Lock()


def _taken(out: list) -> list[Path]:
    """The paths a run found, leaving ``out`` empty for the next run."""
    found, out[:] = out[:], []
    return found


def _scratch() -> tuple[list[Direction], list[Coord], list[tuple], list[int], list[Path], list]:
    """The walker's scratch: the path so far (steps, spaces, extras, landings), the paths
    found, and a box for the sink."""
    return [], [], [], [], [], [None]


def _emitters(steps: list, spaces: list, extras: list, landings: list, out: list, box: list):
    """The walker's two ways to finish a path: ``make_path`` appends it to ``out`` as a
    :class:`Path` (``extras`` holds ``(where a treadmill pushed to or None, movement)``
    per step, listed only when there are pushes or movement changes; ``landings`` the
    steps where a jump lands), ``to_sink`` hands ``(ends, spaces)`` to ``box[0]``."""

    def make_path(ends: str, pushed: bool, changed: bool) -> None:
        pushes = kinds = ()
        if pushed or changed:
            pushes, kinds = zip(*extras)
        out.append(
            _new_path(
                tuple(steps),
                tuple(spaces),
                pushes if pushed else (),
                ends,
                kinds if changed else (),
                tuple(landings) if landings else (),
            )
        )

    def to_sink(ends: str, pushed: bool, changed: bool) -> None:
        box[0](ends, spaces)

    return make_path, to_sink


def _clean(visited: bytearray, steps: list, spaces: list, extras: list, landings: list) -> None:
    """Leave the walker's scratch empty (after a run, or an error in the middle of one)."""
    if not steps:  # a run that ended cleanly left it so
        return
    visited[:] = bytes(len(visited))
    del steps[:], spaces[:], extras[:], landings[:]


def _enterer(tables: tuple, spring_extra: int) -> Callable[..., tuple]:
    """``enter(index, elevation, movement, on the ground, damage table, landing, too high)``:
    what entering a space does, as ``(push target or -1, movement after, extra steps, stops
    there)``. ``too high`` is the elevation that stops a jump (two levels above the one the
    move started from); ``spring_extra`` the rulings' High Jump after a spring."""
    elev, spike, fx, push_to, bad_run, _, crab_t, spinner_t = tables
    jump, high = Movement.JUMP, Movement.HIGH_JUMP

    def enter(
        t: int, cur: int, k: Movement, ground: bool, bad: list, landing: bool, too_high: int
    ) -> tuple:
        t_elev = elev[t]
        q = -1
        nk, extra, stop, acts = k, 0, False, False
        if ground:
            stop = t_elev > cur or bad[t]
            acts = not stop
        elif k is jump:
            blocked = t_elev >= too_high or crab_t[t]
            if not landing:
                stop = blocked or spinner_t[t]
            else:
                acts = not blocked
        else:
            acts = landing
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
        return q, nk, extra, stop

    return enter
