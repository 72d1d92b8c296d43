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
from bokeh.models import Text
from panel.custom import JSComponent

from ...viz.editing import scale_fonts
from ..kit.escape import text as esc
from ..kit.redraw import back_now, enable_steps, redraw_on, set_text
from ..server.jobs import step_later

__all__ = [
    "BACK_KEYS",
    "COLUMN_WIDTH",
    "PLOT_ROOM",
    "STEP_KEYS",
    "TEXT_SCALE",
    "PageMode",
    "Presenter",
    "presenter_for",
]

TEXT_SCALE = 1.5
"""How much larger the plot's title and axis fonts and the page's text are in presenter mode."""
BOARD_TEXT = "16px"
"""Size of every text drawn on the board in presenter mode (numbers, tags, labels)."""
COLUMN_WIDTH = 280
"""Width (px) of the presenter column beside a square board (it fits beside a board as
high as a 1024x768 window)."""
COLUMN_ROOM = f"clamp({COLUMN_WIDTH}px, 24vw, 420px)"
"""The column's width: wider on a wide window (its switches fit on one line)."""
PLOT_ROOM = "calc(100vh - 10px)"
"""The board's height in presenter mode beside the column: the whole window's."""
PLOT_ROOM_ABOVE_ODDS = "calc(100vh - 210px)"
"""The track's height in presenter mode, with the bar and the odds under it."""
STEP_KEYS = frozenset({"PageDown", "ArrowRight", " "})
"""Keys (a clicker's "next") that step the game."""
BACK_KEYS = frozenset({"PageUp", "ArrowLeft"})
"""Keys (a clicker's "previous") that go back one step."""
PRESENTER_KEYS = frozenset({"p", "P"})
"""Keys that switch presenter mode on or off."""
SEAT_KEYS = frozenset("123456789")
"""Keys that select a racer by its number."""

_ODDS_CSS = """
:host { font-size: 1.0em; }
.rl-po-head { font-weight: 600; margin-bottom: 6px; }
ul { list-style: none; margin: 0; padding: 0; }
li { padding: 4px 0; border-bottom: 1px solid #e2e2e2; line-height: 1.3; }
li .p { font-weight: 700; white-space: nowrap; }
:host(.rl-po-wide) ul { display: flex; flex-wrap: wrap; column-gap: 28px; }
"""

PAGE_CSS = (
    "#header.navbar {padding-top: 0 !important; padding-bottom: 0 !important;} "
    "#header .title {font-size: 1.2em !important; line-height: 1.6em !important;} "
    "#main {padding-bottom: 6px !important;} "
    "body.rl-presenter #header {display: none !important;} "
    "body.rl-presenter #sidebar.sidenav {display: none !important;} "
    "body.rl-presenter #main.col {margin-left: 0 !important; max-width: 100% !important; "
    "flex: 1 1 100% !important; font-size: 125%; padding: 4px !important;}"
)
"""What the page template looks like with a dashboard: a slim header; in presenter mode no
header, no sidebar, larger text (nothing outside the template, e.g. JupyterLab)."""

_KEYS_JS = """
const KEYS = new Set(%s);
const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const ROLES = new Set(['slider', 'textbox', 'listbox', 'combobox', 'spinbutton']);
function ignored(e) {
  for (const el of e.composedPath()) {
    if (!(el instanceof Element)) continue;
    if (TYPING.has(el.tagName) || el.isContentEditable) return true;
    if (ROLES.has(el.getAttribute('role'))) return true;
    if (el.classList.contains('noUi-handle')) return true;
    if (e.key === ' ' && el.tagName === 'BUTTON') return true;
  }
  return false;
}
"""
"""Browser side: the keys sent to Python, and where a key is someone typing (in a text box,
a slider or a select, found through shadow roots by the event's composed path)."""


class PageMode(JSComponent):
    """Puts the page in presenter mode (a class on ``<body>``) whenever it is drawn or its
    ``presenting`` changes, so a page opened with ``?presenter=1`` starts that way; and
    sends the page's keys (a clicker's) to Python, except while someone types."""

    presenting = param.Boolean(default=False, doc="Whether the page is in presenter mode.")

    _esm = (
        "const CSS = "
        + repr(PAGE_CSS)
        + ";\n"
        + _KEYS_JS % repr(sorted(STEP_KEYS | BACK_KEYS | PRESENTER_KEYS | SEAT_KEYS))
        + """
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
  const onKey = (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || e.repeat) return;
    if (!KEYS.has(e.key) || ignored(e)) return;
    e.preventDefault();
    model.send_msg({key: e.key});
  };
  // one listener per page: a view drawn again replaces the last one's
  if (window.rlPageKeys) document.removeEventListener('keydown', window.rlPageKeys);
  window.rlPageKeys = onKey;
  document.addEventListener('keydown', onKey);
}
"""
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.on_key: Any = None
        """Called with each key the page sends (``None``: keys are dropped)."""

    def _handle_msg(self, msg: Any) -> None:
        key = msg.get("key") if isinstance(msg, dict) else None
        if isinstance(key, str) and self.on_key is not None:
            self.on_key(key)


class Presenter(pn.viewable.Viewer):
    """The presenter switch of one dashboard, its keys, and the presenter layout's own
    pieces (the step buttons, status line and odds, built the first time presenter mode
    is on). ``carry`` names the dashboard's side panels the layout keeps (the racer picker,
    the overlay switches)."""

    def __init__(
        self, dashboard: Any, model: Any, figure: Any, carry: tuple[str, ...] = (), **params: Any
    ) -> None:
        super().__init__(**params)
        self.dashboard, self.session, self.model, self.figure = (
            dashboard,
            dashboard.session,
            model,
            figure,
        )
        self.carry = carry
        self.toggle = pn.widgets.Toggle(
            label="Presenter mode", css_classes=["rl-presenter-toggle"], width=160
        )
        self.page = PageMode(width=0, height=0, margin=0)
        self.page.on_key = self.session.guarded(self.key, "key")
        # the switch and the dashboard's layout follow each other (set only on a difference)
        self.toggle.param.watch(self._on_toggle, "value")
        dashboard.param.watch(self._on_presenting, "presenting")
        self.bar: pn.Column | None = None
        self.status: pn.pane.HTML | None = None
        self.odds: pn.pane.HTML | None = None
        self._fonts: dict[str, str] | None = None
        self._saved: dict[Any, dict[str, Any]] | None = None
        # its status line and odds show the state, the selected racer and who plays each seat
        redraw_on(self.session, self.refresh, "state_version", "selected", "controllers")
        self.session.param.watch(self._autoplay, "autoplay")

    def __panel__(self) -> pn.viewable.Viewable:
        return self.toggle

    def _on_toggle(self, event: Any) -> None:
        if self.dashboard.presenting != bool(event.new):
            self.dashboard.presenting = bool(event.new)

    def _on_presenting(self, event: Any) -> None:
        if self.toggle.value != bool(event.new):
            self.toggle.value = bool(event.new)
        self.page.presenting = bool(event.new)

    # -- keys --------------------------------------------------------------------------------
    def key(self, key: str) -> None:
        """Do what a key asks (in either layout): PageDown, → and Space step; PageUp and
        the left arrow go back; 1–9 select that racer; P switches presenter mode. Steps take
        the same off-loop path as the buttons; a key while a step is worked out is dropped."""
        s = self.session
        if key in STEP_KEYS:
            if not s.busy:
                step_later(s, "action", "step")
        elif key in BACK_KEYS:
            if s.timeline.index > 0:
                back_now(s)
        elif key in SEAT_KEYS:
            seat = int(key) - 1
            if seat < len(s.player_names) and seat != s.selected:
                s.selected = seat
        elif key in PRESENTER_KEYS:
            self.dashboard.presenting = not self.dashboard.presenting

    # -- the layout ---------------------------------------------------------------------------
    def _build(self) -> None:
        g = self.session.guarded
        beside = self.dashboard.PLOT_BESIDE_SIDE
        big = dict(styles={"font-size": "1.15em"}, min_width=90, height=48, margin=(3, 3))
        if beside:
            big["sizing_mode"] = "stretch_width"
        back = pn.widgets.Button(label="◀ Back", **big)
        step = pn.widgets.Button(label="Step", color="primary", **big)
        turn = pn.widgets.Button(label="Player ▶", color="primary", **big)
        rnd = pn.widgets.Button(label="Round ▶▶", color="primary", **big)
        self.play = pn.widgets.Toggle(label="▶ Play", color="success", **big)
        # the same off-loop, turn-taking steps as the sidebar's buttons
        back.on_click(g(lambda e: back_now(self.session), "back"))
        step.on_click(g(lambda e: step_later(self.session, "action", "step"), "step"))
        turn.on_click(g(lambda e: step_later(self.session, "turn", "step a turn"), "step a turn"))
        rnd.on_click(g(lambda e: step_later(self.session, "round", "step a round"), "step a round"))
        self.play.param.watch(g(self._on_play, "autoplay"), "value")
        self._back, self._forward = back, (step, turn, rnd, self.play)
        self.status = pn.pane.HTML("", styles={"font-size": "1.1em"}, margin=(6, 8))
        self.odds = pn.pane.HTML(
            "",
            stylesheets=[_ODDS_CSS],
            margin=(5, 8),
            sizing_mode="stretch_width",
            css_classes=[] if beside else ["rl-po-wide"],
        )
        buttons = pn.GridBox(back, step, turn, rnd, self.play, ncols=2 if beside else 5,
                             sizing_mode="stretch_width" if beside else None)  # fmt: skip
        self.bar = pn.Column(
            buttons, self.status, **({"sizing_mode": "stretch_width"} if beside else {})
        )
        # the board beside the column (a board under it sits in the ordinary layout's box)
        self._holder = pn.Column(
            sizing_mode="stretch_both",  # the plot stretches both ways in it
            margin=0,
            styles={"flex": "1 1 480px", "height": PLOT_ROOM, "min-height": "300px"},
            css_classes=["rl-board"],
        )

    def _on_play(self, event: Any) -> None:
        self.session.autoplay = bool(event.new)

    def _autoplay(self, event: Any) -> None:
        if self.bar is not None:
            on = bool(event.new)
            self.play.param.update(value=on, label="‖ Pause" if on else "▶ Play")

    def layout(self, banner: Any) -> list[Any]:
        """The presenter layout: the board as large as the window allows, the steps, the
        racer picker, the switches and the odds beside it (a square board) or under it."""
        if self.bar is None:
            self._build()
        assert self.bar is not None
        carried = [self.dashboard.panel(name) for name in self.carry]
        if not self.dashboard.PLOT_BESIDE_SIDE:
            picks = pn.Column(*carried, width=COLUMN_WIDTH)
            under = pn.FlexBox(
                self.bar, picks, pn.Column(self.toggle, self.page),
                flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width",
            )  # fmt: skip
            # the ordinary layout's own board box, made taller (the plot keeps its parent)
            board = self.dashboard.board_box(PLOT_ROOM_ABOVE_ODDS)
            return [board, under, banner, self.odds]
        self._holder.objects = [self.dashboard.plot_pane]
        column = pn.Column(
            self.toggle, self.page, self.bar, banner, *carried, self.odds,
            margin=(0, 0, 0, 4),
            styles={"flex": f"0 0 {COLUMN_ROOM}", "width": COLUMN_ROOM, "height": PLOT_ROOM,
                    "overflow-y": "auto", "font-size": "0.85em"},
        )  # fmt: skip
        row = pn.FlexBox(
            self._holder, column, flex_wrap="wrap", align_items="flex-start",
            sizing_mode="stretch_width",
        )  # fmt: skip
        return [row]

    def show(self, on: bool) -> None:
        """Enlarge the board's text and let the board fill the presenter layout (a square
        board without title, axes or legend: the column says what they said), or put every
        look back as it was."""
        if on and self.bar is None:
            self._build()
        self._fonts = scale_fonts(self.figure, TEXT_SCALE if on else 1.0, self._fonts)
        if on and self._saved is None:
            self._saved = {}
            for model, looks in self._presenter_looks().items():
                self._saved[model] = {k: getattr(model, k) for k in looks}
                model.update(**looks)
        elif not on and self._saved is not None:
            for model, looks in self._saved.items():
                model.update(**looks)
            self._saved = None
        if self.bar is not None:
            self.bar.visible = on
        self.refresh()

    def _presenter_looks(self) -> dict[Any, dict[str, Any]]:
        """What presenter mode changes on the figure, by model."""
        fig = self.figure
        looks: dict[Any, dict[str, Any]] = {fig: {"sizing_mode": "stretch_both", "min_height": 300}}
        for r in fig.renderers:
            if isinstance(getattr(r, "glyph", None), Text):
                looks[r.glyph] = {"text_font_size": BOARD_TEXT}
        if self.dashboard.PLOT_BESIDE_SIDE:
            looks[fig].update(min_border_left=4, min_border_right=4, min_border_top=4,
                              min_border_bottom=4)  # fmt: skip
            for part in (fig.title, *fig.xaxis, *fig.yaxis, *fig.legend):
                looks[part] = {"visible": False}
        return looks

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
        return Presenter(
            dashboard, KnightsEditor(s), dashboard.arena.figure, ("racer", "overlays", "grid")
        )
    return Presenter(dashboard, SonicEditor(s), dashboard.track.figure, ("racer", "path"))
