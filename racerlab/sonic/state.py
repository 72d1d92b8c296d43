"""The state of a Battle Racers game: one frozen value, updated by replacement.

Racers' spaces, Speed, ring stacks and badniks won live on the
:class:`~racerlab.sonic.board.Board` (the physics works on it); the state adds
the cards (hands, deck, discard, face-up row, the cards chosen this round), the
round's resolution order and where it stands, the boss, and who has finished
or lost.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..core.frozen import fast_replace

if TYPE_CHECKING:
    from ..core.dice import DiceState
    from .board.board import Board, RacerToken
    from .options import SonicOptions
    from .setup import SonicSetup

__all__ = ["BOSS_SEAT", "NO_CARD", "BossState", "Phase", "SonicState"]

BOSS_SEAT = -1
"""The boss's place in a resolution order."""
NO_CARD = -1
"""No card chosen yet (in :attr:`SonicState.chosen`)."""


class Phase(enum.Enum):
    """Where a round stands."""

    CHOOSE = "choose"
    """Players choose a card face down, one after another (hidden until all chose)."""
    ACTION = "action"
    """The resolving player uses or passes on the card's action."""
    MOVE = "move"
    """The resolving player makes the card's mandatory movement."""
    TAKE = "take"
    """The resolving player discards and takes one of the face-up cards."""
    OVER = "over"
    """The game has ended."""


@dataclass(frozen=True, slots=True)
class BossState:
    """A boss in the race: its rings, its deck and the face-up card; position on the board."""

    id: str
    rings: int
    deck: tuple[str, ...]
    discard: tuple[str, ...] = ()
    card: str | None = None
    destroyed: bool = False
    destroyed_by: int = -1
    finished: bool = False


@dataclass(frozen=True, slots=True)
class SonicState:
    """Everything about a game in progress (frozen; see the module doc)."""

    setup: SonicSetup
    options: SonicOptions
    round: int
    dice: DiceState
    board: Board
    abilities: tuple[str, ...]
    """Racer id whose Ability and Power each seat uses (the director may change it)."""
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    face_up: tuple[int, ...]
    phase: Phase = Phase.CHOOSE
    chosen: tuple[int, ...] = ()
    order: tuple[int, ...] = ()
    step: int = 0
    spin: bool = False
    """The resolving racer chose to spin this turn (Spin / Spin Dash)."""
    moved: bool = False
    """The resolving racer already moved with the card's action (Shift/Spring/Boost)."""
    pending: tuple[str, ...] = ()
    """Section ids still to be laid, in order (straights, final Turn, straights, Finish)."""
    finished: tuple[int, ...] = ()
    """Round each seat crossed the Finish Line (0: not yet)."""
    finish_order: tuple[int, ...] = ()
    lost: tuple[bool, ...] = ()
    boss: BossState | None = None
    ending: bool = False
    """Someone crossed: the round is being finished, then the game ends."""
    winners: tuple[int, ...] = ()
    rank: str = ""
    end_reason: str = ""

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.setup.racers)

    def token(self, seat: int) -> RacerToken:
        """The racer token of ``seat`` on the board."""
        return self.board.racers[seat]

    @property
    def resolving(self) -> int | None:
        """The seat (or :data:`BOSS_SEAT`) whose card is resolving, if any."""
        if self.phase in (Phase.ACTION, Phase.MOVE, Phase.TAKE) and self.step < len(self.order):
            return self.order[self.step]
        return None

    def card_of(self, seat: int) -> int:
        """The card ``seat`` chose this round (:data:`NO_CARD` if none)."""
        return self.chosen[seat] if self.chosen else NO_CARD

    def __deepcopy__(self, memo: dict) -> SonicState:
        """A copy as deep as it needs to be, and cheap (the conformance check copies every
        state it hands to ``apply``). Every field is an immutable value (tuples, strings,
        numbers, enums and frozen dataclasses of them), so the copy shares those values but
        gets its own state, board, racer tokens and boss objects: a rule that forced a
        change into any of them in place (``object.__setattr__``) makes the input differ
        from this copy and is caught. The board's lookup cache (left out of equality) is
        not carried over; the track, never changed by play, is shared."""
        board = self.board
        racers = tuple(fast_replace(t) for t in board.racers)
        boss = fast_replace(self.boss) if self.boss is not None else None
        return fast_replace(self, board=dataclasses.replace(board, racers=racers), boss=boss)

    def score(self, seat: int) -> int:
        """Rings held plus badniks won."""
        t = self.board.racers[seat]
        return t.rings + len(t.badniks)

    def unseen_shuffled(self, rng: np.random.Generator) -> SonicState:
        """This position with the cards nobody has seen in a fresh random order: the
        Agility Card deck and the boss's deck. Hands, the face-up row, the discards and
        every card in play stay as they are. Simulating on from a position should not
        assume the order of cards no player can know (see docs/analysis.md).

        >>> from racerlab.sonic import SonicRules, SonicSetup
        >>> state = SonicRules().initial_state(SonicSetup(("sonic", "tails")), seed=1)
        >>> other = state.unseen_shuffled(np.random.default_rng(0))
        >>> sorted(other.deck) == sorted(state.deck), other.deck != state.deck
        (True, True)
        >>> other.hands == state.hands and other.face_up == state.face_up
        True
        """
        deck = tuple(self.deck[i] for i in rng.permutation(len(self.deck)))
        boss = self.boss
        if boss is not None and boss.deck:
            boss = fast_replace(
                boss, deck=tuple(boss.deck[i] for i in rng.permutation(len(boss.deck)))
            )
        return fast_replace(self, deck=deck, boss=boss)
