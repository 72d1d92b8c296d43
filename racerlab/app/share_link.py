"""Share links: a whole game in a URL-safe token (``?game=...``), and back.

The token is base64url of zlib-compressed saved-game JSON. Decoding checks the
token's length, its alphabet and the inflated size before any JSON is read, and
says what is wrong with a bad link in a :class:`ScenarioError`. A link longer than
:data:`MAX_LINK_CHARS` is refused both ways (:func:`check_link_length`): a page does not
open it, and the Share button does not make it; the saved-game file carries such a game.
"""

from __future__ import annotations

import base64
import binascii
import zlib

from ..core.errors import ScenarioError
from ..core.timeline import Timeline

__all__ = [
    "MAX_LINK_CHARS",
    "MAX_SAVED_GAME_BYTES",
    "MAX_SHARE_TOKEN_CHARS",
    "check_link_length",
    "decode_share_token",
    "encode_share_token",
]

MAX_SHARE_TOKEN_CHARS = 200_000
"""Longest ``?game=`` token accepted from a link (guards against abuse)."""

MAX_SAVED_GAME_BYTES = 5_000_000
"""Largest saved-game file accepted by :meth:`GameSession.load_text`."""

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
