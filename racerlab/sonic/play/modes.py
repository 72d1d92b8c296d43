"""Which variant object plays each mode (race, boss, solo).

Kept apart from :mod:`.variants` so that the solo variant, which builds on the
boss variant, and the table of all three never import each other.
"""

from __future__ import annotations

from ..options import Mode
from .solo import SoloVariant
from .variants import BossVariant, RaceVariant, Variant

__all__ = ["variant_for"]

_VARIANTS: dict[Mode, Variant] = {v.mode: v for v in (RaceVariant(), BossVariant(), SoloVariant())}


def variant_for(mode: Mode) -> Variant:
    """The variant object that plays ``mode``."""
    return _VARIANTS[mode]
