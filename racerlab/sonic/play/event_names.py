"""Printed names on a transition's events: what the log shows instead of catalog ids.

Movement and boss code name racers and bosses by id (``"metal-sonic"``), as the board
does. When a transition is done, the rules hand its events to :func:`name_events`,
which fills each event's name fields (``name``, ``by_name``, ``boss_name``) from the
catalog, so :meth:`describe` says "Metal Sonic". The name fields take no part in
comparing or printing an event, so an event equals the same event unnamed.

>>> from racerlab.sonic.movement.move_events import MoveEnded
>>> names = EventNames({"blaze": "Blaze"}, {"eggman": "Dr. Eggman"})
>>> [e.describe() for e in name_events([MoveEnded("blaze", (6, 3), 5, 5, "run")], names)]
['Blaze run 5 space(s), ending at column 6, lane 4 with Speed 5']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.frozen import fast_replace
from ..events import BossCardRevealed, BossDamaged, BossDestroyed, BossFinished, BossMoved, BossRule
from ..movement.move_events import (
    BadnikDestroyed,
    BossHit,
    MoveEnded,
    ObstacleHit,
    Pushed,
    RacerDamaged,
    RingsCollected,
    RingsDropped,
    ShieldUsed,
    SpeedChanged,
    Sprung,
    by_words,
)

if TYPE_CHECKING:
    from ...core.rules import Event
    from ..catalog.facts import Facts

__all__ = ["EventNames", "name_events"]

_RACER_EVENTS = frozenset(
    (SpeedChanged, ObstacleHit, BadnikDestroyed, RingsCollected, Pushed, Sprung, BossHit, MoveEnded)
)
_DAMAGE_EVENTS = frozenset((RacerDamaged, ShieldUsed))
_BOSS_EVENTS = frozenset(
    (BossCardRevealed, BossMoved, BossRule, BossDamaged, BossDestroyed, BossFinished)
)


@dataclass(frozen=True, slots=True)
class EventNames:
    """The printed names of a catalog's racers and bosses, by id."""

    racers: Mapping[str, str]
    bosses: Mapping[str, str]

    @classmethod
    def of(cls, facts: Facts) -> EventNames:
        """The names in ``facts`` (the rules' catalog)."""
        return cls(
            {k: r.name for k, r in facts.racers.items()},
            {k: b.name for k, b in facts.bosses.items()},
        )


def name_events(events: Iterable[Event], names: EventNames) -> list[Event]:
    """``events`` with their racers and bosses named (an id the catalog does not know
    stays as it is); other events are passed on untouched."""
    racers = names.racers
    out: list[Event] = []
    for e in events:
        kind = type(e)
        if kind in _RACER_EVENTS:
            e = fast_replace(e, name=racers.get(e.racer, ""))
        elif kind in _DAMAGE_EVENTS:
            e = fast_replace(
                e,
                name=racers.get(e.racer, ""),
                by_name=by_words(e.by, racers),
            )
        elif kind is RingsDropped:
            e = fast_replace(e, name=racers.get(e.by, ""))
        elif kind in _BOSS_EVENTS:
            e = fast_replace(e, boss_name=names.bosses.get(e.boss, ""))
        out.append(e)
    return out
