"""Solo mode's own rules: losing on ringless damage, and the rank table.

One racer races a boss. Damage with no rings loses at once; the game is won only by
destroying the boss and crossing the Finish Line, and is then ranked by rings plus
badniks (:func:`solo_rank`).

>>> solo_rank(31), solo_rank(21), solo_rank(27), solo_rank(5)
('S', 'A', 'A', 'E')
>>> from racerlab.sonic.options import SonicOptions
>>> solo_rank(27, SonicOptions(solo_rank_26_29="S"))
'S'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..movement.move_events import RacerDamaged
from ..options import SonicOptions

if TYPE_CHECKING:
    from ...core.rules import Event

__all__ = ["GAP", "SOLO_RANKS", "ringless_damage", "solo_rank"]

SOLO_RANKS: tuple[tuple[int, str], ...] = (
    (30, "S"),
    (21, "A"),
    (16, "B"),
    (11, "C"),
    (6, "D"),
    (0, "E"),
)
"""Solo ranks by rings + badniks (rulebook); 26-29 is not in the table: see the options."""

GAP = (26, 29)
"""The scores the rulebook's table leaves out."""


def solo_rank(score: int, options: SonicOptions | None = None) -> str:
    """The solo rank for ``score`` rings + badniks (``options.solo_rank_26_29`` for the gap)."""
    options = options or SonicOptions()
    if GAP[0] <= score <= GAP[1]:
        return options.solo_rank_26_29
    for floor, rank in SOLO_RANKS:
        if score >= floor:
            return rank
    return SOLO_RANKS[-1][1]


def ringless_damage(events: Iterable[Event]) -> str | None:
    """What damaged a racer that had no rings among ``events`` (``None`` if nothing did):
    in solo mode that racer loses at once."""
    for e in events:
        if isinstance(e, RacerDamaged) and not e.had_rings:
            return e.by
    return None
