"""``racerlab serve [knights|sonic|all] [--port N] [--address A] [--no-show] [--num-procs N]``.

Every route is a factory function, so Panel builds a fresh app (and a fresh
game) for each browser session; nothing here keeps state at module level.
The server listens on the loopback interface (127.0.0.1) unless told otherwise,
and answers ``/liveness`` for health checks. Session ids are signed with a
secret made for each run (or ``RACERLAB_SECRET_KEY`` / ``BOKEH_SECRET_KEY`` when
set), so a page cannot join another person's session by guessing or choosing
its id. Serving beyond loopback prints a warning: the dashboards have no login.

With ``--num-procs N`` Bokeh's own multi-process serving forks N server
processes that share the listening socket (see :func:`process_count`); the
secret is made once, before the fork, so every process accepts every page's
session token. Closing a tab while the server writes to it is not an error
worth a traceback (see :mod:`racerlab.app.server.closed_tabs`).

A closed tab lets go of its session (and so of its running work) about
:data:`CLOSED_TAB_LINGER_MS` after its last connection closed, rather than after
Bokeh's 15-30 s (see :func:`hurry_closed_sessions`); a page that has not yet
connected keeps Bokeh's longer grace, so a slow first load still finds its session.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import os
import sys
import weakref
from collections.abc import Callable
from typing import Any

from ...core.errors import ScenarioError
from ...core.limits import MAX_UPLOAD_BYTES
from ..kit.dashboards import dashboards
from . import patches
from .page_ready import socket_opened

__all__ = [
    "app_routes",
    "exposure_warning",
    "hurry_closed_sessions",
    "process_count",
    "serve_command",
    "server_secret",
    "start_server",
]

log = logging.getLogger(__name__)

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
"""Addresses only this machine can reach."""

WEBSOCKET_MAX_BYTES = MAX_UPLOAD_BYTES * 4 // 3 + 1_000_000
"""Largest websocket message the server takes: just above the largest upload a page sends
(:data:`~racerlab.core.limits.MAX_UPLOAD_BYTES`, 5 MB, grown by a third in base64, plus
1 MB for the names and the message around it: about 7.7 MB). A page script that skips the
browser's check and sends more is cut off before the server holds more than that; its
own connection closes, no other page notices."""

MAX_REQUEST_HEAD_BYTES = 8 * 1024 * 1024
"""Largest request line plus headers the server reads (Tornado's default is 64 KiB). A
share link travels in the page's URL and about 1.7 times more in the websocket's
handshake (Bokeh's session token): with 64 KiB, links past ~22,000 characters left a
blank page or an empty answer; with 8 MiB every URL Chromium sends (at most 2 MB) reaches
the page, which refuses a link that is too long with a message (``page_args``)."""

DEFAULT_ADDRESS = "127.0.0.1"
"""Serve on loopback only by default: a dashboard is not meant for the open network."""


CHECK_SESSIONS_MS = 1000
"""How often the server looks for sessions to end (Bokeh's default: every 17 s)."""

CLOSED_TAB_LINGER_MS = 2500
"""How long a session is kept after its last connection closed (Bokeh's default: 15 s for
every unused session). Long enough for a reconnect, short enough that a closed tab's
simulation or search round stops within a few seconds."""

_hurried: weakref.WeakSet[Any] = weakref.WeakSet()
"""Application contexts whose closed sessions are already being looked for."""


def hurry_closed_sessions(session_context: Any) -> None:
    """End the sessions of ``session_context``'s application soon after their tab closes.

    Once per application (called by each page as it is made, on the event loop): every
    :data:`CHECK_SESSIONS_MS` the sessions that have had a connection (seen at a look, or
    told by :func:`~racerlab.app.server.page_ready.socket_opened` for a tab open for less than a
    look's interval) and have had none for :data:`CLOSED_TAB_LINGER_MS` are marked for
    expiry, and Bokeh's own check (as often, see :func:`start_server`) discards them. A
    session that never connected yet is left to Bokeh's unused-session lifetime. Outside a
    server this does nothing.
    """
    from tornado.ioloop import PeriodicCallback

    app_context = getattr(
        getattr(session_context, "server_context", None), "application_context", None
    )
    if app_context is None or app_context in _hurried:
        return
    _hurried.add(app_context)
    connected: weakref.WeakSet[Any] = weakref.WeakSet()

    def look() -> None:
        for session in list(app_context.sessions):
            if session.connection_count > 0:
                connected.add(session)
            elif (
                # a tab open for less than a look's interval is known by its socket's opening
                (session in connected or socket_opened(session.document))
                and session.milliseconds_since_last_unsubscribe > CLOSED_TAB_LINGER_MS
            ):
                session.request_expiration()

    PeriodicCallback(look, CHECK_SESSIONS_MS).start()  # on the server's loop: pages run there


def _page_factory(slug: str) -> Callable[[], Any]:
    """A plain function (Panel calls functions once per session, not partials) for ``slug``.

    The page frame goes out at once; the dashboard (its game, a share link's
    replay, its first drawing) is built in a worker thread and put in the frame
    when ready (see :mod:`racerlab.app.server.offload`), so sessions opening together
    never hold up each other or the server.
    """

    def page() -> Any:
        from ..kit.landing import dashboard_template
        from .offline import use_local_resources
        from .offload import deferred_page, in_server
        from .page_args import url_presenter

        dashboard = dashboards()[slug]
        doc = in_server()
        if doc is None:
            return dashboard.build(template=True)
        # here, on the event loop: the dashboard itself is built in a worker thread
        hurry_closed_sessions(doc.session_context)
        use_local_resources()
        token = _link_game()
        presenter = url_presenter()  # read here: the worker thread cannot see the address

        def build() -> Any:
            from panel.io.state import set_curdoc

            # in the worker, Panel's "current document" would be whichever session the
            # server touched last: what the build reads of its page must come from this
            # page's own document, handed to it here (``in_server()`` stays ``None`` in
            # the worker: it does not run the page's event loop)
            with set_curdoc(doc):
                return dashboard.build(game=token, presenter=presenter)

        main, sidebar, _ = deferred_page(dashboard.title, build, _fill_page)
        return dashboard_template(dashboard.title, main=[main], sidebar=[sidebar])

    page.__name__ = f"{slug}_page"
    return page


def _link_game() -> str | None:
    """The ``?game=`` token of the page's address (read on the event loop), if any."""
    import panel as pn

    raw = (pn.state.session_args or {}).get("game") or [None]
    value = raw[0]
    return value.decode("utf-8", errors="replace") if isinstance(value, bytes) else value


def _fill_page(app: Any, main: Any, sidebar: Any) -> None:
    """Put a built dashboard's two columns into a page frame (on the event loop)."""
    import panel as pn

    from .offload import in_server

    main[:] = [pn.Column(*app.main_area(), sizing_mode="stretch_width")]

    def fill_sidebar() -> None:
        sidebar[:] = [pn.Column(*app.sidebar_area(), sizing_mode="stretch_width")]

    doc = in_server()
    if doc is None:
        fill_sidebar()
    else:  # two shorter turns on the event loop rather than one long one
        doc.add_next_tick_callback(fill_sidebar)


def _landing() -> Any:
    """The landing page (``/`` of ``racerlab serve all``)."""
    from ..kit.landing import landing_app
    from .offline import use_local_resources
    from .offload import in_server

    doc = in_server()
    if doc is not None:
        hurry_closed_sessions(doc.session_context)
    use_local_resources()
    return landing_app(template=True)


def app_routes(game: str = "all") -> dict[str, Callable[[], Any]]:
    """Route -> factory for ``game`` ("all" adds the landing page at ``/``).

    >>> "/" in app_routes("all")
    True
    """
    if game == "all":
        routes: dict[str, Callable[[], Any]] = {"/": _landing}
        for d in dashboards().values():
            if d.listed and d.is_available():
                routes[d.slug] = _page_factory(d.slug)
        return routes
    if game not in dashboards():
        raise ScenarioError(f"no dashboard {game!r} (choose from all, {', '.join(dashboards())})")
    d = dashboards()[game]
    if not d.is_available():
        raise ScenarioError(f"the {d.title} dashboard is not installed in this copy of racerlab")
    page = _page_factory(d.slug)
    return {"/": page, d.slug: page}


def _origins(address: str, port: int, extra: list[str]) -> list[str]:
    hosts = (
        {address, "localhost", "127.0.0.1"} if address in ("127.0.0.1", "localhost") else {address}
    )
    return sorted({f"{h}:{port}" for h in hosts} | set(extra))


def server_secret(secret: str | None = None) -> str:
    """The secret session ids are signed with: ``secret``, the environment's, or a new one."""
    from bokeh.util.token import generate_secret_key

    env = os.environ
    for value in (secret, env.get("RACERLAB_SECRET_KEY"), env.get("BOKEH_SECRET_KEY")):
        if value:
            if len(value) < 32:
                raise ScenarioError("the session secret must be at least 32 characters")
            return value
    return generate_secret_key()


def exposure_warning(address: str) -> str | None:
    """The warning printed when ``address`` lets other machines in (``None`` on loopback)."""
    if address in LOOPBACK:
        return None
    return (
        f"racerlab: warning: serving on {address} lets anyone who can reach this machine "
        "open and drive the dashboards; there is no login. Use 127.0.0.1, or put the server "
        "behind authentication (panel serve --basic-auth or --oauth-provider, or a proxy "
        "that asks for a password)."
    )


def process_count(requested: int) -> int:
    """The number of server processes for ``--num-procs requested`` (0: one per core).

    More processes than cores only make them compete for the same processors
    (each holds its own copy of the dashboards), so that is refused with the reason.

    >>> process_count(1)
    1
    """
    from tornado.process import cpu_count

    cores = cpu_count()
    if requested < 0:
        raise ScenarioError(f"--num-procs must be 0 (one per core) or more, got {requested}")
    if requested == 0:
        return cores
    if requested > cores:
        raise ScenarioError(
            f"--num-procs {requested} is more than this machine's {cores} cores: the processes "
            "would only take turns on the same processors; use at most "
            f"{cores} (or 0 for one per core)"
        )
    return requested


def _forget_unstarted_loop() -> None:
    """Let each forked process make its own event loop (Tornado: none may exist before the fork).

    Importing Panel leaves an unstarted asyncio loop as the main thread's current
    one; a child would inherit it, and its selector, shared with every sibling.
    """
    policy = asyncio.get_event_loop_policy()
    loop = getattr(getattr(policy, "_local", None), "_loop", None)
    if loop is not None and loop.is_running():
        raise ScenarioError("--num-procs needs a process with no running event loop")
    if loop is not None:
        loop.close()
    asyncio.set_event_loop(None)


PARENT_CHECK_MS = 1000
"""How often a forked server process checks that the process that forked it is still there."""


def _run_forked(server: Any, parent: int, show: bool) -> None:
    """In a forked server process: start serving; stop when ``parent`` has gone."""
    from tornado.ioloop import PeriodicCallback
    from tornado.process import task_id

    def orphaned() -> None:
        if os.getppid() != parent:
            log.info("the parent server process has gone: stopping")
            server.io_loop.stop()

    PeriodicCallback(orphaned, PARENT_CHECK_MS).start()
    if show and task_id() == 0:  # one browser tab, not one per process
        server.io_loop.add_callback(server.show, "/")
    server.start()
    server.io_loop.start()


def start_server(
    game: str = "all",
    *,
    port: int = 5006,
    address: str = DEFAULT_ADDRESS,
    show: bool = False,
    allow_websocket_origin: list[str] | None = None,
    threaded: bool = False,
    start: bool = True,
    secret: str | None = None,
    num_procs: int = 1,
) -> Any:
    """Start (or with ``threaded`` run in a thread) a Panel server for ``game``.

    Page requests are taken one at a time (see :mod:`racerlab.app.server.page_turns`), a
    page's socket opens once its dashboard is in it (:mod:`racerlab.app.server.page_ready`):
    both are among the patches :func:`racerlab.app.server.patches.apply` makes.

    Session ids are signed (see :func:`server_secret`); a warning is printed and
    logged when ``address`` is not loopback (see :func:`exposure_warning`).

    ``num_procs`` other than 1 forks that many server processes sharing the
    port (0: one per core); each process serves until stopped, and stops by
    itself when the process that forked it ends. It cannot be ``threaded`` and
    always starts.
    """
    import panel as pn

    procs = 1 if num_procs == 1 else process_count(num_procs)
    if procs != 1 and (threaded or not start):
        raise ScenarioError("several server processes always run in the foreground")
    routes = app_routes(game)
    patches.apply(server=True)  # every change to Panel's and Bokeh's behaviour (see there)
    warning = exposure_warning(address)
    if warning is not None:
        print(warning, file=sys.stderr, flush=True)
        log.warning(warning)
    options: dict[str, Any] = {}
    if procs != 1:
        _forget_unstarted_loop()
        options["num_procs"] = procs
    parent = os.getpid()
    server = pn.serve(  # with several processes, each forked one returns from here
        routes,
        port=port,
        address=address,
        show=show and procs == 1,
        start=start and procs == 1,
        threaded=threaded,
        title="racerlab",
        websocket_origin=_origins(address, port, list(allow_websocket_origin or [])),
        liveness=True,
        sign_sessions=True,
        secret_key=server_secret(secret),  # made once, before any fork: shared by all
        websocket_max_message_size=WEBSOCKET_MAX_BYTES,
        http_server_kwargs={"max_header_size": MAX_REQUEST_HEAD_BYTES},
        check_unused_sessions_milliseconds=CHECK_SESSIONS_MS,
        **options,
    )
    if procs != 1:
        _run_forked(server, parent, show)
    return server


def keep_startup_objects() -> int:
    """Take every object alive now (the modules, classes and catalogs a server keeps for
    good) out of the garbage collector's full collections; returns how many were taken.

    A full collection walks every tracked object and holds the event loop meanwhile: on a
    server with its dashboards imported that was about 180,000 objects and 90-100 ms, one
    Step in thirty (``benchmarks/step_loop.py``). Collections then walk only what pages
    made since. Forked server processes inherit it (and share those pages of memory
    longer, as the collector no longer writes to them).
    """
    import gc

    for dashboard in dashboards().values():  # what the first pages would import
        if dashboard.is_available():
            importlib.import_module(dashboard.module)
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def warm_first_page() -> str:
    """Make one page frame and its HTML in a throwaway document, as a page request does;
    returns the HTML (only for checking).

    A fresh process's first page request used to take about 0.15 s more than later ones:
    importing the Markdown libraries the frame's "Preparing the game" message uses (about
    0.07 s) and compiling the page's Jinja templates (about 0.06 s). The visitor waited for
    both before the browser could start fetching scripts. Done here, before the server
    listens, they are part of its start.
    """
    from types import SimpleNamespace

    from bokeh.document import Document
    from bokeh.resources import Resources as BokehResources
    from bokeh.server.views.static_handler import StaticHandler
    from panel.io.resources import Resources
    from panel.io.server import server_html_page_for_session

    from ..kit.landing import dashboard_template
    from .offline import use_local_resources
    from .offload import page_frame_parts

    use_local_resources()
    main, sidebar, _ = page_frame_parts()
    doc = Document()
    dashboard_template("racerlab", main=[main], sidebar=[sidebar]).server_doc(doc)
    versioned = StaticHandler.append_version
    resources = Resources.from_bokeh(
        BokehResources(mode="server", root_url="/", path_versioner=versioned)
    )
    page = SimpleNamespace(document=doc, token="")
    return server_html_page_for_session(
        page,
        resources=resources,
        title=doc.title,
        template=doc.template,
        template_variables=doc.template_variables,
    )


def _use_catalog(game: str, folder: str | None) -> bool:
    """Play the catalog in ``folder`` on every new page (``racerlab serve --catalog DIR``);
    a refused one is reported naming file, entry and field (returns ``False``)."""
    from ...core.errors import CatalogError
    from .served_catalog import serve_catalog

    try:
        served = serve_catalog(folder, None if game == "all" else [game])
    except CatalogError as exc:
        print(f"racerlab: error: the catalog in {folder} is refused:", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        return False
    if served:
        print(f"racerlab: new pages play the catalog in {folder} ({', '.join(served)})")
    return True


def serve_command(args: argparse.Namespace) -> int:
    """Run ``racerlab serve`` from parsed arguments until interrupted; returns the exit code."""
    game = getattr(args, "game", "all") or "all"
    port = int(getattr(args, "port", 5006))
    address = getattr(args, "address", DEFAULT_ADDRESS) or DEFAULT_ADDRESS
    requested = int(getattr(args, "num_procs", 1))
    procs = 1 if requested == 1 else process_count(requested)  # refused before listening
    app_routes(game)  # fail fast with a clear message for an unknown game
    if not _use_catalog(game, getattr(args, "catalog", None)):
        return 2
    from .class_network import class_options

    address, class_origins = class_options(args, address, port)  # --network, --data-dir
    how = "" if procs == 1 else f" with {procs} server processes"
    print(f"racerlab: serving {game} at http://{address}:{port}/{how} (Ctrl+C to stop)", flush=True)
    warm_first_page()
    keep_startup_objects()
    try:
        start_server(
            game,
            port=port,
            address=address,
            show=not getattr(args, "no_show", False),
            allow_websocket_origin=[
                *(getattr(args, "allow_websocket_origin", []) or []),
                *class_origins,
            ],
            num_procs=procs,
        )
    except OSError as exc:
        print(f"racerlab: error: cannot listen on {address}:{port} ({exc})", file=sys.stderr)
        return 2
    return 0
