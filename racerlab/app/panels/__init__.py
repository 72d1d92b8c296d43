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
* :mod:`~racerlab.app.panels.common`: ``COMMON_PANELS``, the panels every game's dashboard
  gets beside its own, declared once (a new common panel: its module and one line here).
* :mod:`~racerlab.app.panels.classroom`: a class session: the "Class" tab (start, end,
  follow link and QR code, teacher link) and the class bar of a follower's page.
* :mod:`~racerlab.app.panels.class_questions`: a class's questions on the page: the teacher
  asks and reveals, students answer, every page shows the chart.
* :mod:`~racerlab.app.panels.class_asks`: the questions a teacher can ask about the board
  and the engine's exact answer to each (no Panel).

Layering: the panels import :mod:`racerlab.app.kit` and :mod:`racerlab.app.server`, never
a game package (the editor knows both games' engines through their public faces).
"""
