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
    redraw_on,
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

TWEAK_TAB, ODDS_TAB, EDITOR_TAB = 1, 2, 4
"""Positions of the Tweak, Odds and Edit position tabs (refreshed, or their odds worked
out, only while shown)."""

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
        self.grid_toggle = pn.widgets.RadioButtonGroup.from_param(  # linked both ways
            s.param.grid, options={"Grid 1M": "M", "Grid 1R": "R", "No grid": "off"}, **wide
        )
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
        self.editor = knights_editor(s, self.arena.figure)
        self.tabs = pn.Tabs(
            ("Play by hand", self.hand),
            ("Tweak racer", self.tweak),
            ("Odds", self.odds),
            ("Simulate", self.simulation),
            ("Edit position", self.editor),
            dynamic=True,
            **wide,
        )
        self.tabs.param.watch(g(self._on_tab, "switch tab"), "active")
        self.odds.active = self.tabs.active == ODDS_TAB
        self.editor.active = self.tabs.active == EDITOR_TAB
        # each change redraws only what shows it (the log and the banner bind themselves)
        redraw_on(s, self.refresh, "state_version")
        redraw_on(s, self._show_selection, "selected")
        redraw_on(s, self._show_overlays, "overlays")
        redraw_on(s, lambda: self.arena.show_grid(s.grid), "grid")
        redraw_on(s, self.hand.refresh, "controllers")
        self.presenter = presenter_for(self)
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
    # the picker and the switches are also set from the session; setting the session's own
    # value back fires nothing, so there is no echo to guard against
    def _on_select(self, event: Any) -> None:
        if event.new is not None:
            self.session.selected = int(event.new)

    def _on_overlays(self, event: Any) -> None:
        self.session.overlays = [o for o in ARENA_OVERLAYS if o in event.new]

    def _on_tab(self, event: Any) -> None:
        self.odds.active = event.new == ODDS_TAB
        if event.new == TWEAK_TAB:
            self.tweak.refresh()
        if self.odds.active:
            self.odds.refresh()
        self.editor.show(event.new == EDITOR_TAB)

    def _seat(self) -> int:
        return min(self.session.selected, len(self.session.state.racers) - 1)

    def _trail(self) -> list[KnightsState]:
        s = self.session
        return [s.timeline.entries[i - 1].state for i in s.round_entries()]

    def _show_overlays(self) -> None:
        """The overlay switches changed: redraw the arena's overlays only."""
        s = self.session
        if list(self.overlay_toggle.value) != list(s.overlays):
            self.overlay_toggle.value = list(s.overlays)
        self.arena.show_overlays(s.overlays, self._trail())

    def _show_selection(self) -> None:
        """Another racer chosen: the arena (its overlays are the selected racer's), the picker,
        the standings' highlight and the Tweak and Odds tabs while shown; not the log,
        the hand or the result."""
        s = self.session
        sel = self._seat()
        self.arena.update(s.state, selected=sel, trail_states=self._trail())
        if self.racer_select.value != sel:
            self.racer_select.value = sel
        self._show_about_selected(sel)

    def _show_about_selected(self, sel: int) -> None:
        set_text(self.standings, standings_html(self.session.state, sel))
        if self.tabs.active == TWEAK_TAB:
            self.tweak.refresh()
        self.odds.refresh()

    def refresh(self) -> None:
        """Redraw what shows the game state: the arena, the racer picker, the standings, the
        result, the hand, and the Tweak and Odds tabs while shown."""
        s = self.session
        state: KnightsState = s.state
        sel = self._seat()
        self.arena.update(
            state, selected=sel, overlays=s.overlays, grid=s.grid, trail_states=self._trail()
        )
        self.racer_select.param.update(
            options={f"{i + 1}. {n}": i for i, n in enumerate(s.player_names)}, value=sel
        )
        if s.is_over:
            set_text(self.result, "🏁 " + esc(s.rules.result(state).describe()))
        else:
            set_text(self.result, "")
        self.hand.refresh()
        self._show_about_selected(sel)


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
