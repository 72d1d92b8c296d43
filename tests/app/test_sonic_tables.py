"""The Battle Racers tables name things as the page does: no catalog ids, the boss apart."""

from __future__ import annotations

import re

from racerlab.app import sonic_app
from racerlab.app.kit.escape import text as esc
from racerlab.app.sonic.tables import boss_name, cards_html, order_html, standings_html
from racerlab.sonic import Mode
from racerlab.sonic.state import BOSS_SEAT


def boss_game():
    app = sonic_app(seed=2, mode=Mode.BOSS, players=3)
    s = app.session
    while not s.state.order:  # the cards revealed, the boss's too
        s.step("action")
    assert BOSS_SEAT in s.state.order
    return s


def test_the_boss_is_named_by_its_profile_and_kept_out_of_the_racers_rings():
    s = boss_game()
    state = s.state
    assert state.boss.id == "eggman" and boss_name(state, s.rules) == "Dr. Eggman"
    html = standings_html(state, s.rules, s.player_names, 0)
    table, _, line = html.partition("</table>")
    profile = s.rules.catalog.boss_decks[state.setup.boss_deck]["eggman"].rules_text
    assert "eggman" not in html and "Boss" not in table  # the racers' table: racers only
    assert table.count("<tr") == 1 + state.players
    assert re.fullmatch(
        rf'<p id="rl-boss-line">Boss <b>Dr\. Eggman</b>: column {state.board.boss[0]}, '
        rf"{state.boss.rings} ring\(s\) left on its profile\."
        rf'<br><span class="rl-boss-profile">Profile: {re.escape(esc(profile))} '
        r"<span [^>]*>†</span></span></p>",
        line,
    )


def test_the_order_and_cards_tables_show_names_not_ids():
    s = boss_game()
    state = s.state
    order = order_html(state, s.rules, s.player_names)
    assert "Dr. Eggman (boss)" in order and "eggman" not in order
    # the place in the order has its own column; a seat is named as everywhere ("3. Sonic")
    first = state.order[0]
    assert "<tr><td>1</td><td>" in order and f"{first + 1}. {s.player_names[first]}</td>" in order
    cards = cards_html(state, s.rules, 0)
    f = s.rules.facts.cards[state.chosen[0]]  # the order is fixed: the card played
    assert re.search(rf"<tr><td>{f.name}</td><td>{f.priority}</td>", cards)
    assert "<small>" not in cards and "run-or-jump" not in cards
