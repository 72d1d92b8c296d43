"""A scratch copy of a state that one action's resolution edits, then freezes.

Resolving an action touches several racers (damage, Glory, tokens, moves); a
:class:`Draft` holds mutable lists for that: racer records copied on their first change,
blockers, the phase and the events written. It holds no rule: the rules that edit it live
with their concern (:mod:`.joust.results` for losing Durability, wrecks, Glory and the
race's end, :mod:`.movement.moves` for crossings). ``freeze()`` builds the next frozen
:class:`~racerlab.knights.state.KnightsState`; the records are copied with :func:`copier`
(fast copies of frozen slotted records, below).

It also holds the per-game cached lookups: :func:`racer_of` (a racer's cards
added up, with the director's tweaks) and :func:`table_for`. What a racer on a draft would
touch is measured in :mod:`.movement.obstacles`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

from ..core.rules import Event
from .catalog.loaders import KnightsCatalog, load_catalog
from .parts import Stats
from .setup import table_of
from .state import KnightsSetup, KnightsState, PendingAttack, Phase, RacerState

if TYPE_CHECKING:
    from .build import Racer, RacerBuild
    from .geometry.body import Pose
    from .geometry.table import Table

# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_OVER = Phase.OVER

__all__ = [
    "WEAPON_STATS",
    "Draft",
    "clear_racer_cache",
    "copier",
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
    director tweaks applied (remembered in the catalog's own :attr:`~KnightsCatalog.memo`,
    by the build's and the tweaks' values: it is asked often)."""
    catalog = catalog if catalog is not None else load_catalog()
    memo = catalog.memo
    key = (build, mods)
    racer = memo.get(key)
    if racer is None:
        racer = memo.put(key, _tweaked(build.resolve(catalog), mods))
    return racer


def clear_racer_cache(catalog: KnightsCatalog | None = None) -> None:
    """Forget the racers :func:`racer_of` remembers for ``catalog`` (the bundled one by
    default; for timing cold runs)."""
    (catalog if catalog is not None else load_catalog()).memo.clear()


def _tweaked(racer: Racer, mods: tuple[tuple[str, int], ...]) -> Racer:
    """``racer`` with the director's stat tweaks ``mods`` added."""
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
    """The table measures of a setup: the arena's size from the set-up, the rest from the
    catalog's (the bundled one by default); kept in the catalog's memo by arena size, as
    every action of a game asks."""
    catalog = catalog if catalog is not None else load_catalog()
    key = ("table", setup.arena_width, setup.arena_height)
    table = catalog.memo.get(key)
    if table is None:
        empty = KnightsSetup((), (), (), setup.arena_width, setup.arena_height)
        table = catalog.memo.put(key, table_of(empty, catalog))
    return table


# -- fast copies of the frozen records (racer records, states) -----------------------------
# A frozen slotted dataclass refuses ordinary attribute writes, so a copy made field by field
# (:func:`~racerlab.core.frozen.fast_replace`) calls each slot's setter through the slow,
# general call path: for a 30-field racer record that was most of a copy's cost. Here a copy
# is filled in as a plain *twin* class with the very same slots (ordinary, fast attribute
# writes), then given its real class, which Python allows between classes whose instances
# have the same layout. The result is an ordinary frozen instance, equal to what
# ``dataclasses.replace`` makes.

_COPIERS: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}
"""Copy functions by (class, fields given): a few per class (one per call site shape)."""


def copier(cls: type, changed: tuple[str, ...] = ()) -> Callable[..., Any]:
    """A function ``(obj, *values)`` that copies ``obj`` (a ``cls``) with the fields named in
    ``changed`` set to ``values``, in that order.

    ``cls`` must be a frozen dataclass with ``slots=True`` and no ``__post_init__``; field
    names outside ``cls`` raise ``TypeError``.
    """
    key = (cls, changed)
    found = _COPIERS.get(key)
    if found is not None:
        return found
    names = tuple(f.name for f in fields(cls))
    slots = cls.__dict__.get("__slots__")
    if slots is None or tuple(slots) != names or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not a slotted frozen dataclass without __post_init__")
    unknown = sorted(set(changed) - set(names))
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {unknown}")
    twin = type(f"_{cls.__name__}Twin", (), {"__slots__": tuple(slots)})
    args = ", ".join(f"v{k}" for k in range(len(changed)))
    lines = [f"def copy(obj{', ' if args else ''}{args}):", "    new = _new(_twin)"]
    for name in names:
        value = f"v{changed.index(name)}" if name in changed else f"obj.{name}"
        lines.append(f"    new.{name} = {value}")
    lines += ["    new.__class__ = _cls", "    return new"]
    env: dict[str, Any] = {"_new": object.__new__, "_twin": twin, "_cls": cls}
    exec("\n".join(lines), env)  # the source is built above from field names only
    _COPIERS[key] = env["copy"]
    return env["copy"]


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
        "discs_kept",
        "_copies",
        "_racer_memo",
        "read_only",
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
        self.discs_kept: dict = {}
        """Bounding circles :func:`~racerlab.knights.movement.obstacles.discs` worked out on
        this draft, dropped when a racer moves or is wrecked or a blocker changes."""
        self._copies: dict[int, RacerState] = {}
        """Racer records this draft copied and may still edit in place (see :meth:`set`)."""
        self.wrecks_held = False
        """While True, a wreck leaving one racer does not end the race yet
        (:func:`~racerlab.knights.joust.results.held`)."""
        self.read_only = False
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
        d.read_only = True
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
        if self.read_only:
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
            self.discs_kept.clear()
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
        if self.read_only:
            raise RuntimeError("a reading draft cannot be edited")
        self.blockers[w] = durability
        self.discs_kept.clear()

    def pose(self, i: int) -> Pose:
        """Racer ``i``'s pose."""
        return self.racers[i].pose
