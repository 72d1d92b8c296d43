"""The private context of one Battle Racers transition, and small helpers every rule uses.

A :class:`Turn` carries what resolving one action needs (the catalog facts, the mode's
variant, the dice, the event list being written, the path finder), so the rule modules
pass one value instead of threading five or six arguments through every call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.dice import ChanceSource
from ..core.rules import Event
from .facts import Facts

if TYPE_CHECKING:  # imported for annotations only (the variants import this module)
    from .moves import PathFinder
    from .variants import Variant

__all__ = ["Turn", "set_at"]


@dataclass(slots=True)
class Turn:
    """What one transition needs besides the state (private to the rules; never kept)."""

    facts: Facts
    variant: Variant
    dice: ChanceSource
    events: list[Event]
    finder: PathFinder

    def emit(self, *events: Event) -> None:
        """Add events to the transition's log, in order."""
        self.events.extend(events)


def set_at(t: tuple, i: int, v: Any) -> tuple:
    """``t`` with item ``i`` replaced by ``v``."""
    return (*t[:i], v, *t[i + 1 :])
