"""The modes of Battle Racers as small variant objects (race, boss; solo in :mod:`.solo`).

A variant overrides only the few hooks where a mode plays differently: whether a boss
races (and which), what damage without rings means, and who wins. The rules ask the
state's variant (:func:`.modes.variant_for`) instead of testing the mode.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from ..options import Mode
from ..setup import zone_boss
from .results import race_winners

if TYPE_CHECKING:
    from ...core.rules import Event
    from ..setup import SonicSetup
    from ..state import SonicState
    from .transition import Turn

__all__ = ["BossVariant", "RaceVariant", "Variant"]


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
