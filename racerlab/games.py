"""The one list of games racerlab knows, and where each game's dashboard lives.

Each game describes itself once in its own package (a
:class:`~racerlab.core.registry.GameDescriptor` called ``GAME``, in
``racerlab/<game>/game.py``); this module, above the games, is the only place
that names them. Importing :mod:`racerlab` hands these entries to the core's
registry, so saved games, ``racerlab validate``, :func:`racerlab.analysis.simulate`
and the dashboards all find a game by its name, while the core itself never
names one. Entries are ``"module:attribute"`` references, resolved on first
use, the way ``pyproject.toml`` entry points are: importing racerlab imports
no engine.

Adding a game is one package plus one line here (see ``docs/architecture.md``).

>>> [g.name for g in GAMES]
['knights', 'sonic', 'coin-race']
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from .core import registry
from .core.catalog_files import restore_catalog, saved_catalog

__all__ = ["GAMES", "GameEntry", "install"]


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game: its name, where its descriptor lives, and its own dashboard (if any).

    ``dashboard`` names a factory ``(**kwargs) -> app``; without one, the game
    gets the plain dashboard built from its descriptor alone. ``listed`` games
    appear on the landing page and in ``racerlab serve all``.
    """

    name: str
    descriptor: str
    dashboard: str | None = None
    listed: bool = True

    def load(self) -> registry.GameDescriptor:
        """Import and return the game's descriptor."""
        return _resolve(self.descriptor)


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "knights", "racerlab.knights.game:GAME", "racerlab.app.knights.dashboard:knights_app"
    ),
    GameEntry("sonic", "racerlab.sonic.game:GAME", "racerlab.app.sonic.dashboard:sonic_app"),
    GameEntry("coin-race", "racerlab.core.testgame:GAME", listed=False),
)
"""Every game racerlab ships, in display order."""


def _resolve(reference: str) -> Any:
    module, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module), attribute)


def install() -> None:
    """Hand every listed game to the core's registry (done once on ``import racerlab``)."""
    for entry in GAMES:
        registry.add_game(entry.name, entry.load)
    registry.set_catalog_saving(registry.CatalogSaving(saved_catalog, restore_catalog))


install()
