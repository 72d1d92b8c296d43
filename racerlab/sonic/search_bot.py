"""The Battle Racers search bot: :class:`~racerlab.core.search.SearchBot` with the
rule-aware bot as rollout policy, :func:`~racerlab.sonic.bots.determinize.determinize` for what
the seat cannot see, and :func:`leaf_value` for positions not yet decided.

Leaf values (ours, illustrative): a finished race or boss game is worth 1 to a
winner (shared wins split it) and 0 otherwise; a finished solo game is worth 0
without a rank and 0.6 plus up to 0.4 for the score with one. An undecided race
or boss game is the logistic of the seat's rule-aware position value minus the
best rival's, over ``SCALE``; an undecided solo game counts the boss's lost rings
and the racer's score.

>>> import numpy as np
>>> from racerlab.sonic import SonicRules, SonicSetup
>>> rules = SonicRules()
>>> state = rules.initial_state(SonicSetup(("sonic", "tails")), seed=1)
>>> bot = search_bot(playouts=2, depth=4)
>>> bot(state, rules, np.random.default_rng(0)) in rules.legal_actions(state)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.search import SearchBot, logistic
from .bots.determinize import determinize
from .bots.look_ahead import position_value
from .bots.smart import smart_bot, weights_for
from .options import Mode
from .state import Phase

if TYPE_CHECKING:
    from .state import SonicState

__all__ = ["DEPTH", "PLAYOUTS", "SCALE", "leaf_value", "search_bot"]

PLAYOUTS = 16
"""Default playouts per decision (measured well under 1 s a decision on one core)."""
DEPTH = 24
"""Default actions played after a candidate before the position is valued."""
SCALE = 40.0
"""Position-value points that move an undecided game's value by one logistic unit."""
BOSS_RINGS = 10
"""A boss's rings at the start (the rulebook's 10), for the solo leaf value."""


def leaf_value(state: SonicState, seat: int) -> float:
    """How good ``state`` is for ``seat``, between 0 and 1 (see the module doc)."""
    solo = state.setup.mode is Mode.SOLO
    if state.phase is Phase.OVER:
        if solo:
            return 0.6 + 0.4 * min(state.score(0), 30) / 30 if state.winners else 0.0
        return 1.0 / len(state.winners) if seat in state.winners else 0.0
    if solo:
        boss = state.boss
        hurt = (
            1.0 if boss is None or boss.destroyed else 1 - min(boss.rings, BOSS_RINGS) / BOSS_RINGS
        )
        return 0.45 * hurt + 0.15 * min(state.score(0), 30) / 30
    w = weights_for(state)
    mine = position_value(state, seat, 0, w)
    rivals = [position_value(state, s, 0, w) for s in range(state.players) if s != seat]
    return logistic((mine - max(rivals, default=mine)) / SCALE)


def search_bot(
    playouts: int = PLAYOUTS, *, ms: float | None = None, depth: int = DEPTH
) -> SearchBot:
    """A Battle Racers search bot with the given budget (see the module doc)."""
    return SearchBot(smart_bot, leaf_value, determinize, None, playouts, ms, depth)
