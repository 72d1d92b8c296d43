"""Share links longer than a URL can carry: a message on the page, never a blank page.

On a plain Tornado server (64 KiB request head) a 24,451-character ``?game=`` link left a
blank page ("Could not open websocket": the websocket handshake carries the link about
2.7 times) and a ~100 KB one an empty answer. ``racerlab serve`` now reads request heads
up to :data:`~racerlab.app.server.serve.MAX_REQUEST_HEAD_BYTES`, and a page refuses a link
longer than :data:`~racerlab.app.server.page_args.MAX_LINK_CHARS` with a message pointing to Load.
The Share button refuses to make such a link, pointing to the saved-game file instead.
"""

from __future__ import annotations

import asyncio
import base64
import random
import re
import secrets
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from racerlab.app.kit.controls import ScenarioControls
from racerlab.app.kit.session import MAX_SHARE_TOKEN_CHARS, GameSession, encode_share_token
from racerlab.app.server.page_args import MAX_LINK_CHARS, check_link_length, open_shared_game
from racerlab.app.server.serve import MAX_REQUEST_HEAD_BYTES
from racerlab.core.errors import ScenarioError
from racerlab.core.testgame import Nudge

from ..app.test_session import coin_kit

TOO_LONG = "this link is too long for a URL"
NO_LINK = "this game is too long for a share link"


def link_of(chars: int) -> str:
    """A link-shaped token of ``chars`` characters (incompressible, like a real one)."""
    return base64.urlsafe_b64encode(secrets.token_bytes(chars)).decode("ascii")[:chars]


def test_the_url_limit_is_below_what_the_session_would_decode():
    assert MAX_LINK_CHARS <= MAX_SHARE_TOKEN_CHARS
    assert check_link_length("a" * MAX_LINK_CHARS) == "a" * MAX_LINK_CHARS


def test_a_link_too_long_for_a_url_is_refused_on_the_page_and_the_game_stays():
    session = GameSession(coin_kit(), seed=5)
    before = session.timeline
    open_shared_game(session, link_of(MAX_LINK_CHARS + 1))
    assert TOO_LONG in session.error and "save the game and use Load instead" in session.error
    assert f"{MAX_LINK_CHARS + 1:,} characters" in session.error
    assert session.timeline is before


def test_a_real_link_below_the_limit_still_opens():
    session = GameSession(coin_kit(), seed=5)
    other = GameSession(coin_kit(), seed=9)
    other.timeline.run(lambda s: other.timeline.rules.legal_actions(s)[0], max_steps=6)
    token = encode_share_token(other.timeline)
    assert len(token) < MAX_LINK_CHARS
    open_shared_game(session, token)
    assert session.error == "" and len(session.timeline.actions) == 6


def long_game_session() -> GameSession:
    """A session whose game (3,000 director nudges by random amounts) needs a link of about
    25,000 characters: more than a URL may carry, far less than a saved game may hold."""
    session = GameSession(coin_kit(), seed=5)
    rng = random.Random(1)
    for _ in range(3000):
        session.timeline.play(Nudge(0, rng.randrange(-(10**9), 10**9)))
    session.goto(-1)
    assert len(encode_share_token(session.timeline)) > MAX_LINK_CHARS
    return session


def test_the_session_refuses_a_link_longer_than_a_url_and_keeps_its_game():
    session = long_game_session()
    before, at = session.dumps(), session.timeline.index
    with pytest.raises(ScenarioError) as refused:
        session.share_token()
    message = str(refused.value)
    assert message.startswith(NO_LINK) and "Save game (JSON)" in message and "Load" in message
    assert f"at most {MAX_LINK_CHARS:,}" in message
    assert session.dumps() == before and session.timeline.index == at
    session.goto(10)  # the same game earlier on fits in a link, and opens again
    assert GameSession.from_share_token(coin_kit(), session.share_token()).timeline.index == 10


def test_the_share_button_says_so_on_the_page_and_shows_no_older_link():
    session = long_game_session()
    controls = ScenarioControls(session)
    session.goto(10)
    controls.share_button.clicks += 1
    assert "?game=" in controls.share_link.value and session.error == ""
    session.goto(-1)
    controls.share_button.clicks += 1
    assert session.error.startswith(f"share link: {NO_LINK}")
    assert "Save game (JSON)" in session.error
    assert controls.share_link.value == ""
    assert controls.download.label == "Save game (JSON)"  # the way offered instead is there
    assert session.dumps().count('"Nudge"') == 3000  # the game is untouched and saves whole


def fetch(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=120) as answer:
        return answer.status, answer.read().decode("utf-8", errors="replace")


async def websocket_opens(base: str, route: str, page: str, link: str) -> bool:
    """Open the page's websocket as Bokeh's client does (the link in its URL, the session
    token as a subprotocol) and read the server's first message."""
    from tornado import httpclient, websocket

    token = re.search(r'"token":\s*"([^"]+)"', page).group(1)
    request = httpclient.HTTPRequest(
        f"{base.replace('http', 'ws')}/{route}/ws?game={link}",
        headers={"Origin": base, "Sec-WebSocket-Protocol": f"bokeh, {token}"},
        request_timeout=120,
    )
    conn = await websocket.websocket_connect(request)
    try:
        return bool(await asyncio.wait_for(conn.read_message(), 60))
    finally:
        conn.close()


@pytest.mark.parametrize("chars", [30_000, 300_000])
def test_racerlab_serve_carries_long_links_to_the_page(racerlab_server, chars):
    """Past Tornado's default 64 KiB head (a blank page or an empty answer before), the
    page is served and its websocket opens, so the page can say the link is too long."""
    link = link_of(chars)
    status, page = fetch(f"{racerlab_server}/knights?game={link}")
    assert status == 200 and '"token"' in page
    # in a thread of its own: a browser test before this one in the same worker leaves
    # Playwright's event loop running in this thread
    with ThreadPoolExecutor(1) as pool:
        opened = pool.submit(asyncio.run, websocket_opens(racerlab_server, "knights", page, link))
        assert opened.result()
    assert 3 * chars < MAX_REQUEST_HEAD_BYTES  # the link and its token fit the head


@pytest.mark.ui
def test_a_long_link_in_the_browser_says_so(racerlab_server, page):
    page.goto(f"{racerlab_server}/knights?game={link_of(30_000)}", timeout=120_000)
    page.get_by_text(TOO_LONG).first.wait_for(timeout=120_000)
    assert page.get_by_text("Could not open websocket").count() == 0
