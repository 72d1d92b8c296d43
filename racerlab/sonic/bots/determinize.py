"""What one Battle Racers seat may see, and a determinization for search bots.

A seat sees the board, every racer's Speed, rings and badniks, the face-up row,
the discards, the boss's face-up card, its own hand and every card already
revealed. It does not see the other players' hands, a card another player has
put face down this round (until all have chosen), the order of the Agility Card
deck or of the boss's deck, or the dice still to come.

:func:`determinize` redraws exactly those: the unseen cards are pooled and dealt
again at random (each hand keeps its size, the deck its length), the boss deck is
shuffled and the dice are reseeded. The unseen cards are sorted before they are
dealt, so two positions that differ only in what the seat cannot see give the
very same determinizations from the same random stream.

>>> import numpy as np
>>> from racerlab.sonic import SonicRules, SonicSetup
>>> state = SonicRules().initial_state(SonicSetup(("sonic", "tails")), seed=1)
>>> world = determinize(state, 0, np.random.default_rng(0))
>>> world.hands[0] == state.hands[0], sorted(world.hands[1] + world.deck) == sorted(
...     state.hands[1] + state.deck)
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...core.frozen import fast_replace
from ..state import NO_CARD, Phase

if TYPE_CHECKING:
    from ..state import SonicState

__all__ = ["determinize", "unseen_cards"]


def _hidden_choice(state: SonicState, seat: int, other: int) -> bool:
    """Whether ``other``'s played card is face down for ``seat`` (chosen, not revealed)."""
    return (
        other != seat
        and state.phase is Phase.CHOOSE
        and bool(state.chosen)
        and state.chosen[other] != NO_CARD
    )


def unseen_cards(state: SonicState, seat: int) -> list:
    """The Agility Cards ``seat`` cannot see: other hands, face-down plays, the deck."""
    pool: list = []
    for other, hand in enumerate(state.hands):
        if other != seat:
            pool.extend(hand)
        if _hidden_choice(state, seat, other):
            pool.append(state.chosen[other])
    pool.extend(state.deck)
    return pool


def determinize(state: SonicState, seat: int, rng: np.random.Generator) -> SonicState:
    """``state`` with everything ``seat`` cannot see redrawn at random (see the module doc)."""
    pool = sorted(unseen_cards(state, seat))  # sorted: the truth's order leaks nothing
    order = rng.permutation(len(pool))
    cards = [pool[i] for i in order]
    hands = list(state.hands)
    chosen = list(state.chosen)
    at = 0
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        hands[other] = tuple(cards[at : at + len(hand)])
        at += len(hand)
        if _hidden_choice(state, seat, other):
            chosen[other] = cards[at]
            at += 1
    deck = tuple(cards[at:])
    boss = state.boss
    if boss is not None and boss.deck:
        cards = sorted(boss.deck)
        boss = fast_replace(boss, deck=tuple(cards[i] for i in rng.permutation(len(cards))))
    dice = state.dice.reseeded(int(rng.integers(2**63)))
    return fast_replace(
        state, hands=tuple(hands), chosen=tuple(chosen), deck=deck, boss=boss, dice=dice
    )
