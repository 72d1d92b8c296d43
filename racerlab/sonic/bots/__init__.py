"""The Battle Racers bots: a random one, the greedy look-ahead, the rule-aware bot, and what
the search bot needs besides them.

Every bot has the core policy signature ``policy(state, rules, rng) -> Action``. The map
(a newcomer starts at ``look_ahead.py``, whose docstring states the scoring once):

* ``look_ahead.py``: :func:`~.look_ahead.random_bot`, and the look-ahead the greedy bot
  (:func:`~.look_ahead.greedy_bot`) and the rule-aware bot share: :class:`~.look_ahead.Weights`,
  :func:`~.look_ahead.position_value`, move, action and card values;
* ``quick_values.py``: the greedy bot's quick path values, worked out during the path walk;
* ``boss_reach.py``: where a movement could damage a boss (the look-ahead's boss terms);
* ``smart.py``: the rule-aware bot: the look-ahead with the boss and the mode in its scoring;
* ``determinize.py``: what one seat may see, and a determinization (everything else redrawn)
  for the search bot.

The search bot itself is ``search_bot.py``, beside this package. This package imports
``racerlab.core``, the vocabulary modules (``actions.py``, ``effect_names.py``,
``options.py``, ``rounds.py``, ``state.py``), ``movement/`` and ``effects/``; the bots play
through the rules object they are handed, never by importing the rules. Its public names
(those of the former ``racerlab.sonic.bots`` module) load lazily.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "ACTION_PATHS",
    "BADNIK",
    "DAMAGE",
    "FINISH",
    "GREEDY",
    "OUTLOOK_TURNS",
    "PROGRESS",
    "RING",
    "SPEED",
    "TOP_PATHS",
    "TURNS",
    "Weights",
    "boss_hit_spaces",
    "can_hit_boss",
    "card_value",
    "greedy_bot",
    "look_ahead_bot",
    "position_value",
    "random_bot",
]

_WHERE = {
    **dict.fromkeys(__all__, "look_ahead"),
    **dict.fromkeys(("boss_hit_spaces", "can_hit_boss"), "boss_reach"),
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        module = importlib.import_module(f".{_WHERE[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
