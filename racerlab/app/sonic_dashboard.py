"""The Battle Racers dashboard: track, step controls, log, hand play, live tweaks and odds.

:func:`sonic_app` builds a fresh dashboard (a new game) each time it is
called: once per browser session under ``racerlab serve``, once per notebook
cell, once per ``pn.ipywidget(...)``. Everything hangs off one
:class:`~racerlab.app.session.GameSession`; every widget callback is guarded
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
import param

from ..sonic import Mode
from ..sonic.queries import Zone
from ..sonic.state import SonicState
from ..viz.track import TRACK_HEIGHT, TrackPlot
from .controls import (
    EventLog,
    MessageBanner,
    ScenarioControls,
    StepControls,
    redraw_on,
    set_text,
)
from .editor_view import sonic_editor
from .escape import text as esc
from .offline import use_local_resources
from .page_args import open_shared_game
from .presenter import presenter_for
from .session import GameSession
from .simulation import SimulationPanel
from .sonic_game import SONIC_OVERLAYS, RandomSettings, bundled_scenarios, racer_name, sonic_kit
from .sonic_hand import HandPanel
from .sonic_odds import OddsPanel
from .sonic_tables import cards_html, order_html, standings_html
from .sonic_tweak import TweakPanel
from .sonic_view import (
    board_words,
    engine_paths_as_board,
    parse_path,
    path_words,
    sonic_words,
)
from .tables import CAPTION_CSS, TABLE_CSS

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

SIDE_PANEL_WIDTH = 400
"""Width (px) of the column beside the track: racer picker, standings, log."""

ODDS_TAB, EDITOR_TAB = 2, 4
"""Positions of the Odds and Edit position tabs (their odds computed only while shown)."""


class SonicDashboard(pn.viewable.Viewer):
    """The whole Battle Racers dashboard for one session."""

    template = param.Boolean(default=False, doc="Wrap in the racerlab page template.")

    def __init__(
        self,
        session: GameSession,
        settings: RandomSettings | None = None,
        template: bool = False,
        **params: Any,
    ) -> None:
        super().__init__(template=template, **params)
        self.session = session
        self.settings = settings if settings is not None else RandomSettings()
        s = session
        g = s.guarded
        wide = dict(sizing_mode="stretch_width")
        self.track = TrackPlot(s.state, names=s.player_names, selected=s.selected)
        self.track_pane = pn.pane.Bokeh(self.track.figure, height=TRACK_HEIGHT, **wide)
        self.racer_select = pn.widgets.Select(label="Selected racer", options={}, **wide)
        self.racer_select.param.watch(g(self._on_select, "select racer"), "value")
        self.path_toggle = pn.widgets.Checkbox(
            label="Show the path preview on the track", value="path" in s.overlays
        )
        self.path_toggle.param.watch(g(self._on_overlay, "path preview"), "value")
        self.standings = pn.pane.HTML("", stylesheets=[TABLE_CSS + CAPTION_CSS], **wide)
        self.result = pn.pane.Markdown("", **wide)
        self.banner = MessageBanner(s)
        self.steps = StepControls(s)
        self.scenarios = ScenarioControls(s)
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
        self.log = EventLog(
            s,
            height=360,
            words=lambda state: board_words(s),
        )
        self.hand = HandPanel(s, on_preview=g(self._show_preview, "preview"))
        self.tweak = TweakPanel(s)
        self.odds = OddsPanel(s)
        self.simulation = SimulationPanel(s)
        self.editor = sonic_editor(s, self.track.figure)
        self.editor.active = False  # the first tab is shown
        self.tabs = pn.Tabs(
            ("Play by hand", self.hand),
            ("Tweak racer", self.tweak),
            ("Odds", self.odds),
            ("Simulate", self.simulation),
            ("Edit position", self.editor),
            dynamic=True,  # a tab is sent to the page when first shown: a lighter first page
            **wide,
        )
        self.tabs.param.watch(g(self._on_tab, "switch tab"), "active")
        # each change redraws only what shows it (the log and the banner bind themselves)
        redraw_on(s, self.refresh, "state_version")
        redraw_on(s, self._show_selection, "selected")
        redraw_on(s, self._show_overlays, "overlays")
        redraw_on(s, self.hand.refresh, "controllers")
        self.presenter = presenter_for(self)
        self.refresh()

    # -- layout ----------------------------------------------------------------------------------
    def _sidebar(self) -> list[Any]:
        return [
            pn.pane.Markdown("### Steps", margin=(0, 5)),
            self.steps,
            pn.pane.Markdown("### Game", margin=(10, 5, 0, 5)),
            self.scenarios,
            self.mode,
            self.players,
            self.zones,
        ]

    def _main(self) -> list[Any]:
        side = pn.Column(
            self.racer_select,
            self.path_toggle,
            self.result,
            self.log,
            width=SIDE_PANEL_WIDTH,
        )
        return [
            self.presenter,
            self.banner,
            self.track_pane,
            pn.Row(
                pn.Column(self.standings, self.tabs, sizing_mode="stretch_width"),
                side,
                sizing_mode="stretch_width",
            ),
        ]

    def __panel__(self) -> pn.viewable.Viewable:
        title = "Sonic the Hedgehog: Battle Racers"
        if self.template:
            from .landing import dashboard_template

            return dashboard_template(title, main=self._main(), sidebar=self._sidebar())
        return pn.Row(
            pn.Column(*self._sidebar(), width=320),
            pn.Column(
                pn.pane.Markdown(f"## {title}", margin=(0, 5)),
                *self._main(),
                sizing_mode="stretch_width",
            ),
            sizing_mode="stretch_width",
        )

    # -- callbacks -------------------------------------------------------------------------------
    # the picker and the switch are also set from the session; setting the session's own
    # value back fires nothing, so there is no echo to guard against
    def _on_select(self, event: Any) -> None:
        if event.new is not None:
            self.session.selected = int(event.new)

    def _on_overlay(self, event: Any) -> None:
        self.session.overlays = ["path"] if event.new else []

    def _on_settings(self, _event: Any) -> None:
        self.settings.mode = self.mode.value
        self.settings.players = int(self.players.value or 0)
        self.settings.zones = tuple(self.zones.value or ())

    def _on_tab(self, event: Any) -> None:
        self.odds.active = event.new == ODDS_TAB
        self.odds.refresh()
        self.editor.show(event.new == EDITOR_TAB)

    def _preview(self) -> tuple[int | None, Any]:
        mover, preview = self.hand.preview()
        return mover, preview if "path" in self.session.overlays else None

    def _show_preview(self) -> None:
        """Redraw only the previewed path on the track (a pick in the hand panel)."""
        mover, preview = self._preview()
        self.track.show_preview(preview, mover)

    def _show_overlays(self) -> None:
        """The path switch changed: redraw the track's path preview only."""
        want = "path" in self.session.overlays
        if self.path_toggle.value != want:
            self.path_toggle.value = want
        self._show_preview()

    def _seat(self) -> int:
        return min(self.session.selected, self.session.state.players - 1)

    def _show_selection(self) -> None:
        """Another racer chosen: its ring on the track, the picker, the standings' highlight,
        and the panels about it (tweak, odds); not the log, the hand or the result."""
        sel = self._seat()
        self.track.show_selection(sel)
        if self.racer_select.value != sel:
            self.racer_select.value = sel
        self._show_standings()
        self.tweak.refresh()
        self.odds.refresh()

    def _show_standings(self) -> None:
        s = self.session
        set_text(self.standings, standings_html(s.state, s.rules, s.player_names, self._seat()))

    def _redraw_track(self) -> None:
        s = self.session
        state: SonicState = s.state
        boss_name, boss_card = "", ""
        if state.boss is not None:
            bf = s.rules.facts.bosses.get(state.boss.id)
            if bf is not None:
                boss_name = bf.name
                if state.boss.card in bf.cards:
                    bc = bf.cards[state.boss.card]
                    boss_card = f"{bc.name} (priority {bc.priority})"
        self.track.selected = self._seat()
        self.track.show_state(state, names=s.player_names, boss_name=boss_name, boss_card=boss_card)

    def refresh(self) -> None:
        """Redraw what shows the game state: the hand, the track, the racer picker, the
        standings, the result, the Tweak tab and the Odds tab while shown."""
        s = self.session
        state: SonicState = s.state
        self._redraw_track()  # the path preview follows once the hand offers this state's paths
        self.hand.refresh()
        self._show_preview()
        self.racer_select.param.update(
            options={f"{i + 1}. {n}": i for i, n in enumerate(s.player_names)}, value=self._seat()
        )
        self._show_standings()
        if s.is_over:
            ended = state.end_reason or "the game is over"
            win = ", ".join(s.player_names[w] for w in state.winners) or "nobody"
            rank = f" · solo rank **{state.rank}**" if state.rank else ""
            set_text(self.result, f"🏁 {esc(ended)} · winner: **{esc(win)}**{rank}")
        else:
            set_text(self.result, "")
        self.tweak.refresh()
        self.odds.refresh()


def sonic_app(
    seed: int = 0,
    *,
    scenario: str | None = None,
    mode: Mode | str | None = None,
    players: int = 0,
    zones: tuple[Zone | str, ...] = (),
    template: bool = False,
    game: str | None = None,
) -> SonicDashboard:
    """A fresh Battle Racers dashboard with its own game.

    ``scenario`` starts from a bundled scenario title, ``game`` from a share
    token; otherwise a random game from ``seed`` (``mode``, ``players`` and
    ``zones`` shape it; left empty, the seed chooses). Served pages also read
    ``?game=<token>`` from the URL; a bad token shows an error on the page and
    the default game is used.
    """
    use_local_resources()
    settings = RandomSettings(
        Mode(mode) if mode is not None else None,
        int(players),
        tuple(Zone(z) for z in zones),
    )
    session = GameSession(sonic_kit(settings), seed=seed)
    if scenario is not None:
        session.load_scenario(scenario)
    open_shared_game(session, game)
    return SonicDashboard(session, settings, template=template)
