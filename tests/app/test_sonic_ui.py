"""The Battle Racers dashboard in a real browser (Debian chromium via Playwright)."""

from __future__ import annotations

import re

import pytest

from racerlab.app import sonic_app
from racerlab.core.errors import IllegalActionError
from racerlab.sonic import ActionChoice, UseAction

pytestmark = pytest.mark.ui

LOAD_MS = 30_000
SEED = 0
"""A three-racer race on the base track."""
TYPED = "(20,1) (21,1)"
"""A path no card allows from the start (typed as on the board: lanes 1..5)."""


def sonic_page():
    return sonic_app(seed=SEED, template=True)


@pytest.fixture
def sonic_url(serve_app):
    return serve_app(sonic_page)


def open_dashboard(page, url, read_source, wait_for):
    page.goto(url + "/")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    return wait_for(lambda: read_source(page, "track-racers"), timeout=LOAD_MS / 1000)


def spots(data) -> list:
    return list(zip(data["x"], data["y"]))


def test_loads_cleanly_draws_and_steps(
    sonic_url, page, js_errors, read_source, wait_for, screenshot
):
    racers = open_dashboard(page, sonic_url, read_source, wait_for)
    expected = sonic_app(seed=SEED).session
    assert racers["name"] == expected.player_names
    cells = read_source(page, "track-cells")
    assert len(cells["x"]) == expected.state.board.track.n_columns * 5
    rings = read_source(page, "track-rings")
    assert len(rings["x"]) == len(expected.state.board.rings)
    wait_for(lambda: len(read_source(page, "track-path")["xs"]) == 1)  # the preview is drawn
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    screenshot(page, "sonic", publish=True)
    before = spots(racers)
    page.get_by_role("button", name="Round ▶▶").click()
    wait_for(lambda: spots(read_source(page, "track-racers")) != before)
    wait_for(lambda: page.get_by_text(re.compile(r"^Round 2 · step \d+")).count() >= 1)
    assert js_errors == []


def test_a_speed_tweak_changes_the_numbers_shown(sonic_url, page, js_errors, read_source, wait_for):
    racers = open_dashboard(page, sonic_url, read_source, wait_for)
    speed = racers["speed"][0]
    page.get_by_text("Tweak racer", exact=True).click()
    group = page.locator(".bk-input-group", has_text="Speed:").first
    handle = group.locator(".noUi-handle")
    handle.wait_for(timeout=LOAD_MS)
    handle.focus()
    handle.press("ArrowRight")
    wait_for(lambda: read_source(page, "track-racers")["speed"][0] == speed + 1)
    wait_for(lambda: read_source(page, "track-racers")["label"][0] == f"1:{speed + 1}")
    row = page.locator("#rl-standings tr").nth(1)
    wait_for(lambda: row.locator("td").nth(1).inner_text().strip() == str(speed + 1))
    first = sonic_app(seed=SEED).session.player_names[0]
    logged = f"Director: 1. {first}'s Speed set to {speed + 1}"  # logged in page names
    wait_for(lambda: page.get_by_text(logged).count() >= 1)
    assert js_errors == []


def test_an_illegal_typed_path_shows_the_engines_reason(
    sonic_url, page, js_errors, read_source, wait_for
):
    open_dashboard(page, sonic_url, read_source, wait_for)
    # the same game, played the same way on this side, gives the reason to expect
    local = sonic_app(seed=SEED).session
    players = len(local.player_names)
    for _ in range(players):
        local.step("action")
    seat = local.acting
    with pytest.raises(IllegalActionError) as err:
        local.rules.check(local.state, UseAction(seat, ActionChoice.RUN, ((20, 0), (21, 0))))
    step = page.get_by_role("button", name="Step", exact=True)
    for k in range(players):  # every racer chooses a card; the first card resolves
        step.click()
        wait_for(lambda k=k: page.get_by_text(f"step {k + 1} of {k + 1}").count() >= 1)
    field = page.locator(".bk-input-group", has_text="Type a path").locator("input").first
    field.wait_for(timeout=LOAD_MS)
    field.fill(TYPED)
    field.press("Enter")
    page.get_by_role("button", name="Try this path").click()
    note = page.locator("#rl-typed-path-note")  # beside the box, lanes as on the board
    reason = err.value.reason.replace("((20, 0), (21, 0))", "(20,1) → (21,1)")
    wait_for(lambda: note.count() >= 1 and reason in note.first.inner_text())
    logged = page.locator("li.rl-refused", has_text=reason)  # and in the event log
    wait_for(lambda: logged.count() == 1)
    # nothing broke: a legal step still plays
    step.click()
    wait_for(lambda: page.get_by_text(f"step {players + 1} of {players + 1}").count() >= 1)
    assert js_errors == []


def test_projector_size_layout(sonic_url, page, js_errors, read_source, wait_for, screenshot):
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_dashboard(page, sonic_url, read_source, wait_for)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    screenshot(page, "sonic-1920")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1920  # nothing forces a horizontal scroll bar
    assert js_errors == []


def test_the_simulate_tab_plays_games_with_progress_and_shows_wins(
    sonic_url, page, js_errors, read_source, wait_for, run_simulation
):
    open_dashboard(page, sonic_url, read_source, wait_for)
    table = run_simulation(page, 4)
    names = sonic_app(seed=SEED).session.player_names
    rows = {line.split("\t")[0]: line.split("\t")[1] for line in table.splitlines()[1:]}
    assert set(names) <= set(rows)
    assert sum(int(n) for n in rows.values()) == 4  # every game is someone's (or nobody's)
    assert js_errors == []
