"""Thin views: a change of the session redraws only the views that show what changed.

A spy counts calls of each view's redraw entry point (patched on the class before the
dashboard is built, so the session's watchers call the counting version), then one
kind of change is made and the counts are checked.
"""

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from racerlab.app.kit import controls
from racerlab.app.kit.plain_dashboard import PlainDashboard, plain_app
from racerlab.app.kit.session import HUMAN
from racerlab.app.knights import dashboard as knights_dashboard
from racerlab.app.knights.hand import HandPanel as KnightsHand
from racerlab.app.knights.odds import OddsPanel as KnightsOdds
from racerlab.app.panels.editor import SonicEditor
from racerlab.app.panels.editor_view import EditorView
from racerlab.app.sonic import dashboard as sonic_dashboard
from racerlab.app.sonic import hand as sonic_hand
from racerlab.app.sonic import odds as sonic_odds
from racerlab.app.sonic import paths as sonic_paths
from racerlab.core.rules import DirectorAction
from racerlab.viz import track as track_module
from racerlab.viz.arena import ArenaPlot
from racerlab.viz.track import TrackPlot

from .stand_ins import ServedPage


class Spy:
    """Counts the calls of functions and methods it is asked to watch, by label."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: Counter[str] = Counter()
        self._mp = monkeypatch

    def on(self, owner: Any, name: str, label: str | None = None) -> None:
        """Count calls of ``owner.name`` (a class's method or a module's function)."""
        original: Callable[..., Any] = getattr(owner, name)
        label = label or name

        def counting(*args: Any, **kwargs: Any) -> Any:
            self.calls[label] += 1
            return original(*args, **kwargs)

        self._mp.setattr(owner, name, counting)

    def after(self, change: Callable[[], Any]) -> Counter[str]:
        """The calls made by ``change`` alone."""
        self.calls.clear()
        change()
        return Counter(self.calls)


@pytest.fixture
def sonic(monkeypatch):
    spy = Spy(monkeypatch)
    spy.on(track_module, "token_columns", "track")  # once per state drawn
    spy.on(TrackPlot, "show_selection", "ring")
    spy.on(controls.EventLog, "refresh", "log")
    spy.on(sonic_dashboard.SonicDashboard, "_show_standings", "standings")
    spy.on(sonic_hand.HandPanel, "refresh", "hand")
    spy.on(sonic_paths.queries, "path_preview", "paths")
    spy.on(sonic_odds, "order_html", "odds")
    spy.on(EditorView, "refresh", "editor")
    spy.on(controls.StepControls, "refresh", "steps")
    spy.on(track_module, "path_columns", "path")
    app = sonic_dashboard.sonic_app(seed=0)  # a 3-racer race on the base track
    return app, spy


@pytest.fixture
def knights(monkeypatch):
    spy = Spy(monkeypatch)
    spy.on(ArenaPlot, "update", "arena")
    spy.on(ArenaPlot, "show_overlays", "overlays")
    spy.on(ArenaPlot, "_draw_grid", "grid")
    spy.on(controls.EventLog, "refresh", "log")
    spy.on(knights_dashboard, "standings_html", "standings")
    spy.on(KnightsHand, "refresh", "hand")
    spy.on(KnightsOdds, "_draw", "odds")
    app = knights_dashboard.knights_app(seed=3, players=3)
    return app, spy


def test_sonic_choosing_a_racer_redraws_the_ring_and_the_panels_about_it_only(sonic):
    app, spy = sonic
    calls = spy.after(lambda: setattr(app.session, "selected", 1))
    assert calls["ring"] == 1 and calls["standings"] == 1  # the ring; the highlighted row
    assert calls["editor"] == 0  # its tab was never opened: it is not even built
    app.show_tab("editor")
    calls = spy.after(lambda: setattr(app.session, "selected", 2))
    assert calls["editor"] == 1  # the editor edits the selected racer
    for other in ("track", "log", "hand", "paths", "path", "steps"):
        assert calls[other] == 0, other
    assert app.racer_select.value == 2
    assert "selected: Blaze" in app.track.figure.title.text


def test_sonic_the_path_switch_redraws_only_the_track_s_path(sonic):
    app, spy = sonic
    assert "path" in app.session.overlays
    calls = spy.after(lambda: setattr(app.path_toggle, "value", False))
    assert app.session.overlays == []
    assert calls["path"] == 1
    for other in ("track", "ring", "log", "standings", "hand", "paths", "editor", "steps"):
        assert calls[other] == 0, other
    calls = spy.after(lambda: setattr(app.session, "overlays", ["path"]))
    assert app.path_toggle.value is True and calls["path"] == 1 and calls["standings"] == 0


def test_sonic_a_step_redraws_each_view_of_the_state_once(sonic):
    app, spy = sonic
    calls = spy.after(lambda: setattr(app.steps.action_button, "clicks", 1))  # "Step" pressed
    assert app.session.cursor == 1
    for view in ("track", "log", "standings", "hand", "steps", "path"):
        assert calls[view] == 1, (view, calls[view])
    assert calls["editor"] == 0  # never opened, never built
    assert calls["paths"] <= 1  # the hand's paths are worked out once, not once per widget
    assert calls["odds"] == 0  # the Odds tab is hidden: nothing computed


def test_sonic_a_served_step_draws_the_state_once_with_its_path(sonic, monkeypatch):
    """On a served page the hand lists the paths in a worker: the track waits for the
    answer and draws the new state and its path together (no drawing without the path
    first, then the path again)."""
    from racerlab.app.server import offload

    app, spy = sonic
    page = ServedPage()
    monkeypatch.setattr(offload, "in_server", lambda: page)
    monkeypatch.setattr(offload, "_executor", lambda: page)

    def step_and_answer() -> None:
        app.session.step()
        assert page.queue  # the paths are being listed
        page.settle()
        page.wait()

    for _ in range(4):
        calls = spy.after(step_and_answer)
        assert (calls["track"], calls["path"]) == (1, 1)
        assert app.track.state is app.session.state


def test_sonic_the_odds_tab_recomputes_only_while_shown(sonic):
    app, spy = sonic
    assert spy.after(lambda: app.show_tab("odds"))["odds"] == 1
    assert spy.after(lambda: app.session.step())["odds"] == 1
    assert spy.after(lambda: setattr(app.session, "selected", 1))["odds"] == 1
    assert spy.after(lambda: app.show_tab("hand"))["odds"] == 0
    assert spy.after(lambda: app.session.step())["odds"] == 0
    assert spy.after(lambda: app.show_tab("odds"))["odds"] == 1  # stale: caught up when shown


def test_sonic_picking_a_path_redraws_the_path_alone(sonic):
    app, spy = sonic
    s = app.session
    s.set_controller(s.acting, HUMAN)
    while len(app.hand.path_select.options) < 2 and not s.is_over:
        s.step()
    if len(app.hand.path_select.options) < 2:
        pytest.skip("no choice of paths in this game")
    other = next(
        v for v in app.hand.path_select.options.values() if v != app.hand.path_select.value
    )
    calls = spy.after(lambda: setattr(app.hand.path_select, "value", other))
    assert calls["path"] == 1 and calls["paths"] == 0  # no paths worked out again
    for view in ("track", "ring", "log", "standings", "hand", "steps"):
        assert calls[view] == 0, view


def test_sonic_a_seat_played_by_hand_redraws_the_hand_and_the_steps_not_the_track(sonic):
    app, spy = sonic
    app.show_tab("editor")
    calls = spy.after(lambda: app.session.set_controller(0, HUMAN))
    assert calls["hand"] == 1 and calls["steps"] == 1
    for other in ("track", "ring", "log", "standings", "editor"):
        assert calls[other] == 0, other


def test_knights_choosing_a_racer_does_not_redraw_the_log_or_the_hand(knights):
    app, spy = knights
    calls = spy.after(lambda: setattr(app.session, "selected", 1))
    assert calls["arena"] == 1 and calls["standings"] == 1  # its arc; the highlighted row
    assert calls["log"] == 0 and calls["hand"] == 0


def test_knights_overlays_and_grid_redraw_only_their_layer(knights):
    app, spy = knights
    calls = spy.after(lambda: setattr(app.overlay_toggle, "value", ["arc", "ram"]))
    assert app.session.overlays == ["arc", "ram"]
    assert calls["overlays"] == 1
    assert calls["arena"] == calls["standings"] == calls["log"] == calls["hand"] == 0
    calls = spy.after(lambda: setattr(app.grid_toggle, "value", "R"))
    assert app.session.grid == "R" and app.arena.grid == "R"
    assert calls["grid"] == 1
    assert calls["arena"] == calls["overlays"] == calls["standings"] == calls["log"] == 0
    spy.after(lambda: setattr(app.session, "grid", "off"))
    assert app.grid_toggle.value == "off"  # linked both ways


def test_knights_a_step_redraws_the_arena_and_the_log_once_and_not_the_hidden_odds(knights):
    app, spy = knights
    calls = spy.after(lambda: app.session.step())
    assert calls["arena"] == 1 and calls["log"] == 1
    assert calls["standings"] == 1 and calls["hand"] == 1
    assert calls["odds"] == 0
    app.show_tab("odds")
    assert spy.after(lambda: app.session.step())["odds"] == 1


def test_widgets_set_from_the_session_ask_nothing_back(knights):
    """Without guard flags, a refresh setting the sliders, pickers and handles to the
    game's values must not come back as a director action or a jump."""
    app, _ = knights
    s = app.session
    app.show_tab("tweak")
    for seat in (1, 2, 0):
        s.selected = seat
        s.step("round")
    s.back(3)
    s.step("turn")
    assert not s.error
    assert not any(isinstance(a, DirectorAction) for a in s.timeline.actions)
    at = s.cursor
    s.selected = 1
    assert s.cursor == at


def test_plain_dashboard_redraws_its_table_on_a_step_only(monkeypatch):
    spy = Spy(monkeypatch)
    spy.on(PlainDashboard, "_refresh", "table")
    spy.on(controls.EventLog, "refresh", "log")
    app = plain_app("coin-race", seed=2)
    calls = spy.after(lambda: app.session.step())
    assert calls["table"] == 1 and calls["log"] == 1
    calls = spy.after(lambda: app.session.set_controller(1, HUMAN))
    assert calls["table"] == 0 and calls["log"] == 0


def test_the_editor_works_out_its_odds_only_while_its_tab_is_shown(sonic):
    app, spy = sonic
    spy.on(SonicEditor, "odds", "editor odds")
    assert spy.after(lambda: app.session.step())["editor"] == 0  # never opened: not built
    assert spy.after(lambda: app.show_tab("editor"))["editor odds"] >= 1
    app.show_tab("hand")
    calls = spy.after(lambda: app.session.step())
    assert calls["editor odds"] == 0 and calls["editor"] == 1  # hidden: its handles follow
    app.show_tab("editor")
    assert spy.after(lambda: app.session.step())["editor odds"] == 1
    assert 'id="rl-editor-odds"' in app.editor.odds.object
    assert spy.after(lambda: app.show_tab("hand"))["editor odds"] == 0
