"""The Racer Knights plug-in: the game's own dashboard and panels.

* :mod:`~racerlab.app.knights.game`: the game as the kit sees it (its ``GameKit``).
* :mod:`~racerlab.app.knights.dashboard`: the dashboard (shell, arena plot, panels
  declared by name) and its factory ``knights_app``.
* :mod:`~racerlab.app.knights.hand`: the "Play by hand" tab.
* :mod:`~racerlab.app.knights.tweak`: the "Tweak racer" tab (director actions).
* :mod:`~racerlab.app.knights.odds`: the "Odds" tab (hit chance, damage, drive order).
* :mod:`~racerlab.app.knights.tables`: the logic the tabs call, free of Panel: targets, the
  hit curve, the standings and drive-order tables.

Layering: imports :mod:`racerlab.app.panels`, :mod:`racerlab.app.kit` and
:mod:`racerlab.app.server`, and the engine through its public faces; never the other game.
"""
