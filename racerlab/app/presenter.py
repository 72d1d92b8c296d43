"""Presenter mode: a dashboard made for a projector.

Switched on by the "Presenter mode" toggle or the URL flag ``?presenter=1``. It hides
the sidebar (the page template's, and the step and game controls themselves),
enlarges the plot and its fonts and the page's text, and shows a bar with Back and
Step buttons and "the odds from here" for the selected racer (the editor models'
:meth:`odds`), so the class sees the game and the numbers while the teacher steps.

>>> from racerlab.app.knights_dashboard import knights_app
>>> app = knights_app(seed=1, players=2)
>>> p = app.presenter
>>> p.toggle.value = True
>>> app.steps.visible, p.bar.visible, app.arena.figure.title.text_font_size
(False, True, '22.5pt')
>>> p.toggle.value = False
>>> app.steps.visible, app.arena.figure.title.text_font_size
(True, '15pt')
"""

from __future__ import annotations

from typing import Any

import panel as pn

from ..viz.editing import scale_fonts
from .controls import enable_steps, redraw_on
from .editor import KnightsEditor, SonicEditor
from .escape import text as esc

__all__ = ["PLOT_SCALE", "TEXT_SCALE", "Presenter", "presenter_for"]

PLOT_SCALE = 1.5
"""How much taller the plot is in presenter mode."""
TEXT_SCALE = 1.5
"""How much larger the plot's fonts and the page's text are in presenter mode."""

_PAGE_JS = """
const on = cb_obj.value;
let css = document.getElementById('rl-presenter-css');
if (!css) {
  css = document.createElement('style');
  css.id = 'rl-presenter-css';
  css.textContent = 'body.rl-presenter #sidebar {display: none !important;} ' +
    'body.rl-presenter #main {margin-left: 0 !important; max-width: 100% !important; ' +
    'flex: 1 1 100% !important;} body.rl-presenter {font-size: 150%;}';
  document.head.appendChild(css);
}
document.body.classList.toggle('rl-presenter', on);
"""


class Presenter(pn.viewable.Viewer):
    """The presenter toggle and bar for one dashboard (hidden bar until switched on)."""

    def __init__(
        self, session: Any, model: Any, figure: Any, pane: Any, hide: list[Any], **params: Any
    ) -> None:
        super().__init__(**params)
        self.session, self.model, self.figure, self.pane, self.hide = (
            session,
            model,
            figure,
            pane,
            hide,
        )
        g = session.guarded
        self.toggle = pn.widgets.Toggle(
            label="Presenter mode", css_classes=["rl-presenter-toggle"], width=160
        )
        self.toggle.jscallback(value=_PAGE_JS)
        self.toggle.param.watch(g(lambda e: self.show(bool(e.new)), "presenter mode"), "value")
        big = dict(styles={"font-size": "1.4em"}, min_width=120, height=56)
        back = pn.widgets.Button(label="◀ Back", **big)
        step = pn.widgets.Button(label="Step", color="primary", **big)
        turn = pn.widgets.Button(label="Player ▶", color="primary", **big)
        back.on_click(g(lambda e: session.back(), "back"))
        step.on_click(g(lambda e: session.step("action"), "step"))
        turn.on_click(g(lambda e: session.step("turn"), "step a turn"))
        self._back, self._forward = back, (step, turn)
        self.status = pn.pane.HTML("", styles={"font-size": "1.5em"})
        self.odds = pn.pane.HTML("", styles={"font-size": "1.4em"}, sizing_mode="stretch_width")
        self.bar = pn.Column(
            pn.Row(back, step, turn, self.status), self.odds, visible=False, **_wide()
        )
        self._fonts: dict[str, str] | None = None
        self._sizes = (
            pane.height or figure.height,
            getattr(pane, "min_height", None) or figure.min_height,
        )
        # its status line and odds show the state, the selected racer and who plays each seat
        redraw_on(session, self.refresh, "state_version", "selected", "controllers")
        self._layout = pn.Column(self.toggle, self.bar, **_wide())
        args = getattr(pn.state, "session_args", None) or {}
        if [v for v in args.get("presenter", []) if v in (b"1", "1", b"true", "true")]:
            pn.state.onload(lambda: setattr(self.toggle, "value", True))

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def show(self, on: bool) -> None:
        """Switch presenter mode on or off."""
        for w in self.hide:
            w.visible = not on
        self.bar.visible = on
        self._fonts = scale_fonts(self.figure, TEXT_SCALE if on else 1.0, self._fonts)
        height, min_height = self._sizes
        k = PLOT_SCALE if on else 1.0
        # the figure is the pane's model: size it directly. Setting the pane's own height
        # makes Panel copy the rendered figure's properties back onto the pane, and its
        # stylesheets are objects the pane refuses (a TypeError in a served page).
        if height:
            self.figure.height = int(height * k)
        if min_height:
            self.figure.min_height = int(min_height * k)
        self.refresh()

    def refresh(self) -> None:
        """Status line and odds for the selected racer (only while presenting)."""
        if not self.bar.visible:
            return
        s = self.session
        enable_steps(s, self._back, self._forward)
        seat = min(s.selected, len(s.player_names) - 1)
        self.status.object = esc(s.status())
        rows = "".join(
            f"<tr><td>{esc(o.label)}</td><td>{esc(o.words)}</td><td><b>{o.p:.0%}</b></td></tr>"
            for o in self.model.odds(seat)
        )
        who = esc(f"{seat + 1}. {s.player_names[seat]}")
        self.odds.object = (
            f'<table id="rl-presenter-odds"><caption>Odds from here for {who}</caption>'
            f"{rows}</table>"
        )


def _wide() -> dict[str, Any]:
    return {"sizing_mode": "stretch_width"}


def presenter_for(dashboard: Any) -> Presenter:
    """The presenter for a Racer Knights or Battle Racers dashboard."""
    s = dashboard.session
    hide = [w for w in (getattr(dashboard, n, None) for n in _SIDEBAR) if w is not None]
    if hasattr(dashboard, "arena"):
        return Presenter(s, KnightsEditor(s), dashboard.arena.figure, dashboard.arena_pane, hide)
    return Presenter(s, SonicEditor(s), dashboard.track.figure, dashboard.track_pane, hide)


_SIDEBAR = ("steps", "scenarios", "mode", "players", "zones")
"""Dashboard attributes that live in the sidebar (hidden while presenting)."""
