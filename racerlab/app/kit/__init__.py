"""The page kit: what every game's dashboard is made of, knowing no game.

A game plugs in with a :class:`~racerlab.app.kit.session.GameKit` and a
:class:`~racerlab.app.kit.shell.DashboardShell` subclass declaring its panels. The modules:

* :mod:`~racerlab.app.kit.session`: :class:`~racerlab.app.kit.session.GameSession`, one
  person's game (lines of play, cursor, selection, switches, seat controllers, errors),
  with no Panel in it, and the :class:`~racerlab.app.kit.session.GameKit` a game supplies.
* :mod:`~racerlab.app.kit.share_link`: a whole game in a URL-safe token, and back (the
  session's share links; no Panel).
* :mod:`~racerlab.app.kit.shell`: the dashboard shell: one layout (plot, side column,
  tabs, sidebar, presenter layout) and panels declared by name, refreshed by change.
* :mod:`~racerlab.app.kit.controls`: the shared controls: steps, event log, scenarios
  (save, load, share link).
* :mod:`~racerlab.app.kit.messages`: what the page tells its visitor: the banner, the
  delayed busy line, refusal notes.
* :mod:`~racerlab.app.kit.redraw`: how a view redraws when the session changes
  (``SessionView``, ``redraw_on``) and sets a widget only when its value differs
  (``set_text``, ``offer``, ``set_slider``, ``show_only``).
* :mod:`~racerlab.app.kit.escape`: the one escaping helper: every outside text reaches
  HTML or Markdown through it.
* :mod:`~racerlab.app.kit.naming`: names as the page shows them ("2. Storm", card names).
* :mod:`~racerlab.app.kit.hand_seat`: a seat played by hand: whose choice the game waits
  for, and the status saying so.
* :mod:`~racerlab.app.kit.suggestion`: the bot's suggestion on the "Play by hand" tabs,
  worked out off the loop from a copy of the random stream.
* :mod:`~racerlab.app.kit.tables`: the HTML tables' shared style sheet.
* :mod:`~racerlab.app.kit.address`: the page keeps its game in its own address
  (``?game=``), so a reload after a lost connection finds it.
* :mod:`~racerlab.app.kit.game_catalog`: which catalog a game's kit plays when a loaded
  game brings its own cards.
* :mod:`~racerlab.app.kit.upload`: upload limits enforced in the browser (the saved-game
  and catalog file inputs).
* :mod:`~racerlab.app.kit.dashboards`: every game's dashboard by route slug, from
  :mod:`racerlab.games` (no Panel).
* :mod:`~racerlab.app.kit.landing`: the landing page and the page template every
  dashboard uses.
* :mod:`~racerlab.app.kit.plain_dashboard`: the dashboard a game without one of its own
  gets from its descriptor alone.

Layering: the kit imports :mod:`racerlab.app.server`, never :mod:`racerlab.app.panels`
or a game package.
"""
