"""A dashboard's game keeps its cards through Save, the share link and Load; loading a
catalog keeps the game on screen when it replays on the new cards, else asks."""

from __future__ import annotations

import pytest

from racerlab.app import knights_app
from racerlab.app.kit.session import GameSession
from racerlab.app.knights.game import knights_kit
from racerlab.core.catalog import data_dir
from racerlab.core.catalog_files import load_catalog_files

LANCE = 'id = "thunderhead_lance"'


@pytest.fixture(autouse=True)
def outside_a_server(monkeypatch):
    from racerlab.app.server import offload

    monkeypatch.setattr(offload, "in_server", lambda: None)


def edited_parts(strength: int = 6) -> bytes:
    text = (data_dir() / "knights" / "parts.toml").read_text(encoding="utf-8")
    head, lance, tail = text.partition(LANCE)
    block, sep, rest = tail.partition("\n\n")
    return (
        head + lance + block.replace("strength = 3", f"strength = {strength}") + sep + rest
    ).encode()


def strength(session: GameSession) -> int:
    return session.rules.catalog.parts["thunderhead_lance"].weapon.strength


def test_a_link_and_a_saved_game_bring_their_cards_to_a_fresh_page():
    loaded = load_catalog_files("knights", {"parts.toml": edited_parts()})
    s = GameSession(knights_kit(catalog=loaded.catalog), seed=4)
    for _ in range(20):
        s.step()
    token, text = s.share_token(), s.dumps()
    for how in ("link", "file"):
        page = knights_app(seed=1)
        assert strength(page.session) == 3
        if how == "link":
            page.session.load_share_token(token)
        else:
            page.session.load_text(text)
        assert page.session.timeline.dumps() == s.timeline.dumps()
        assert (
            strength(page.session) == 6 and page.session.kit.catalog is page.session.rules.catalog
        )
        panel = page.show_tab("catalog")
        assert "your catalog" in panel.playing.object and "parts.toml" in panel.playing.object
        page.session.new_random(2)  # new games play the loaded cards
        assert strength(page.session) == 6


def test_an_altered_link_is_refused_and_the_page_keeps_its_game():
    import base64
    import json
    import zlib

    loaded = load_catalog_files("knights", {"parts.toml": edited_parts()})
    s = GameSession(knights_kit(catalog=loaded.catalog), seed=4)
    s.step()
    data = json.loads(s.dumps())
    data["catalog"]["changes"]["parts.toml"]["weapon"]["rows"]["set"]["thunderhead_lance"][
        "strength"
    ] = 9
    bad = base64.urlsafe_b64encode(zlib.compress(json.dumps(data).encode())).decode().rstrip("=")
    page = knights_app(seed=1)
    before = page.session.timeline.dumps()
    page.session.guarded(page.session.load_share_token)(bad)
    assert "cut or altered" in page.session.error
    assert page.session.timeline.dumps() == before and strength(page.session) == 3


def test_loading_cards_keeps_a_game_that_replays_on_them():
    page = knights_app(seed=3)
    s = page.session
    for _ in range(6):
        s.step()
    actions = s.timeline.actions
    panel = page.show_tab("catalog")
    panel.load({"parts.toml": edited_parts()})
    assert s.timeline.actions == actions and strength(s) == 6
    assert "goes on" in s.notice and not panel.ask.visible


def test_loading_cards_the_game_cannot_go_on_with_asks_first():
    page = knights_app(seed=3)
    s = page.session
    for _ in range(6):
        s.step()
    before = s.timeline.dumps()
    chassis = s.state.setup.players[0].racer.chassis
    files = {  # that chassis renamed everywhere: the game on screen names a part now gone
        name: (data_dir() / "knights" / name)
        .read_text(encoding="utf-8")
        .replace(f'"{chassis}"', '"renamed_chassis"')
        .encode()
        for name in ("parts.toml", "racers.toml")
    }
    panel = page.show_tab("catalog")
    panel.load(files)
    assert panel.ask.visible and "cannot go on" in panel.ask_text.object
    assert s.timeline.dumps() == before  # nothing replaced yet
    panel.ask_keep.clicks += 1
    assert s.timeline.dumps() == before and not panel.ask.visible
    assert s.kit.catalog is None  # the old cards kept too
    panel.load(files)
    panel.ask_new.clicks += 1
    assert s.kit.catalog is not None and len(s.timeline) == 1  # a new game on the new cards


def test_a_page_saves_its_cards_however_many_catalogs_the_server_reads_later():
    from racerlab.core.catalog_files import MAX_REMEMBERED, loaded_catalog

    loaded = load_catalog_files("knights", {"parts.toml": edited_parts()})
    s = GameSession(knights_kit(catalog=loaded.catalog), seed=4)
    s.step()
    for i in range(MAX_REMEMBERED + 2):  # other pages' catalogs push this one out
        load_catalog_files("knights", {"parts.toml": edited_parts(4 + i % 2)})
    assert loaded_catalog(loaded.catalog) is None
    assert '"catalog"' in s.dumps() and len(s.share_token()) > 0
    s.new_random(5)  # a new game on the same kit still knows its cards
    assert '"strength":6' in s.dumps()


def test_a_battle_racers_link_with_one_changed_racer_is_at_most_a_fifth_longer():
    from racerlab.app.sonic.game import sonic_kit

    text = (data_dir() / "sonic" / "racers.toml").read_text(encoding="utf-8")
    changed = text.replace('name = "Sonic"', 'name = "Sonic Zed"', 1).encode()
    loaded = load_catalog_files("sonic", {"racers.toml": changed})
    lengths = []
    for cards in (None, loaded.catalog):
        s = GameSession(sonic_kit(catalog=cards), seed=5)
        for _ in range(20):
            s.step()
        lengths.append(len(s.share_token()))
    print(f"20-step Battle Racers link: bundled {lengths[0]}, one changed racer {lengths[1]}")
    assert lengths[1] <= 1.2 * lengths[0]
