"""The position editor's Panel view: drag handles on the game's figure, number boxes for
the counters, and "the odds from here" (the models are in :mod:`racerlab.app.panels.editor`).

:func:`knights_editor` and :func:`sonic_editor` build the tab for a dashboard from its
session and its arena or track figure (one line each in the dashboards). A drag on a
handle, or a number typed and committed (Enter or leaving the box), becomes one logged
director action; a refused one shows its reason in the editor itself and in the page's
banner, and the handles snap back to where the racers are.

>>> from racerlab.app.knights.dashboard import knights_app
>>> app = knights_app(seed=1, players=2)
>>> view = knights_editor(app.session, app.arena.figure)
>>> view.model.place(1, 6.0, 6.0, heading=90.0), float(view.handles.data["x"][2])
(True, 6.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from ...viz.editing import MOVE_EPS, add_drag_handles, handle_data, moved_handle
from ..kit.controls import redraw_on, set_text
from ..kit.escape import text as esc
from ..kit.session import GameSession
from .editor import (
    KNIGHTS_FIELDS,
    SNAP_DEGREES,
    SONIC_FIELDS,
    Editor,
    KnightsEditor,
    SonicEditor,
)

__all__ = ["EditorView", "knights_editor", "sonic_editor", "stat_words"]

LABELS = {
    "durability": "Durability",
    "valor": "Valor",
    "glory": "Glory",
    "slow": "Slow tokens",
    "weakness": "Weakness tokens",
    "next_waypoint": "Next waypoint (number; one past the last: all crossed)",
    "speed": "Speed",
    "rings": "Rings",
    "shield": "Shield (1 up, 0 down)",
}
"""Box labels of the editable values."""


def stat_words(stat: str) -> str:
    """A stat's name as the page writes it.

    >>> stat_words("ram_damage")
    'Ram damage'
    """
    return stat.replace("_", " ").capitalize()


_LOWEST = {"next_waypoint": 1}
"""The smallest value a box takes where it is not 0 (waypoints are numbered from 1)."""

_ODDS_CSS = """
.rl-odds { border-collapse: collapse; width: 100%; font-size: 1em; }
.rl-odds td { border-bottom: 1px solid #e2e2e2; padding: 3px 6px; }
.rl-odds td.p { text-align: right; font-weight: 600; }
"""


class EditorView(pn.viewable.Viewer):
    """The editor tab: snap switch, value boxes, extra controls, odds from here."""

    def __init__(
        self,
        model: Editor,
        figure: Any,
        fields: tuple[str, ...],
        colours: Callable[[Any], list[str]],
        extra: list[Any] | None = None,
        follow: Callable[[int], None] | None = None,
        **params: Any,
    ) -> None:
        super().__init__(**params)
        self.model = model
        s = model.session
        g = s.guarded
        wide = dict(sizing_mode="stretch_width")
        self._colours = colours
        self._follow = follow
        """Called with the seat on every refresh: extra controls showing the racer follow it."""
        self.pose_boxes: list[Any] = []
        """The x, y and heading boxes of the Place row (Racer Knights), if any."""
        self.active = True
        """Whether the tab is shown: "the odds from here" are worked out only then."""
        self.drag = add_drag_handles(figure)
        self.handles = self.drag.source
        dragged = g(self._on_drag, "drag a racer")
        self.handles.on_change("data", lambda attr, old, new: dragged(attr, old, new))
        self.drag_on = pn.widgets.Checkbox(
            label="Drag racers on the plot", value=False, css_classes=["rl-drag-toggle"]
        )
        self.drag_on.param.watch(lambda e: self.drag.enable(bool(e.new)), "value")
        self.snap = pn.widgets.Checkbox(label=model.snap_words or "", value=True)
        self.snap.visible = model.snap_words is not None
        self.snap.param.watch(g(self._on_snap, "snap"), "value")
        self.header = pn.pane.Markdown("", **wide)
        self.inputs = {
            f: pn.widgets.IntInput(label=LABELS.get(f, f), start=_LOWEST.get(f, 0), width=150)
            for f in fields
        }
        for name, box in self.inputs.items():
            box.param.watch(g(self._setter(name), f"set {LABELS.get(name, name)}"), "value")
        self.refused = pn.pane.HTML("", styles={"color": "#B00020"}, **wide)
        self.odds = pn.pane.HTML("", stylesheets=[_ODDS_CSS], **wide)
        self._layout = pn.Column(
            self.header,
            pn.pane.Markdown(
                f"Switch on dragging, then {model.handle_words}. "
                "Every change is a logged director action.",
                **wide,
            ),
            pn.Row(self.drag_on, self.snap),
            pn.FlexBox(*self.inputs.values(), **wide),
            *(extra or []),
            self.refused,
            pn.pane.Markdown("#### The odds from here", **wide),
            self.odds,
            **wide,
        )
        redraw_on(s, self.refresh, "state_version", "selected")
        redraw_on(s, self._show_refusal, "error")
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _seat(self) -> int:
        return min(self.model.session.selected, len(self.model.session.player_names) - 1)

    # A box or a handle set by refresh already shows the game's value: the model's set_value
    # finds nothing to change, and a handle at its racer's place is no drag (no guard flag).
    def _setter(self, name: str) -> Callable[[Any], None]:
        def set_it(event: Any) -> None:
            if event.new is not None and not self.model.set_value(
                self._seat(), name, int(event.new)
            ):
                self.refresh()  # refused: the box goes back to the game's value

        return set_it

    def _on_snap(self, event: Any) -> None:
        """Snapping on or off: the boxes that follow the racer show its place rounded anew."""
        self.model.snapping = bool(event.new)
        if self._follow is not None:
            self._follow(self._seat())

    def _on_drag(self, _attr: str, old: Any, new: Any) -> None:
        moved = moved_handle(old, new)
        if moved is None or self._in_place(*moved):
            return
        player, kind, x, y = moved
        if not self.model.drag(player, kind, x, y):
            self.refresh()  # refused: the handle goes back

    def _in_place(self, player: int, kind: str, x: float, y: float) -> bool:
        """Whether handle ``kind`` of ``player`` is where the state shown puts it (a redraw
        moved it there, not a drag)."""
        now = handle_data(*self.model.handles(), self._colours(self.model.session.state))
        for p, k, hx, hy in zip(now["player"], now["kind"], now["x"], now["y"]):
            if (p, k) == (player, kind):
                return abs(hx - x) <= MOVE_EPS and abs(hy - y) <= MOVE_EPS
        return False

    def _show_refusal(self) -> None:
        s = self.model.session
        set_text(self.refused, esc(s.error) if s.error else "")

    def refresh(self) -> None:
        """Bring handles, boxes and odds up to the state at the cursor."""
        s = self.model.session
        seat = self._seat()
        names = s.player_names
        centres, heads = self.model.handles()
        self.handles.data = handle_data(centres, heads, self._colours(s.state))
        values = self.model.values(seat)
        for name, box in self.inputs.items():
            if box.value != values[name]:
                box.value = values[name]
        if self._follow is not None:
            self._follow(seat)
        who = f"{seat + 1}. {esc(names[seat])}"
        set_text(self.header, f"**Editing {who}** (pick another racer beside the plot)")
        self._show_refusal()
        self._show_odds()

    def show(self, active: bool) -> None:
        """The tab was shown (``active``) or hidden: the odds catch up when it is shown."""
        self.active = active
        self._show_odds()

    def _show_odds(self) -> None:
        if not self.active:
            return  # worked out when the tab is shown (the handles follow the state anyway)
        rows = "".join(
            f'<tr><td>{esc(o.label)}</td><td>{esc(o.words)}</td><td class="p">{o.p:.1%}</td></tr>'
            for o in self.model.odds(self._seat())
        )
        set_text(self.odds, f'<table class="rl-odds" id="rl-editor-odds">{rows}</table>')


def knights_editor(session: GameSession, figure: Any) -> EditorView:
    """The Racer Knights editor tab on the arena ``figure``."""
    from ...knights.director import STATS
    from ...viz.arena import racer_colours

    model = KnightsEditor(session)
    stat = pn.widgets.Select(
        label="Stat",
        options={stat_words(s): s for s in STATS if s not in KNIGHTS_FIELDS},
        width=150,
    )
    stat_value = pn.widgets.IntInput(label="Set the stat to", start=0, width=150)
    stat_button = pn.widgets.Button(label="Set stat", width=100)
    waypoint = pn.widgets.IntInput(label="Blocker of waypoint", start=1, value=1, width=150)
    blocker = pn.widgets.IntInput(label="Its Durability (0: removed)", start=0, value=0, width=180)
    blocker_button = pn.widgets.Button(label="Set blocker", width=100)
    pose = [pn.widgets.FloatInput(label=n, width=110) for n in ("x (M)", "y (M)", "heading (°)")]
    pose[2].step = SNAP_DEGREES

    place_button = pn.widgets.Button(label="Place", width=80)
    g = session.guarded

    def seat() -> int:
        return min(session.selected, len(session.player_names) - 1)

    def follow(seat: int) -> None:
        """The boxes show the game as it is: the selected racer's pose (Place then moves only
        what was typed), its chosen stat, the chosen blocker's Durability."""
        blockers = session.state.blockers
        w = int(waypoint.value or 1) - 1
        now = [
            *zip(pose, model.pose_shown(seat), strict=True),
            (stat_value, model.values(seat)[stat.value]),
            (blocker, blockers[w] if 0 <= w < len(blockers) else blocker.value),
        ]
        for box, value in now:
            if box.value != value:
                box.value = value

    for chooser in (stat, waypoint):
        chooser.param.watch(g(lambda e: follow(seat()), "show the value"), "value")

    stat_button.on_click(
        g(lambda e: model.set_value(seat(), stat.value, int(stat_value.value or 0)), "set stat")
    )
    blocker_button.on_click(
        g(
            lambda e: model.set_blocker(int(waypoint.value or 1) - 1, int(blocker.value or 0)),
            "set blocker",
        )
    )
    place_button.on_click(
        g(
            lambda e: model.place_typed(seat(), tuple(float(w.value or 0) for w in pose)),
            "place racer",
        )
    )
    extra = [
        pn.Row(*pose, place_button),
        pn.Row(stat, stat_value, stat_button),
        pn.Row(waypoint, blocker, blocker_button),
    ]
    view = EditorView(model, figure, KNIGHTS_FIELDS, racer_colours, extra, follow)
    view.pose_boxes = pose
    return view


def sonic_editor(session: GameSession, figure: Any) -> EditorView:
    """The Battle Racers editor tab on the track ``figure``."""
    from ...viz.style import player_colour

    def colours(state: Any) -> list[str]:
        return [player_colour(i) for i in range(state.players)]

    model = SonicEditor(session)
    return EditorView(model, figure, SONIC_FIELDS, colours)
