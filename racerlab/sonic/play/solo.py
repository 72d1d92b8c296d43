"""Solo mode: losing on ringless damage, the rank table, and the solo variant of the rules.

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

from ..events import RacerLost
from ..movement.move_events import RacerDamaged
from ..options import Mode, SonicOptions
from .results import game_over
from .variants import BossVariant

if TYPE_CHECKING:
    from ...core.rules import Event
    from ..state import SonicState
    from .transition import Turn

__all__ = ["SOLO_RANKS", "SoloVariant", "ringless_damage", "solo_rank"]

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


class SoloVariant(BossVariant):
    """Solo mode: a boss races; ringless damage loses; a win is ranked."""

    mode = Mode.SOLO

    def after_damage(
        self, t: Turn, state: SonicState, events: Iterable[Event], by: str | None = None
    ) -> SonicState | None:
        """Damaged with no rings among ``events``: the racer loses at once, no winner."""
        found = ringless_damage(events)
        if found is None:
            return None
        reason = f"damaged by {by or found} with no rings"
        t.emit(RacerLost(0, reason))
        state = t.change(state, lost=(True,) * state.players)
        return game_over(t, state, reason)

    def results(self, state: SonicState, scores: tuple[int, ...]) -> tuple[tuple[int, ...], str]:
        """A win needs the boss destroyed and the racer across the line; it is ranked."""
        beat = state.boss is not None and state.boss.destroyed
        ok = beat and state.finished[0] > 0 and not state.lost[0]
        if not ok:
            return (), ""
        return (0,), solo_rank(scores[0], state.options)
