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
  template=False)``; :data:`DASHBOARDS` lists it for ``racerlab serve`` and the
  landing page (served pages call the factory with ``template=True`` and get
  :func:`racerlab.app.landing.dashboard_template`).
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any

__all__ = ["DASHBOARDS", "Dashboard", "available_dashboards", "knights_app", "landing_app"]


@dataclass(frozen=True, slots=True)
class Dashboard:
    """One game's dashboard: its route, title, blurb and where its factory lives."""

    slug: str
    title: str
    blurb: str
    module: str
    factory: str

    def is_available(self) -> bool:
        """Whether the dashboard's module is installed (the game engine exists)."""
        try:
            return importlib.util.find_spec(self.module) is not None
        except (ImportError, ValueError):
            return False

    def build(self, **kwargs: Any) -> Any:
        """A fresh app from the dashboard's factory."""
        return getattr(importlib.import_module(self.module), self.factory)(**kwargs)


DASHBOARDS: dict[str, Dashboard] = {
    "knights": Dashboard(
        "knights",
        "Racer Knights of Falconus",
        "Joust around the waypoints of an open arena: see firing arcs, ranges and ram "
        "lanes, the exact chance of every shot, and change a racer's stats or parts to "
        "see what follows.",
        "racerlab.app.knights_dashboard",
        "knights_app",
    ),
    "sonic": Dashboard(
        "sonic",
        "Sonic the Hedgehog: Battle Racers",
        "Race the track with cards and dice: step through turns, follow each racer's "
        "hand and position, and check the odds of every roll.",
        "racerlab.app.sonic_dashboard",
        "sonic_app",
    ),
}
"""Every dashboard racerlab knows of, by route slug."""


def available_dashboards() -> list[Dashboard]:
    """The dashboards whose modules are installed, in display order."""
    return [d for d in DASHBOARDS.values() if d.is_available()]


def knights_app(**kwargs: Any) -> Any:
    """A fresh Racer Knights dashboard (see :func:`racerlab.app.knights_dashboard.knights_app`)."""
    return DASHBOARDS["knights"].build(**kwargs)


def landing_app(**kwargs: Any) -> Any:
    """A fresh landing page linking the dashboards (see :mod:`racerlab.app.landing`)."""
    from .landing import landing_app as build

    return build(**kwargs)


def __getattr__(name: str) -> Any:
    if name == "sonic_app":
        return importlib.import_module(DASHBOARDS["sonic"].module).sonic_app
    raise AttributeError(f"module 'racerlab.app' has no attribute {name!r}")
