"""The Racer Knights dashboard in a real browser (Debian chromium via Playwright)."""

from __future__ import annotations

import re

import pytest

from racerlab.app import knights_app

pytestmark = pytest.mark.ui

LOAD_MS = 30_000


def knights_page():
    return knights_app(seed=3, template=True)


@pytest.fixture
def knights_url(serve_app):
    return serve_app(knights_page)


def open_dashboard(page, url, read_source, wait_for, query=""):
    page.goto(url + "/" + query)
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    return wait_for(lambda: read_source(page, "arena-racers"), timeout=LOAD_MS / 1000)


def racer_shapes(data) -> list:
    return [list(x) + list(y) for x, y in zip(data["xs"], data["ys"])]


def play_round(page, wait_for) -> None:
    """Press Round ▶▶ and wait until the page shows the round played (the status line moved
    on and no job is working): bot moves are worked out off the server's loop."""
    status = page.get_by_text(re.compile(r"Round \d+ · step \d+ of \d+")).first
    shown = status.inner_text()
    page.get_by_role("button", name="Round ▶▶").click()
    wait_for(
        lambda: status.inner_text() != shown and page.get_by_text("Working:").count() == 0,
        timeout=60,
    )


def test_loads_cleanly_draws_and_steps(
    knights_url, page, js_errors, read_source, wait_for, screenshot
):
    racers = open_dashboard(page, knights_url, read_source, wait_for)
    assert len(racers["name"]) == 4
    waypoints = read_source(page, "arena-waypoints")
    assert len(waypoints["x"]) == 5
    page.wait_for_load_state("networkidle")
    screenshot(page, "knights-1366", publish=True)
    before = racer_shapes(racers)
    for _ in range(2):  # a click while the last round is still worked out would be refused
        play_round(page, wait_for)
    wait_for(lambda: racer_shapes(read_source(page, "arena-racers")) != before)
    wait_for(lambda: page.get_by_text("Round 2", exact=True).count() >= 1)
    assert js_errors == []


def test_projector_size_layout(knights_url, page, js_errors, read_source, wait_for, screenshot):
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_dashboard(page, knights_url, read_source, wait_for)
    page.get_by_role("button", name="Round ▶▶").click()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    screenshot(page, "knights-1920", publish=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1920  # nothing forces a horizontal scroll bar
    assert js_errors == []


def test_a_slider_tweak_changes_the_numbers_shown(
    knights_url, page, js_errors, read_source, wait_for
):
    racers = open_dashboard(page, knights_url, read_source, wait_for)
    now, start = (int(v) for v in racers["durability"][0].split(" / "))
    page.get_by_text("Tweak racer", exact=True).click()
    handle = page.locator(".bk-input-group", has_text="Durability now:").locator(".noUi-handle")
    handle.first.wait_for(timeout=LOAD_MS)
    handle.first.focus()
    handle.first.press("ArrowLeft")
    lowered = f"{now - 1} / {start}"
    wait_for(lambda: read_source(page, "arena-racers")["durability"][0] == lowered)
    row = page.locator("#rl-standings tr").nth(1)
    wait_for(lambda: row.locator("td").nth(2).inner_text().strip() == f"{now - 1}/{start}")
    wait_for(lambda: page.get_by_text(f"Durability set to {now - 1}").count() >= 1)  # logged
    assert js_errors == []


def test_an_illegal_hand_choice_shows_the_engines_reason(
    knights_url, page, js_errors, read_source, wait_for
):
    open_dashboard(page, knights_url, read_source, wait_for)
    field = page.locator(".bk-input-group", has_text="Valor on Reflexes").locator("input").first
    field.fill("9")
    field.press("Enter")
    page.get_by_role("button", name="Roll to drive").click()
    reason = "at most 3 Valor on Reflexes for one roll, not 9"
    note = page.locator("#rl-hand-note")  # beside the buttons, where the user is looking
    wait_for(lambda: note.count() == 1 and note.is_visible() and reason in note.inner_text())
    logged = page.locator("li.rl-refused", has_text=reason)  # and in the event log
    wait_for(lambda: logged.count() == 1)
    # nothing broke: a legal step still plays
    page.get_by_role("button", name="Step", exact=True).click()
    wait_for(lambda: page.get_by_text("drove").count() >= 1)
    assert js_errors == []


def test_a_bad_share_link_shows_an_error_and_the_page_still_works(
    knights_url, page, js_errors, read_source, wait_for
):
    open_dashboard(page, knights_url, read_source, wait_for, query="?game=not-a-real-game")
    wait_for(lambda: page.get_by_text("share link: ").count() >= 1)
    page.get_by_role("button", name="Step", exact=True).click()
    wait_for(lambda: page.get_by_text("drove").count() >= 1)
    assert js_errors == []


def test_a_share_link_opens_the_same_game(knights_url, page, js_errors, read_source, wait_for):
    open_dashboard(page, knights_url, read_source, wait_for)
    play_round(page, wait_for)  # the link is made once the round is played
    page.get_by_role("button", name="Make share link").click()
    box = page.locator("textarea").first
    wait_for(lambda: "?game=" in box.input_value())
    link = box.input_value()
    assert link.startswith(knights_url)
    shown = read_source(page, "arena-racers")
    other = page.context.new_page()
    other.goto(link)
    other.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    # the other page's arena shows the same racers once its game is loaded
    wait_for(
        lambda: racer_shapes(read_source(other, "arena-racers")) == racer_shapes(shown),
        timeout=LOAD_MS / 1000,
    )
    assert js_errors == []


def test_the_simulate_tab_plays_games_with_progress_and_shows_wins(
    knights_url, page, js_errors, read_source, wait_for, run_simulation
):
    open_dashboard(page, knights_url, read_source, wait_for)
    table = run_simulation(page, 3)
    names = knights_app(seed=3).session.player_names
    rows = {line.split("\t")[0]: line.split("\t")[1] for line in table.splitlines()[1:]}
    assert set(names) <= set(rows)
    assert sum(int(n) for n in rows.values()) == 3
    assert js_errors == []
