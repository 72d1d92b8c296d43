"""The modes of Battle Racers as small variant objects (race, boss, solo), and which plays each.

A variant overrides only the few hooks where a mode plays differently: whether a boss
races (and which), what damage without rings means, and who wins. The rules ask the
state's variant (:func:`variant_for`) instead of testing the mode. Solo's own rules (the
rank table, losing on ringless damage) are in :mod:`.solo`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from ..events import RacerLost
from ..options import Mode
from ..setup import zone_boss
from .results import game_over, race_winners
from .solo import ringless_damage, solo_rank

if TYPE_CHECKING:
    from ...core.rules import Event
    from ..setup import SonicSetup
    from ..state import SonicState
    from .transition import Turn

__all__ = ["BossVariant", "RaceVariant", "SoloVariant", "Variant", "variant_for"]


class Variant:
    """The hooks a mode may override; the defaults are the race's."""

    mode: ClassVar[Mode] = Mode.RACE

    def boss_id(self, setup: SonicSetup) -> str | None:
        """The boss that races in this mode (``None``: no boss)."""
        return None

    def after_damage(
        self, t: Turn, state: SonicState, events: Iterable[Event], by: str | None = None
    ) -> SonicState | None:
        """The state if damage among ``events`` (by ``by``, else as each event says) ends
        the game; ``None`` when play goes on (always, but in solo)."""
        return None

    def results(self, state: SonicState, scores: tuple[int, ...]) -> tuple[tuple[int, ...], str]:
        """The winners and the rank (empty but in solo) of a finished game."""
        return race_winners(state, scores), ""


class RaceVariant(Variant):
    """A race: no boss; most rings plus badniks wins."""


class BossVariant(Variant):
    """Boss mode: the setup's boss (or the zone's) races too and may cross first."""

    mode = Mode.BOSS

    def boss_id(self, setup: SonicSetup) -> str | None:
        """The setup's boss, or the boss of the zones in play."""
        return setup.boss or zone_boss(setup.zones)


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


_VARIANTS: dict[Mode, Variant] = {v.mode: v for v in (RaceVariant(), BossVariant(), SoloVariant())}


def variant_for(mode: Mode) -> Variant:
    """The variant object that plays ``mode``."""
    return _VARIANTS[mode]
