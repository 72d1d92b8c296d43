"""The private context of one Battle Racers transition, and small helpers every rule uses.

A :class:`Turn` carries what resolving one action needs (the catalog facts, the mode's
variant, the dice, the event list being written), so the rule modules pass one value
instead of threading five arguments through every call.

It also makes the transition's changes to the state (:meth:`Turn.change`): the first
change copies the input state (never changed) into a new state of the transition's own,
which nobody else holds until the transition returns it; later changes are written into
that copy. An action so copies the 25-field state once instead of at every step, and the
states handed out stay immutable.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ...core.frozen import fast_replace
from ..state import SonicState

if TYPE_CHECKING:
    from ...core.dice import ChanceSource
    from ...core.rules import Event
    from ..catalog.facts import Facts

__all__ = ["ModeHooks", "Turn", "set_at"]


class ModeHooks(Protocol):
    """What a transition asks of the mode being played (the variant objects of :mod:`.variants`
    answer it; declared here so this module imports none of them)."""

    def after_damage(
        self, t: Turn, state: SonicState, events: Iterable[Event], by: str | None = None
    ) -> SonicState | None:
        """The state if damage among ``events`` ends the game; ``None`` when play goes on."""

    def results(self, state: SonicState, scores: tuple[int, ...]) -> tuple[tuple[int, ...], str]:
        """The winners and the rank of a finished game."""


@dataclass(slots=True)
class Turn:
    """What one transition needs besides the state (private to the rules; never kept)."""

    facts: Facts
    variant: ModeHooks
    dice: ChanceSource
    events: list[Event]
    made: SonicState | None = None
    """The state this transition made (see :meth:`change`); ``None`` until the first change."""

    def change(self, state: SonicState, **changes: Any) -> SonicState:
        """``state`` with ``changes`` (field names of :class:`SonicState`).

        The first change copies ``state``; a change to the copy this transition made is
        written into it (nobody else holds it yet), so read what you need of a state before
        changing it. Any other state is copied, never changed."""
        if state is self.made:
            for name, value in changes.items():
                _SETTERS[name](state, value)
            return state
        new = self.made = fast_replace(state, **changes)
        return new

    def emit(self, *events: Event) -> None:
        """Add events to the transition's log, in order."""
        self.events.extend(events)


def set_at(t: tuple, i: int, v: Any) -> tuple:
    """``t`` with item ``i`` replaced by ``v``."""
    return (*t[:i], v, *t[i + 1 :])


_SETTERS = {f.name: SonicState.__dict__[f.name].__set__ for f in dataclasses.fields(SonicState)}
"""Each field's slot setter (used only on the state a transition made, before it is handed out)."""
