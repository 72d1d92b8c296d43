"""Bots for Racer Knights: policies ``(state, rules, rng) -> Action``.

Start with ``greedy.py``. The game's descriptor (``game.py``) names each bot by
``"module:attribute"``, so no bot loads before it plays. The package gives the two
simple bots by name (``from racerlab.knights.bots import greedy_bot``), loaded on first use;
import the others from their modules.

- ``greedy.py``: ``random_bot`` and ``greedy_bot``, and the moves the other bots share
  (steering round what is in the way, shooting, charging a blocker, small Valor bids).
- ``smart.py``: the rule-aware bot: the greedy bot's play with the rules put to use (no
  flares, Rams when the exchange pays, Valor where it buys the most).
- ``search.py``: the search bot: :class:`~racerlab.core.search.SearchBot` over the
  decisions that shape a joust, with the rule-aware bot as rollout policy.
- ``determinize.py``: what one seat may see (everything but the dice still to come), and
  the determinization a search bot plays out (the dice reseeded).

May import: :mod:`racerlab.core`, anything of the engine (``state``, ``actions``,
``draft``, ``geometry``, ``joust``, ``movement``, ``combat``...) and the ``queries`` face
for the engine's own odds. The rules object comes in as an argument: nothing here imports
``rules``, ``game`` or ``scenarios``.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["greedy_bot", "random_bot"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module(".greedy", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
