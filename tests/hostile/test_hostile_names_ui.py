"""Hostile names in Chromium: no script runs, nothing is fetched from elsewhere, names show.

Racer Knights: a share link whose player names are a script-running image, a
Markdown image of a far address and a bare address, opened on a real
``racerlab serve``. Battle Racers: racer names and card names from a hostile
catalog (patched into the bundled one, served in-process). Every tab is visited;
every request leaving 127.0.0.1 is aborted and recorded.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from playwright.sync_api import expect

from racerlab.app.kit.session import encode_share_token
from racerlab.core.timeline import Timeline
from racerlab.knights import KnightsRules, example_setup

pytestmark = pytest.mark.ui

LOAD_MS = 120_000
HOSTILE = [
    '<img src=x onerror="window.__pwned=1">',
    "![i](https://example.invalid/n.png)",
    "http://example.invalid/x <script>window.__pwned=1</script>",
]


def visit_every_tab(page) -> list[str]:
    """Click each tab of the dashboard in turn (each fills when shown); their labels."""
    tabs = page.locator(".bk-tab")
    tabs.first.wait_for(timeout=LOAD_MS)
    labels = [tabs.nth(i).inner_text() for i in range(tabs.count())]
    for i in range(len(labels)):
        tabs.nth(i).click()
        expect(tabs.nth(i)).to_have_class(re.compile(r"\bbk-active\b"), timeout=LOAD_MS)
    return labels


def assert_nothing_ran_or_left(page, outside: list[str], names: list[str]) -> None:
    page.get_by_role("button", name="Round ▶▶").click()
    page.get_by_text("Round 2").first.wait_for(timeout=LOAD_MS)
    labels = visit_every_tab(page)
    assert "Simulate" in labels
    for name in names:  # each shown as its own characters
        page.get_by_text(name).first.wait_for(timeout=LOAD_MS)
    assert page.evaluate("typeof window.__pwned") == "undefined", "a visitor's script ran"
    assert outside == [], f"requests left the machine: {outside}"


def test_hostile_knights_names_in_a_share_link_run_nothing_and_fetch_nothing(
    racerlab_server, page, loopback_only
):
    setup = example_setup()
    players = tuple(replace(p, name=n) for p, n in zip(setup.players, HOSTILE, strict=False))
    token = encode_share_token(
        Timeline.new(KnightsRules(), replace(setup, players=players), seed=2)
    )
    outside = loopback_only(page)
    page.goto(f"{racerlab_server}/knights?game={token}")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    assert_nothing_ran_or_left(page, outside, HOSTILE[:2])


@pytest.fixture
def hostile_sonic_catalog():
    from racerlab.sonic import SonicRules
    from racerlab.sonic.game import load_catalog

    racers, cards = load_catalog().racers, SonicRules().facts.cards
    saved = dict(racers), dict(cards)
    for i, (rid, racer) in enumerate(saved[0].items()):
        racers[rid] = replace(racer, name=f"{HOSTILE[i % 3]} {rid}"[:60])
    for cid, card in saved[1].items():
        cards[cid] = replace(card, name=HOSTILE[1])
    yield [racers[r].name for r in ("sonic", "tails")]
    for table, before in zip((racers, cards), saved, strict=True):
        table.clear()
        table.update(before)


def test_hostile_sonic_catalog_names_run_nothing_and_fetch_nothing(
    serve_app, page, loopback_only, hostile_sonic_catalog
):
    from racerlab.app import sonic_app

    url = serve_app(lambda: sonic_app(scenario="Race: Sonic, Tails and Knuckles on the base track"))
    outside = loopback_only(page)
    page.goto(url + "/")
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=LOAD_MS)
    assert_nothing_ran_or_left(page, outside, hostile_sonic_catalog)
