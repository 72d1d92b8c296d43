"""The panels every game's dashboard gets, built on the kit.

* :mod:`~racerlab.app.panels.simulation`: the "Simulate" tab: many bot games from the
  position shown, with progress and Wilson intervals.
* :mod:`~racerlab.app.panels.catalog`: the "Catalog" tab: play cards loaded from files, or
  the bundled ones again.
* :mod:`~racerlab.app.panels.editor`: the position editor's models (no Panel): what a drag
  or a typed number turns into, and "the odds from here", for each game.
* :mod:`~racerlab.app.panels.editor_view`: the position editor's Panel view (the "Edit
  position" tab).
* :mod:`~racerlab.app.panels.presenter`: presenter mode, a layout made for a projector
  (it shows the editor's "odds from here").

Layering: the panels import :mod:`racerlab.app.kit` and :mod:`racerlab.app.server`, never
a game package (the editor knows both games' engines through their public faces).
"""
