"""Type into a box, then click its button without pressing Enter: the session must live.

Before the fix the click arrived while Panel still held the typed value back,
Panel ran both outside the Bokeh document lock, every redraw raised
``_pending_writes should be non-None`` and the error handler's redraw recursed
until the session died (see :mod:`racerlab.app.server.patches`).
"""

from __future__ import annotations

import pytest

from racerlab.app import knights_app, sonic_app

pytestmark = pytest.mark.ui

LOAD_MS = 30_000


def field(page, label: str, tag: str = "input"):
    box = page.locator(".bk-input-group", has_text=label).locator(tag).first
    box.wait_for(timeout=LOAD_MS)
    return box


def still_answers(page, wait_for, step_text: str) -> None:
    """A Step still plays after the sequence (the session did not die)."""
    page.get_by_role("button", name="Step", exact=True).click()
    wait_for(lambda: page.get_by_text(step_text).count() >= 1)


def messages(records) -> list[str]:
    return [r.getMessage() for r in records]


def test_knights_seed_then_new_random_game(serve_app, page, js_errors, wait_for, server_errors):
    url = serve_app(lambda: knights_app(seed=3, template=True))
    page.goto(url + "/")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    field(page, "Seed").fill("17")  # no Enter
    page.get_by_role("button", name="New random game").click()
    wait_for(lambda: page.get_by_text("New random game from seed 17").count() >= 1)
    still_answers(page, wait_for, "step 1 of 1")
    assert js_errors == []
    assert messages(server_errors) == []


def test_sonic_draw_deck_then_set_the_draw_deck(
    serve_app, page, js_errors, wait_for, server_errors
):
    url = serve_app(lambda: sonic_app(seed=0, template=True))
    page.goto(url + "/")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    page.locator(".bk-tab", has_text="Tweak racer").click()
    deck = field(page, "Draw deck", "textarea")
    cards = [c.strip() for c in deck.input_value().split(",") if c.strip()]
    new_deck = ", ".join(reversed(cards[:4]))
    deck.fill(new_deck)  # no Enter, no blur
    page.get_by_role("button", name="Set the draw deck").click()
    wait_for(lambda: field(page, "Draw deck", "textarea").input_value() == new_deck)
    wait_for(lambda: page.get_by_text("4 cards:").count() >= 1)
    still_answers(page, wait_for, "step 2 of 2")
    assert js_errors == []
    assert messages(server_errors) == []


def _to_the_first_action(page, wait_for, players: int) -> None:
    step = page.get_by_role("button", name="Step", exact=True)
    for k in range(players):  # every racer chooses a card; the first card resolves
        step.click()
        wait_for(lambda k=k: page.get_by_text(f"step {k + 1} of {k + 1}").count() >= 1)


def test_sonic_type_a_path_then_try_this_path(serve_app, page, js_errors, wait_for, server_errors):
    url = serve_app(lambda: sonic_app(seed=0, template=True))
    page.goto(url + "/")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    players = len(sonic_app(seed=0).session.player_names)
    _to_the_first_action(page, wait_for, players)
    field(page, "Type a path").fill("(20,1) (21,1)")  # no Enter
    page.get_by_role("button", name="Try this path").click()
    # refused with a visible reason next to the box (a path no card allows from the start)
    note = page.locator("#rl-typed-path-note")
    wait_for(lambda: note.count() >= 1 and "(20,1)" in note.first.inner_text())
    still_answers(page, wait_for, f"step {players + 1} of {players + 1}")
    assert js_errors == []
    assert messages(server_errors) == []
