"""Panel components shared by every game's dashboard, all driven by a :class:`GameSession`.

- :class:`StepControls`: step one action, one player's turn or one round, back,
  jump to a round, play/pause, reset, fork (same or fresh dice), seat controllers.
- :class:`EventLog`: the events' plain-words lines with round headers, newest first.
- :class:`ScenarioControls`: bundled or random scenarios, save/load JSON, share link.

The banner and the refusal notes are in :mod:`racerlab.app.kit.messages`.

Every callback is wrapped by :meth:`GameSession.guarded`, so an error shows on
the page and the session keeps running. Each view redraws only when a session
parameter it shows changes (:func:`redraw_on`), and a widget that follows the
session is set only when its value differs, so its own callback, seeing the
session already holds that value, asks for nothing (no echo, no guard flag).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import panel as pn

from ...core.errors import ScenarioError
from ...core.limits import MAX_SAVED_GAME_BYTES
from ..server import patches
from ..server.jobs import step_later
from ..server.offload import off_loop
from .address import GameInAddress
from .escape import fill, html_pane, markdown_pane
from .escape import text as esc
from .hand_seat import HAND_HELP, empty_log_html, step_status
from .naming import PageWords, seat_label
from .redraw import (
    SessionView,
    back_now,
    enable_steps,
    offer,
    redraw_guard,
    redraw_on,
    set_slider,
    set_text,
    show_only,
)
from .session import BOT, HUMAN, GameSession, LogLine
from .upload import UploadGuard, refusal

patches.apply()  # Panel's and Bokeh's behaviour as every page needs it (see there)

__all__ = [
    "EventLog",
    "ScenarioControls",
    "StepControls",
    "back_now",
    "director_note",
    "enable_steps",
    "offer",
    "redraw_guard",
    "redraw_on",
    "set_slider",
    "set_text",
    "show_only",
]

LOG_LINES_SHOWN = 400
"""At most this many event-log lines are sent to the page (newest first)."""


def director_note() -> pn.pane.Markdown:
    """The grey line under a Tweak tab saying what a change does to the game."""
    return markdown_pane(
        "Each change is a logged director action applied at the current step; the "
        "steps after it are dropped and the bots play on from the new numbers.",
        styles={"color": "#555", "font-size": "12px"},
        sizing_mode="stretch_width",
    )


STEPS_HEAD = '<div style="font-size:1.35em;font-weight:600;margin:0 0 6px 0">Steps</div>'
"""The heading of the step controls, written above their status line."""


class StepControls(SessionView):
    """Buttons and sliders that move through (and extend) the game's history; while a seat
    played by hand must choose, the status says where (``hand_help``) and Step is off."""

    watches = ("state_version", "controllers")

    def __init__(self, session: GameSession, hand_help: str = HAND_HELP, **params: Any) -> None:
        super().__init__(session, **params)
        self.hand_help = hand_help
        g = session.guarded
        button = dict(sizing_mode="stretch_width", min_width=55, margin=(4, 2))
        self.back_button = pn.widgets.Button(label="◀ Back", **button)
        self.action_button = pn.widgets.Button(label="Step", color="primary", **button)
        self.turn_button = pn.widgets.Button(label="Player ▶", color="primary", **button)
        self.round_button = pn.widgets.Button(label="Round ▶▶", color="primary", **button)
        self.play_toggle = pn.widgets.Toggle(label="▶ Play", color="success", **button)
        self.reset_button = pn.widgets.Button(label="⟲ Start", **button)
        self.fork_same = pn.widgets.Button(label="Fork: same dice", **button)
        self.fork_fresh = pn.widgets.Button(label="Fork: fresh dice", **button)
        self.back_button.on_click(g(lambda e: back_now(session), "back"))
        self.action_button.on_click(g(lambda e: step_later(session, "action", "step"), "step"))
        self.turn_button.on_click(
            g(lambda e: step_later(session, "turn", "step a turn"), "step a turn")
        )
        self.round_button.on_click(
            g(lambda e: step_later(session, "round", "step a round"), "step a round")
        )
        self.reset_button.on_click(g(lambda e: session.reset(), "reset"))
        self.fork_same.on_click(g(lambda e: session.fork(fresh_dice=False), "fork"))
        self.fork_fresh.on_click(g(lambda e: session.fork(fresh_dice=True), "fork"))
        self.play_toggle.param.watch(g(self._on_play, "autoplay"), "value")
        self.round_slider = pn.widgets.IntSlider(
            label="Jump to round", start=1, end=2, value=1, sizing_mode="stretch_width"
        )
        self.round_slider.param.watch(g(self._on_round, "jump to round"), "value_throttled")
        self.bot_select = pn.widgets.Select.from_param(
            session.param.bot, label="Bot for bot seats", sizing_mode="stretch_width"
        )
        self.speed = pn.widgets.IntSlider.from_param(
            session.param.autoplay_ms,
            label="Autoplay period (ms)",
            step=100,
            sizing_mode="stretch_width",
        )
        self.line_select = pn.widgets.Select(label="Line of play", sizing_mode="stretch_width")
        self.line_select.param.watch(g(self._on_line, "switch line"), "value")
        # one widget for every seat (a row per seat cost three models each): a ticked seat
        # is played by hand, the others by the bot
        self.seats = pn.widgets.CheckBoxGroup(
            options={}, value=[], inline=False, sizing_mode="stretch_width", margin=(0, 10)
        )
        self.seats.param.watch(g(self._on_seats, "seat"), "value")
        self.status = pn.pane.HTML("", sizing_mode="stretch_width", margin=(0, 5))
        self._seat_names: list[str] = []
        self._periodic: Any = None
        session.param.watch(self._autoplay_changed, ["autoplay", "autoplay_ms"])
        # the buttons two to a row in one grid (four in a row overflowed the sidebar, "Round
        # ▶▶" cut off; a Row per pair cost a model each)
        buttons = pn.GridBox(
            self.back_button,
            self.action_button,
            self.turn_button,
            self.round_button,
            self.play_toggle,
            self.reset_button,
            self.fork_same,
            self.fork_fresh,
            ncols=2,
            sizing_mode="stretch_width",
        )
        self._layout = pn.Column(
            self.status,
            buttons,
            self.round_slider,
            self.line_select,
            self.bot_select,
            markdown_pane("Seats played by hand (the others by the bot):", margin=(4, 10, 0, 10)),
            self.seats,
            self.speed,
            sizing_mode="stretch_width",
        )
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # -- callbacks -------------------------------------------------------------------
    # Each callback asks the session only for a change: the slider, picker, toggle and seat
    # buttons are also set from the session, and then their value is already the session's.
    def _on_round(self, event: Any) -> None:
        if event.new is None:
            return
        # the slider always spans two rounds; a round not reached yet shows the last one
        reached = self.session.rounds()
        wanted = min(max(int(event.new), reached[0]), reached[-1])
        if wanted != self.session.round:
            self.session.goto_round(wanted)

    def _on_line(self, event: Any) -> None:
        if event.new is not None and int(event.new) != self.session.line:
            self.session.show_line(int(event.new))

    def _on_play(self, event: Any) -> None:
        self.session.autoplay = bool(event.new)

    def _on_seats(self, event: Any) -> None:
        by_hand = set(event.new or ())
        for seat, who in enumerate(list(self.session.controllers)):
            wanted = HUMAN if seat in by_hand else BOT
            if wanted != who:
                self.session.set_controller(seat, wanted)

    def _tick(self) -> None:
        s = self.session
        if not s.autoplay or s.busy:  # a move still being worked out: this tick is skipped
            return

        def stop_at_nothing(moved: int) -> None:
            if not moved:
                s.autoplay = False

        wanted = lambda: s.autoplay  # noqa: E731  (a move back after Pause is dropped)
        s.guarded(step_later, "autoplay")(s, "action", "autoplay", stop_at_nothing, wanted)

    def _autoplay_changed(self, _event: Any) -> None:
        s = self.session
        if self._periodic is not None:
            self._periodic.stop()
            self._periodic = None
        if s.autoplay:
            self._periodic = pn.state.add_periodic_callback(self._tick, period=s.autoplay_ms)
        self.play_toggle.param.update(value=s.autoplay, label="‖ Pause" if s.autoplay else "▶ Play")

    # -- refresh ---------------------------------------------------------------------
    def refresh(self) -> None:
        s = self.session
        rounds = s.rounds()
        # the sidebar's "Steps" heading is the status pane's first line (a pane of its own
        # was one more model on every first page)
        set_text(self.status, f"{STEPS_HEAD}<b>{esc(step_status(s, self.hand_help))}</b>")
        # only rounds reached are offered; one round: the slider (needing two ends) is off
        lo, hi = rounds[0], max(rounds[-1], rounds[0] + 1)
        set_slider(self.round_slider, lo, hi, min(max(s.round, lo), hi))
        if self.round_slider.disabled != (len(rounds) < 2):
            self.round_slider.disabled = len(rounds) < 2
        steps = (self.action_button, self.turn_button, self.round_button, self.play_toggle)
        enable_steps(s, self.back_button, steps)
        if len(s.lines) > 1 or self.line_select.visible:
            lines = {f"Line {i + 1} ({len(t) - 1} steps)": i for i, t in enumerate(s.lines)}
            self.line_select.param.update(options=lines, value=s.line)
            self.line_select.visible = len(s.lines) > 1
        self._refresh_seats()

    def _refresh_seats(self) -> None:
        s = self.session
        names = s.player_names
        by_hand = [i for i, who in enumerate(s.controllers) if who == HUMAN]
        if names != self._seat_names:  # a new game may seat other racers
            self._seat_names = list(names)
            options = {seat_label(i, names): i for i in range(len(names))}
            self.seats.param.update(options=options, value=by_hand)
        elif list(self.seats.value) != by_hand:
            self.seats.value = by_hand


class EventLog(SessionView):
    """The game's events in plain words, grouped by round, newest first.

    Lines are rewritten with the page's names (``words``, a function of the
    state giving a text rewriter, e.g. a :class:`~racerlab.app.kit.naming.PageWords`), and
    every refusal or error the session reports is logged too, at the step where it happened.
    """

    def __init__(
        self,
        session: GameSession,
        height: int = 420,
        words: Callable[[Any], Callable[[str], str]] | None = None,
        **params: Any,
    ) -> None:
        super().__init__(session, **params)
        self.words = words or (lambda state: PageWords(session.player_names))
        self.refusals: list[tuple[Any, LogLine]] = []
        self.pane = html_pane(
            "",
            sizing_mode="stretch_width",
            height=height,
            styles={"overflow-y": "auto", "font-size": "13px", "line-height": "1.35"},
            stylesheets=[_LOG_CSS],
        )
        session.param.watch(self._on_error, "error")
        redraw_on(session, self._show_empty, "controllers")  # who is to choose, if empty
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    def _show(self, body: str) -> None:
        """Show ``body`` (HTML made safe already) under the log's heading, which stays in
        view while the lines scroll (one pane: a heading of its own cost two models)."""
        set_text(self.pane, _LOG_HEAD + body)

    def _on_error(self, event: Any) -> None:
        if not event.new:
            return
        s = self.session
        line = LogLine(s.timeline.index, s.round, f"Refused: {event.new}", "refused")
        self.refusals = [*self.refusals[-(LOG_LINES_SHOWN - 1) :], (s.timeline, line)]
        self.refresh()

    def _show_empty(self, always: bool = False) -> None:
        if always or (self.session.timeline.index == 0 and not self.refusals):
            self._show(empty_log_html(self.session))

    def lines(self, last: int | None = None) -> list[LogLine]:
        """The log's lines up to the cursor (only the ``last`` ones if given), refusals
        included, in the page's words (only the lines returned are reworded: a long game's
        Step does not reword its whole history)."""
        s = self.session
        tl = s.timeline
        refused = [ln for t, ln in self.refusals if t is tl and ln.entry <= tl.index]
        merged = sorted([*s.log_lines(), *refused], key=lambda ln: ln.entry)
        if last is not None:
            merged = merged[-last:]
        words = self.words(s.state)
        return [LogLine(ln.entry, ln.round, words(ln.text), ln.kind) for ln in merged]

    def refresh(self) -> None:
        lines = self.lines(LOG_LINES_SHOWN)
        if not lines:
            self._show_empty(always=True)
            return
        parts: list[str] = []
        current_round = None
        for line in reversed(lines):
            if line.round != current_round:
                if current_round is not None:
                    parts.append("</ul>")
                current_round = line.round
                parts.append(f'<div class="rl-round">Round {line.round}</div><ul>')
            parts.append(f'<li class="rl-{line.kind}">{esc(line.text)}</li>')
        parts.append("</ul>")
        self._show('<div class="rl-log">' + "".join(parts) + "</div>")


_LOG_HEAD = '<h3 class="rl-log-head">Event log</h3>'
"""The log's heading, the first thing in its pane."""

_LOG_CSS = """
.rl-log-head { position: sticky; top: 0; margin: 0 0 4px 0; padding: 2px 0;
  background: #FFFFFF; font-size: 1.17em; }
.rl-log ul { margin: 0 0 6px 0; padding-left: 18px; }
.rl-log li { margin: 1px 0; }
.rl-round { font-weight: 600; margin-top: 4px; border-bottom: 1px solid #ccc; }
.rl-director { color: #8a4b00; font-style: italic; }
.rl-refused { color: #b00020; }
"""


class ScenarioControls(SessionView):
    """Start a bundled or random game, save and load it, and share it by link."""

    watches = ("state_version", "shown")

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(session, **params)
        g = session.guarded
        wide = dict(sizing_mode="stretch_width")
        options = list(session.kit.scenarios)
        self.scenario_select = pn.widgets.Select(
            label="Bundled scenario to load",
            options=options,
            value=options[0] if options else None,
            disabled=not options,
            **wide,
        )
        self.scenario_button = pn.widgets.Button(
            label="Load scenario", disabled=not options, **wide
        )
        self.scenario_button.on_click(
            g(lambda e: session.load_scenario(self.scenario_select.value), "load scenario")
        )
        self.seed_input = pn.widgets.IntInput(label="Seed", value=session.seed, start=0, **wide)
        self.random_button = pn.widgets.Button(label="New random game", **wide)
        self.random_button.on_click(
            g(lambda e: session.new_random(int(self.seed_input.value or 0)), "new game")
        )
        self.download = pn.widgets.FileDownload(
            callback=g(self._saved, "save"),
            filename=f"{session.kit.name}-game.json",
            label="Save game (JSON)",
            color="default",
            **wide,
        )
        self.upload = pn.widgets.FileInput(
            label="Load a saved game", accept=".json,application/json", multiple=False, **wide
        )
        self.upload.param.watch(g(self._on_upload, "load file"), "value")
        self.upload.param.watch(g(self._on_refused, "load file"), "filename")
        self.upload_guard = UploadGuard(height=0, margin=0)
        self.address = GameInAddress(session)  # a reload finds the game
        self.share_button = pn.widgets.Button(label="Make share link", **wide)
        self.share_button.on_click(g(self._make_link, "share link"))
        self.share_link = pn.widgets.TextAreaInput(
            label="Share link (the whole game is in the link)",
            value="",
            disabled=False,
            height=70,
            **wide,
        )
        self.setup_notes = markdown_pane("", margin=(0, 5), **wide)
        self.shown_note = markdown_pane("", margin=(10, 5, 0, 5), **wide)  # heads the controls
        self._layout = pn.Column(
            self.shown_note,
            self.scenario_select,
            self.scenario_button,
            pn.Row(self.seed_input, self.random_button, **wide),
            self.setup_notes,
            self.download,
            self.upload,
            self.upload_guard,
            self.address.view,
            self.share_button,
            self.share_link,
            **wide,
        )

        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def refresh(self) -> None:
        """Show the set-up procedure of the game now shown (when the game has one)."""
        notes = self.session.kit.setup_notes
        text = ""
        if notes is not None:  # the notes name the players: every word goes through escape
            text = fill("**Set-up:** {notes}", notes=" ".join(notes(self.session.timeline.state)))
        set_text(self.setup_notes, text)
        shown = fill("### Game\n\n**Game shown:** {shown}", shown=self.session.shown)
        set_text(self.shown_note, shown)

    def _saved(self) -> io.StringIO:
        return io.StringIO(self.session.dumps())

    def _on_refused(self, event: Any) -> None:
        message = refusal(event.new, MAX_SAVED_GAME_BYTES)
        if message is not None:
            raise ScenarioError(message)

    def _on_upload(self, event: Any) -> None:
        if event.new is None:
            return
        name = self.upload.filename or "uploaded file"
        s = self.session
        off_loop(  # replaying a long game runs in a worker; the page keeps answering
            lambda: s.read_text(event.new, source=name),
            lambda tl: s.adopt(tl, f"Loaded {name}.", f"the file {name}"),
            lambda exc: s.report(exc, "load file"),
        )

    def _make_link(self, _event: Any = None) -> None:
        self.share_link.value = ""  # a game too long for a link leaves no older link shown
        token = self.session.share_token()
        base = ""
        loc = pn.state.location
        if loc is not None and getattr(loc, "href", ""):
            base = loc.href.split("?", 1)[0]
        self.share_link.value = f"{base}?game={token}"
