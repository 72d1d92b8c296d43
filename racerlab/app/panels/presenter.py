"""Presenter mode: a layout of its own, made for a projector.

Switched on by the "Presenter mode" toggle, the URL flag ``?presenter=1`` (read by
:func:`racerlab.app.server.page_args.url_presenter`; served pages read it on the event
loop and pass it to the dashboard's factory) or a factory's ``presenter=True``.
The dashboard shell (:mod:`racerlab.app.kit.shell`) then lays the page out anew: a
bar with Back, Step and Player buttons and the status line on top, the plot
filling the rest of the screen's height with its fonts enlarged, and a compact
column of "the odds from here" for the selected racer beside it (under it on a
narrow page). The sidebar and the tabs are hidden; in a page template a small
page component (:class:`PageMode`) hides the template's sidebar and enlarges
the page's text.

>>> from racerlab.app.knights.dashboard import knights_app
>>> app = knights_app(seed=1, players=2)
>>> p = app.presenter
>>> p.toggle.value = True
>>> app.presenting, p.bar.visible, app.arena.figure.title.text_font_size
(True, True, '22.5pt')
>>> p.toggle.value = False
>>> app.presenting, app.arena.figure.title.text_font_size
(False, '15pt')
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from ...viz.editing import scale_fonts
from ..kit.escape import text as esc
from ..kit.redraw import back_now, enable_steps, redraw_on, set_text
from ..server.jobs import step_later

__all__ = [
    "ODDS_WIDTH",
    "PLOT_ROOM",
    "TEXT_SCALE",
    "PageMode",
    "Presenter",
    "presenter_for",
]

TEXT_SCALE = 1.5
"""How much larger the plot's fonts and the page's text are in presenter mode."""
ODDS_WIDTH = 330
"""Width (px) of the odds column beside the plot."""
PLOT_ROOM = "calc(100vh - 150px)"
"""The plot's height in presenter mode beside the odds: the screen's, less the page header
and the bar."""
PLOT_ROOM_ABOVE_ODDS = "calc(100vh - 260px)"
"""The plot's height in presenter mode with the odds under it (a long, flat track)."""

_ODDS_CSS = """
:host { font-size: 1.15em; }
.rl-po-head { font-weight: 600; margin-bottom: 6px; }
ul { list-style: none; margin: 0; padding: 0; }
li { padding: 5px 0; border-bottom: 1px solid #e2e2e2; line-height: 1.35; }
li .p { font-weight: 700; white-space: nowrap; }
:host(.rl-po-wide) ul { display: flex; flex-wrap: wrap; column-gap: 28px; }
"""

PAGE_CSS = (
    "body.rl-presenter #sidebar.sidenav {display: none !important;} "
    "body.rl-presenter #main.col {margin-left: 0 !important; max-width: 100% !important; "
    "flex: 1 1 100% !important; font-size: 150%;}"
)
"""What presenter mode changes in the page template (nothing outside it, e.g. JupyterLab)."""


class PageMode(JSComponent):
    """Puts the page in presenter mode (a class on ``<body>``) whenever it is drawn or its
    ``presenting`` changes, so a page opened with ``?presenter=1`` starts that way."""

    presenting = param.Boolean(default=False, doc="Whether the page is in presenter mode.")

    _esm = (
        "const CSS = " + repr(PAGE_CSS) + ";\n"
        """
export function render({ model }) {
  if (!document.getElementById('rl-presenter-css')) {
    const css = document.createElement('style');
    css.id = 'rl-presenter-css';
    css.textContent = CSS;
    document.head.appendChild(css);
  }
  const apply = () => document.body.classList.toggle('rl-presenter', model.presenting);
  apply();
  model.on('presenting', apply);
}
"""
    )


class Presenter(pn.viewable.Viewer):
    """The presenter switch of one dashboard, and the presenter layout's own pieces (the
    step bar and the odds column, built the first time presenter mode is on)."""

    def __init__(self, dashboard: Any, model: Any, figure: Any, **params: Any) -> None:
        super().__init__(**params)
        self.dashboard, self.session, self.model, self.figure = (
            dashboard,
            dashboard.session,
            model,
            figure,
        )
        self.toggle = pn.widgets.Toggle(
            label="Presenter mode", css_classes=["rl-presenter-toggle"], width=160
        )
        self.page = PageMode(width=0, height=0, margin=0)
        # the switch and the dashboard's layout follow each other (set only on a difference)
        self.toggle.param.watch(self._on_toggle, "value")
        dashboard.param.watch(self._on_presenting, "presenting")
        self.bar: pn.Row | None = None
        self.status: pn.pane.HTML | None = None
        self.odds: pn.pane.HTML | None = None
        self._fonts: dict[str, str] | None = None
        self._figure_sizes: dict[str, Any] | None = None
        # its status line and odds show the state, the selected racer and who plays each seat
        redraw_on(self.session, self.refresh, "state_version", "selected", "controllers")

    def __panel__(self) -> pn.viewable.Viewable:
        return self.toggle

    def _on_toggle(self, event: Any) -> None:
        if self.dashboard.presenting != bool(event.new):
            self.dashboard.presenting = bool(event.new)

    def _on_presenting(self, event: Any) -> None:
        if self.toggle.value != bool(event.new):
            self.toggle.value = bool(event.new)
        self.page.presenting = bool(event.new)

    def _build(self) -> None:
        g = self.session.guarded
        big = dict(styles={"font-size": "1.3em"}, min_width=110, height=52)
        back = pn.widgets.Button(label="◀ Back", **big)
        step = pn.widgets.Button(label="Step", color="primary", **big)
        turn = pn.widgets.Button(label="Player ▶", color="primary", **big)
        # the same off-loop, turn-taking steps as the sidebar's buttons
        back.on_click(g(lambda e: back_now(self.session), "back"))
        step.on_click(g(lambda e: step_later(self.session, "action", "step"), "step"))
        turn.on_click(g(lambda e: step_later(self.session, "turn", "step a turn"), "step a turn"))
        self._back, self._forward = back, (step, turn)
        self.status = pn.pane.HTML("", styles={"font-size": "1.3em"}, margin=(14, 10))
        self.bar = pn.Row(back, step, turn, self.status, sizing_mode="stretch_width")
        beside = self.dashboard.PLOT_BESIDE_SIDE
        size: dict[str, Any] = (
            dict(width=ODDS_WIDTH, styles={"flex": f"0 1 {ODDS_WIDTH}px"})
            if beside
            else dict(sizing_mode="stretch_width", css_classes=["rl-po-wide"])
        )
        self.odds = pn.pane.HTML("", stylesheets=[_ODDS_CSS], margin=(5, 10), **size)
        room = PLOT_ROOM if beside else PLOT_ROOM_ABOVE_ODDS
        self._holder = pn.Column(
            self.dashboard.plot_pane,
            sizing_mode="stretch_both",  # the plot stretches both ways in it
            styles={"flex": "1 1 480px", "height": room, "min-height": "300px"},
        )

    def layout(self, banner: Any) -> list[Any]:
        """The presenter layout: bar, banner, and the plot with the odds beside it."""
        if self.bar is None:
            self._build()
        assert self.bar is not None
        top = pn.Row(self.toggle, self.page, self.bar, sizing_mode="stretch_width")
        if not self.dashboard.PLOT_BESIDE_SIDE:
            return [top, banner, self._holder, self.odds]
        row = pn.FlexBox(
            self._holder,
            self.odds,
            flex_wrap="wrap",
            align_items="flex-start",
            sizing_mode="stretch_width",
        )
        return [top, banner, row]

    def show(self, on: bool) -> None:
        """Enlarge the plot's fonts and let it fill the presenter layout (or put it back)."""
        if on and self.bar is None:
            self._build()
        self._fonts = scale_fonts(self.figure, TEXT_SCALE if on else 1.0, self._fonts)
        fig = self.figure
        if on:
            if self._figure_sizes is None:
                self._figure_sizes = {
                    k: getattr(fig, k) for k in ("sizing_mode", "height", "min_height")
                }
            fig.update(sizing_mode="stretch_both", min_height=300)
        elif self._figure_sizes is not None:
            fig.update(**self._figure_sizes)
        if self.bar is not None:
            self.bar.visible = on
        self.refresh()

    def refresh(self) -> None:
        """Status line and odds for the selected racer (only while presenting)."""
        if self.bar is None or not self.dashboard.presenting:
            return
        assert self.status is not None and self.odds is not None
        s = self.session
        enable_steps(s, self._back, self._forward)
        seat = min(s.selected, len(s.player_names) - 1)
        set_text(self.status, esc(s.status()))
        lines = "".join(
            f"<li><b>{esc(o.label)}</b>: {esc(o.words)} <span class='p'>({o.p:.0%})</span></li>"
            for o in self.model.odds(seat)
        )
        who = esc(f"{seat + 1}. {s.player_names[seat]}")
        set_text(
            self.odds,
            f'<div id="rl-presenter-odds"><div class="rl-po-head">Odds from here for {who}'
            f"</div><ul>{lines}</ul></div>",
        )


def presenter_for(dashboard: Any) -> Presenter:
    """The presenter of a Racer Knights or Battle Racers dashboard."""
    from .editor import KnightsEditor, SonicEditor

    s = dashboard.session
    if hasattr(dashboard, "arena"):
        return Presenter(dashboard, KnightsEditor(s), dashboard.arena.figure)
    return Presenter(dashboard, SonicEditor(s), dashboard.track.figure)
