"""The generic dashboard controls in a real browser, driven by the core's Coin Race."""

from __future__ import annotations

import panel as pn
import pytest

from racerlab.app.kit.controls import EventLog, ScenarioControls, StepControls
from racerlab.app.kit.messages import MessageBanner
from racerlab.app.kit.session import GameKit, GameSession
from racerlab.core.testgame import CoinRace, CoinSetup, Flip

pytestmark = pytest.mark.ui

SESSIONS: list[GameSession] = []


def coin_app() -> pn.viewable.Viewable:
    kit = GameKit(
        name="coin-race",
        title="Coin Race",
        rules=CoinRace,
        random_setup=lambda seed: CoinSetup(players=2, target=40),
        bots={"flip": lambda state, rules, rng: Flip()},
    )
    s = GameSession(kit, seed=3)
    SESSIONS.append(s)
    return pn.Column(MessageBanner(s), StepControls(s), ScenarioControls(s), EventLog(s))


@pytest.fixture
def coin_page(serve_app, page, js_errors):
    SESSIONS.clear()
    url = serve_app(coin_app)
    page.goto(url + "/")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=20_000)
    yield page
    assert js_errors == []


def test_step_buttons_play_and_the_log_shows_the_events(coin_page, wait_for):
    page = coin_page
    page.get_by_role("button", name="Step", exact=True).click()
    wait_for(lambda: page.get_by_text("Player 1 rolled").count() == 1)
    page.get_by_role("button", name="Round ▶▶").click()
    wait_for(lambda: page.get_by_text("Player 2 rolled").count() == 1)
    session = SESSIONS[-1]
    assert session.cursor == 2
    assert page.get_by_text("Round 2 · step 2 of 2").count() == 1
    page.get_by_role("button", name="◀ Back").click()
    wait_for(lambda: session.cursor == 1)
    wait_for(lambda: page.get_by_text("Player 2 rolled").count() == 0)


def test_a_bad_file_shows_an_error_and_the_page_keeps_working(coin_page, wait_for):
    page = coin_page
    page.locator("input[type=file]").set_input_files(
        files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b"{oops"}]
    )
    banner = page.locator(".alert-danger", has_text="bad.json: not valid JSON")
    wait_for(lambda: banner.count() == 1)
    logged = page.locator("li.rl-refused", has_text="bad.json: not valid JSON")
    wait_for(lambda: logged.count() == 1)  # the event log keeps it
    page.get_by_role("button", name="Step", exact=True).click()
    wait_for(lambda: page.get_by_text("1. Player 1 rolled").count() == 1)  # seat: number, name
    page.get_by_role("button", name="Dismiss").click()
    wait_for(lambda: banner.count() == 0 or not banner.first.is_visible())


def test_autoplay_steps_until_paused(coin_page, wait_for):
    page = coin_page
    session = SESSIONS[-1]
    session.autoplay_ms = 200
    page.get_by_role("button", name="▶ Play").click()
    wait_for(lambda: session.cursor >= 3)
    page.get_by_role("button", name="‖ Pause").click()
    wait_for(lambda: not session.autoplay)
    stopped = session.cursor
    page.wait_for_timeout(600)
    assert session.cursor == stopped
