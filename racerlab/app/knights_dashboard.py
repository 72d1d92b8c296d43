"""The Racer Knights dashboard: arena, step controls, log, hand play, live tweaks and odds.

:func:`knights_app` builds a fresh dashboard (a new game) each time it is
called: once per browser session under ``racerlab serve``, once per notebook
cell, once per ``pn.ipywidget(...)``. Everything hangs off one
:class:`~racerlab.app.session.GameSession`; every widget callback is guarded
so a refused action or a bad file shows a message and the page keeps working.

>>> import panel as pn
>>> app = knights_app(seed=3)
>>> isinstance(app, KnightsDashboard), app.session.kit.name
(True, 'knights')
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from ..knights.state import KnightsState
from ..viz.arena import ARENA_OVERLAYS, OVERLAY_TITLES, ArenaPlot, attack_odds_memo
from .controls import (
    EventLog,
    MessageBanner,
    ScenarioControls,
    StepControls,
    redraw_guard,
    set_text,
)
from .editor_view import knights_editor
from .escape import text as esc
from .knights_game import DEFAULT_PLAYERS, knights_kit
from .knights_hand import HandPanel
from .knights_odds import OddsPanel
from .knights_tweak import STAT_NAMES, STAT_SLIDER_HEADROOM, TweakPanel
from .knights_view import ARMOR_RANGE, order_positions, standings_html, target_choices
from .offline import use_local_resources
from .page_args import open_shared_game
from .presenter import presenter_for
from .session import GameSession
from .simulation import SimulationPanel
from .tables import TABLE_CSS

__all__ = [
    "ARMOR_RANGE",
    "DEFAULT_PLAYERS",
    "STAT_NAMES",
    "STAT_SLIDER_HEADROOM",
    "HandPanel",
    "KnightsDashboard",
    "OddsPanel",
    "TweakPanel",
    "knights_app",
    "knights_kit",
    "order_positions",
    "standings_html",
    "target_choices",
]

TWEAK_TAB, ODDS_TAB = 1, 2
"""Positions of the Tweak and Odds tabs (refreshed only while shown)."""

SIDE_PANEL_WIDTH = 400
"""Width (px) of the column beside the arena: racer picker, overlays, standings, log."""


class KnightsDashboard(pn.viewable.Viewer):
    """The whole Racer Knights dashboard for one session."""

    template = param.Boolean(default=False, doc="Wrap in the racerlab page template.")

    def __init__(self, session: GameSession, template: bool = False, **params: Any) -> None:
        super().__init__(template=template, **params)
        self.session = session
        s = session
        g = s.guarded
        wide = dict(sizing_mode="stretch_width")
        self.odds_memo = attack_odds_memo()  # this session's own, bounded
        self.arena = ArenaPlot(
            s.state, selected=s.selected, overlays=s.overlays, grid=s.grid, odds=self.odds_memo
        )
        self.arena_pane = pn.pane.Bokeh(self.arena.figure, min_height=420, **wide)
        self.racer_select = pn.widgets.Select(label="Selected racer", options={}, **wide)
        self.racer_select.param.watch(g(self._on_select, "select racer"), "value")
        self.overlay_toggle = pn.widgets.CheckButtonGroup(
            options={OVERLAY_TITLES[o]: o for o in ARENA_OVERLAYS},
            value=list(s.overlays),
            color="primary",
            variant="outline",
            **wide,
        )
        self.overlay_toggle.param.watch(g(self._on_overlays, "overlays"), "value")
        self.grid_toggle = pn.widgets.RadioButtonGroup(
            options={"Grid 1M": "M", "Grid 1R": "R", "No grid": "off"}, value=s.grid, **wide
        )
        self.grid_toggle.param.watch(g(self._on_grid, "grid"), "value")
        self.standings = pn.pane.HTML("", stylesheets=[TABLE_CSS], **wide)
        self.result = pn.pane.HTML("", **wide)
        self.banner = MessageBanner(s)
        self.steps = StepControls(s)
        self.scenarios = ScenarioControls(s)
        self.log = EventLog(s, height=380)
        self.hand = HandPanel(s)
        self.tweak = TweakPanel(s)
        self.odds = OddsPanel(s, odds=self.odds_memo)
        self.simulation = SimulationPanel(s)
        self.tabs = pn.Tabs(
            ("Play by hand", self.hand),
            ("Tweak racer", self.tweak),
            ("Odds", self.odds),
            ("Simulate", self.simulation),
            ("Edit position", knights_editor(s, self.arena.figure)),
            dynamic=True,
            **wide,
        )
        self.tabs.param.watch(g(self._on_tab, "switch tab"), "active")
        self.odds.active = self.tabs.active == ODDS_TAB
        redraw = redraw_guard(s, self.refresh)
        s.param.watch(redraw, ["version", "selected", "overlays", "grid"])
        self.presenter = presenter_for(self)
        self._syncing = False
        self.refresh()

    # -- layout ---------------------------------------------------------------------------
    def _sidebar(self) -> list[Any]:
        return [
            pn.pane.Markdown("### Steps", margin=(0, 5)),
            self.steps,
            pn.pane.Markdown("### Game", margin=(10, 5, 0, 5)),
            self.scenarios,
        ]

    def _main(self) -> list[Any]:
        side = pn.Column(
            self.racer_select,
            self.overlay_toggle,
            self.grid_toggle,
            self.standings,
            self.result,
            self.log,
            width=SIDE_PANEL_WIDTH,
        )
        return [
            self.presenter,
            self.banner,
            pn.Row(self.arena_pane, side, sizing_mode="stretch_width"),
            self.tabs,
        ]

    def __panel__(self) -> pn.viewable.Viewable:
        if self.template:
            from .landing import dashboard_template

            # one root each for main and sidebar: Bokeh re-indexes every model per root added
            return dashboard_template(
                "Racer Knights of Falconus",
                main=[pn.Column(*self._main(), sizing_mode="stretch_width")],
                sidebar=[pn.Column(*self._sidebar(), sizing_mode="stretch_width")],
            )
        return pn.Row(
            pn.Column(*self._sidebar(), width=320),
            pn.Column(
                pn.pane.Markdown("## Racer Knights of Falconus", margin=(0, 5)),
                *self._main(),
                sizing_mode="stretch_width",
            ),
            sizing_mode="stretch_width",
        )

    # -- callbacks --------------------------------------------------------------------------
    def _on_select(self, event: Any) -> None:
        if not self._syncing and event.new is not None:
            self.session.selected = int(event.new)

    def _on_overlays(self, event: Any) -> None:
        if not self._syncing:
            self.session.overlays = [o for o in ARENA_OVERLAYS if o in event.new]

    def _on_grid(self, event: Any) -> None:
        if not self._syncing:
            self.session.grid = event.new

    def _on_tab(self, event: Any) -> None:
        self.odds.active = event.new == ODDS_TAB
        if event.new == TWEAK_TAB:
            self.tweak.refresh()
        if self.odds.active:
            self.odds.refresh()

    def refresh(self) -> None:
        """Redraw the arena and every panel for the session's state."""
        s = self.session
        state: KnightsState = s.state
        sel = min(s.selected, len(state.racers) - 1)
        trail = [s.timeline.entries[i - 1].state for i in s.round_entries()]
        self.arena.update(state, selected=sel, overlays=s.overlays, grid=s.grid, trail_states=trail)
        self._syncing = True
        try:
            self.racer_select.param.update(
                options={f"{i + 1}. {n}": i for i, n in enumerate(s.player_names)}, value=sel
            )
            self.overlay_toggle.value = list(s.overlays)
            self.grid_toggle.value = s.grid
        finally:
            self._syncing = False
        set_text(self.standings, standings_html(state, sel))
        if s.is_over:
            set_text(self.result, "🏁 " + esc(s.rules.result(state).describe()))
        else:
            set_text(self.result, "")
        self.hand.refresh()
        if self.tabs.active == TWEAK_TAB:
            self.tweak.refresh()
        self.odds.refresh()


def knights_app(
    seed: int = 0,
    *,
    scenario: str | None = None,
    players: int = DEFAULT_PLAYERS,
    template: bool = False,
    game: str | None = None,
) -> KnightsDashboard:
    """A fresh Racer Knights dashboard with its own game.

    ``scenario`` starts from a bundled scenario title, ``game`` from a share
    token; otherwise a random ``players``-racer joust from ``seed``. Served
    pages also read ``?game=<token>`` from the URL; a bad token shows an error
    on the page and the default game is used.
    """
    use_local_resources()
    kit = knights_kit(players)
    session = GameSession(kit, seed=seed)
    if scenario is not None:
        session.load_scenario(scenario)
    open_shared_game(session, game)
    return KnightsDashboard(session, template=template)
