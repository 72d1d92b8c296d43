"""Share links: a whole game in a URL-safe token (``?game=...``), and back.

The token is base64url of zlib-compressed saved-game JSON. Decoding checks the
token's length, its alphabet and the inflated size before any JSON is read, and
says what is wrong with a bad link in a :class:`ScenarioError`. A long link's game is
replayed in a worker process (:func:`replay_share_token`), so its replay does not hold
the interpreter the server's event loop runs in. A link longer than
:data:`MAX_LINK_CHARS` is refused both ways (:func:`check_link_length`): a page does not
open it, and the Share button does not make it; the saved-game file carries such a game.
"""

from __future__ import annotations

import atexit
import base64
import binascii
import logging
import threading
import zlib
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool

from ...core.catalog_files import remember
from ...core.errors import ScenarioError
from ...core.limits import MAX_SAVED_GAME_BYTES, time_budget
from ...core.timeline import Timeline
from ..server.worker_pool import spawn_pool

__all__ = [
    "MAX_LINK_CHARS",
    "MAX_SAVED_GAME_BYTES",
    "MAX_SHARE_TOKEN_CHARS",
    "REPLAY_ELSEWHERE_CHARS",
    "check_link_length",
    "decode_share_token",
    "encode_share_token",
    "replay_share_token",
]

log = logging.getLogger(__name__)

MAX_SHARE_TOKEN_CHARS = 200_000
"""Longest ``?game=`` token accepted from a link (guards against abuse)."""


MAX_LINK_CHARS = 20_000
"""Longest ``?game=`` token a page opens or the Share button makes (characters). A whole
game's link is a few thousand (measured: a 3-player Racer Knights joust of 82 actions,
1,788; a 4-player Battle Racers race of 224 actions, 2,542). On a plain ``panel serve``
(Tornado's 64 KiB request head) the page's websocket carries the link about 2.7 times over
(in its URL and in Bokeh's session token), and Chromium then opens links up to about
22,000 characters (22,000 worked, 24,000 did not): longer ones left a blank page.
``racerlab serve`` takes request heads up to 8 MiB, so there every link Chromium can send
(it caps a URL at 2 MB) reaches the page, and this limit answers with a message instead."""


def check_link_length(token: str, *, making: bool = False) -> str:
    """``token`` if it fits in a link; else a :class:`ScenarioError` pointing to the
    saved-game file: for a link being opened (tell the visitor to use Load) or, with
    ``making``, for one the Share button would make (save the game instead).

    >>> check_link_length("x" * (MAX_LINK_CHARS + 1), making=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    racerlab.core.errors.ScenarioError: this game is too long for a share link (20,001 ...
    """
    if len(token) <= MAX_LINK_CHARS:
        return token
    size = f"{len(token):,} characters; at most {MAX_LINK_CHARS:,}"
    if making:
        raise ScenarioError(
            f"this game is too long for a share link ({size} fit in a URL): save it with"
            " 'Save game (JSON)' and open the file with Load instead"
        )
    raise ScenarioError(
        f"share link: this link is too long for a URL ({size}): save the game and use Load instead"
    )


def encode_share_token(timeline: Timeline) -> str:
    """The game as a URL-safe token: base64url of zlib-compressed saved-game JSON.

    >>> from racerlab.core.testgame import CoinRace, CoinSetup
    >>> tl = Timeline.new(CoinRace(), CoinSetup(), seed=4)
    >>> decode_share_token(encode_share_token(tl)).dumps() == tl.dumps()
    True
    """
    raw = zlib.compress(timeline.dumps().encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_share_token(token: str | bytes) -> Timeline:
    """The game a share token holds; :class:`ScenarioError` saying why if it is bad.

    >>> decode_share_token("not-a-game")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    racerlab.core.errors.ScenarioError: share link: the game in the link is damaged (...)
    """
    if isinstance(token, bytes):
        token = token.decode("ascii", errors="replace")
    token = token.strip()
    if not token:
        raise ScenarioError("share link: the link holds no game")
    if len(token) > MAX_SHARE_TOKEN_CHARS:
        raise ScenarioError(f"share link: the game in the link is too long ({len(token)} chars)")
    try:
        padded = token + "=" * (-len(token) % 4)
        raw = base64.b64decode(padded, altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ScenarioError("share link: the game in the link is not base64url text") from None
    try:
        inflater = zlib.decompressobj()
        text = inflater.decompress(raw, MAX_SAVED_GAME_BYTES)
        if inflater.unconsumed_tail:
            raise ScenarioError("share link: the game in the link is too large")
    except zlib.error:
        raise ScenarioError(
            "share link: the game in the link is damaged (not compressed game data)"
        ) from None
    return Timeline.loads(text, source="share link")


REPLAY_ELSEWHERE_CHARS = 3_000
"""A link at least this long (a game of about 500 actions or more) is replayed in the
replay process. Replaying costs about 0.1 ms of CPU per action, in a thread holding the
interpreter lock the event loop needs; taking the replayed game back from the process
costs about a third of that (measured on a 1,357-action 8-racer joust: replay 0.15 s,
unpickling 0.05 s). Shorter links replay where they are asked for (a process would cost
them more than it saves)."""

WAIT_BUDGETS = 3
"""A page waits for the replay process at most this many replay budgets (a link may
wait behind others: each replay is stopped at its own budget)."""

_replayer: ProcessPoolExecutor | None = None
_replayer_ready: Future | None = None
_replayer_lock = threading.Lock()


def _replay_here(token: str, budget_s: float) -> Timeline:
    """:func:`decode_share_token` under a time budget of ``budget_s`` (also in the process)."""
    with time_budget(budget_s, "share link: replaying the game"):
        return decode_share_token(token)


def _replay_there(token: str, budget_s: float) -> Timeline:
    """In the replay process: :func:`_replay_here` (the name the process is handed)."""
    return _replay_here(token, budget_s)


def _replay_process() -> ProcessPoolExecutor | None:
    """The replay process of this server process once it has started, else ``None``:
    the first long link starts it (that takes seconds: it imports racerlab) and is
    replayed here meanwhile, so no link waits for it."""
    global _replayer, _replayer_ready
    with _replayer_lock:
        if _replayer is None:
            _replayer = spawn_pool(1)
            _replayer_ready = _replayer.submit(_warm)
            atexit.register(_replayer.shutdown, wait=False, cancel_futures=True)
        ready = _replayer_ready is not None and _replayer_ready.done()
        return _replayer if ready else None


def _warm() -> bool:
    """In the replay process: import what a replay needs, before the first link comes."""
    from ...core.registry import descriptors

    descriptors()  # every game's engine, loaded
    return True


def _forget_replay_process() -> None:
    """Drop a replay process that died; the next long link starts a new one."""
    global _replayer, _replayer_ready
    with _replayer_lock:
        _replayer, _replayer_ready = None, None


def replay_share_token(token: str, budget_s: float) -> Timeline:
    """The game a share token holds, replayed within ``budget_s`` seconds; a link of
    :data:`REPLAY_ELSEWHERE_CHARS` or more in the replay process once it runs (waiting
    for it here releases the interpreter lock), a shorter one here. Errors are those of
    :func:`decode_share_token`; if the process cannot be used, the replay runs here.

    >>> from racerlab.core.testgame import CoinRace, CoinSetup
    >>> tl = Timeline.new(CoinRace(), CoinSetup(), seed=4)
    >>> replay_share_token(encode_share_token(tl), 5.0).dumps() == tl.dumps()
    True
    """
    if len(token) < REPLAY_ELSEWHERE_CHARS:
        return _replay_here(token, budget_s)
    try:
        process = _replay_process()
        replayed = None if process is None else process.submit(_replay_there, token, budget_s)
    except (OSError, RuntimeError) as exc:  # could not start (or shutting down)
        log.warning("no link replay process (%s); replaying here", exc)
        _forget_replay_process()
        replayed = None
    if replayed is None:
        return _replay_here(token, budget_s)
    try:
        tl = replayed.result(timeout=budget_s * WAIT_BUDGETS)
        if tl.catalog_loaded is not None:  # its cards came back with it: known here too
            remember(tl.catalog_loaded)
        return tl
    except FutureTimeout:  # queued behind other long links for too long
        replayed.cancel()
        raise ScenarioError(
            f"share link: the server is busy replaying other games (waited"
            f" {budget_s * WAIT_BUDGETS:g} s): open the link again later"
        ) from None
    except BrokenProcessPool:  # it died (killed, out of memory): a new one next time
        log.warning("the link replay process died; replaying here")
        _forget_replay_process()
        return _replay_here(token, budget_s)
