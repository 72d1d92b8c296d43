"""``racerlab serve [knights|sonic|all] [--port N] [--address A] [--no-show]``.

Every route is a factory function, so Panel builds a fresh app (and a fresh
game) for each browser session; nothing here keeps state at module level.
The server listens on the loopback interface (127.0.0.1) unless told otherwise,
and answers ``/liveness`` for health checks.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from ..core.errors import ScenarioError
from .dashboards import dashboards

__all__ = ["app_routes", "serve_command", "start_server"]

DEFAULT_ADDRESS = "127.0.0.1"
"""Serve on loopback only by default: a dashboard is not meant for the open network."""


def _page_factory(slug: str) -> Callable[[], Any]:
    """A plain function (Panel calls functions once per session, not partials) for ``slug``."""

    def page() -> Any:
        return dashboards()[slug].build(template=True)

    page.__name__ = f"{slug}_page"
    return page


def _landing() -> Any:
    from .landing import landing_app

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


def start_server(
    game: str = "all",
    *,
    port: int = 5006,
    address: str = DEFAULT_ADDRESS,
    show: bool = False,
    allow_websocket_origin: list[str] | None = None,
    threaded: bool = False,
    start: bool = True,
) -> Any:
    """Start (or with ``threaded`` run in a thread) a Panel server for ``game``."""
    import panel as pn

    routes = app_routes(game)
    return pn.serve(
        routes,
        port=port,
        address=address,
        show=show,
        start=start,
        threaded=threaded,
        title="racerlab",
        websocket_origin=_origins(address, port, list(allow_websocket_origin or [])),
        liveness=True,
    )


def serve_command(args: argparse.Namespace) -> int:
    """Run ``racerlab serve`` from parsed arguments until interrupted; returns the exit code."""
    game = getattr(args, "game", "all") or "all"
    port = int(getattr(args, "port", 5006))
    address = getattr(args, "address", DEFAULT_ADDRESS) or DEFAULT_ADDRESS
    app_routes(game)  # fail fast with a clear message for an unknown game
    print(f"racerlab: serving {game} at http://{address}:{port}/ (Ctrl+C to stop)", flush=True)
    try:
        start_server(
            game,
            port=port,
            address=address,
            show=not getattr(args, "no_show", False),
            allow_websocket_origin=list(getattr(args, "allow_websocket_origin", []) or []),
        )
    except OSError as exc:
        print(f"racerlab: error: cannot listen on {address}:{port} ({exc})", file=sys.stderr)
        return 2
    return 0
