"""Panel dashboards: the only layer that imports Panel.

Each game has a dashboard module that provides a factory building a fresh app
(one per browser session, notebook cell or ipywidget): ``knights_app`` in
:mod:`racerlab.app.knights.dashboard` and ``sonic_app`` in
:mod:`racerlab.app.sonic.dashboard`. :func:`landing_app` links them. The
factories are imported lazily, so ``import racerlab.app`` stays light.

In a notebook::

    import panel as pn
    from racerlab.app import knights_app
    pn.extension()
    knights_app()                   # or pn.ipywidget(knights_app())

From a shell: ``racerlab serve`` (see :mod:`racerlab.app.server.serve`).

How a game's dashboard is put together (both games follow it):

* :class:`racerlab.app.kit.session.GameSession` (no Panel) holds the lines of play,
  cursor, selection, overlay switches, seat controllers, autoplay flag and the
  last error; a game plugs in through a :class:`~racerlab.app.kit.session.GameKit`
  (rules, random set-up, bundled scenarios, bots, overlay names).
* :mod:`racerlab.app.kit.controls` gives the shared Panel pieces driven by a
  session: step controls, event log, scenario save/load/share link, message
  banner; every callback goes through ``session.guarded`` so errors show on
  the page.
* :class:`racerlab.app.kit.shell.DashboardShell` is every dashboard's page: a game
  declares its panels by name (:class:`~racerlab.app.kit.shell.PanelSpec`: title,
  builder, the session changes that refresh it); the shell lays them out
  (plot, side column, tabs, sidebar; presenter mode as a layout of its own),
  builds a tab when it is first shown and refreshes each panel shown from
  what changed in the session.
* A game module adds its plot and panels and a factory ``<game>_app(...,
  template=False, presenter=None)``, named beside the game in :mod:`racerlab.games`;
  ``DASHBOARDS`` (built from that list and the games' descriptors) gives it to
  ``racerlab serve`` and the landing page (served pages call the factory with
  ``template=True`` and get :func:`racerlab.app.kit.landing.dashboard_template`).
  A game with no dashboard of its own gets the plain one
  (:mod:`racerlab.app.kit.plain_dashboard`) from its descriptor alone.
"""

from __future__ import annotations

import importlib
from typing import Any

from .kit.dashboards import Dashboard, available_dashboards, dashboards, listed_dashboards

__all__ = [
    "DASHBOARDS",
    "Dashboard",
    "available_dashboards",
    "knights_app",
    "landing_app",
    "listed_dashboards",
]


def knights_app(**kwargs: Any) -> Any:
    """A fresh Racer Knights dashboard (see :func:`racerlab.app.knights.dashboard.knights_app`)."""
    return dashboards()["knights"].build(**kwargs)


def landing_app(**kwargs: Any) -> Any:
    """A fresh landing page linking the dashboards (see :mod:`racerlab.app.kit.landing`)."""
    from .kit.landing import landing_app as build

    return build(**kwargs)


def __getattr__(name: str) -> Any:
    if name == "DASHBOARDS":  # every game's dashboard by route slug, built from racerlab.games
        return dashboards()
    if name == "sonic_app":
        return importlib.import_module(dashboards()["sonic"].module).sonic_app
    raise AttributeError(f"module 'racerlab.app' has no attribute {name!r}")
