"""The director's edits of a joust's counters: absolute stats, tokens, Valor, Glory,
the next waypoint and the blockers.

Each is a :class:`~racerlab.core.rules.DirectorAction` (see :mod:`.actions`): checked
here with a reason for every refusal, applied to a :class:`~.draft.Draft`, logged with
an event and replayed from a saved game like any other action. Placement, Durability,
stat tweaks and part swaps stay in :mod:`.rules`.

>>> from racerlab.knights.rules import KnightsRules
>>> from racerlab.knights.scenarios import lesson_setup
>>> rules = KnightsRules()
>>> state = rules.initial_state(lesson_setup(("jeff", "cindy")), seed=1)
>>> step = rules.apply(state, SetGlory(1, 2))
>>> step.state.racers[1].glory, step.events[0].describe()
(2, 'Director: cindy: Glory set to 2.')
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError
from ..core.limits import Range
from ..core.rules import Event
from .actions import (
    AdjustStat,
    SetBlocker,
    SetGlory,
    SetNextWaypoint,
    SetStat,
    SetTokens,
    SetValor,
)
from .draft import WEAPON_STATS, Draft, racer_of
from .events import StatChanged
from .geometry.table import overlaps
from .parts import Stats

if TYPE_CHECKING:
    from .catalog.loaders import KnightsCatalog
    from .state import KnightsState, RacerState

__all__ = [
    "EDITS",
    "EDIT_RANGES",
    "MAX_GLORY",
    "MAX_TOKENS",
    "MAX_VALOR",
    "BlockerSet",
    "adjustment_for",
    "apply_edit",
    "check_edit",
]

EDITS = (SetTokens, SetValor, SetGlory, SetNextWaypoint, SetBlocker)
"""The edits this module checks and applies (``SetStat`` becomes an ``AdjustStat``)."""

STATS = tuple(f.name for f in fields(Stats)) + WEAPON_STATS
"""Every stat a director may tweak or set: the racer's, then the weapon's."""

MAX_GLORY = 1_000
"""Most Glory a director may give a racer (ours). A rulebook joust is won with a few
dozen; even the largest Glory options (100 a waypoint) over a long joust stay below it."""
MAX_VALOR = 1_000
"""Most Valor a director may give a racer (ours). Builds start with a handful and a
Perfect Racer earns 1 a round, so even a joust at the 1,000-round cap stays below it."""
MAX_TOKENS = 100
"""Most Slow or Weakness tokens of one kind a director may put on a racer (ours): a hit
places one, and Weakness stops lowering a roll long before (its floor)."""

EDIT_RANGES: dict[type, tuple[tuple[str, str, Range], ...]] = {
    SetTokens: (
        ("slow", "Slow tokens", Range(0, MAX_TOKENS, whole=True)),
        ("weakness", "Weakness tokens", Range(0, MAX_TOKENS, whole=True)),
    ),
    SetValor: (("value", "Valor", Range(0, MAX_VALOR, whole=True)),),
    SetGlory: (("value", "Glory", Range(0, MAX_GLORY, whole=True)),),
}
"""Each counter edit's numbers: (field, its name in a refusal, its range). The waypoint
and blocker edits are bounded by the table: its waypoints and the blocker's Durability."""


@dataclass(frozen=True, slots=True)
class BlockerSet(Event):
    """The director set the Durability left on a waypoint's blocker."""

    waypoint: int
    durability: int

    def describe(self) -> str:
        if self.durability == 0:
            return f"Director: the blocker of waypoint {self.waypoint + 1} is removed."
        return (
            f"Director: the blocker of waypoint {self.waypoint + 1} stands with "
            f"{self.durability} Durability."
        )


def stat_value(rs: RacerState, stat: str, catalog: KnightsCatalog | None = None) -> int:
    """The racer's ``stat`` as played now: build plus the director's tweaks (the build's
    cards from ``catalog``, the joust's: the bundled one by default)."""
    racer = racer_of(rs.build, (), catalog)
    base = getattr(racer.weapon if stat in WEAPON_STATS else racer.stats, stat)
    return int(base) + sum(v for s, v in rs.mods if s == stat)


def adjustment_for(state: KnightsState, a: SetStat) -> AdjustStat:
    """The :class:`AdjustStat` that makes ``a.stat`` exactly ``a.value``."""
    rs = _racer(state, a)
    if a.stat not in STATS:
        raise IllegalActionError(f"unknown stat {a.stat!r} (known: {', '.join(STATS)})", action=a)
    _whole(a, a.value, f"{a.stat}")
    return AdjustStat(a.player, a.stat, a.value - stat_value(rs, a.stat, state.catalog))


def check_edit(state: KnightsState, a) -> None:
    """Raise :class:`IllegalActionError` naming the field and the reason if ``a`` is refused."""
    if isinstance(a, SetBlocker):
        _check_blocker(state, a)
        return
    _racer(state, a)
    for name, label, allowed in EDIT_RANGES.get(type(a), ()):
        problem = allowed.problem(getattr(a, name))
        if problem is not None:
            raise IllegalActionError(f"{type(a).__name__}: {label} {problem}", action=a)
    if isinstance(a, SetNextWaypoint):
        last = len(state.setup.waypoints)
        if type(a.waypoint) is not int:
            raise IllegalActionError(
                f"the next waypoint must be a whole number, not {a.waypoint!r}", action=a
            )
        if not 0 <= a.waypoint <= last:
            raise IllegalActionError(
                f"the next waypoint must be 1 to {last} (or all crossed), not {a.waypoint + 1}",
                action=a,
            )


def apply_edit(d: Draft, a) -> None:
    """Apply a checked edit to the draft and log it."""
    if isinstance(a, SetBlocker):
        d.set_blocker(a.waypoint, a.durability)
        d.emit(BlockerSet(a.waypoint, a.durability))
        return
    p = a.player
    if isinstance(a, SetTokens):
        d.set(p, slow=a.slow, weakness=a.weakness)
        what = f"{a.slow} Slow and {a.weakness} Weakness token(s)"
    elif isinstance(a, SetValor):
        d.set(p, valor=a.value)
        what = f"Valor set to {a.value}"
    elif isinstance(a, SetGlory):
        d.set(p, glory=a.value)
        what = f"Glory set to {a.value}"
    else:
        assert isinstance(a, SetNextWaypoint)
        d.set(p, next_waypoint=a.waypoint)
        n = len(d.setup.waypoints)
        what = f"next waypoint {a.waypoint + 1}" if a.waypoint < n else "every waypoint crossed"
    d.emit(StatChanged(p, d.name(p), what))


def _racer(state: KnightsState, a) -> RacerState:
    p = a.player
    if type(p) is not int or not 0 <= p < len(state.racers):
        raise IllegalActionError(f"there is no player {p!r}", action=a)
    rs = state.racers[p]
    if rs.wrecked:
        raise IllegalActionError(f"{state.name(p)}'s racer is Wrecked!", action=a)
    return rs


def _whole(a, value, what: str) -> None:
    if type(value) is not int or value < 0:
        raise IllegalActionError(f"{what} must be a whole number >= 0, not {value!r}", action=a)


def _check_blocker(state: KnightsState, a: SetBlocker) -> None:
    w, n = a.waypoint, len(state.setup.waypoints)
    if type(w) is not int or not 0 <= w < n:
        shown = w + 1 if type(w) is int else repr(w)  # waypoints are numbered from 1
        raise IllegalActionError(f"there is no waypoint {shown} (waypoints 1 to {n})", action=a)
    top = state.catalog.table.blocker_durability
    if type(a.durability) is not int or not 0 <= a.durability <= top:
        raise IllegalActionError(
            f"a blocker's Durability must be 0 to {top}, not {a.durability!r}", action=a
        )
    if a.durability == 0 or state.blockers[w] > 0:
        return
    d = Draft(state)
    disc = d.table.waypoint(state.setup.waypoints[w])
    tol = state.options.contact_tolerance_m
    for i, rs in enumerate(state.racers):
        if not rs.wrecked and overlaps(d.table.shape(rs.pose), disc, tol):
            raise IllegalActionError(
                f"the blocker of waypoint {w + 1} cannot stand again: "
                f"{state.name(i)}'s racer is on the waypoint",
                action=a,
            )
