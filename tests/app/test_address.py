"""The page's address keeps its game: the newest token that fits, else the last that fit."""

from __future__ import annotations

from racerlab.app.kit.address import GameInAddress
from racerlab.app.kit.session import GameSession
from racerlab.app.kit.share_link import MAX_LINK_CHARS
from racerlab.app.knights.game import knights_kit


def test_a_token_that_fits_goes_in_the_address_else_the_last_one_stays_and_the_page_says_so():
    s = GameSession(knights_kit(), seed=1)
    address = GameInAddress(s)
    address.show("abc", 3)
    assert address.view.token == "abc" and address.kept_step is None
    address.show("x" * (MAX_LINK_CHARS + 1), 4)
    assert address.view.token == "abc" and address.kept_step == 3
    assert "too long for the page's address" in s.notice and "step 3" in s.notice
    address.show("def", 2)  # back within the limit (the cursor went back)
    assert address.view.token == "def" and address.kept_step is None


def test_outside_a_server_nothing_is_scheduled():
    s = GameSession(knights_kit(), seed=1)
    address = GameInAddress(s)
    s.step()
    assert address.view.token == ""  # a notebook has no address
