"""The Racer Knights dashboard, server side (no browser): every panel follows the session."""

from __future__ import annotations

import numpy as np
import panel as pn
import pytest
from bokeh.document import Document

from racerlab.app import knights_app
from racerlab.app.kit.escape import text as esc
from racerlab.app.kit.naming import PageWords
from racerlab.app.kit.session import HUMAN
from racerlab.app.knights.dashboard import (
    ARMOR_RANGE,
    KnightsDashboard,
    order_positions,
    standings_html,
)
from racerlab.core.errors import IllegalActionError
from racerlab.knights import queries
from racerlab.knights.actions import (
    AdjustStat,
    DriveRoll,
    Fire,
    Ram,
    SetDurability,
    SwapPart,
    Target,
)
from racerlab.knights.draft import racer_of


@pytest.fixture
def app() -> KnightsDashboard:
    return knights_app(seed=3)


def racer_shapes(app: KnightsDashboard) -> list[list[float]]:
    data = app.arena.sources["racers"].data
    return [list(x) + list(y) for x, y in zip(data["xs"], data["ys"])]


def click(button: pn.widgets.Button) -> None:
    button.clicks += 1


def release(slider, value) -> None:
    """What the browser sends when a slider is let go (value, then value_throttled)."""
    slider._process_events({"value": value, "value_throttled": value})


def test_a_new_app_shows_a_four_racer_joust(app):
    s = app.session
    assert len(s.player_names) == 4
    assert len(app.arena.sources["racers"].data["name"]) == 4
    assert app.arena.sources["racers"].data["name"] == s.player_names
    assert 'id="rl-standings"' in app.standings.object
    for name in s.player_names:
        assert name in app.standings.object


def test_each_app_has_its_own_session(app):
    other = knights_app(seed=3)
    other.session.step("round")
    assert app.session.cursor == 0
    assert other.session.cursor > 0
    assert other.session is not app.session


def test_stepping_a_round_redraws_the_racers_and_the_log(app):
    before = racer_shapes(app)
    click(app.steps.round_button)
    click(app.steps.round_button)
    assert app.session.round == 3
    assert racer_shapes(app) != before
    assert "Round 2" in app.log.pane.object
    assert app.steps.round_slider.value == 3


def test_the_round_slider_jumps_back(app):
    for _ in range(3):
        app.session.step("round")
    release(app.steps.round_slider, 2)
    assert app.session.round == 2
    assert app.session.timeline.entries[app.session.cursor - 1].state.round == 1


def test_a_stat_slider_tweak_is_a_logged_director_action_and_updates_the_numbers(app):
    s = app.session
    s.selected = 1
    app.show_tab("tweak")
    rs = s.state.racers[1]
    armor = racer_of(rs.build, rs.mods).stats.armor
    slider = app.tweak.sliders["armor"]
    assert slider.value == armor
    release(slider, armor + 2)
    assert s.timeline.entries[-1].action == AdjustStat(1, "armor", 2)
    rs = s.state.racers[1]
    assert racer_of(rs.build, rs.mods).stats.armor == armor + 2
    assert f"Armor {armor + 2}† ·" in app.arena.sources["racers"].data["stats"][1]  # tweaked: ours
    assert f'Armor {armor + 2}<span title="ours' in app.tweak.header.object  # marked ours
    assert slider.value == armor + 2
    assert "armor +2" in app.log.pane.object
    assert app.standings.object == standings_html(s.state, 1)


def test_a_weapon_tweak_changes_the_hit_chances_drawn():
    app = knights_app(scenario="Worked example")
    s = app.session
    s.goto(29)  # Chris about to fire at Cindy
    s.selected = 2
    app.show_tab("tweak")
    labels = list(app.arena.sources["targets"].data["label"])
    assert "58% to hit" in labels  # 2d6 + 2 > 8: 21/36
    release(app.tweak.sliders["strength"], 4)
    assert s.timeline.entries[-1].action == AdjustStat(2, "strength", 2)
    assert "83% to hit" in list(app.arena.sources["targets"].data["label"])  # 2d6 > 4: 30/36


def test_durability_and_part_swaps_go_through_the_engine(app):
    s = app.session
    app.show_tab("tweak")
    rs = s.state.racers[0]
    release(app.tweak.durability_now, 1)
    assert s.timeline.entries[-1].action == SetDurability(0, 1)
    assert s.state.racers[0].durability == 1
    assert app.arena.sources["racers"].data["durability"][0] == f"1 / {rs.start_durability}"
    engines = [v for v in app.tweak.swaps["engine"].options.values() if v != rs.build.engine]
    app.tweak.swaps["engine"].value = engines[0]
    assert s.timeline.entries[-1].action == SwapPart(0, "engine", engines[0])
    assert s.state.racers[0].build.engine == engines[0]


def test_an_illegal_hand_choice_shows_the_engines_reason_and_changes_nothing(app):
    s = app.session
    s.set_controller(s.acting, HUMAN)
    before = list(s.timeline.entries)
    app.hand.valor_reflexes.value = 9
    click(app.hand.drive_button)
    assert s.error == "at most 3 Valor on Reflexes for one roll, not 9"
    assert app.banner.error_alert.visible
    assert "at most 3 Valor" in app.banner.error_alert.object
    assert list(s.timeline.entries) == before
    app.hand.valor_reflexes.value = 1
    click(app.hand.drive_button)
    assert s.timeline.entries[-1].action == DriveRoll(1, 0)
    assert s.error == ""


def test_the_tweak_tab_is_refreshed_when_shown(app):
    s = app.session
    s.selected = 2
    rs = s.state.racers[2]
    speed = racer_of(rs.build, rs.mods).stats.speed
    app.show_tab("tweak")
    assert app.tweak.sliders["speed"].value == speed
    assert s.state.name(2) in app.tweak.header.object


def test_hand_panel_lists_the_engines_choices_for_a_seat_played_by_hand(app):
    s = app.session
    assert app.hand.legal.object == "" and not app.hand.choice_box.visible
    s.set_controller(s.acting, HUMAN)
    legal = s.rules.legal_actions(s.state)
    assert app.hand.choice_box.visible
    assert f"{len(legal)} legal choices now" in app.hand.legal.object
    labels = list(app.hand.choice_select.options)
    bots = app.hand.hint.current()  # the bot's suggestion is marked
    assert labels == [
        f"{i + 1}. {a.describe()}" + (" (suggested)" if a == bots else "")
        for i, a in enumerate(legal)
    ]
    # a listed choice plays at once
    app.hand.choice_select.value = 1
    click(app.hand.choice_button)
    assert s.timeline.entries[s.cursor].action == legal[1]


def _to_act(s) -> None:
    while s.state.phase.value != "act":
        s.step("action")


def _legal(rules, state, action) -> bool:
    try:
        rules.check(state, action)
    except IllegalActionError:
        return False
    return True


def test_hand_panel_shows_the_phase_widgets_and_only_legal_targets(app):
    s = app.session
    assert app.hand.drive_box.visible and not app.hand.act_box.visible
    _to_act(s)
    assert app.hand.act_box.visible and not app.hand.drive_box.visible
    acting = s.acting
    assert s.state.name(acting) in app.hand.header.object
    offered = set(app.hand.target.options.values())
    candidates = [Target.racer(j) for j in range(len(s.state.racers)) if j != acting]
    candidates += [Target.blocker(w) for w, b in enumerate(s.state.blockers) if b > 0]
    for t in candidates:
        legal = _legal(s.rules, s.state, Fire(t)) or _legal(s.rules, s.state, Ram(t))
        assert (t in offered) == legal, t


def test_targets_left_out_are_listed_with_the_engines_reason_in_page_names(app):
    s = app.session
    _to_act(s)
    s.set_controller(s.acting, HUMAN)
    me = s.acting
    bad = next(
        j
        for j in range(len(s.state.racers))
        if j != me and not _legal(s.rules, s.state, Fire(Target.racer(j)))
    )
    reason = queries.attack_check(s.state, me, Target.racer(bad)).reason
    words = PageWords([s.state.name(k) for k in range(len(s.state.racers))])
    shown = app.hand.legal.object
    assert f"{bad + 1}. {s.state.name(bad)}: fire: " in shown
    assert esc(words(reason)) in shown


def test_firing_at_a_target_out_of_arc_is_refused_beside_the_buttons(app):
    s = app.session
    _to_act(s)
    me = s.acting
    bad = next(
        Target.racer(j)
        for j in range(len(s.state.racers))
        if j != me and not queries.attack_check(s.state, me, Target.racer(j)).geometry.can_fire
    )
    before = s.cursor
    app.hand.note.attempt(lambda: app.hand._play(Fire(bad)), "fire")()
    assert s.cursor == before
    assert s.error == queries.attack_check(s.state, me, bad).reason
    words = PageWords([s.state.name(k) for k in range(len(s.state.racers))])
    assert app.hand.note.pane.visible
    assert esc(words(s.error)) in app.hand.note.pane.object
    assert app.log.lines()[-1].kind == "refused"


def test_a_bad_share_link_shows_an_error_and_the_game_still_works():
    app = knights_app(game="definitely-not-a-game")
    s = app.session
    assert s.error.startswith("share link: ")
    assert not s.error.startswith("share link: share link")
    assert app.banner.error_alert.visible
    assert s.step("action") == 1


def test_a_share_link_restores_the_game():
    app = knights_app(seed=5)
    app.session.step("round")
    token = app.session.share_token()
    again = knights_app(game=token)
    assert again.session.timeline.dumps() == app.session.dumps()
    assert again.session.error == ""


def test_the_odds_tab_computes_only_when_shown_and_matches_the_engine():
    app = knights_app(scenario="Worked example")
    s = app.session
    s.goto(29)
    s.selected = 2
    assert not app.odds.active
    assert np.all(app.odds.hit_source.data["hit"] == 0)
    app.show_tab("odds")
    app.odds.target.value = Target.racer(1)
    hits = np.asarray(app.odds.hit_source.data["hit"])
    assert np.all(np.diff(hits) <= 1e-12)  # more Armor never helps the attacker
    cindy = s.state.racers[1]
    armor = racer_of(cindy.build, cindy.mods).stats.armor
    exact = float(queries.attack_odds(s.state, 2, Target.racer(1)).hit)
    assert hits[ARMOR_RANGE.index(armor)] == pytest.approx(exact)
    damage = dict(
        zip(app.odds.damage_source.data["damage"], app.odds.damage_source.data["p"], strict=True)
    )
    expected = queries.attack_odds(s.state, 2, Target.racer(1)).damage
    assert damage == pytest.approx({float(k): float(v) for k, v in expected.items()})


def test_drive_order_odds_are_computed_on_request_from_the_engine():
    app = knights_app(scenario="Worked example")
    app.show_tab("odds")
    assert "Press the button" in app.odds.order.object
    click(app.odds.order_button)
    odds = queries.drive_order_odds(app.session.state)
    pos = order_positions(3, odds)
    assert np.allclose(pos.sum(axis=0), 1.0) and np.allclose(pos.sum(axis=1), 1.0)
    for p in pos.ravel():
        assert f"{p:.1%}" in app.odds.order.object


def test_overlay_and_grid_switches_reach_the_plot(app):
    app.overlay_toggle.value = ["reach"]
    assert app.session.overlays == ["reach"]
    assert app.arena.sources["arc"].data["xs"] == []
    app.grid_toggle.value = "off"
    assert app.arena.sources["grid"].data["xs"] == []
    app.racer_select.value = 2
    assert app.session.selected == 2
    assert app.arena.sources["racers"].data["width"][2] == max(
        app.arena.sources["racers"].data["width"]
    )


def test_the_app_renders_into_a_document_for_notebooks_and_servers(app):
    doc = Document()
    root = pn.panel(app).get_root(doc)
    assert root is not None
    page = knights_app(seed=1, template=True)
    assert isinstance(page.__panel__(), pn.template.BootstrapTemplate)


def test_a_fresh_app_per_ipywidget_display():
    first = pn.ipywidget(knights_app(seed=1))
    second = pn.ipywidget(knights_app(seed=1))
    assert first is not second
    assert type(first).__name__ == "BokehModel"


def test_save_and_load_through_the_file_widgets(app):
    s = app.session
    s.step("round")
    saved = app.scenarios._saved().getvalue()
    assert saved == s.dumps()
    other = knights_app(seed=9)
    other.scenarios.upload.filename = "my-joust.json"
    other.scenarios.upload.value = saved.encode("utf-8")
    assert other.session.timeline.dumps() == saved
    assert other.session.notice == "Loaded my-joust.json."
    other.scenarios.upload.filename = "broken.json"
    other.scenarios.upload.value = b'{"format": "racerlab-game", "version": 99}'
    assert other.session.error.startswith("load file: broken.json: saved by a newer racerlab")
    assert other.session.timeline.dumps() == saved  # the game is kept


def test_bundled_scenario_and_new_random_game_buttons(app):
    app.scenarios.scenario_select.value = "Worked example"
    click(app.scenarios.scenario_button)
    assert app.session.player_names == ["Jeff", "Cindy", "Chris"]
    app.scenarios.seed_input.value = 11
    click(app.scenarios.random_button)
    assert app.session.seed == 11 and len(app.session.player_names) == 4
    assert app.session.cursor == 0


def test_the_log_rewords_only_the_lines_it_shows():
    app = knights_app(seed=5)
    s = app.session
    for _ in range(12):
        s.step()
    every = app.log.lines()
    calls = []
    words = app.log.words
    app.log.words = lambda state: lambda text: calls.append(text) or words(state)(text)
    last = app.log.lines(3)
    assert len(every) > 3 and last == every[-3:]
    assert len(calls) == 3
