"""Share links: a whole game in a URL-safe token (``?game=...``), and back.

The token is base64url of zlib-compressed saved-game JSON. Decoding checks the
token's length, its alphabet and the inflated size before any JSON is read, and
says what is wrong with a bad link in a :class:`ScenarioError`.
"""

from __future__ import annotations

import base64
import binascii
import zlib

from ..core.errors import ScenarioError
from ..core.timeline import Timeline

__all__ = [
    "MAX_SAVED_GAME_BYTES",
    "MAX_SHARE_TOKEN_CHARS",
    "decode_share_token",
    "encode_share_token",
]

MAX_SHARE_TOKEN_CHARS = 200_000
"""Longest ``?game=`` token accepted from a link (guards against abuse)."""

MAX_SAVED_GAME_BYTES = 5_000_000
"""Largest saved-game file accepted by :meth:`GameSession.load_text`."""


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
