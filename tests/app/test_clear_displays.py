"""Displays that said something wrong or confusing (wrecked racers, odds targets, the game
shown, Battle Racers odds after the reveal), server side."""

from __future__ import annotations

import numpy as np

from racerlab.app import knights_app, sonic_app
from racerlab.app.knights.tables import candidate_targets
from racerlab.knights import queries
from racerlab.knights.actions import TargetKind


def _wrecked_app():
    app = knights_app(seed=2)
    app.session.step("round")  # seed 2: racer 1 is wrecked in the first round
    wrecked = [i for i, r in enumerate(app.session.state.racers) if r.wrecked]
    assert wrecked == [0]
    app.session.selected = 0
    return app


def test_a_wrecked_racer_shows_durability_0_in_tweak_as_in_the_standings():
    app = _wrecked_app()
    app.tweak.refresh()
    assert app.session.state.racers[0].durability == 0
    assert app.tweak.durability_now.value == 0
    assert ">0/" in app.standings.object.split("</tr>")[1]  # the standings say 0 too
    assert "Wrecked" in app.tweak.header.object
    # the engine refuses every tweak of a wrecked racer: the widgets say so by being off
    assert app.tweak.durability_now.disabled
    assert all(w.disabled for w in app.tweak.sliders.values())
    assert all(w.disabled for w in app.tweak.swaps.values())
    app.session.selected = 1
    app.tweak.refresh()
    assert not app.tweak.durability_now.disabled and app.tweak.durability_now.value >= 1


def test_no_odds_are_quoted_for_a_wrecked_racer():
    app = _wrecked_app()
    app.odds.active = True
    app.odds.refresh()
    assert app.odds.target.value is None
    assert not np.any(app.odds.hit_source.data["hit"])  # no hit-chance bars
    assert len(app.odds.damage_source.data["p"]) == 0
    assert "Wrecked" in app.odds.summary.object


def test_the_odds_tab_first_shows_a_target_the_arena_labels():
    app = knights_app(seed=3)
    s = app.session
    s.step("action")
    s.selected = 1
    state = s.state
    first = candidate_targets(state, 1)[0][1]
    assert not queries.attack_check(state, 1, first).geometry.in_arc  # the old default
    app.odds.active = True
    app.odds.refresh()
    chosen = app.odds.target.value
    assert chosen is not None and chosen.kind is TargetKind.RACER
    assert queries.attack_check(state, 1, chosen).geometry.in_arc
    # the arena labels that very target (its label sits on the target's centre)
    labelled = app.arena.sources["targets"].data
    assert labelled["label"], "the arena labels the racers in the arc"
    assert chosen.index == 3
    assert "4. Moonlit Courser" in app.odds.summary.object


def test_the_page_says_which_game_is_shown():
    app = knights_app(seed=3)
    controls = app.scenarios
    assert controls.scenario_select.label == "Bundled scenario to load"
    assert "a random game from seed 3" in controls.shown_note.object
    title = next(iter(app.session.kit.scenarios))
    app.session.load_scenario(title)
    assert f"the bundled scenario {title}" in controls.shown_note.object
    app.session.new_random(5)
    assert "a random game from seed 5" in controls.shown_note.object
    app.session.load_text(app.session.dumps(), source="saved game <b>x</b>.json")
    assert "the saved game &lt;b&gt;x&lt;/b&gt;.json" in controls.shown_note.object


def test_battle_racers_cards_show_their_place_once_the_order_is_fixed():
    app = sonic_app(seed=0)
    s = app.session
    app.odds.active = True
    app.odds.refresh()
    assert "<th>P(first)</th>" in app.odds.cards.object  # cards still hidden: a chance
    while not s.state.order:
        assert s.step("action") == 1
    app.odds.refresh()
    html = app.odds.cards.object
    assert "P(first)" not in html
    assert "<th>Place in the order</th>" in html
    seat = s.selected
    place = s.state.order.index(seat) + 1
    assert f"<td>{place}{ {1: 'st', 2: 'nd', 3: 'rd'}[place] } (fixed)</td>" in html
