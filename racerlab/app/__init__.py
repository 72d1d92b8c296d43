"""Panel dashboards: the only layer that imports Panel.

Each game has a dashboard module that provides a factory building a fresh app
(one per browser session, notebook cell or ipywidget): ``knights_app`` in
:mod:`racerlab.app.knights_dashboard` and ``sonic_app`` in
:mod:`racerlab.app.sonic_dashboard`. :func:`landing_app` links them. The
factories are imported lazily, so ``import racerlab.app`` stays light.

In a notebook::

    import panel as pn
    from racerlab.app import knights_app
    pn.extension()
    knights_app()                   # or pn.ipywidget(knights_app())

From a shell: ``racerlab serve`` (see :mod:`racerlab.app.serve`).

How a game's dashboard is put together (both games follow it):

* :class:`racerlab.app.session.GameSession` (no Panel) holds the lines of play,
  cursor, selection, overlay switches, seat controllers, autoplay flag and the
  last error; a game plugs in through a :class:`~racerlab.app.session.GameKit`
  (rules, random set-up, bundled scenarios, bots, overlay names).
* :mod:`racerlab.app.controls` gives the shared Panel pieces driven by a
  session: step controls, event log, scenario save/load/share link, message
  banner; every callback goes through ``session.guarded`` so errors show on
  the page.
* A game module adds its plot and panels and a factory ``<game>_app(...,
  template=False)``, named beside the game in :mod:`racerlab.games`;
  ``DASHBOARDS`` (built from that list and the games' descriptors) gives it to
  ``racerlab serve`` and the landing page (served pages call the factory with
  ``template=True`` and get :func:`racerlab.app.landing.dashboard_template`).
  A game with no dashboard of its own gets the plain one
  (:mod:`racerlab.app.plain_dashboard`) from its descriptor alone.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any

__all__ = [
    "DASHBOARDS",
    "Dashboard",
    "available_dashboards",
    "knights_app",
    "landing_app",
    "listed_dashboards",
]

PLAIN_MODULE = "racerlab.app.plain_dashboard"
"""Where the plain dashboard lives (games without a dashboard of their own get it)."""


@dataclass(frozen=True, slots=True)
class Dashboard:
    """One game's dashboard: its route, title, blurb and where its factory lives.

    A game without a dashboard of its own uses :func:`racerlab.app.plain_dashboard.plain_app`
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
    from ..games import GAMES

    return {entry.name: _dashboard(entry) for entry in GAMES}


def available_dashboards() -> list[Dashboard]:
    """The listed dashboards whose modules are installed, in display order."""
    return [d for d in listed_dashboards() if d.is_available()]


def listed_dashboards() -> list[Dashboard]:
    """The dashboards the landing page and ``serve all`` show, in display order."""
    return [d for d in _registry().values() if d.listed]


@functools.cache
def _registry() -> dict[str, Dashboard]:
    return _dashboards()


def knights_app(**kwargs: Any) -> Any:
    """A fresh Racer Knights dashboard (see :func:`racerlab.app.knights_dashboard.knights_app`)."""
    return _registry()["knights"].build(**kwargs)


def landing_app(**kwargs: Any) -> Any:
    """A fresh landing page linking the dashboards (see :mod:`racerlab.app.landing`)."""
    from .landing import landing_app as build

    return build(**kwargs)


def __getattr__(name: str) -> Any:
    if name == "DASHBOARDS":  # every game's dashboard by route slug, built from racerlab.games
        return _registry()
    if name == "sonic_app":
        return importlib.import_module(_registry()["sonic"].module).sonic_app
    raise AttributeError(f"module 'racerlab.app' has no attribute {name!r}")
