"""Every game's dashboard, by route slug: built from :mod:`racerlab.games` and the descriptors.

A game named with a dashboard of its own in :mod:`racerlab.games` gets that
factory; any other gets the plain dashboard
(:mod:`racerlab.app.kit.plain_dashboard`). Nothing here imports Panel, so the
list can be read without loading a dashboard.

>>> d = dashboards()["coin-race"]
>>> d.plain, d.listed, d.module
(True, False, 'racerlab.app.kit.plain_dashboard')
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any

__all__ = ["PLAIN_MODULE", "Dashboard", "available_dashboards", "dashboards", "listed_dashboards"]

PLAIN_MODULE = "racerlab.app.kit.plain_dashboard"
"""Where the plain dashboard lives (games without a dashboard of their own get it)."""


@dataclass(frozen=True, slots=True)
class Dashboard:
    """One game's dashboard: its route, title, blurb and where its factory lives.

    A game without a dashboard of its own uses :func:`racerlab.app.kit.plain_dashboard.plain_app`
    (``plain`` is true); ``listed`` says whether the landing page and ``serve all``
    show it (the core's test game is served only when asked for by name).
    """

    slug: str
    title: str
    blurb: str
    module: str
    factory: str
    plain: bool = False
    listed: bool = True

    def is_available(self) -> bool:
        """Whether the dashboard's module is installed (the game engine exists)."""
        try:
            return importlib.util.find_spec(self.module) is not None
        except (ImportError, ValueError):
            return False

    def build(self, **kwargs: Any) -> Any:
        """A fresh app from the dashboard's factory."""
        factory = getattr(importlib.import_module(self.module), self.factory)
        return factory(self.slug, **kwargs) if self.plain else factory(**kwargs)


def _dashboard(entry: Any) -> Dashboard:
    game = entry.load()
    if entry.dashboard is None:
        return Dashboard(
            game.name, game.title, game.blurb, PLAIN_MODULE, "plain_app", True, entry.listed
        )
    module, _, factory = entry.dashboard.partition(":")
    return Dashboard(game.name, game.title, game.blurb, module, factory, False, entry.listed)


def _dashboards() -> dict[str, Dashboard]:
    from ...games import GAMES

    return {entry.name: _dashboard(entry) for entry in GAMES}


def available_dashboards() -> list[Dashboard]:
    """The listed dashboards whose modules are installed, in display order."""
    return [d for d in listed_dashboards() if d.is_available()]


def listed_dashboards() -> list[Dashboard]:
    """The dashboards the landing page and ``serve all`` show, in display order."""
    return [d for d in dashboards().values() if d.listed]


@functools.cache
def dashboards() -> dict[str, Dashboard]:
    """Every game's dashboard by route slug (one dict, built on first use)."""
    return _dashboards()
