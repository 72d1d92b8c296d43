"""The set-up procedure of a joust: who places what, in which order, and the Falcons pot.

The rulebook's set-up, in our words: waypoint 1 goes in the middle of the table;
then, oldest player first and on down to the youngest, each player takes the
lowest-numbered waypoint left (2, 3, ...) and places it. Racers are placed the other
way round, youngest first. With the optional Falcons rule every player puts one
Falcon in a pile before the joust; a silver token is worth one Falcon, a gold token
two.

Players are taken as listed oldest first unless their ages are given; players of
the same age keep their listed order (the rulebook does not say).

>>> p = setup_procedure(3, ages=(30, 41, 12))
>>> p.waypoint_turns
((1, 2), (0, 3), (2, 4))
>>> p.racer_order
(2, 0, 1)
>>> falcon_tokens(3)
FalconTokens(gold=1, silver=1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from ..core.errors import ScenarioError
from .joust.results import falcon_split

__all__ = [
    "FalconPot",
    "FalconToken",
    "FalconTokens",
    "SetupProcedure",
    "falcon_pot",
    "falcon_tokens",
    "procedure_of",
    "setup_procedure",
]


class FalconToken(IntEnum):
    """The Falcon tokens and what each is worth in Falcons."""

    SILVER = 1
    """A silver token: one Falcon."""
    GOLD = 2
    """A gold token: two Falcons."""


@dataclass(frozen=True, slots=True)
class FalconTokens:
    """A number of Falcons as tokens: ``gold`` gold and ``silver`` silver."""

    gold: int
    silver: int

    @property
    def falcons(self) -> int:
        """What the tokens are worth in Falcons."""
        return self.gold * FalconToken.GOLD + self.silver * FalconToken.SILVER

    def describe(self) -> str:
        """Words for the tokens, e.g. ``1 gold + 1 silver``."""
        parts = [f"{n} {name}" for n, name in ((self.gold, "gold"), (self.silver, "silver")) if n]
        return " + ".join(parts) or "nothing"


def falcon_tokens(falcons: int) -> FalconTokens:
    """``falcons`` Falcons in the fewest tokens (gold where it can; change from the pile)."""
    if falcons < 0:
        raise ScenarioError(f"a number of Falcons must be 0 or more, got {falcons}")
    return FalconTokens(falcons // FalconToken.GOLD, falcons % FalconToken.GOLD)


@dataclass(frozen=True, slots=True)
class FalconPot:
    """The optional Falcons pot: each player's ante and what the places take home."""

    ante: int
    players: int

    @property
    def total(self) -> int:
        """Falcons in the pot."""
        return self.ante * self.players

    def ante_tokens(self) -> FalconTokens:
        """What one player puts in (one Falcon: a silver token)."""
        return falcon_tokens(self.ante)

    def payout(self, winner: int | None, second: int | None) -> tuple[FalconTokens, ...]:
        """Each player's winnings as tokens (see
        :func:`~racerlab.knights.joust.results.falcon_split`)."""
        return tuple(
            falcon_tokens(n) for n in falcon_split(self.players, winner, second, self.ante)
        )

    def describe(self) -> str:
        """One line: the ante, the pot and how it is shared."""
        first = falcon_split(self.players, 0, 1, self.ante)
        if self.players in (4, 5):
            share = (
                f"the winner takes {falcon_tokens(first[0]).describe()}, second place "
                f"{falcon_tokens(first[1]).describe()}"
            )
        else:
            share = f"the winner takes all ({falcon_tokens(self.total).describe()})"
        return (
            f"Falcons pot: each player antes {self.ante_tokens().describe()} "
            f"({self.total} Falcons in all); {share}."
        )


def falcon_pot(players: int, ante: int = 1) -> FalconPot:
    """The pot of a joust of ``players`` each anteing ``ante`` Falcons."""
    if players < 2:
        raise ScenarioError(f"a joust needs at least 2 players, got {players}")
    if ante < 0:
        raise ScenarioError(f"falcon_ante must be 0 or more, got {ante}")
    return FalconPot(ante, players)


@dataclass(frozen=True, slots=True)
class SetupProcedure:
    """Who places what: ``waypoint_turns`` as (player, waypoint number), oldest first;
    ``racer_order`` youngest first; ``pot`` when the Falcons pot is played."""

    waypoint_turns: tuple[tuple[int, int], ...]
    racer_order: tuple[int, ...]
    pot: FalconPot | None

    def describe(self, names: Sequence[str] | None = None) -> list[str]:
        """The procedure as lines a person reads at the table."""

        def who(i: int) -> str:
            return names[i] if names is not None else f"player {i + 1}"

        lines = ["Waypoint 1 goes in the middle of the arena."]
        lines.append(
            "Waypoints, oldest player first: "
            + ", ".join(f"{who(p)} places {w}" for p, w in self.waypoint_turns)
            + "."
        )
        lines.append(
            "Racers, youngest player first, 5R from waypoint 1: "
            + ", ".join(who(p) for p in self.racer_order)
            + "."
        )
        if self.pot is not None:
            lines.append(self.pot.describe())
        return lines


def setup_procedure(
    players: int,
    ages: Sequence[float] | None = None,
    *,
    falcons_pot: bool = False,
    ante: int = 1,
) -> SetupProcedure:
    """The set-up order for ``players`` (ages in years, or listed oldest first) and the pot."""
    if players < 2:
        raise ScenarioError(f"a joust needs at least 2 players, got {players}")
    if ages is not None and len(ages) != players:
        raise ScenarioError(f"ages: {players} players need {players} ages, got {len(ages)}")
    if ages is not None and any(not (a >= 0) for a in ages):
        raise ScenarioError(f"ages must be 0 or more, got {tuple(ages)}")
    oldest_first = (
        tuple(range(players))
        if ages is None
        else tuple(sorted(range(players), key=lambda i: (-ages[i], i)))
    )
    waypoints = tuple((p, k + 2) for k, p in enumerate(oldest_first))
    youngest_first = (
        tuple(reversed(oldest_first))
        if ages is None
        else tuple(sorted(range(players), key=lambda i: (ages[i], i)))
    )
    pot = falcon_pot(players, ante) if falcons_pot else None
    return SetupProcedure(waypoints, youngest_first, pot)


def procedure_of(state) -> SetupProcedure:
    """The set-up procedure of a joust's state (its players, options and ante)."""
    return setup_procedure(
        len(state.setup.players),
        falcons_pot=state.options.falcons_pot,
        ante=state.setup.falcon_ante,
    )
