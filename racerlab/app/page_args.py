"""What a served page's URL asks for: the ``?game=<token>`` share link and ``?presenter=1``.

A link longer than :data:`MAX_LINK_CHARS` is refused with a message on the page
pointing to the saved-game upload (Load), before anything is decoded.
"""

from __future__ import annotations

import panel as pn

from ..core.errors import ScenarioError
from .session import GameSession

__all__ = [
    "MAX_LINK_CHARS",
    "check_link_length",
    "open_shared_game",
    "url_game_token",
    "url_presenter",
]

MAX_LINK_CHARS = 20_000
"""Longest ``?game=`` token a page opens (characters). A whole game's link is a few
thousand (measured: a 3-player Racer Knights joust of 82 actions, 1,788; a 4-player
Battle Racers race of 224 actions, 2,542). On a plain ``panel serve`` (Tornado's 64 KiB
request head) the page's websocket carries the link about 2.7 times over (in its URL
and in Bokeh's session token), and Chromium then opens links up to about 22,000
characters (22,000 worked, 24,000 did not): longer ones left a blank page. ``racerlab
serve`` takes request heads up to 8 MiB, so there every link Chromium can send (it caps
a URL at 2 MB) reaches the page, and this limit answers with a message instead."""

YES = frozenset({"1", "true", "yes", "on"})
"""Values of a URL flag that switch it on."""


def url_game_token() -> str | None:
    """The ``game`` argument of the served page's URL, if any (``None`` outside a server)."""
    args = getattr(pn.state, "session_args", None) or {}
    raw = args.get("game")
    if not raw:
        return None
    return raw[0].decode("utf-8", errors="replace") if isinstance(raw[0], bytes) else str(raw[0])


def check_link_length(token: str) -> str:
    """``token`` if a page may open it; :class:`ScenarioError` telling the visitor to use
    Load when it is longer than :data:`MAX_LINK_CHARS`."""
    if len(token) > MAX_LINK_CHARS:
        raise ScenarioError(
            f"share link: this link is too long for a URL ({len(token):,} characters; at most"
            f" {MAX_LINK_CHARS:,}): save the game and use Load instead"
        )
    return token


def open_shared_game(session: GameSession, token: str | None) -> None:
    """Load the game a share token names (``token``, else the URL's); a bad one (or one too
    long for a URL) shows an error on the page and the session keeps the game it has."""
    token = token if token is not None else url_game_token()
    if token is not None:
        session.guarded(lambda t: session.load_share_token(check_link_length(t)))(token)


def url_presenter(given: bool | None = None) -> bool:
    """Whether to open in presenter mode: ``given``, else the URL's ``?presenter=1``.

    Read it where the page's session is known (a served page's factory, on the
    event loop); a dashboard built in a worker thread gets it passed in.
    """
    if given is not None:
        return bool(given)
    args = getattr(pn.state, "session_args", None) or {}
    for raw in args.get("presenter", []):
        value = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else str(raw)
        if value.strip().lower() in YES:
            return True
    return False
