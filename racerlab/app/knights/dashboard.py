"""The Racer Knights dashboard: arena, step controls, log, hand play, live tweaks and odds.

:func:`knights_app` builds a fresh dashboard (a new game) each time it is
called: once per browser session under ``racerlab serve``, once per notebook
cell, once per ``pn.ipywidget(...)``. Everything hangs off one
:class:`~racerlab.app.kit.session.GameSession`; every widget callback is guarded
so a refused action or a bad file shows a message and the page keeps working.

>>> import panel as pn
>>> app = knights_app(seed=3)
>>> isinstance(app, KnightsDashboard), app.session.kit.name
(True, 'knights')
"""

from __future__ import annotations

from typing import Any

import panel as pn

from ...knights.state import KnightsState
from ...viz.arena import ARENA_OVERLAYS, OVERLAY_TITLES, ArenaPlot, attack_odds_memo
from ..kit.controls import EventLog, redraw_on, set_text
from ..kit.escape import text as esc
from ..kit.session import GameSession
from ..kit.shell import SIDE, SIDE_WIDTH, DashboardShell, GamePanels, PanelSpec
from ..kit.tables import TABLE_CSS
from ..panels.catalog import CatalogPanel
from ..panels.common import COMMON_PANELS
from ..panels.editor_view import knights_editor
from ..panels.presenter import presenter_for
from ..panels.simulation import SimulationPanel
from ..server.offline import use_local_resources
from ..server.page_args import open_shared_game, url_presenter
from ..server.served_catalog import served_catalog
from .game import DEFAULT_PLAYERS, knights_kit
from .hand import HandPanel
from .odds import OddsPanel
from .tables import (
    ARMOR_RANGE,
    order_positions,
    result_lines,
    standings_html,
    target_choices,
)
from .tweak import STAT_NAMES, STAT_SLIDER_HEADROOM, TweakPanel

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

SIDE_PANEL_WIDTH = SIDE_WIDTH
"""Width (px) of the column beside the arena: racer picker, overlays, standings, log."""


def _html(stylesheets: list[str] | None = None) -> pn.pane.HTML:
    return pn.pane.HTML("", stylesheets=stylesheets or [], sizing_mode="stretch_width")


class KnightsDashboard(GamePanels, DashboardShell):
    """The whole Racer Knights dashboard for one session: the shell, the arena and these
    panels (tabs are built when first shown)."""

    TITLE = "Racer Knights of Falconus"
    TABS_AFTER = "grid"  # picker and switches, then the tabs, then standings and log
    PANELS = (
        PanelSpec("racer", "Selected racer", lambda d: d.racer_picker(), ("state_version",),
                  SIDE, lambda d, w: d.offer_racers()),
        PanelSpec("overlays", "Overlays", lambda d: d._overlay_switch(), ("overlays",), SIDE,
                  lambda d, w: d._show_overlays()),
        PanelSpec("grid", "Grid", lambda d: d._grid_switch(), (), SIDE),
        PanelSpec("standings", "Standings", lambda d: _html([TABLE_CSS]),
                  ("state_version", "selected"), SIDE, lambda d, p: d._show_standings(p)),
        PanelSpec("result", "Result", lambda d: _html(), ("state_version",), SIDE,
                  lambda d, p: d._show_result(p)),
        PanelSpec("log", "Event log", lambda d: EventLog(d.session, height=380), (), SIDE),
        PanelSpec("hand", "Play by hand", lambda d: HandPanel(d.session),
                  ("state_version", "controllers")),
        PanelSpec("tweak", "Tweak racer", lambda d: TweakPanel(d.session),
                  ("state_version", "selected")),
        PanelSpec("odds", "Odds", lambda d: OddsPanel(d.session, odds=d.odds_memo),
                  ("state_version", "selected")),
        PanelSpec("simulation", "Simulate", lambda d: SimulationPanel(d.session), ()),
        PanelSpec("editor", "Edit position",
                  lambda d: knights_editor(d.session, d.arena.figure), (),
                  on_show=lambda editor, on: editor.show(on)),
        PanelSpec("catalog", "Catalog", lambda d: CatalogPanel(d.session), ()),
        *COMMON_PANELS,
    )  # fmt: skip

    def __init__(
        self,
        session: GameSession,
        template: bool = False,
        presenter: bool = False,
        **params: Any,
    ) -> None:
        super().__init__(session, template=template, **params)
        s = session
        self.odds_memo = attack_odds_memo()  # this session's own, bounded
        self.arena = ArenaPlot(
            s.state, selected=s.selected, overlays=s.overlays, grid=s.grid, odds=self.odds_memo
        )
        self.arena_pane = self.plot_pane = pn.pane.Bokeh(
            self.arena.figure, sizing_mode="stretch_both"
        )
        # the arena follows each change of its own (the panels follow through the shell)
        redraw_on(s, self._show_state, "state_version")
        redraw_on(s, self._show_selection, "selected")
        redraw_on(s, lambda: self.arena.show_grid(s.grid), "grid")
        self.select_on_click(self.arena.figure, self.arena.racer_at)
        self.presenter = presenter_for(self)
        self.build_page(presenting=presenter)

    # -- the side column's pieces ---------------------------------------------------------------
    def _overlay_switch(self) -> pn.widgets.CheckButtonGroup:
        self.overlay_toggle = pn.widgets.CheckButtonGroup(
            options={OVERLAY_TITLES[o]: o for o in ARENA_OVERLAYS},
            value=list(self.session.overlays),
            color="primary",
            variant="outline",
            sizing_mode="stretch_width",
        )
        self.overlay_toggle.param.watch(
            self.session.guarded(self._on_overlays, "overlays"), "value"
        )
        return self.overlay_toggle

    def _grid_switch(self) -> pn.widgets.RadioButtonGroup:
        self.grid_toggle = pn.widgets.RadioButtonGroup.from_param(  # linked both ways
            self.session.param.grid,
            options={"Grid 1M": "M", "Grid 1R": "R", "No grid": "off"},
            sizing_mode="stretch_width",
        )
        return self.grid_toggle

    # -- callbacks --------------------------------------------------------------------------
    # the switches are also set from the session; setting the session's own
    # value back fires nothing, so there is no echo to guard against
    def _on_overlays(self, event: Any) -> None:
        self.session.overlays = [o for o in ARENA_OVERLAYS if o in event.new]

    def selected_seat(self) -> int:
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
        """Another racer chosen: the arena (its overlays are the selected racer's) and the
        picker; the standings' highlight and the panels about the racer follow through the
        shell, not the log, the hand or the result."""
        sel = self.selected_seat()
        self.arena.update(self.session.state, selected=sel, trail_states=self._trail())
        if self.racer_select.value != sel:
            self.racer_select.value = sel

    def _show_state(self) -> None:
        """The game state shown changed: redraw the arena."""
        s = self.session
        self.arena.update(
            s.state, selected=self.selected_seat(), overlays=s.overlays, grid=s.grid,
            trail_states=self._trail(),
        )  # fmt: skip
        self.arena.show_result(result_lines(s.state, s.rules))

    def _show_standings(self, pane: pn.pane.HTML) -> None:
        set_text(pane, standings_html(self.session.state, self.selected_seat()))

    def _show_result(self, pane: pn.pane.HTML) -> None:
        """The end of the joust beside the board, in the words the board shows."""
        s = self.session
        lines = result_lines(s.state, s.rules)
        text = ""
        if lines:
            head, *rest = (esc(line) for line in lines)
            text = f"<b>Game over: {head}</b><br>" + "<br>".join(rest)
        set_text(pane, text)

    def refresh(self) -> None:
        """Redraw the arena and every panel shown (as after a change of game state)."""
        self._show_state()
        self.refresh_panels("state_version")


def knights_app(
    seed: int = 0,
    *,
    scenario: str | None = None,
    players: int = DEFAULT_PLAYERS,
    template: bool = False,
    game: str | None = None,
    presenter: bool | None = None,
) -> KnightsDashboard:
    """A fresh Racer Knights dashboard with its own game.

    ``scenario`` starts from a bundled scenario title, ``game`` from a share
    token; otherwise a random ``players``-racer joust from ``seed``. Served
    pages also read ``?game=<token>`` from the URL; a bad token shows an error
    on the page and the default game is used.
    """
    use_local_resources()
    kit = knights_kit(players, served_catalog("knights"))  # racerlab serve --catalog
    session = GameSession(kit, seed=seed)
    if scenario is not None:
        session.load_scenario(scenario)
    open_shared_game(session, game)
    return KnightsDashboard(session, template=template, presenter=url_presenter(presenter))
