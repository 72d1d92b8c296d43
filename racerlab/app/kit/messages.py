"""What the page tells its visitor: the banner (the last error and notice, and what the
session is working on) and the short refusal notes beside a control.

Text from the session (errors, notices, what it is doing) is escaped on its way in
(:mod:`racerlab.app.kit.escape`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from ..server.offload import in_server
from .escape import fill, html_pane
from .escape import text as esc
from .redraw import SessionView, set_text
from .session import GameSession

__all__ = ["BUSY_LINE_DELAY_MS", "MessageBanner", "RefusalNote"]


class RefusalNote(pn.viewable.Viewer):
    """A short red line beside a control, saying why the last thing it asked for was refused.

    :meth:`attempt` wraps the control's callback: the note clears when the
    control is used again, and shows the reason when the engine refuses (the
    session's error after the call) or the callback raises. The same reason
    still goes to the banner and the event log.
    """

    def __init__(
        self, session: GameSession, note_id: str, words: Callable[[str], str] | None = None
    ) -> None:
        super().__init__()
        self.session = session
        self.note_id = note_id
        self.words = words or (lambda text: text)
        self._text = ""
        self.pane = html_pane(
            "", visible=False, sizing_mode="stretch_width", margin=(0, 5), stylesheets=[_NOTE_CSS]
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

    @property
    def text(self) -> str:
        """The reason shown (empty when none)."""
        return self._text if self.pane.visible else ""

    def show(self, reason: str) -> None:
        """Show ``reason`` beside the control (an empty reason hides the note)."""
        self._text = reason
        body = esc(self.words(reason))
        set_text(self.pane, f'<div id="{self.note_id}" class="rl-note">⚠ {body}</div>')
        if self.pane.visible != bool(reason):
            self.pane.visible = bool(reason)

    def attempt(self, fn: Callable[[], Any], doing: str) -> Callable[..., None]:
        """``fn`` as a callback whose refusal or error shows here (and in banner and log)."""
        s = self.session

        def run(*_args: Any) -> None:
            self.show("")
            s.error = ""
            try:
                fn()
            except Exception as exc:
                s.autoplay = False
                s.report(exc, doing)
            if s.error:
                self.show(s.error)

        return run


_NOTE_CSS = """
.rl-note { color: #b00020; font-size: 12px; line-height: 1.3; }
"""


BUSY_LINE_DELAY_MS = 250
"""Under a server, the busy line shows only once work has gone on this long: a Step
answered sooner changes nothing on the page for it (no flicker, two page changes fewer)."""


class MessageBanner(SessionView):
    """The last error (red) and notice (blue), each dismissable, in the page only while
    shown; and while the session works off the loop, a grey line saying on what (always in
    the page, empty when idle; in a served page, only once the work has gone on for
    :data:`BUSY_LINE_DELAY_MS`)."""

    watches = ("error", "notice", "busy")

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(session, **params)
        self.error_alert = pn.pane.Alert(
            "", alert_type="danger", visible=False, sizing_mode="stretch_width", margin=(2, 5)
        )
        self.notice_alert = pn.pane.Alert(
            "", alert_type="info", visible=False, sizing_mode="stretch_width", margin=(2, 5)
        )
        self.busy_note = html_pane(
            "", sizing_mode="stretch_width", margin=0, stylesheets=[_BUSY_CSS]
        )
        self.dismiss = pn.widgets.Button(label="Dismiss", visible=False, width=90)
        self.dismiss.on_click(session.guarded(lambda e: self._dismiss(), "dismiss"))
        # the messages are put in the page only while shown (a page starts with none of
        # them); the busy line comes and goes with any work that lasts, so it stays in the
        # page and only its text changes (empty when idle: no height). Adding or removing a model
        # makes Bokeh walk the whole page's models again (about 25 ms a time on a Racer
        # Knights page), and showing or hiding one makes BokehJS lay the whole page out
        # again in the browser (its size or visibility changed); a new text does neither
        self._column = pn.Column(self.busy_note, sizing_mode="stretch_width")
        self._busy_turn = 0  # which busy spell a delayed busy line belongs to
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._column

    def _dismiss(self) -> None:
        self.session.clear_messages()

    def refresh(self) -> None:
        s = self.session
        set_text(self.error_alert, "⚠ " + esc(s.error) if s.error else "")
        for w in (self.error_alert, self.dismiss):
            if w.visible != bool(s.error):
                w.visible = bool(s.error)
        set_text(self.notice_alert, esc(s.notice))
        if self.notice_alert.visible != bool(s.notice):
            self.notice_alert.visible = bool(s.notice)
        self._show_busy()
        # Dismiss under the error (a row for the two cost a model)
        parts = (self.error_alert, self.dismiss, self.notice_alert)
        shown = [*(p for p in parts if p.visible), self.busy_note]
        if shown != list(self._column.objects):
            self._column.objects = shown

    def _show_busy(self) -> None:
        """The busy line: empty when idle; when busy, at once outside a server or when it is
        already showing, else after :data:`BUSY_LINE_DELAY_MS` if still busy then."""
        self._busy_turn += 1
        doc = in_server() if self.session.busy and not self.busy_note.object else None
        if doc is None:
            self._busy_text()
            return
        turn = self._busy_turn
        doc.add_timeout_callback(
            lambda: self._busy_text() if turn == self._busy_turn else None, BUSY_LINE_DELAY_MS
        )

    def _busy_text(self) -> None:
        doing = self.session.busy
        text = fill('<div class="rl-busy">Working: {doing}…</div>', doing=doing)
        set_text(self.busy_note, text if doing else "")


_BUSY_CSS = """
.rl-busy { color: #555; font-size: 13px; margin: 2px 5px; }
"""
