"""What happens in a Battle Racers game, as events that carry their numbers.

Each event's :meth:`describe` gives one line of plain words for the game log.
Players are shown 1-based ("Player 2"); spaces as the board numbers them ("column 6,
lane 4"). A boss event holds the boss's id (``boss``) and, once the rules have named it
(:func:`racerlab.sonic.play.event_names.name_events`), its printed name (``boss_name``), which the
line shows; the name takes no part in comparing or printing the event.

>>> CardRevealed(0, 12, "Sprint", 41).describe()
'Player 1 reveals Sprint (priority 41).'
>>> SpeedSet(1, 3, 5, "Sprint").describe()
'Player 2 speed 3 -> 5 (Sprint).'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.rules import Event
from .board.board import Badnik
from .movement.move_events import BADNIK_NAMES

__all__ = [
    "ActionPassed",
    "ActionUsed",
    "BossCardRevealed",
    "BossDamaged",
    "BossDestroyed",
    "BossFinished",
    "BossMoved",
    "BossRule",
    "CardChosen",
    "CardRevealed",
    "CardTaken",
    "DeckReshuffled",
    "DirectorChanged",
    "GameEnded",
    "PowerUsed",
    "RacerFinished",
    "RacerLost",
    "ResolutionOrder",
    "RoundStarted",
    "SpeedSet",
    "TrackPlaced",
    "TrapsFlipped",
]


def _p(player: int) -> str:
    return "Boss" if player < 0 else f"Player {player + 1}"


def _badnik(value: str) -> str:
    """A badnik's printed name from its id (the id if it is no badnik)."""
    try:
        return BADNIK_NAMES[Badnik(value)]
    except ValueError:
        return value


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A new round began."""

    round: int

    def describe(self) -> str:
        return f"Round {self.round} begins."


@dataclass(frozen=True, slots=True)
class CardChosen(Event):
    """A player put a card face down (which card stays hidden until all have chosen)."""

    player: int

    def describe(self) -> str:
        return f"{_p(self.player)} chooses a card face down."


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """A player's face-down card was revealed."""

    player: int
    card: int
    name: str
    priority: int

    def describe(self) -> str:
        return f"{_p(self.player)} reveals {self.name} (priority {self.priority})."


@dataclass(frozen=True, slots=True)
class BossCardRevealed(Event):
    """The boss's face-up card for the round."""

    boss: str
    card: str
    name: str
    priority: int
    boss_name: str = field(default="", compare=False, repr=False)
    """The boss's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        return f"Boss {self.boss_name or self.boss} shows {self.name} (priority {self.priority})."


@dataclass(frozen=True, slots=True)
class ResolutionOrder(Event):
    """The order cards resolve in this round (boss shown as -1)."""

    order: tuple[int, ...]
    priorities: tuple[int, ...]

    def describe(self) -> str:
        parts = [f"{_p(p)} ({pr})" for p, pr in zip(self.order, self.priorities, strict=True)]
        return "Resolution order: " + ", ".join(parts) + "."


@dataclass(frozen=True, slots=True)
class ActionPassed(Event):
    """A player passed on the card's action."""

    player: int
    card: str

    def describe(self) -> str:
        return f"{_p(self.player)} passes on the {self.card} action."


@dataclass(frozen=True, slots=True)
class ActionUsed(Event):
    """A player used the card's action."""

    player: int
    card: str
    choice: str

    def describe(self) -> str:
        return f"{_p(self.player)} uses {self.card}: {self.choice}."


@dataclass(frozen=True, slots=True)
class SpeedSet(Event):
    """A card action, power or director set a racer's speed (terrain: see move_events)."""

    player: int
    before: int
    after: int
    reason: str

    def describe(self) -> str:
        return f"{_p(self.player)} speed {self.before} -> {self.after} ({self.reason})."


@dataclass(frozen=True, slots=True)
class TrackPlaced(Event):
    """Track sections were connected, with the rings and badniks put on them."""

    sections: tuple[str, ...]
    rings: int
    badniks: tuple[str, ...]
    triggered_by: int

    def describe(self) -> str:
        who = "set-up" if self.triggered_by < 0 else _p(self.triggered_by)
        bad = ", ".join(map(_badnik, self.badniks)) or "none"
        return (
            f"Track placed ({who}): {', '.join(self.sections)}; "
            f"{self.rings} ring(s), badniks: {bad}."
        )


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """A player discarded the played card and took a face-up card."""

    player: int
    played: str
    taken: str
    refill: str

    def describe(self) -> str:
        return (
            f"{_p(self.player)} discards {self.played}, takes {self.taken}; "
            f"face-up refilled with {self.refill}."
        )


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    """The discard pile was shuffled into a new deck."""

    cards: int

    def describe(self) -> str:
        return f"The deck ran out: {self.cards} discarded card(s) shuffled into a new deck."


@dataclass(frozen=True, slots=True)
class BossMoved(Event):
    """The boss moved."""

    boss: str
    start: str
    end: str
    spaces: int
    reason: str
    boss_name: str = field(default="", compare=False, repr=False)
    """The boss's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        return (
            f"Boss {self.boss_name or self.boss} moves {self.spaces} space(s) "
            f"from {self.start} to {self.end} "
            f"({self.reason})."
        )


@dataclass(frozen=True, slots=True)
class BossRule(Event):
    """A boss card action or profile rule took effect."""

    boss: str
    text: str
    boss_name: str = field(default="", compare=False, repr=False)
    """The boss's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        return f"Boss {self.boss_name or self.boss}: {self.text}"


@dataclass(frozen=True, slots=True)
class BossDamaged(Event):
    """A racer damaged the boss."""

    boss: str
    player: int
    dropped: int
    rings_left: int
    boss_name: str = field(default="", compare=False, repr=False)
    """The boss's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        return (
            f"{_p(self.player)} damages boss {self.boss_name or self.boss}: it drops "
            f"{self.dropped} ring(s), "
            f"{self.rings_left} left."
        )


@dataclass(frozen=True, slots=True)
class BossDestroyed(Event):
    """The boss ran out of rings and left the race."""

    boss: str
    player: int
    boss_name: str = field(default="", compare=False, repr=False)
    """The boss's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        who = self.boss_name or self.boss
        return f"Boss {who} is destroyed by {_p(self.player)} and leaves the race."


@dataclass(frozen=True, slots=True)
class BossFinished(Event):
    """The boss crossed the Finish Line: everyone not yet across loses."""

    boss: str
    losers: tuple[int, ...]
    boss_name: str = field(default="", compare=False, repr=False)
    """The boss's printed name (empty: its id is shown)."""

    def describe(self) -> str:
        who = ", ".join(_p(p) for p in self.losers) or "nobody"
        return f"Boss {self.boss_name or self.boss} crosses the Finish Line; losing: {who}."


@dataclass(frozen=True, slots=True)
class RacerFinished(Event):
    """A racer crossed the Finish Line."""

    player: int
    round: int

    def describe(self) -> str:
        return f"{_p(self.player)} crosses the Finish Line in round {self.round}."


@dataclass(frozen=True, slots=True)
class RacerLost(Event):
    """A racer is out of the game."""

    player: int
    reason: str

    def describe(self) -> str:
        return f"{_p(self.player)} loses: {self.reason}."


@dataclass(frozen=True, slots=True)
class TrapsFlipped(Event):
    """Traps were flipped at the end of a round."""

    count: int

    def describe(self) -> str:
        return f"{self.count} trap(s) flipped at the end of the round."


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game ended: scores (rings + badniks), winners and solo rank."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    rank: str = ""

    def describe(self) -> str:
        sc = ", ".join(f"{_p(i)} {s}" for i, s in enumerate(self.scores))
        win = ", ".join(_p(w) for w in self.winners) or "nobody"
        rank = f"; rank {self.rank}" if self.rank else ""
        return f"Game over ({self.reason}). Scores: {sc}. Winner: {win}{rank}."


@dataclass(frozen=True, slots=True)
class DirectorChanged(Event):
    """The director changed something (logged, replayable)."""

    text: str

    def describe(self) -> str:
        return f"Director: {self.text}"


@dataclass(frozen=True, slots=True)
class PowerUsed(Event):
    """A racer's Power did something (speed changes are :class:`SpeedSet`)."""

    player: int
    text: str

    def describe(self) -> str:
        return f"{_p(self.player)} {self.text}."
