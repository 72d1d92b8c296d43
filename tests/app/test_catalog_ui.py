"""The Catalog tab in a real browser: a wrong field is named beside the control (the game
stays), a good changed catalog shows in the Tweak tab's choices."""

from __future__ import annotations

import pytest

from racerlab.app import knights_app, sonic_app
from racerlab.core.catalog import data_dir

pytestmark = pytest.mark.ui

LOAD_MS = 60_000
APPS: list = []
"""The dashboards the server made (one per page), to check the session behind the page."""


def knights_page():
    APPS.append(knights_app(seed=3, template=True))
    return APPS[-1]


def sonic_page():
    APPS.append(sonic_app(seed=0, template=True))
    return APPS[-1]


def open_catalog_tab(page, url):
    page.goto(url + "/")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    page.get_by_text("Catalog", exact=True).click()
    upload = page.locator(".rl-catalog-upload input[type=file]")
    upload.wait_for(state="attached", timeout=LOAD_MS)
    return upload


def toml(game: str, name: str, old: str, new: str) -> dict:
    text = (data_dir() / game / name).read_text(encoding="utf-8")
    assert old in text
    return {
        "name": name,
        "mimeType": "application/toml",
        "buffer": text.replace(old, new, 1).encode(),
    }


def test_a_wrong_field_is_named_beside_the_control_and_the_game_stays(
    serve_app, page, js_errors, wait_for
):
    upload = open_catalog_tab(page, serve_app(knights_page))
    session = APPS[-1].session
    before = session.timeline.dumps()
    bad = toml("knights", "parts.toml", "armor = 7", 'armor = "seven"')  # Spell Blade's
    upload.set_input_files(files=[bad])
    status = page.locator(".rl-catalog-problems li", has_text="parts.toml")
    status.first.wait_for(timeout=LOAD_MS)
    line = status.first.inner_text()
    assert "entry spell_blade" in line and "field armor" in line, line
    assert "whole number" in line, line
    assert page.get_by_text("Playing the bundled catalog").count() == 1
    assert session.timeline.dumps() == before and session.kit.catalog is None
    assert js_errors == []


def test_a_good_changed_catalog_shows_in_the_tweak_choices(serve_app, page, js_errors, wait_for):
    upload = open_catalog_tab(page, serve_app(sonic_page))
    good = toml("sonic", "racers.toml", 'name = "Sonic"', 'name = "Sonic Zed"')
    upload.set_input_files(files=[good])
    page.get_by_text("Playing your catalog").first.wait_for(timeout=LOAD_MS)
    page.get_by_text("Tweak racer", exact=True).click()
    picker = page.locator("select", has=page.locator("option", has_text="Sonic Zed"))
    wait_for(lambda: picker.count() == 1, timeout=LOAD_MS / 1000)
    page.get_by_text("Catalog", exact=True).click()
    page.get_by_role("button", name="Bundled catalog").click()
    page.get_by_text("Playing the bundled catalog").first.wait_for(timeout=LOAD_MS)
    page.get_by_text("Tweak racer", exact=True).click()
    wait_for(lambda: page.locator("option", has_text="Sonic").count() >= 1)
    wait_for(lambda: page.locator("option", has_text="Sonic Zed").count() == 0)
    assert js_errors == []
