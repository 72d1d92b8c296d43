"""The dashboards mark values that are ours with a † and a tooltip."""

from racerlab.app import knights_app
from racerlab.app.sonic.dashboard import sonic_app
from racerlab.knights.provenance import INVENTED_NOTE


def test_knights_tweak_panel_and_hover_mark_only_invented_stats():
    app = knights_app(scenario="Worked example")
    names = [app.session.state.name(i) for i in range(len(app.session.state.racers))]
    app.session.selected = names.index("Cindy")
    app.show_tab("tweak")
    app.tweak.refresh()
    header = app.tweak.header.object
    mark = f'<span title="{INVENTED_NOTE}" class="rl-ours">†</span>'
    assert "Armor 8 ·" in header  # printed in the rulebook: no mark
    assert "Speed 7 ·" in header
    assert f"Ram Damage 1{mark}" in header  # ours
    stats = app.arena.sources["racers"].data["stats"][names.index("Cindy")]
    assert "Armor 8 ·" in stats and "Ram Damage 1†" in stats
    weapon = app.arena.sources["racers"].data["weapon"][names.index("Cindy")]
    assert "range 1R," in weapon and "strength 3," in weapon  # the Sunspot's printed values
    assert "arc A†" in weapon and weapon.endswith("†")  # its arc and damage are ours


def test_sonic_profile_marks_ability_and_power_as_ours():
    app = sonic_app()
    app.tweak.refresh()
    text = app.tweak.ability_text.object
    assert text.count('class="rl-ours">†</span>') == 2


def test_sonic_card_table_marks_priority_and_movement_as_ours():
    from racerlab.app.sonic.dashboard import cards_html

    app = sonic_app()
    html = cards_html(app.session.state, app.session.rules, 0)
    assert 'Priority <span title="ours' in html and 'Movement <span title="ours' in html
