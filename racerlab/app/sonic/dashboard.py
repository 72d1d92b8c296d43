"""The Battle Racers dashboard: track, step controls, log, hand play, live tweaks and odds.

:func:`sonic_app` builds a fresh dashboard (a new game) each time it is
called: once per browser session under ``racerlab serve``, once per notebook
cell, once per ``pn.ipywidget(...)``. Everything hangs off one
:class:`~racerlab.app.kit.session.GameSession`; every widget callback is guarded
so a refused action or a bad file shows a message and the page keeps working.

The panels:

* the track (:class:`~racerlab.viz.track.TrackPlot`) with the path the acting
  racer would take for the card and path chosen in the hand panel, the spaces
  where something acts on it marked;
* standings (Speed, rings, badniks, score, column, card, status) and the event log;
* **Play by hand**: the acting player's card, action (or pass), path and face-up
  card, all from the engine's legal actions; a typed path is checked by the
  engine, which says why it refuses one;
* **Tweak racer**: Speed, rings, Ability and Power, and the draw deck, each a
  logged director action;
* **Odds**: the resolution order (or, while cards are hidden, each seat's exact
  chance to resolve first), each card's chance to go first and the Speeds it
  can give.

>>> app = sonic_app(seed=3)
>>> isinstance(app, SonicDashboard), app.session.kit.name
(True, 'sonic')
"""

from __future__ import annotations

from typing import Any

import panel as pn

from ...sonic import Mode
from ...sonic.queries import Zone
from ...sonic.state import SonicState
from ...viz.track import TRACK_HEIGHT, TrackPlot
from ..kit.controls import EventLog, redraw_on, set_text
from ..kit.escape import text as esc
from ..kit.session import GameSession
from ..kit.shell import MAIN, SIDE, SIDE_WIDTH, DashboardShell, GamePanels, PanelSpec
from ..kit.tables import CAPTION_CSS, TABLE_CSS
from ..panels.catalog import CatalogPanel
from ..panels.common import COMMON_PANELS
from ..panels.editor_view import sonic_editor
from ..panels.presenter import presenter_for
from ..panels.simulation import SimulationPanel
from ..server.offline import use_local_resources
from ..server.page_args import open_shared_game, url_presenter
from ..server.served_catalog import served_catalog
from .game import SONIC_OVERLAYS, RandomSettings, bundled_scenarios, racer_name, sonic_kit
from .hand import HandPanel
from .odds import OddsPanel
from .paths import (
    board_words,
    engine_paths_as_board,
    parse_path,
    path_words,
    sonic_words,
)
from .tables import cards_html, order_html, result_lines, standings_html
from .tweak import TweakPanel

__all__ = [
    "SONIC_OVERLAYS",
    "HandPanel",
    "OddsPanel",
    "RandomSettings",
    "SonicDashboard",
    "TweakPanel",
    "bundled_scenarios",
    "cards_html",
    "engine_paths_as_board",
    "order_html",
    "parse_path",
    "path_words",
    "racer_name",
    "sonic_app",
    "sonic_kit",
    "sonic_words",
    "standings_html",
]

SIDE_PANEL_WIDTH = SIDE_WIDTH
"""Width (px) of the column beside the tabs: racer picker, path switch, result, log."""


class SonicDashboard(GamePanels, DashboardShell):
    """The whole Battle Racers dashboard for one session: the shell, the track and these
    panels (tabs are built when first shown)."""

    TITLE = "Sonic the Hedgehog: Battle Racers"
    PLOT_BESIDE_SIDE = False  # the track is long and flat: it takes the page's width
    BOARD_HEIGHT = f"{TRACK_HEIGHT - 40}px"  # the tabs' controls on screen with it
    PANELS = (
        PanelSpec("racer", "Selected racer", lambda d: d.racer_picker(), ("state_version",),
                  SIDE, lambda d, w: d.offer_racers()),
        PanelSpec("path", "Path preview", lambda d: d._path_switch(), ("overlays",), SIDE,
                  lambda d, w: d._show_overlays()),
        PanelSpec("result", "Result", lambda d: pn.pane.Markdown("", sizing_mode="stretch_width"),
                  ("state_version",), SIDE, lambda d, p: d._show_result(p)),
        PanelSpec("log", "Event log", lambda d: d._event_log(), (), SIDE),
        PanelSpec("standings", "Standings", lambda d: d._standings_pane(),
                  ("state_version", "selected"), MAIN, lambda d, p: d._show_standings(p)),
        # the hand's picks choose the path previewed on the track: it follows even when hidden
        PanelSpec("hand", "Play by hand", lambda d: d._hand_panel(),
                  ("state_version", "controllers"), refresh=lambda d, h: d._show_hand(h),
                  while_hidden=True),
        PanelSpec("tweak", "Tweak racer", lambda d: TweakPanel(d.session),
                  ("state_version", "selected")),
        PanelSpec("odds", "Odds", lambda d: OddsPanel(d.session), ("state_version", "selected")),
        PanelSpec("simulation", "Simulate", lambda d: SimulationPanel(d.session), ()),
        PanelSpec("editor", "Edit position", lambda d: sonic_editor(d.session, d.track.figure),
                  (), on_show=lambda editor, on: editor.show(on)),
        PanelSpec("catalog", "Catalog", lambda d: CatalogPanel(d.session), ()),
        *COMMON_PANELS,
    )  # fmt: skip

    def __init__(
        self,
        session: GameSession,
        settings: RandomSettings | None = None,
        template: bool = False,
        presenter: bool = False,
        **params: Any,
    ) -> None:
        super().__init__(session, template=template, **params)
        self.settings = settings if settings is not None else RandomSettings()
        s = session
        g = s.guarded
        wide = dict(sizing_mode="stretch_width")
        self.track = TrackPlot(s.state, names=s.player_names, selected=s.selected)
        self.track.figure.sizing_mode = "stretch_both"  # it fills the box the page gives it
        self.track_pane = self.plot_pane = pn.pane.Bokeh(
            self.track.figure, sizing_mode="stretch_both"
        )
        self.mode = pn.widgets.Select(
            label="Random game: mode",
            options={"any (by seed)": None, **{m.value: m for m in Mode}},
            value=self.settings.mode,
            **wide,
        )
        self.players = pn.widgets.IntSlider(
            label="Players (0: by seed)", start=0, end=4, value=self.settings.players, **wide
        )
        self.zones = pn.widgets.MultiChoice(
            label="Expansion zones (none: by seed)",
            options={z.value: z for z in Zone if z is not Zone.BASE},
            value=list(self.settings.zones),
            **wide,
        )
        for w in (self.mode, self.players, self.zones):
            w.param.watch(g(self._on_settings, "random game settings"), "value")
        # the track follows each change of its own (the panels follow through the shell)
        # after the hand: it may draw the new state already, with its path (_show_preview)
        redraw_on(s, self._redraw_track, "state_version", after=True)
        redraw_on(s, self._show_selection, "selected")
        self.select_on_click(self.track.figure, self.track.racer_at)
        self.presenter = presenter_for(self)
        self.build_page(presenting=presenter)

    def game_controls(self) -> list[Any]:
        return [self.mode, self.players, self.zones]

    # -- the side column's pieces ---------------------------------------------------------------
    def _path_switch(self) -> pn.widgets.Checkbox:
        self.path_toggle = pn.widgets.Checkbox(
            label="Show the path preview on the track", value="path" in self.session.overlays
        )
        self.path_toggle.param.watch(
            self.session.guarded(self._on_overlay, "path preview"), "value"
        )
        return self.path_toggle

    def _event_log(self) -> EventLog:
        return EventLog(self.session, height=360, words=lambda state: board_words(self.session))

    def _standings_pane(self) -> pn.pane.HTML:
        return pn.pane.HTML("", stylesheets=[TABLE_CSS + CAPTION_CSS], sizing_mode="stretch_width")

    def _hand_panel(self) -> HandPanel:
        return HandPanel(
            self.session, on_preview=self.session.guarded(self._show_preview, "preview")
        )

    # -- callbacks -------------------------------------------------------------------------------
    # the switch is also set from the session; setting the session's own
    # value back fires nothing, so there is no echo to guard against
    def _on_overlay(self, event: Any) -> None:
        self.session.overlays = ["path"] if event.new else []

    def _on_settings(self, _event: Any) -> None:
        self.settings.mode = self.mode.value
        self.settings.players = int(self.players.value or 0)
        self.settings.zones = tuple(self.zones.value or ())

    def _preview(self) -> tuple[int | None, Any]:
        mover, preview = self.hand.preview()
        return mover, preview if "path" in self.session.overlays else None

    def _show_preview(self) -> None:
        """Redraw only the previewed path on the track (a pick in the hand panel); on a new
        state the track is drawn with it, so the path starts where its racer now stands."""
        if self.track.state is not self.session.state:
            self._redraw_track()
        else:
            mover, preview = self._preview()
            self.track.show_preview(preview, mover)

    def _show_hand(self, hand: HandPanel) -> None:
        """The hand offers this state's choices; the track previews the path picked."""
        hand.refresh()
        self._show_preview()

    def _show_overlays(self) -> None:
        """The path switch changed: redraw the track's path preview only."""
        want = "path" in self.session.overlays
        if self.path_toggle.value != want:
            self.path_toggle.value = want
        if self.is_built("hand"):
            self._show_preview()

    def selected_seat(self) -> int:
        return min(self.session.selected, self.session.state.players - 1)

    def _show_selection(self) -> None:
        """Another racer chosen: its ring on the track and the picker; the standings'
        highlight and the panels about it (tweak, odds) follow through the shell; not the
        log, the hand or the result."""
        sel = self.selected_seat()
        self.track.show_selection(sel)
        if self.racer_select.value != sel:
            self.racer_select.value = sel

    def _show_standings(self, pane: pn.pane.HTML) -> None:
        s = self.session
        set_text(pane, standings_html(s.state, s.rules, s.player_names, self.selected_seat()))

    def _show_result(self, pane: pn.pane.Markdown) -> None:
        s = self.session
        state: SonicState = s.state
        lines = result_lines(state, s.player_names)
        text = ""
        if lines:
            head, *rest = (esc(line) for line in lines)
            text = f"**Game over: {head}**  \n" + "  \n".join(rest)
        set_text(pane, text)

    def _redraw_track(self) -> None:
        s = self.session
        state: SonicState = s.state
        if self.is_built("hand") and "path" in s.overlays and self.hand.drawing_waits(state):
            return  # the hand's answer (or its waiting line) draws the state, with its path
        boss_name, boss_card = "", ""
        if state.boss is not None:
            bf = s.rules.facts.bosses.get(state.boss.id)
            if bf is not None:
                boss_name = bf.name
                if state.boss.card in bf.cards:
                    bc = bf.cards[state.boss.card]
                    boss_card = f"{bc.name} (priority {bc.priority})"
        self.track.selected = self.selected_seat()
        mover, preview = self._preview() if self.is_built("hand") else (None, None)
        self.track.update(
            state,
            preview=preview,
            mover=mover,
            names=s.player_names,
            boss_name=boss_name,
            boss_card=boss_card,
        )
        self.track.show_result(result_lines(state, s.player_names))

    def refresh(self) -> None:
        """Redraw the track and every panel shown (as after a change of game state); the
        path preview follows once the hand offers this state's paths."""
        self._redraw_track()
        self.refresh_panels("state_version")


def sonic_app(
    seed: int = 0,
    *,
    scenario: str | None = None,
    mode: Mode | str | None = None,
    players: int = 0,
    zones: tuple[Zone | str, ...] = (),
    template: bool = False,
    game: str | None = None,
    presenter: bool | None = None,
) -> SonicDashboard:
    """A fresh Battle Racers dashboard with its own game.

    ``scenario`` starts from a bundled scenario title, ``game`` from a share
    token; otherwise a random game from ``seed`` (``mode``, ``players`` and
    ``zones`` shape it; left empty, the seed chooses). Served pages also read
    ``?game=<token>`` from the URL; a bad token shows an error on the page and
    the default game is used. ``presenter`` opens it in presenter mode (``None``:
    as the URL's ``?presenter=1`` says).
    """
    use_local_resources()
    settings = RandomSettings(
        Mode(mode) if mode is not None else None,
        int(players),
        tuple(Zone(z) for z in zones),
    )
    session = GameSession(sonic_kit(settings, served_catalog("sonic")), seed=seed)
    if scenario is not None:
        session.load_scenario(scenario)
    open_shared_game(session, game)
    return SonicDashboard(session, settings, template=template, presenter=url_presenter(presenter))
