"""Racer Knights of Falconus: catalog, geometry, rules engine and bots.

The public names load lazily, so ``import racerlab.knights`` stays light. The
game describes itself to racerlab in :mod:`racerlab.knights.game`.

>>> from racerlab.knights import KnightsRules, example_setup
>>> KnightsRules().initial_state(example_setup()).round
1
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "KnightsOptions",
    "KnightsRules",
    "KnightsSetup",
    "KnightsState",
    "PlayerSetup",
    "example_setup",
    "greedy_bot",
    "random_bot",
    "random_setup",
    "result",
]

_WHERE = {
    "KnightsOptions": "options",
    "KnightsRules": "rules",
    "KnightsSetup": "setup",
    "PlayerSetup": "setup",
    "KnightsState": "state",
    "example_setup": "setup",
    "random_setup": "setup",
    "random_bot": "bots",
    "greedy_bot": "bots",
    "result": "results",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        module = importlib.import_module(f".{_WHERE[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
