"""Panel dashboards: the only layer that imports Panel. A kit, with one plug-in per game.

In a notebook::

    import panel as pn
    from racerlab.app import knights_app
    pn.extension()
    knights_app()                   # or pn.ipywidget(knights_app())

From a shell: ``racerlab serve`` (see :mod:`racerlab.app.server.serve`). The factories
(``knights_app``, ``sonic_app``, ``landing_app``) and ``DASHBOARDS`` are imported lazily, so
``import racerlab.app`` stays light (no Panel).

The map (each sub-package's docstring names its modules):

* :mod:`racerlab.app.server`: the plumbing of ``racerlab serve``: the command and its
  server, work off the event loop (:mod:`~racerlab.app.server.offload`, the fair
  :mod:`~racerlab.app.server.jobs`, :mod:`~racerlab.app.server.worker_pool`), pages taken
  in turn and opened when ready, what a page's URL asks for, and
  :mod:`~racerlab.app.server.patches`: every change the app makes to Panel's and Bokeh's
  own behaviour, in one module, applied by one call.
* :mod:`racerlab.app.kit`: the page kit, knowing no game: the
  :class:`~racerlab.app.kit.session.GameSession` model (no Panel) and the
  :class:`~racerlab.app.kit.session.GameKit` a game plugs in through, the dashboard shell,
  the shared controls and messages, how views redraw when the session changes, the one
  escaping helper, the list of dashboards, the landing page and the plain dashboard.
* :mod:`racerlab.app.panels`: the panels every game gets: Simulate, Catalog, the position
  editor (models and view) and presenter mode.
* :mod:`racerlab.app.knights` and :mod:`racerlab.app.sonic`: each game's own plug-in: its
  ``GameKit`` (``game.py``), its dashboard (``dashboard.py``: the shell, its plot, its
  panels declared by name, the factory), its "Play by hand", "Tweak racer" and "Odds" tabs
  and its Panel-free logic and tables.
* :mod:`racerlab.app.apps`: the scripts ``panel serve`` and jupyter-panel-proxy serve.

Where to start: a game's ``dashboard.py`` (e.g. :mod:`racerlab.app.knights.dashboard`),
then :mod:`racerlab.app.kit.shell` and :mod:`racerlab.app.kit.session`.

The layers, each importing only those before it:

    server  <-  kit  <-  panels  <-  knights, sonic

* ``server`` imports no other part of the app, with two exceptions: the session
  plumbing (``jobs``, ``offload``, ``page_args``) works on the Panel-free session model
  (``kit.session`` and its share-link codec ``kit.share_link``), and ``serve.py``, which
  must build pages, takes the list of dashboards and the page template from
  ``kit.dashboards`` and ``kit.landing``.
* ``kit`` imports ``server``; it never imports ``panels`` or a game package (it finds the
  games' dashboards by name, through :mod:`racerlab.games`).
* ``panels`` import ``kit`` and ``server``, never a game package (the position editor
  knows both games' engines, through their public faces).
* a game package imports ``panels``, ``kit`` and ``server``; never the other game.

How a game's dashboard is put together (both games follow it):

* :class:`racerlab.app.kit.session.GameSession` holds the lines of play, cursor, selection,
  overlay switches, seat controllers, autoplay flag and the last error; a game plugs in
  through a :class:`~racerlab.app.kit.session.GameKit` (rules, random set-up, bundled
  scenarios, bots, overlay names).
* :mod:`racerlab.app.kit.controls` gives the shared Panel pieces driven by a
  session: step controls, event log, scenario save/load/share link; every callback goes
  through ``session.guarded`` so errors show on the page.
* :class:`racerlab.app.kit.shell.DashboardShell` is every dashboard's page: a game
  declares its panels by name (:class:`~racerlab.app.kit.shell.PanelSpec`: title,
  builder, the session changes that refresh it); the shell lays them out
  (plot, side column, tabs, sidebar; presenter mode as a layout of its own),
  builds a tab when it is first shown and refreshes each panel shown from
  what changed in the session.
* A game's ``dashboard.py`` adds its plot and panels and a factory ``<game>_app(...,
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
    "sonic_app",
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
    if name == "sonic_app":  # the factory itself (racerlab.app.sonic.dashboard.sonic_app)
        return importlib.import_module(dashboards()["sonic"].module).sonic_app
    raise AttributeError(f"module 'racerlab.app' has no attribute {name!r}")
