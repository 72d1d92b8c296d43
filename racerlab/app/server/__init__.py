"""Server plumbing: ``racerlab serve``, and the work a server shares between its pages.

Nothing here lays out a page. The modules:

* :mod:`~racerlab.app.server.serve`: the ``racerlab serve`` command: routes (one factory
  per page), the Panel server and its options (signed sessions, loopback by default,
  several processes), closed tabs' sessions let go of soon.
* :mod:`~racerlab.app.server.patches`: every change the app makes to Panel's and Bokeh's
  own behaviour, each saying why, applied by one call (:func:`~racerlab.app.server.patches.apply`).
* :mod:`~racerlab.app.server.offload`: heavy work (building a page, loading or replaying
  a game) in worker threads, handed back to the page on its event loop; the page frame
  filled when its dashboard is built.
* :mod:`~racerlab.app.server.jobs`: bot moves and simulations as each page's one job,
  fairly shared between sessions, heavy pieces in worker processes.
* :mod:`~racerlab.app.server.worker_pool`: those worker processes (lower priority, gone
  when their server goes).
* :mod:`~racerlab.app.server.page_turns`: page requests taken in turn, so the event loop
  answers between two pages.
* :mod:`~racerlab.app.server.page_ready`: a page's socket opens once its dashboard is in
  it, so the browser's first document is the whole dashboard.
* :mod:`~racerlab.app.server.page_args`: what a served page's URL asks for (``?game=``,
  ``?presenter=1``).
* :mod:`~racerlab.app.server.served_catalog`: the catalog ``racerlab serve --catalog DIR``
  plays (every new page's game starts with it).
* :mod:`~racerlab.app.server.offline`: a served page's stylesheets from the server's own
  route (pages work offline).
* :mod:`~racerlab.app.server.class_store`: the class store: classes, their games,
  questions and answers in one SQLite file (WAL) that every server process shares.
* :mod:`~racerlab.app.server.class_watch`: one watcher thread per server process that
  tells each follower's page of its teacher's changes, on the page's own event loop.
* :mod:`~racerlab.app.server.class_network`: ``racerlab serve --network`` and
  ``--data-dir``: the room's address for the follow links, and where the store lives.
* :mod:`~racerlab.app.server.closed_tabs`: no traceback in the log when a tab closes while
  the server writes to it.

Layering: this package imports no other part of the app, except the Panel-free session
model (:mod:`racerlab.app.kit.session` and its share-link codec, for ``jobs``, ``offload``
and ``page_args``) and, in ``serve``, what builds pages (:mod:`racerlab.app.kit.dashboards`,
:mod:`racerlab.app.kit.landing`).
"""
