"""What a served page's URL asks for: the ``?game=<token>`` share link, ``?presenter=1``."""

from __future__ import annotations

import panel as pn

from .session import GameSession

__all__ = ["open_shared_game", "url_game_token", "url_presenter"]

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
    """Load the game a share token names (``token``, else the URL's); a bad one shows an
    error on the page and the session keeps the game it has."""
    token = token if token is not None else url_game_token()
    if token is not None:
        session.guarded(session.load_share_token)(token)  # its errors already say "share link"


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
