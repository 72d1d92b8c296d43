"""The Battle Racers plug-in: the game's own dashboard and panels.

* :mod:`~racerlab.app.sonic.game`: the game as the kit sees it (its ``GameKit``, random-game
  settings, bundled scenarios).
* :mod:`~racerlab.app.sonic.dashboard`: the dashboard (shell, track plot with the path
  preview, panels declared by name) and its factory ``sonic_app``.
* :mod:`~racerlab.app.sonic.hand`: the "Play by hand" tab (card, action, path, face-up card).
* :mod:`~racerlab.app.sonic.tweak`: the "Tweak racer" tab (director actions).
* :mod:`~racerlab.app.sonic.odds`: the "Odds" tab (who resolves first, each card's chances).
* :mod:`~racerlab.app.sonic.paths`: the logic the tabs call, free of Panel: paths and
  choices in the board's words, typed paths read, the paths offered for a move.
* :mod:`~racerlab.app.sonic.tables`: the HTML tables (standings, resolution order, cards).

Layering: imports :mod:`racerlab.app.panels`, :mod:`racerlab.app.kit` and
:mod:`racerlab.app.server`, and the engine through its public faces; never the other game.
"""
