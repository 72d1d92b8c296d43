"""The dashboard shell: panels by name, tabs built when first shown (filled before they are
put in), refreshed from what changed in the session, stale while hidden."""

from __future__ import annotations

import panel as pn
import pytest

from racerlab.app.kit.plain_dashboard import plain_app
from racerlab.app.kit.shell import TAB, PanelSpec
from racerlab.app.knights.dashboard import knights_app
from racerlab.app.server import offload
from racerlab.app.sonic.dashboard import sonic_app
from racerlab.knights import queries


def tab_content(app, name: str):
    return app.tabs.objects[app.tab_names.index(name)]


def test_tabs_are_named_and_only_the_first_is_built_the_others_show_a_spinner():
    app = knights_app(seed=3)
    assert app.tab_names == [
        "hand",
        "tweak",
        "odds",
        "simulation",
        "editor",
        "catalog",
        "classroom",
    ]
    assert app.shown_tab == "hand"
    assert set(app._panels) & {"tweak", "odds", "simulation", "editor"} == set()
    for name in ("tweak", "odds", "simulation", "editor"):
        holder = tab_content(app, name)
        assert isinstance(holder, pn.indicators.LoadingSpinner) and holder.value
        assert holder.label.startswith("Loading " + app._specs[name].title)
    titles = [s.title for s in app.PANELS if s.place == TAB]
    assert [app.tabs._names[i] for i in range(len(titles))] == titles


def test_a_tab_is_filled_with_the_games_numbers_before_it_is_put_in_its_tab():
    """The Tweak tab used to show its sliders at 0 (and the wrong chassis) for a moment."""
    app = knights_app(seed=3)
    s = app.session
    s.selected = 2
    s.step("round")
    seen: list[int] = []

    def when_put_in(event):
        tweak = app._panels.get("tweak")
        if tweak is not None and any(o is tweak.__panel__() for o in event.new):
            seen.append(tweak.sliders["speed"].value)

    app.tabs.param.watch(when_put_in, "objects")
    tweak = app.show_tab("tweak")
    speed = queries.seat_racer(s.state, 2).stats.speed
    assert seen and set(seen) == {speed}  # already the racer's number when the tab got it
    assert tab_content(app, "tweak") is tweak.__panel__()
    assert s.state.name(2) in tweak.header.object


def test_a_hidden_panel_goes_stale_and_is_refreshed_when_shown_again(monkeypatch):
    from racerlab.app.sonic.tweak import TweakPanel

    calls: list[int] = []
    original = TweakPanel.refresh

    def counting(self):
        calls.append(self.session.cursor)
        original(self)

    monkeypatch.setattr(TweakPanel, "refresh", counting)
    app = sonic_app(seed=0)
    assert calls == []  # not built, not refreshed
    app.show_tab("tweak")
    assert calls == [0]  # filled once, as it was built
    app.session.step()
    assert calls == [0, 1]  # shown: refreshed at once
    app.show_tab("hand")
    app.session.step()
    app.session.step()
    assert calls == [0, 1] and "tweak" in app._stale  # hidden: only marked
    app.show_tab("tweak")
    assert calls == [0, 1, 3] and "tweak" not in app._stale


def test_code_asking_for_a_hidden_panel_gets_it_up_to_date():
    app = sonic_app(seed=0)
    tweak = app.tweak  # built while hidden: filled all the same
    assert tweak.speed.value == app.session.state.token(0).speed
    app.session.selected = 1
    assert "tweak" in app._stale
    assert app.tweak.header.object.startswith(f"**Tweak {app.session.player_names[1]}**")
    assert app.shown_tab == "hand"  # asking for a panel does not show its tab


def test_panels_and_tabs_are_asked_for_by_name_and_a_wrong_name_says_what_there_is():
    app = sonic_app(seed=0)
    with pytest.raises(KeyError, match=r"no tab 'standings'.*hand, tweak, odds"):
        app.show_tab("standings")
    with pytest.raises(KeyError, match="no panel 'nope'"):
        app.panel("nope")
    assert app.panel("standings") is app.standings


def test_in_a_server_the_tab_shows_its_spinner_until_the_next_turn_of_the_loop(monkeypatch):
    later: list = []

    class Doc:
        def add_next_tick_callback(self, fn):
            later.append(fn)

    app = knights_app(seed=3)
    monkeypatch.setattr(offload, "in_server", lambda: Doc())
    app.tabs.active = app.tab_names.index("odds")
    assert isinstance(tab_content(app, "odds"), pn.indicators.LoadingSpinner)
    assert len(later) == 1
    later.pop()()
    odds = app._panels["odds"]
    assert tab_content(app, "odds") is odds.__panel__() and odds.active
    assert "hit chance" in odds.summary.object or "no odds" in odds.summary.object


def test_every_dashboard_is_the_shell_with_its_own_panels():
    plain = plain_app("coin-race", seed=1)
    assert plain.tabs is None and set(plain._panels) == {"state", "log"}
    plain.session.step()
    assert "Round" in plain.state_pane.object
    spec = PanelSpec("x", "X", build=lambda d: None)
    assert spec.place == TAB and spec.refresh_on == ("state_version",)
