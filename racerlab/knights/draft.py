"""A scratch copy of a state that one action's resolution edits, then freezes.

Resolving an action touches several racers (damage, Glory, tokens, moves); a
:class:`Draft` holds mutable lists for that: racer records copied on their first change,
blockers, the phase and the events written. It holds no rule: the rules that edit it live
with their concern (:mod:`.durability` for losing Durability and wrecks, :mod:`.waypoints`
for crossings, :mod:`.results` for Glory and the race's end). ``freeze()`` builds the next
frozen :class:`~racerlab.knights.state.KnightsState`.

It also holds the per-game cached lookups: :func:`racer_of` (a racer's cards
added up, with the director's tweaks) and :func:`table_for`.
"""

from __future__ import annotations

import functools
import math
from dataclasses import fields, replace
from typing import Any

from ..core.rules import Event
from .build import Racer, RacerBuild
from .catalog import KnightsCatalog, load_catalog
from .geometry import Contact, Pose
from .geometry.overlap import (
    heading_vector,
    nearest_wall,
    rect_corners,
    rect_disc_overlap,
    sat_overlap,
)
from .geometry.table import (
    Table,
    slide_disc,
    slide_rect,
    slide_walls,
)
from .geometry.tolerance import CLEAR_M, TOL_M
from .parts import Ability, Side, Stats
from .records import copier
from .setup import KnightsSetup, table_of
from .state import KnightsState, PendingAttack, Phase, RacerState

# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_OVER = Phase.OVER

__all__ = [
    "WEAPON_STATS",
    "Draft",
    "clear_racer_cache",
    "grants",
    "has_any",
    "racer_of",
    "table_for",
]

WEAPON_STATS = ("range", "strength", "damage")
"""Weapon numbers the director may tweak with AdjustStat."""

_STAT_NAMES = tuple(f.name for f in fields(Stats))
_RACER_FIELDS = frozenset(f.name for f in fields(RacerState))
_RESHAPING = frozenset(("pose", "wrecked", "build", "mods"))
"""Racer fields whose change clears a draft's bounding circles or card lookups."""


def racer_of(
    build: RacerBuild,
    mods: tuple[tuple[str, int], ...] = (),
    catalog: KnightsCatalog | None = None,
) -> Racer:
    """The racer a build makes from ``catalog``'s cards (the bundled ones by default), with
    director tweaks applied (cached: it is asked often).

    The same build, mods and catalog objects as a recent question get its answer without
    hashing the build (every action's drafts ask again for racers whose records they copy);
    other questions go to a bounded cache keyed by value.
    """
    found = _RECENT.get(id(build))
    if found is not None and found[0] is build and found[1] is mods and found[2] is catalog:
        return found[3]
    racer = _racer_by_value(build, mods, catalog)
    if len(_RECENT) >= _RECENT_MAX:
        _RECENT.clear()
    _RECENT[id(build)] = (build, mods, catalog, racer)  # holds the build: its id stays its own
    return racer


def clear_racer_cache() -> None:
    """Forget the racers :func:`racer_of` remembers (for timing cold runs)."""
    _RECENT.clear()
    _racer_by_value.cache_clear()


_RECENT: dict[int, tuple[RacerBuild, tuple, KnightsCatalog | None, Racer]] = {}
"""Recent answers of :func:`racer_of` by the build object's id, with the objects asked about
(single dict operations: safe across threads)."""
_RECENT_MAX = 256
"""Entries :data:`_RECENT` holds before it starts again."""


@functools.lru_cache(maxsize=2048)
def _racer_by_value(
    build: RacerBuild, mods: tuple[tuple[str, int], ...], catalog: KnightsCatalog | None
) -> Racer:
    racer = build.resolve(catalog if catalog is not None else load_catalog())
    if not mods:
        return racer
    stat_delta: dict[str, int] = {}
    weapon_delta: dict[str, int] = {}
    for stat, delta in mods:
        (weapon_delta if stat in WEAPON_STATS else stat_delta)[stat] = (
            weapon_delta.get(stat, 0) if stat in WEAPON_STATS else stat_delta.get(stat, 0)
        ) + delta
    stats = racer.stats + Stats(**stat_delta)
    weapon = replace(
        racer.weapon,
        **{k: max(0, getattr(racer.weapon, k) + v) for k, v in weapon_delta.items()},
    )
    return replace(racer, stats=stats, weapon=weapon, valor_pool=stats.valor)


def table_for(setup: KnightsSetup, catalog: KnightsCatalog | None = None) -> Table:
    """The table measures of a setup (cached by arena size and catalog: the rest is the
    catalog's, the bundled one by default; the last set-up asked about is remembered, one
    entry, as every action of a game asks)."""
    global _LAST_TABLE
    catalog = catalog if catalog is not None else load_catalog()
    last_setup, last_catalog, table = _LAST_TABLE
    if last_setup is not setup or last_catalog is not catalog:
        table = _table(setup.arena_width, setup.arena_height, catalog)
        _LAST_TABLE = (setup, catalog, table)
    return table


_LAST_TABLE: tuple[KnightsSetup | None, KnightsCatalog | None, Table | None] = (None, None, None)
"""The last (set-up, catalog) :func:`table_for` measured, and its table (replaced whole:
thread-safe)."""


@functools.lru_cache(maxsize=64)
def _table(width: float, height: float, catalog: KnightsCatalog) -> Table:
    return table_of(KnightsSetup((), (), (), width, height), catalog)


_SET = object.__setattr__

_DRAFTED = (
    "racers",
    "blockers",
    "phase",
    "order",
    "turn",
    "round",
    "pending",
    "first_across_last",
    "end_reason",
)
"""The state fields a :class:`Draft` holds and :meth:`Draft.freeze` writes back."""

_copy_racer = copier(RacerState)
_copy_state = copier(KnightsState, _DRAFTED)

_READER: tuple[KnightsState | None, Draft | None] = (None, None)
"""The last state a reading draft was asked for, and that draft (see :meth:`Draft.reading`)."""

_MEASURED: tuple[KnightsState | None, dict] = (None, {})
"""The last state contacts were measured on, and its answers (see :meth:`Draft.contact`)."""


def grants(racer: Racer, ability: Ability, side: Side | None = None):
    """Grants of ``ability`` that apply: every non-shield part, plus the shield on ``side``."""
    return tuple(
        g for g in racer.abilities if g[0].ability is ability and (g[2] is None or g[2] is side)
    )


def has_any(racer: Racer, ability: Ability) -> bool:
    """Whether any card of the racer, shields included, carries ``ability`` (immunities)."""
    return any(g[0].ability is ability for g in racer.abilities)


class Draft:
    """Mutable working copy of a :class:`KnightsState` for one action's resolution."""

    __slots__ = (
        "base",
        "options",
        "setup",
        "catalog",
        "table",
        *_DRAFTED,
        "events",
        "wrecks_held",
        "passed",
        "_disc_cache",
        "_copies",
        "_racer_memo",
        "_reading",
    )

    def __init__(self, state: KnightsState) -> None:
        self.base = state
        self.options = state.options
        self.setup = state.setup
        self.catalog: KnightsCatalog = state.catalog
        reader = _READER[1]
        if reader is not None and reader.base is state:
            # the state's reading draft (the action's check) looked these up already
            self.table: Table = reader.table
            self._racer_memo: list[Racer | None] = list(reader._racer_memo)
        else:
            self.table = table_for(state.setup, state.catalog)
            self._racer_memo = [None] * len(state.racers)
        # _racer_memo: each racer's cards added up, looked up once per draft (cleared when
        # its build or mods change, see set())
        self.racers: list[RacerState] = list(state.racers)
        self.blockers: list[int] = list(state.blockers)
        self.phase: Phase = state.phase
        self.order = state.order
        self.turn = state.turn
        self.round = state.round
        self.pending: PendingAttack | None = state.pending
        self.first_across_last = state.first_across_last
        self.end_reason = state.end_reason
        self.events: list[Event] = []
        self._disc_cache: dict = {}
        self._copies: dict[int, RacerState] = {}
        """Racer records this draft copied and may still edit in place (see :meth:`set`)."""
        self.wrecks_held = False
        """While True, a wreck leaving one racer does not end the race yet
        (:func:`~racerlab.knights.durability.held`)."""
        self._reading = False
        """True for a shared reading draft (:meth:`reading`): editing it is refused."""
        self.passed: object = None
        """On a reading draft: the last action that passed the rules' check on its state
        (states never change, so ``apply`` need not check the bot's chosen action again)."""

    @classmethod
    def reading(cls, state: KnightsState) -> Draft:
        """A draft of ``state`` for questions only (checks, a bot's look-ahead).

        The last one made is kept (one entry) and handed out again for the same state, so a
        bot's questions and ``check`` of the chosen action share their bounding circles and
        racer lookups; editing it raises ``RuntimeError``.
        """
        global _READER
        last_state, last = _READER  # one tuple, replaced whole: safe across threads
        if last_state is state and last is not None:
            return last
        d = cls(state)
        d._reading = True
        _READER = (state, d)
        return d

    # -- basics -------------------------------------------------------------------
    def r(self, i: int) -> RacerState:
        """Racer state ``i`` as edited so far."""
        return self.racers[i]

    def racer(self, i: int) -> Racer:
        """Racer ``i``'s cards, added up."""
        found = self._racer_memo[i]
        if found is None:
            rs = self.racers[i]
            found = self._racer_memo[i] = racer_of(rs.build, rs.mods, self.catalog)
        return found

    def set(self, i: int, **changes: Any) -> RacerState:
        """Change fields of racer ``i``.

        The first change copies the racer's record; later changes before :meth:`freeze`
        edit that private copy in place (one copy per racer per action, not per change).
        """
        if self._reading:
            raise RuntimeError("a reading draft cannot be edited")
        rs = self.racers[i]
        if self._copies.get(i) is not rs:  # the first change: one copy of the record
            if not _RACER_FIELDS.issuperset(changes):
                raise TypeError(
                    f"RacerState has no field(s) {sorted(set(changes) - _RACER_FIELDS)}"
                )
            rs = self.racers[i] = self._copies[i] = _copy_racer(rs)
        for name, value in changes.items():
            try:
                _SET(rs, name, value)
            except AttributeError:
                raise TypeError(f"RacerState has no field {name!r}") from None
        if _RESHAPING.isdisjoint(changes):
            return rs
        if "pose" in changes or "wrecked" in changes:
            self._disc_cache.clear()
        if "build" in changes or "mods" in changes:
            self._racer_memo[i] = None
        return rs

    def name(self, i: int) -> str:
        """Player ``i``'s name."""
        return self.setup.players[i].name

    def emit(self, event: Event) -> None:
        """Record an event."""
        self.events.append(event)

    def freeze(self) -> KnightsState:
        """The next frozen state, in one copy (later changes to this draft copy the records
        again); the dice stay as in the draft's state (the core's ``apply`` sets them)."""
        self._copies.clear()
        return _copy_state(  # one copy: every field a draft holds (_DRAFTED), in one go
            self.base,
            tuple(self.racers),
            tuple(self.blockers),
            self.phase,
            self.order,
            self.turn,
            self.round,
            self.pending,
            self.first_across_last,
            self.end_reason,
        )

    @property
    def over(self) -> bool:
        """Whether the race has ended."""
        return self.phase is _OVER

    def active(self) -> list[int]:
        """Players not wrecked."""
        return [i for i, r in enumerate(self.racers) if not r.wrecked]

    # -- blockers ---------------------------------------------------------------------
    def set_blocker(self, w: int, durability: int) -> None:
        """Set the Durability left on waypoint ``w``'s blocker (0: destroyed)."""
        if self._reading:
            raise RuntimeError("a reading draft cannot be edited")
        self.blockers[w] = durability
        self._disc_cache.clear()

    # -- shapes ------------------------------------------------------------------------
    def obstacles(self, exclude: int, *, blockers: bool = True) -> list[tuple[Any, Any]]:
        """What a racer can run into: other racers, standing blockers, the walls."""
        out: list[tuple[Any, Any]] = [
            (("racer", j), self.table.shape(r.pose))
            for j, r in enumerate(self.racers)
            if j != exclude and not r.wrecked
        ]
        if blockers:
            out += [
                (("blocker", w), self.table.waypoint(xy))
                for w, xy in enumerate(self.setup.waypoints)
                if self.blockers[w] > 0
            ]
        out += list(self.table.walls)
        return out

    def pose(self, i: int) -> Pose:
        """Racer ``i``'s pose."""
        return self.racers[i].pose

    # -- fast contact ------------------------------------------------------------------
    def discs(self, exclude: int, blockers: bool = True):
        """Bounding circles of what a racer can hit: (key, x, y, radius, pose or None)."""
        cached = self._disc_cache.get((exclude, blockers))
        if cached is not None:
            return cached
        rr = self.table.racer_radius
        out = [
            (("racer", j), r.pose.x, r.pose.y, rr, r.pose)
            for j, r in enumerate(self.racers)
            if j != exclude and not r.wrecked
        ]
        if blockers:
            wr = self.table.waypoint_diameter / 2.0
            out += [
                (("blocker", w), xy[0], xy[1], wr, None)
                for w, xy in enumerate(self.setup.waypoints)
                if self.blockers[w] > 0
            ]
        self._disc_cache[(exclude, blockers)] = out
        return out

    def _geom(self, key, pose):
        if key[0] == "racer":
            return self.table.shape(pose)
        return self.table.waypoint(self.setup.waypoints[key[1]])

    def contact(self, i: int, direction, distance: float, *, blockers: bool = True) -> Contact:
        """Where racer ``i`` sliding ``direction`` first touches a racer, blocker or wall.

        The same answer as :func:`~racerlab.knights.geometry.first_contact` (the tests
        compare them), computed in plain arithmetic: far objects are skipped by bounding
        circles, racers by separating axes, blockers as exact discs, walls by the corners.
        While the draft is unedited the answer is shared with other drafts of the same
        state (a bot's look ahead, then ``check``, ask the same question), and a shorter
        slide the same way is read off a longer one when that settles it (:func:`_within`).
        """
        memo = self._shared_contacts()
        key = (i, direction, distance, blockers)
        found = None
        if memo is not None:
            found = memo.get(key) or _within(memo, key)
        if found is None:
            found = self._measure_contact(i, direction, distance, blockers)
            if memo is not None:
                memo[key] = found
        return found

    def _shared_contacts(self) -> dict | None:
        """Contacts measured on this draft's state, or None once racers or blockers changed."""
        global _MEASURED
        base = self.base
        if not self._reading and (
            tuple(self.blockers) != base.blockers
            or any(a is not b for a, b in zip(self.racers, base.racers))
        ):
            return None
        state, memo = _MEASURED
        if state is not base:
            memo = {}
            _MEASURED = (base, memo)
        return memo

    def _measure_contact(self, i: int, direction, distance: float, blockers: bool) -> Contact:
        pose = self.racers[i].pose
        table = self.table
        body = table.body
        dx, dy = heading_vector(pose, direction)
        x, y = pose.x, pose.y
        ex, ey = x + dx * distance, y + dy * distance
        reach = table.racer_radius
        best, hit = float(distance), None
        for key, cx, cy, r, opose in self.discs(i, blockers):
            # bounding circles: skip what the path's centre line passes too far from
            along = max(0.0, min(distance, (cx - x) * dx + (cy - y) * dy))
            if math.hypot(cx - x - along * dx, cy - y - along * dy) > reach + r + TOL_M:
                continue
            if opose is not None:
                t = slide_rect(pose, body, dx, dy, best, opose)
            else:
                t = slide_disc(pose, body, dx, dy, best, cx, cy, r)
            if t is not None and (t < best or hit is None):
                best, hit = t, key
        # walls only when the racer's bounding circle comes near an edge (as Table.inside_by)
        rr = reach + CLEAR_M
        if not (
            rr <= min(x, ex)
            and max(x, ex) <= table.width - rr
            and rr <= min(y, ey)
            and max(y, ey) <= table.height - rr
        ):
            wall = slide_walls(pose, body, dx, dy, best, table.width, table.height)
            if wall is not None and (wall[0] < best or hit is None):
                best, hit = wall
        return Contact(float(best), hit)

    def overlapping(self, i: int, pose: Pose, tol: float = TOL_M):
        """The first thing racer ``i`` would overlap (more than touch) at ``pose``, or None.

        Plain arithmetic: rectangles by separating axes, blockers as exact discs,
        walls by the corners.
        """
        body = self.table.body
        pts = rect_corners(pose, body)
        for x, y in pts:
            if x < -tol or y < -tol or x > self.table.width + tol or y > self.table.height + tol:
                return nearest_wall(x, y, self.table.width, self.table.height)
        reach = self.table.racer_radius
        for key, cx, cy, r, opose in self.discs(i):
            if math.hypot(cx - pose.x, cy - pose.y) > reach + r:
                continue
            if key[0] == "racer":
                if sat_overlap(pts, rect_corners(opose, body), tol):
                    return key
            elif rect_disc_overlap(pose, body, cx, cy, r, tol):
                return key
        return None

    def near_turn(self, i: int, radius: float):
        """Obstacles within ``radius`` of racer ``i``'s centre (for turn sweeps), walls if close."""
        pose = self.racers[i].pose
        reach = self.table.racer_radius
        out = [
            (key, self._geom(key, opose))
            for key, cx, cy, r, opose in self.discs(i)
            if math.hypot(cx - pose.x, cy - pose.y) <= radius + reach + r
        ]
        if not self.table.inside_by(pose, radius + reach):
            out += list(self.table.walls)
        return out


_SLACK = TOL_M
"""Slides' contact measures accept a contact a hair (:data:`TOL_M`) past their length: a longer
slide's answer decides a shorter one only when it lies clear of that hair."""


def _within(memo: dict, key: tuple) -> Contact | None:
    """The contact of a slide, read off a longer slide the same way measured on the state.

    Contacts found along a slide do not depend on its length, only which of them count:
    the longer slide's first contact is the shorter one's too when it comes within the
    shorter length, and when it (or the longer slide's end) lies well beyond that length
    the shorter slide meets nothing. Near-ties are left to be measured.
    """
    i, direction, distance, blockers = key
    for (j, way, longer, b), found in memo.items():
        if j != i or b is not blockers or longer <= distance or way != direction:
            continue
        if found.key is not None and found.distance <= distance:
            return found
        if found.distance > distance + _SLACK:
            return Contact(float(distance), None)
    return None
