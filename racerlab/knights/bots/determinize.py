"""What one Racer Knights seat may see, and a determinization for search bots.

Everything on a Racer Knights table is open: builds, poses, Durability, Valor,
Glory, blockers and any attack being bid on. The only thing no seat can know is
the dice still to come, which the state carries (pre-drawn) for exact replays.
:func:`determinize` therefore reseeds the dice and changes nothing else.

>>> import numpy as np
>>> from racerlab.knights import KnightsRules, random_setup
>>> state = KnightsRules().initial_state(random_setup(2, seed=1), None, 1)
>>> world = determinize(state, 0, np.random.default_rng(0))
>>> world.racers == state.racers, world.dice == state.dice
(True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...core.frozen import fast_replace

if TYPE_CHECKING:
    from ..state import KnightsState

__all__ = ["determinize"]


def determinize(state: KnightsState, seat: int, rng: np.random.Generator) -> KnightsState:
    """``state`` with fresh dice (nothing else is hidden from ``seat``)."""
    del seat
    return fast_replace(state, dice=state.dice.reseeded(int(rng.integers(2**63))))
