"""The Catalog tab: a good catalog becomes the session's, a bad one is refused beside the
control with the game kept; the v1 boss profile text of a v1 game."""

from __future__ import annotations

import pytest

from racerlab.app import knights_app, sonic_app
from racerlab.app.kit.escape import text as esc
from racerlab.app.kit.upload import TOO_LARGE
from racerlab.app.sonic.tables import boss_profile_text, standings_html
from racerlab.core.catalog import data_dir
from racerlab.sonic import Mode, SonicRules, SonicSetup
from racerlab.sonic.queries import Zone


@pytest.fixture(autouse=True)
def outside_a_server(monkeypatch):
    """These tests drive the panel as a notebook does: its check runs at once. (Bokeh's
    current document is process-wide, so a server another test left running in this process
    could otherwise make the check go off to a thread and the assertions run before it.)"""
    from racerlab.app.server import offload

    monkeypatch.setattr(offload, "in_server", lambda: None)


def file_of(game: str, name: str) -> str:
    return (data_dir() / game / name).read_text(encoding="utf-8")


def test_a_wrong_field_is_listed_beside_the_control_and_the_game_stays():
    app = sonic_app(seed=3)
    s = app.session
    s.step("round")
    before, kit = s.timeline.dumps(), s.kit
    panel = app.show_tab("catalog")
    bad = file_of("sonic", "racers.toml").replace("ring_stacks = 3", 'ring_stacks = "x"', 1)
    panel.load({"racers.toml": bad.encode()})
    shown = panel.problems.object
    assert "<b>racers.toml</b>" in shown
    assert "entry <code>sonic</code>" in shown and "field <code>ring&#95;stacks</code>" in shown
    assert s.timeline.dumps() == before and s.kit is kit
    assert "ring_stacks" in s.error
    assert "bundled catalog" in panel.playing.object


def test_text_from_the_files_is_escaped_in_the_list():
    app = knights_app(seed=1)
    panel = app.show_tab("catalog")
    bad = file_of("knights", "table.toml").replace(
        "[card]", '[card]\n"<img src=x onerror=alert(1)>" = 1', 1
    )
    panel.load({"table.toml": bad.encode()})
    assert "<img" not in panel.problems.object
    assert "&lt;img" in panel.problems.object


@pytest.mark.parametrize(
    ("make", "game", "name", "old", "new"),
    [
        (sonic_app, "sonic", "racers.toml", 'name = "Sonic"', 'name = "Sonic Zed"'),
        (knights_app, "knights", "parts.toml", 'name = "Lionheart"', 'name = "Lionheart Zed"'),
    ],
)
def test_a_good_catalog_is_played_by_new_games_and_offered_by_the_tweak_tab(
    make, game, name, old, new
):
    app = make(seed=3)
    s = app.session
    tweak = app.show_tab("tweak")
    panel = app.show_tab("catalog")
    panel.load({name: file_of(game, name).replace(old, new, 1).encode()})
    assert panel.problems.object == ""
    assert s.kit.catalog is not None and s.rules.catalog is s.kit.catalog
    assert len(s.timeline) == 1  # a new game from the seed; the tweak tab asked for nothing
    assert "your catalog" in panel.playing.object
    app.show_tab("tweak")
    offered = (
        list(tweak.ability.options)
        if game == "sonic"
        else [label for w in tweak.swaps.values() for label in w.options]
    )
    assert new.split('"')[1] in offered
    s.new_random(5)
    assert s.rules.catalog is s.kit.catalog  # new games keep playing it
    panel.bundled.clicks += 1
    assert s.kit.catalog is None and "bundled catalog" in panel.playing.object
    app.show_tab("tweak")
    offered = (
        list(tweak.ability.options)
        if game == "sonic"
        else [label for w in tweak.swaps.values() for label in w.options]
    )
    assert new.split('"')[1] not in offered


def test_the_ability_mark_follows_the_printed_list_of_the_loaded_file():
    app = sonic_app(seed=3)
    s = app.session
    seat_racer = s.state.abilities[0]
    tweak = app.show_tab("tweak")
    assert "rl-ours" in tweak.ability_text.object.split("**Power:**")[0]
    text = file_of("sonic", "racers.toml")
    start = text.index(f'id = "{seat_racer}"')
    at = text.index("printed = [", start) + len("printed = [")
    assert text.index("[[racer]]", start) > at  # the printed list of that racer
    text = text[:at] + '"ability", ' + text[at:]
    app.show_tab("catalog").load({"racers.toml": text.encode()})
    app.show_tab("tweak")
    assert s.state.abilities[0] == seat_racer
    assert "rl-ours" not in tweak.ability_text.object.split("**Power:**")[0]


@pytest.mark.parametrize("deck", ["v1", "v2"])
def test_a_game_shows_the_boss_profile_text_of_the_deck_version_it_plays(deck):
    rules = SonicRules()
    setup = SonicSetup(("sonic",), Mode.SOLO, "shadow", (Zone.BASE, Zone.OIL_OCEAN), boss_deck=deck)
    state = rules.initial_state(setup, None, 1)
    expected = rules.catalog.boss_decks[deck]["shadow"].rules_text
    assert rules.catalog.boss_decks["v1"]["shadow"].rules_text != (
        rules.catalog.boss_decks["v2"]["shadow"].rules_text
    )
    assert boss_profile_text(state, rules) == expected
    assert f"Profile: {esc(expected)}" in standings_html(state, rules, ["A"], 0)


def test_the_seats_are_named_by_the_catalog_played():
    app = sonic_app(seed=3)
    s = app.session
    assert s.state.setup.racers[0] == "eggman" and s.player_names[0] == "Dr. Eggman"
    text = file_of("sonic", "racers.toml").replace('name = "Dr. Eggman"', 'name = "Dr. Zed"', 1)
    app.show_tab("catalog").load({"racers.toml": text.encode()})
    assert s.state.setup.racers[0] == "eggman" and s.player_names[0] == "Dr. Zed"
    app.show_tab("catalog").bundled.clicks += 1
    assert s.player_names[0] == "Dr. Eggman"


def test_a_file_the_page_refused_to_read_is_named_as_too_large():
    app = knights_app(seed=1)
    panel = app.show_tab("catalog")
    panel.upload.filename = TOO_LARGE + "9000000:parts.toml"
    assert "parts.toml: file too large (9000000 bytes" in panel.problems.object
    assert app.session.kit.catalog is None


def test_new_random_games_draw_their_racers_from_the_catalog_played():
    app = sonic_app(seed=0)
    s = app.session
    text = file_of("sonic", "racers.toml").replace('id = "sonic"', 'id = "zonic"', 1)
    app.show_tab("catalog").load({"racers.toml": text.encode()})
    assert not s.error
    drawn = set()
    for seed in range(12):
        s.new_random(seed)
        drawn.update(s.state.setup.racers)
    assert "zonic" in drawn and "sonic" not in drawn
