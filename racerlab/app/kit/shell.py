"""The dashboard shell: one layout and one way of keeping panels up to date, for every game.

A game's dashboard is a :class:`DashboardShell` plus its own panels, each declared
once by name in a :class:`PanelSpec`::

    PanelSpec("odds", "Odds", build=lambda d: OddsPanel(d.session),
              refresh_on=("state_version", "selected"))

The shell then does the rest, the same way for every game:

* **Layout.** The plot and the side column share a wrapping row (the side column
  goes under the plot when the page is too narrow for both), the tabs follow,
  the step and game controls go to the sidebar (the page template's, or a
  column beside the dashboard in a notebook). Presenter mode is a layout of its
  own (:mod:`racerlab.app.panels.presenter`): the plot fills the screen's height with a
  compact odds column beside it, the step bar above it, no sidebar, no tabs.
* **Lazy tabs.** A tab's panel is built the first time the tab is shown (or
  the first time code asks for it, :meth:`DashboardShell.panel`), filled with
  the game's numbers before it is put in the tab; until then the tab holds a
  spinner saying what is loading. Nobody sees a tab's defaults or a stale value.
* **Refresh by change.** One watcher on the session: a change of a parameter a
  panel lists in ``refresh_on`` refreshes that panel if it is shown, else marks
  it stale; a stale panel is refreshed when it is shown again.
* **Tabs by name.** :meth:`DashboardShell.show_tab` and :attr:`DashboardShell.shown_tab`
  use the spec's name, never a position.

This follows Panel's guidance for larger apps: the dashboard is a
:class:`panel.viewable.Viewer`, state lives in a ``param.Parameterized`` model
(:class:`~racerlab.app.kit.session.GameSession`) that views watch through param,
and what is not on screen is not built or computed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import panel as pn
import param

from .controls import ScenarioControls, StepControls, redraw_guard
from .hand_seat import HAND_HELP
from .messages import MessageBanner
from .session import GameSession

__all__ = [
    "MAIN",
    "SIDE",
    "SIDE_WIDTH",
    "TAB",
    "DashboardShell",
    "GamePanels",
    "PanelSpec",
    "loading",
]

TAB, SIDE, MAIN = "tab", "side", "main"
"""Where a panel goes: a tab (built when first shown), the column beside the plot, or
above the tabs (both built with the dashboard)."""

SIDE_WIDTH = 440
"""Width (px) of the column beside the plot (it wraps under the plot on narrow pages)."""
PLOT_MIN_WIDTH = 480
"""Narrowest the plot gets beside the side column before the column wraps under it."""
SIDEBAR_WIDTH = 300
"""Width (px) of the controls column beside a dashboard in a notebook cell."""
TABS_CSS = ".bk-headers-wrapper { flex-wrap: wrap; overflow: visible; }"
"""The tabs' titles wrap onto a second line in a narrow column rather than run out of it."""
PAGE_ROOM = "calc(100vh - 58px)"
"""Height of the board beside the side column in a page: the window's, less the slim page
header and the main area's padding (the board is drawn to fit it, to scale)."""
CELL_ROOM = "640px"
"""Height of the board beside the side column in a notebook cell (no window to fit)."""


@dataclass(frozen=True, slots=True)
class PanelSpec:
    """One panel of a dashboard, declared by name.

    ``build(dashboard)`` makes the panel; ``refresh(dashboard, panel)`` brings it up
    to date (``panel.refresh()`` when not given); it runs when a session parameter
    in ``refresh_on`` changes while the panel is shown. A panel with no
    ``refresh_on`` (and no ``refresh``) follows the session itself. ``while_hidden`` panels are
    refreshed even when hidden (one that feeds what the plot shows). ``on_show(panel,
    shown)`` tells a panel it was shown or hidden (by default its ``active`` is set, if it
    has one: the odds panels work only while shown).
    """

    name: str
    title: str
    build: Callable[[Any], Any]
    refresh_on: tuple[str, ...] = ("state_version",)
    place: str = TAB
    refresh: Callable[[Any, Any], None] | None = None
    while_hidden: bool = False
    on_show: Callable[[Any, bool], None] | None = None


def loading(title: str) -> pn.indicators.LoadingSpinner:
    """What a tab shows until its panel is built and filled: a spinner and its name."""
    return pn.indicators.LoadingSpinner(
        value=True, size=28, label=f"Loading {title}…", css_classes=["rl-loading"], margin=10
    )


def _flex(basis: str) -> dict[str, str]:
    return {"flex": basis}


class DashboardShell(pn.viewable.Viewer):
    """The page every game's dashboard is: plot, side column, tabs and sidebar, built from
    the subclass's :attr:`PANELS` and kept up to date from the session's changes.

    A subclass sets :attr:`TITLE` and :attr:`PANELS`, builds its plot (``plot_pane``)
    and sidebar items in its ``__init__`` after calling this one, then calls
    :meth:`build_page`. What it may use or override besides: :meth:`racer_picker` and
    :meth:`offer_racers` (the side column's racer picker, for a :class:`PanelSpec`),
    :meth:`selected_seat`, :meth:`game_controls`, :meth:`is_built` and
    :meth:`refresh_panels`; a page frame takes :meth:`main_area` and :meth:`sidebar_area`.
    """

    template = param.Boolean(default=False, doc="Wrap in the racerlab page template.")
    presenting = param.Boolean(default=False, doc="Show the presenter layout.")

    TITLE = ""
    """The page's title."""
    PANELS: tuple[PanelSpec, ...] = ()
    """The dashboard's panels, in the order they are laid out (and refreshed)."""
    PLOT_BESIDE_SIDE = True
    """The side column sits beside the plot (a square board); else beside the tabs (a
    long, flat track that needs the page's width)."""
    HAND_HELP = HAND_HELP
    """Where the status sends a seat played by hand to make its choice."""
    BOARD_HEIGHT: str | None = None
    """The board's height in the ordinary layout (CSS); ``None``: as high as the window
    allows (a square board beside the side column)."""
    TABS_AFTER: str | None = None
    """The side panel after which the tabs go in the side column (a square board: so a
    tab's controls and the board are on screen together); ``None``: under the plot."""

    plot_pane: Any = None
    """The plot's pane (``None``: no plot; the first side panel takes its place)."""
    presenter: Any = None
    """The dashboard's :class:`~racerlab.app.panels.presenter.Presenter`, if it has one."""

    def __init__(self, session: GameSession, template: bool = False, **params: Any) -> None:
        super().__init__(template=template, **params)
        self.session = session
        self._specs = {spec.name: spec for spec in self.PANELS}
        self._tab_names = [spec.name for spec in self.PANELS if spec.place == TAB]
        self._panels: dict[str, Any] = {}
        self._refreshers: dict[str, Callable[[], None]] = {}
        self._stale: set[str] = set()
        self.tabs: pn.Tabs | None = None
        self.banner = MessageBanner(session)
        self.steps = StepControls(session, hand_help=self.HAND_HELP)
        self.scenarios = ScenarioControls(session)
        # sized by its children: a board that stretches both ways makes the body do so too
        self._body = pn.Column()
        self._sidebar_col = pn.Column(sizing_mode="stretch_width")
        self._holder: pn.Column | None = None
        self._board_box: Any = None
        self._in_page = False  # in a page frame (sized from the window), or a notebook cell

    # -- set-up ------------------------------------------------------------------------------
    def build_page(self, presenting: bool = False) -> None:
        """Build the side panels and the first tab, watch the session, lay the page out."""
        for spec in self.PANELS:
            if spec.place != TAB:
                self._make(spec.name)
        if self._tab_names:
            first = self._tab_names[0]
            self._make(first)
            self.tabs = pn.Tabs(
                *[
                    (self._specs[n].title, self._panels.get(n) or loading(self._specs[n].title))
                    for n in self._tab_names
                ],
                dynamic=True,  # a hidden tab's content is sent to the page when first shown
                sizing_mode="stretch_width",
                stylesheets=[TABS_CSS],
                # as tall as the tab shown: Bokeh caps a box at its parent's height, so in the
                # side column (as high as the window) a long tab ran over the panels under it
                styles={"max-height": "none"},
            )
            self.tabs.param.watch(self.session.guarded(self._on_tab, "switch tab"), "active")
            self._shown(first, True)
        names = sorted({n for spec in self.PANELS for n in spec.refresh_on})
        if names:
            self.session.param.watch(self._on_change, names)
        for name in list(self._panels):
            self._refresh_panel(name)
        self._sidebar_col.objects = [
            self.steps,
            self.scenarios,  # headed "Game" by its own first line
            *self.game_controls(),
        ]
        self.param.watch(self.session.guarded(self._on_presenting, "presenter mode"), "presenting")
        if presenting:
            self.presenting = True
        else:
            self._lay_out()

    def _make(self, name: str) -> Any:
        spec = self._specs[name]
        panel = spec.build(self)
        self._panels[name] = panel
        refresh = spec.refresh
        if refresh is not None:
            self._refreshers[name] = redraw_guard(self.session, lambda: refresh(self, panel))
        elif spec.refresh_on and hasattr(panel, "refresh"):
            self._refreshers[name] = redraw_guard(self.session, panel.refresh)
        # a panel listing no session parameters follows the session itself
        return panel

    # -- panels by name ----------------------------------------------------------------------
    def panel(self, name: str) -> Any:
        """The panel called ``name``, built and up to date (a tab's, even while hidden)."""
        if name not in self._specs:
            raise KeyError(f"no panel {name!r} (this dashboard has {', '.join(self._specs)})")
        if name not in self._panels:
            self._fill(name)
        elif name in self._stale:
            self._refresh_panel(name)
        return self._panels[name]

    def is_built(self, name: str) -> bool:
        """Whether the panel called ``name`` has been built (a tab's is, once first shown
        or asked for)."""
        return name in self._panels

    @property
    def tab_names(self) -> list[str]:
        """The tabs' panel names, in the order they are shown."""
        return list(self._tab_names)

    @property
    def shown_tab(self) -> str | None:
        """The name of the tab shown (``None`` without tabs)."""
        return None if self.tabs is None else self._tab_names[self.tabs.active]

    def show_tab(self, name: str) -> Any:
        """Show the tab called ``name``; returns its panel."""
        if name not in self._tab_names:
            raise KeyError(f"no tab {name!r} (this dashboard has {', '.join(self._tab_names)})")
        assert self.tabs is not None
        self.tabs.active = self._tab_names.index(name)
        return self.panel(name)

    def is_shown(self, name: str) -> bool:
        """Whether the panel called ``name`` is on screen now."""
        spec = self._specs[name]
        if spec.place == TAB:
            return not self.presenting and self.shown_tab == name
        return not self.presenting

    # -- keeping panels up to date -----------------------------------------------------------
    def _refresh_panel(self, name: str) -> None:
        self._stale.discard(name)
        refresh = self._refreshers.get(name)
        if refresh is not None:
            refresh()

    def refresh_panels(self, *names: str) -> None:
        """Refresh the panels showing the session parameters ``names`` (the shown ones now,
        the hidden ones when next shown), as after a change of those parameters."""
        self._refresh_changed(set(names))

    def _on_change(self, *events: Any) -> None:
        self._refresh_changed({e.name for e in events})

    def _refresh_changed(self, changed: set[str]) -> None:
        for spec in self.PANELS:
            if spec.name not in self._panels or not changed.intersection(spec.refresh_on):
                continue
            if spec.while_hidden or self.is_shown(spec.name):
                self._refresh_panel(spec.name)
            else:
                self._stale.add(spec.name)

    def _shown(self, name: str, on: bool) -> None:
        """Tell a built panel it was shown or hidden (its costly parts work only while shown)."""
        panel = self._panels.get(name)
        if panel is None:
            return
        on_show = self._specs[name].on_show
        if on_show is not None:
            on_show(panel, on)
        elif hasattr(panel, "active"):
            panel.active = on

    def _fill(self, name: str) -> None:
        """Build a tab's panel, fill it with the game's numbers, then put it in its tab."""
        panel = self._make(name)
        self._shown(name, self.is_shown(name))
        self._refresh_panel(name)
        if self.tabs is not None and name in self._tab_names:
            self.tabs[self._tab_names.index(name)] = (self._specs[name].title, panel)

    def _on_tab(self, event: Any) -> None:
        old = self._tab_names[event.old] if event.old is not None else None
        new = self._tab_names[event.new]
        if old is not None and old != new:
            self._shown(old, False)
        if new not in self._panels:
            self._later(lambda: self._fill(new) if new not in self._panels else None)
            return
        self._shown(new, True)
        if new in self._stale:
            self._refresh_panel(new)

    def _later(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the next turn of the page's event loop (at once outside a server),
        so the page shows the tab's spinner while its panel is built."""
        from ..server.offload import in_server

        doc = in_server()
        if doc is None:
            fn()
        else:
            doc.add_next_tick_callback(self.session.guarded(fn, "open a tab"))

    def _on_presenting(self, event: Any) -> None:
        if self.presenter is not None:
            self.presenter.show(bool(event.new))
        self._lay_out()
        for name in list(self._stale):
            if self.is_shown(name):
                self._refresh_panel(name)

    # -- a click on a racer selects it --------------------------------------------------------
    def select_on_click(self, figure: Any, racer_at: Callable[[float, float], int | None]) -> None:
        """A click (tap) on ``figure`` selects the racer ``racer_at(x, y)`` finds there (no
        racer there: nothing changes), in every layout; no Bokeh model is added."""
        from bokeh.events import Tap

        def on_tap(event: Any) -> None:
            if event.x is None or event.y is None:
                return
            seat = racer_at(float(event.x), float(event.y))
            if seat is not None and seat != self.session.selected:
                self.session.selected = seat

        guarded = self.session.guarded(on_tap, "select a racer")
        figure.on_event(Tap, lambda event: guarded(event))  # Bokeh wants func(event)

    # -- the racer picker every game's side column has ---------------------------------------
    def selected_seat(self) -> int:
        """The selected seat, within the seats the game has."""
        return min(self.session.selected, len(self.session.player_names) - 1)

    def racer_picker(self) -> pn.widgets.Select:
        """The "Selected racer" picker (filled by :meth:`offer_racers`)."""
        self.racer_select = pn.widgets.Select(
            label="Selected racer",
            options={},
            css_classes=["rl-racer-picker"],
            sizing_mode="stretch_width",
        )
        self.racer_select.param.watch(
            self.session.guarded(self._on_select, "select racer"), "value"
        )
        return self.racer_select

    # the picker is also set from the session; setting the session's own value back fires
    # nothing, so there is no echo to guard against
    def _on_select(self, event: Any) -> None:
        if event.new is not None:
            self.session.selected = int(event.new)

    def offer_racers(self) -> None:
        """The picker offers every seat by number and name, the selected one chosen."""
        s = self.session
        self.racer_select.param.update(
            options={f"{i + 1}. {n}": i for i, n in enumerate(s.player_names)},
            value=self.selected_seat(),
        )

    # -- layout ------------------------------------------------------------------------------
    def _side_panels(self, place: str) -> list[Any]:
        return [self._panels[s.name] for s in self.PANELS if s.place == place]

    def game_controls(self) -> list[Any]:
        """The game's own controls, under the shared ones in the sidebar."""
        return []

    def sidebar_area(self) -> list[Any]:
        """The page's sidebar: the step and game controls (hidden while presenting)."""
        return [self._sidebar_col]

    def _plot_row(self, *beside: Any) -> Any:
        """The plot with ``beside`` next to it, wrapping under it on narrow pages."""
        return pn.FlexBox(*beside, flex_wrap="wrap", align_items="flex-start", **_wide())

    def _normal(self) -> list[Any]:
        side_panels = self._side_panels(SIDE)
        head: list[Any] = [self.banner]
        top: list[Any] = []
        if self.presenter is not None:
            top = [self.presenter.toggle, self.presenter.page]
        plot = self.plot_pane
        tabs = [self.tabs] if self.tabs is not None else []
        mains = self._side_panels(MAIN)
        if plot is not None and self.PLOT_BESIDE_SIDE:
            after = self.TABS_AFTER
            cut = len(side_panels)
            if after is not None and after in self._panels:
                cut = side_panels.index(self._panels[after]) + 1
            side = pn.Column(
                *top, *side_panels[:cut], *tabs, *side_panels[cut:], *mains,
                width=SIDE_WIDTH,
                styles={**_flex(f"0 0 {SIDE_WIDTH}px"), "height": self._room(),
                        "overflow-y": "auto"},
            )  # fmt: skip
            return [*head, self._plot_row(self.board_holder(), side)]
        side = pn.Column(*top, *side_panels, width=SIDE_WIDTH, styles=_flex(f"0 0 {SIDE_WIDTH}px"))
        rest = pn.Column(*mains, *tabs, styles=_flex(f"1 1 {PLOT_MIN_WIDTH}px"), **_wide())
        board = [self.board_box()] if plot is not None else []
        return [*head, *board, self._plot_row(rest, side)]

    def _room(self) -> str:
        if self.BOARD_HEIGHT is not None:
            return self.BOARD_HEIGHT
        return PAGE_ROOM if self._in_page else CELL_ROOM

    def board_box(self, height: str | None = None) -> Any:
        """The board's own box across the page, holding :meth:`board_holder` ``height`` high
        (the ordinary layout's room when ``None``).

        Its own box: were the board straight in the page's column, Bokeh would lay out that
        column's plots only, never the charts drawn later in the tabs below. One box for the
        page's life, used by the presenter layout too: a plot moved into a new box when the
        layout switched left Bokeh measuring the plot's old view (a page error).
        """
        holder = self.board_holder()
        holder.styles = {**holder.styles, "height": height or self._room()}
        if self._board_box is None:
            self._board_box = self._plot_row(holder)
        return self._board_box

    def board_holder(self) -> pn.Column:
        """The box the plot fills in the ordinary layout: a square board as high as the
        window allows, beside the side column (under it on a narrow page); a flat one
        :attr:`BOARD_HEIGHT` high, across the page."""
        holder = self._holder
        if holder is None:
            holder = self._holder = pn.Column(
                sizing_mode="stretch_both",
                styles={**_flex(f"1 1 {PLOT_MIN_WIDTH}px"), "height": self._room(),
                        "min-height": "360px"},
                css_classes=["rl-board"],
            )  # fmt: skip
        holder.objects = [self.plot_pane]
        return holder

    def _lay_out(self) -> None:
        if self.presenting and self.presenter is not None:
            self._body.objects = self.presenter.layout(self.banner)
        else:
            self._body.objects = self._normal()
        self._sidebar_col.visible = not self.presenting

    def main_area(self, in_page: bool = True) -> list[Any]:
        """The page's main area (one column the presenter switch re-lays); ``in_page``: in
        a page frame, where the board is sized from the window (else from a notebook cell)."""
        if in_page != self._in_page:
            self._in_page = in_page
            if self._holder is not None:
                self._holder.styles = {**self._holder.styles, "height": self._room()}
            if not self.presenting:
                self._lay_out()
        return [self._body]

    def __panel__(self) -> pn.viewable.Viewable:
        if self.template:
            from .landing import dashboard_template

            return dashboard_template(
                self.TITLE, main=self.main_area(), sidebar=[self._sidebar_col]
            )
        self._sidebar_col.param.update(
            sizing_mode=None, width=SIDEBAR_WIDTH, styles=_flex(f"0 0 {SIDEBAR_WIDTH}px")
        )
        title = pn.pane.Markdown(f"## {self.TITLE}", margin=(0, 5))
        main = pn.Column(title, *self.main_area(in_page=False), styles=_flex("1 1 640px"))
        # controls beside the dashboard in a wide cell; in a narrow one (JupyterLab with
        # its side bar open) the dashboard wraps above them ("wrap-reverse": the second
        # line goes on top; "flex-end" is then the top of the line)
        return pn.FlexBox(
            self._sidebar_col,
            main,
            flex_wrap="wrap-reverse",
            align_items="flex-end",
            **_wide(),
        )


class GamePanels:
    """The panels a game's own dashboard declares, by name (each built when first asked
    for, through :meth:`DashboardShell.panel`)."""

    standings = property(lambda self: self.panel("standings"), doc="The standings table.")
    result = property(lambda self: self.panel("result"), doc="The game's result line.")
    log = property(lambda self: self.panel("log"), doc="The event log.")
    hand = property(lambda self: self.panel("hand"), doc='The "Play by hand" tab.')
    tweak = property(lambda self: self.panel("tweak"), doc='The "Tweak racer" tab.')
    odds = property(lambda self: self.panel("odds"), doc='The "Odds" tab.')
    simulation = property(lambda self: self.panel("simulation"), doc='The "Simulate" tab.')
    editor = property(lambda self: self.panel("editor"), doc='The "Edit position" tab.')


def _wide() -> dict[str, Any]:
    return {"sizing_mode": "stretch_width"}
