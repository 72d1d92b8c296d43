"""Memory returns after browser sessions close: the server drops each session's game.

Three Bokeh client sessions open the Knights dashboard on an in-process server; each
builds its own :class:`GameSession`. After the clients close, Bokeh discards the
unused sessions (within about 30 s with its default lifetimes) and every game object
they built must be garbage: none may be kept alive by module-level state.
"""

from __future__ import annotations

import gc
import time
from concurrent.futures import ThreadPoolExecutor

import panel as pn
from bokeh.client import pull_session

from racerlab.app import knights_app
from racerlab.app.kit.session import GameSession

CLIENTS = 3
WAIT_S = 90.0


def live_games() -> int:
    gc.collect()
    return sum(isinstance(o, GameSession) for o in gc.get_objects())


def test_games_are_freed_after_their_sessions_close(free_loopback_port):
    port = free_loopback_port()
    before = live_games()
    server = pn.serve(
        {"knights": knights_app},
        port=port,
        address="127.0.0.1",
        threaded=True,
        show=False,
        websocket_origin=[f"127.0.0.1:{port}"],
    )
    try:
        time.sleep(1.0)
        url = f"http://127.0.0.1:{port}/knights"
        # the clients run their own event loop: keep it off this thread, which may
        # already be running one (Playwright's, when browser tests ran first)
        with ThreadPoolExecutor(max_workers=1) as pool:
            clients = pool.submit(lambda: [pull_session(url=url) for _ in range(CLIENTS)]).result()
            assert live_games() == before + CLIENTS
            pool.submit(lambda: [client.close() for client in clients]).result()
        deadline = time.monotonic() + WAIT_S
        while live_games() > before and time.monotonic() < deadline:
            time.sleep(1.0)
        assert live_games() == before
    finally:
        server.stop()
