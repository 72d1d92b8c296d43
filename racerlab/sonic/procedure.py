"""The set-up order of a Battle Racers game: who chooses a racer first, who places first.

The rulebook, in our words: the player who played a Sonic video game most recently
chooses a racer first and the choice goes clockwise; then racers are placed behind
the Start Line starting with the player who chose last and going counter-clockwise.
Seats are numbered clockwise (seat 0, 1, 2, ...).

>>> o = setup_order(4, first=2)
>>> o.choosing, o.placing
((2, 3, 0, 1), (1, 0, 3, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import ScenarioError

__all__ = ["SetupOrder", "order_of", "setup_order"]


@dataclass(frozen=True, slots=True)
class SetupOrder:
    """Seats in choosing order (clockwise) and in placing order (counter-clockwise)."""

    choosing: tuple[int, ...]
    placing: tuple[int, ...]

    def describe(self, names: Sequence[str] | None = None) -> list[str]:
        """The order as lines a person reads at the table."""

        def who(i: int) -> str:
            return names[i] if names is not None else f"seat {i + 1}"

        lines = [
            "Choosing racers, clockwise from the player who played a Sonic game most "
            "recently: " + ", ".join(who(i) for i in self.choosing) + "."
        ]
        if len(self.placing) > 1:
            lines.append(
                "Placing behind the Start Line, counter-clockwise from the last to choose: "
                + ", ".join(who(i) for i in self.placing)
                + "."
            )
        return lines


def setup_order(players: int, first: int = 0) -> SetupOrder:
    """The choosing and placing order for ``players`` seats when seat ``first`` played a
    Sonic video game most recently."""
    if players < 1:
        raise ScenarioError(f"setup: at least one player is needed, got {players}")
    if not 0 <= first < players:
        raise ScenarioError(f"setup: the first to choose must be a seat 0..{players - 1}")
    choosing = tuple((first + k) % players for k in range(players))
    last = choosing[-1]
    placing = tuple((last - k) % players for k in range(players))
    return SetupOrder(choosing, placing)


def order_of(state) -> SetupOrder:
    """The set-up order of a game's state (seat 0 taken as the first to choose)."""
    return setup_order(state.setup.players)
