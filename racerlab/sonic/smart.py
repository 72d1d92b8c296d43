"""The rule-aware Battle Racers bot: the greedy look-ahead with the boss and the mode in
its scoring.

:func:`smart_bot` plays every decision as :func:`~racerlab.sonic.bots.greedy_bot`
does (every option tried, paths shortlisted by a quick value, the best few
resolved with the real physics) but by weights chosen for the mode:

- **solo**: a hit on the boss is worth ``SOLO.boss_hit`` (the last one twice), a
  column out of reach of the boss (further behind it than the racer's Speed)
  costs ``SOLO.chase``, a column in front of it ``SOLO.ahead``, and crossing the
  line while the boss still races (no rank can be earned) ``SOLO.early_finish``;
  rings and badniks are the rank's score and the racer's life, so they count more
  and damage costs more than in a race;
- **boss**: scored like a race, and hits are worth ``BOSS.boss_hit`` (they drop rings
  to pick up, and the boss crossing the line makes everyone behind it lose);
- **race**: the racer with most rings and badniks wins when anyone crosses the line
  (crossing is not needed to win), so a ring or a badnik is worth more than a column
  of progress, not less as for the greedy bot.

The weights are ours, tuned by the bot ladder (``benchmarks/bots.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.rules import Action, Rules
from .bots import Weights, look_ahead_bot
from .options import Mode

__all__ = ["BOSS", "RACE", "SOLO", "smart_bot", "weights_for"]

SOLO = Weights(
    ring=6.0, badnik=6.0, damage=-30.0, boss_hit=80.0, chase=12.0, ahead=14.0, early_finish=-160.0
)
"""Solo weights: hunt the boss, keep rings, do not cross the line before it is destroyed."""
BOSS = Weights(ring=16.0, badnik=16.0, boss_hit=40.0)
"""Boss-mode weights: race for the score, hit the boss when the path allows."""
RACE = Weights(ring=16.0, badnik=16.0)
"""Race weights: rings and badniks decide the winner when anyone crosses the line, so
each counts more than a column of progress (16 measured best of 5, 8, 12, 16 and 24)."""

_BY_MODE = {Mode.SOLO: SOLO, Mode.BOSS: BOSS, Mode.RACE: RACE}


def weights_for(state: Any) -> Weights:
    """The smart bot's weights for the mode of ``state``'s game."""
    return _BY_MODE.get(state.setup.mode, RACE)


def smart_bot(state: Any, rules: Rules, rng: np.random.Generator) -> Action:
    """The rule-aware bot (see the module doc); ``rng`` is unused (deterministic)."""
    del rng
    return look_ahead_bot(state, rules, weights_for(state))
