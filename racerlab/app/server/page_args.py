"""What a served page's URL asks for: the ``?game=<token>`` share link and ``?presenter=1``.

A link longer than :data:`~racerlab.app.kit.share_link.MAX_LINK_CHARS` is refused with a
message on the page pointing to the saved-game upload (Load), before anything is decoded.
"""

from __future__ import annotations

import panel as pn

from ..kit.session import GameSession
from ..kit.share_link import MAX_LINK_CHARS, check_link_length

__all__ = [
    "MAX_LINK_CHARS",
    "check_link_length",
    "open_shared_game",
    "url_game_token",
    "url_presenter",
]

YES = frozenset({"1", "true", "yes", "on"})
"""Values of a URL flag that switch it on."""


def url_game_token() -> str | None:
    """The ``game`` argument of the served page's URL, if any (``None`` outside a server)."""
    args = getattr(pn.state, "session_args", None) or {}
    raw = args.get("game")
    if not raw:
        return None
    return raw[0].decode("utf-8", errors="replace") if isinstance(raw[0], bytes) else str(raw[0])


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
