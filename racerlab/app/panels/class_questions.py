"""A class's questions: the teacher asks about the board, students answer, all see the chart.

* The **teacher** (the Class tab, while a class runs) picks a question of
  :data:`~racerlab.app.panels.class_asks.ASKS` about the selected racer (and a target),
  presses "Ask the class" (the exact answer is worked out off the event loop, then the
  question is stored with the teacher's secret, checked by the store), sees
  "N students answered" (distinct students, as the class watcher reports) and presses
  "Reveal".
* A **follower** sees the open question in the class bar with its answer control (Yes/No,
  a number box, or a 0–100 slider and Send). One answer per student: a stable student id
  kept in the browser's storage; a new answer replaces the last until the reveal. At
  most one answer write per :data:`ANSWER_GAP_S` per page: more are dropped with a note.
* On **reveal**, every page of the class shows a bar chart of the answers beside the exact
  answer (:mod:`racerlab.viz.class_answers`), built then: no chart before a reveal.

Question text (racer names come from the game file) and answers are data: they reach the
page through :mod:`racerlab.app.kit.escape` only.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

import panel as pn
import param

from ...core.errors import ScenarioError
from ..kit.escape import text as esc
from ..kit.redraw import set_text
from ..server.class_store import MAX_ANSWER_CHARS, Question, in_store_thread, shared_store
from ..server.offload import off_loop
from .class_asks import ASKS, make_ask, needs_target, normal_answer

__all__ = ["ANSWER_GAP_S", "QuestionBox", "QuestionDesk"]

ANSWER_GAP_S = 1.0
"""A page writes at most one answer in this many seconds; faster ones are dropped."""


class QuestionDesk(param.Parameterized):
    """One page's side of the class's questions (no Panel): what it shows and does."""

    changed = param.Integer(default=0, doc="Goes up when what the question views show changes.")

    def __init__(self, room: Any, clock: Any = time.monotonic, **params: Any) -> None:
        super().__init__(**params)
        self.room = room
        self.clock = clock
        self.question: Question | None = None
        self.note = ""
        self.mine = ""
        self.last_sent = -float("inf")
        self.own_id = secrets.token_hex(12)

    def student_id(self) -> str:
        """This student's id: kept in the browser's storage (a page's own outside one)."""
        return self.room.browser.student or self.own_id

    def _say(self, note: str) -> None:
        self.note = note
        self.changed += 1

    def shown(self, question: Question | None) -> None:
        """The class's latest question (from the watcher)."""
        if question is None or self.question is None or question.id != self.question.id:
            self.mine = ""
            self.note = ""
        self.question = question
        self.changed += 1

    def clear(self) -> None:
        """The page left the class: no question."""
        self.question, self.mine, self.note = None, "", ""
        self.changed += 1

    # -- the teacher -----------------------------------------------------------------------
    def ask(self, what: str, target: int = -1) -> None:
        """Ask the class the question ``what`` about the selected racer (and ``target``)."""
        room, session = self.room, self.room.session
        if room.role != "teacher":
            return
        if what not in ASKS.get(session.kit.name, {}).values():
            room.failed(ScenarioError(f"there is no question {what!r} in this game"))
            return
        state, rules, names = session.state, session.rules, list(session.player_names)
        racer, code, secret = session.selected, room.code, room.secret

        def store(ask: Any) -> None:
            in_store_thread(
                lambda: shared_store().ask(
                    code, secret, ask.kind, ask.text, ask.exact, ask.options
                ),
                lambda _qid: self._say("Question asked."),
                room.failed,
            )

        off_loop(
            lambda: make_ask(what, state, rules, names, racer, target),
            store,
            room.failed,
            what="working out the exact answer",
        )

    def reveal(self) -> None:
        """Show every page of the class the answers and the exact answer."""
        room, q = self.room, self.question
        if room.role != "teacher" or q is None or q.revealed:
            return
        code, secret = room.code, room.secret
        in_store_thread(
            lambda: shared_store().reveal(code, secret, q.id), lambda _: None, room.failed
        )

    # -- students --------------------------------------------------------------------------
    def send(self, raw: Any) -> None:
        """This student's answer to the open question (dropped if sent too soon after the
        last; refused with a note if it is not of the question's kind)."""
        q = self.question
        if q is None or q.revealed or self.room.role != "follower":
            return
        now = self.clock()
        if now - self.last_sent < ANSWER_GAP_S:
            self._say(f"One answer a second: {str(raw)[:MAX_ANSWER_CHARS]} was not sent.")
            return
        try:
            answer = normal_answer(q.kind, q.options, raw)
        except Exception as exc:
            self._say(str(exc).capitalize() + ".")
            return
        self.last_sent = now
        student = self.student_id()

        def sent(_: Any) -> None:
            self.mine = answer
            self._say("Sent: you can change it until the reveal.")

        in_store_thread(
            lambda: shared_store().answer(q.id, student, answer), sent, self.room.failed
        )


class QuestionBox(pn.viewable.Viewer):
    """The question's widgets on a page: the teacher's (Ask, count, Reveal) or a
    student's (the question and its answer control); both show the chart after a reveal.
    Nothing is built until it is needed."""

    def __init__(self, room: Any, *, teacher: bool) -> None:
        super().__init__()
        self.room, self.desk, self.teacher = room, room.desk, teacher
        self.column = pn.Column(
            sizing_mode="stretch_width", css_classes=["rl-class-questions"], visible=False
        )
        self.built = False
        self.result_for = 0
        self.desk.param.watch(lambda _e: self.refresh(), "changed")
        room.param.watch(lambda _e: self.refresh(), "changed")
        if teacher:
            room.session.param.watch(lambda _e: self._offer_targets(), "selected")
        self.refresh()

    def _showing(self) -> bool:
        if self.teacher:
            return self.room.role == "teacher"
        return self.room.role == "follower" and self.desk.question is not None

    def _build(self) -> None:
        self.built = True
        guard = self.room.session.guarded
        self.info = pn.pane.HTML("", css_classes=["rl-class-question"], sizing_mode="stretch_width")
        self.result = pn.Column(sizing_mode="stretch_width", css_classes=["rl-class-result"])
        if self.teacher:
            game = self.room.session.kit.name
            self.what = pn.widgets.Select(label="Ask the class", options=ASKS.get(game, {}))
            self.target = pn.widgets.Select(label="Target", options={})
            self.ask_button = pn.widgets.Button(label="Ask the class", color="primary")
            self.reveal_button = pn.widgets.Button(label="Reveal", color="warning")
            self.ask_button.on_click(guard(lambda _e: self._ask(), "ask the class"))
            self.reveal_button.on_click(guard(lambda _e: self.desk.reveal(), "reveal"))
            self.what.param.watch(lambda _e: self._offer_targets(), "value")
            self._offer_targets()
            controls = [pn.Row(self.what, self.target), self.ask_button, self.reveal_button]
        else:
            self.yes = pn.widgets.Button(label="Yes", color="success")
            self.no = pn.widgets.Button(label="No", color="danger")
            self.yes.on_click(guard(lambda _e: self.desk.send("yes"), "answer"))
            self.no.on_click(guard(lambda _e: self.desk.send("no"), "answer"))
            self.number = pn.widgets.TextInput(
                label="Your answer", max_length=MAX_ANSWER_CHARS, width=160
            )
            self.slider = pn.widgets.IntSlider(
                label="Your estimate (%)", start=0, end=100, value=50
            )
            self.send_button = pn.widgets.Button(label="Send", color="primary")
            self.send_button.on_click(guard(lambda _e: self._send(), "answer"))
            controls = [pn.Row(self.yes, self.no, self.number, self.slider, self.send_button)]
        self.column.objects = [self.info, *controls, self.result]

    def _ask(self) -> None:
        self.desk.ask(self.what.value, self.target.value if self.target.visible else -1)

    def _send(self) -> None:
        q = self.desk.question
        if q is not None:
            self.desk.send(self.slider.value if q.kind == "percent" else self.number.value)

    def _offer_targets(self) -> None:
        if not self.built or not self.teacher:
            return
        session = self.room.session
        me = session.selected
        names = session.player_names
        self.target.options = {f"{j + 1}. {n}": j for j, n in enumerate(names) if j != me}
        self.target.visible = needs_target(self.what.value)

    def refresh(self) -> None:
        """Show what the desk holds."""
        showing = self._showing()
        if showing and not self.built:
            self._build()
        self.column.visible = showing
        if not showing:
            return
        q = self.desk.question
        if self.teacher:
            self._refresh_teacher(q)
        else:
            self._refresh_student(q)
        self._refresh_result(q)

    def _refresh_teacher(self, q: Question | None) -> None:
        self.reveal_button.visible = q is not None and not q.revealed
        note = f"<br><i>{esc(self.desk.note)}</i>" if self.desk.note else ""
        if q is None:
            set_text(self.info, f"<p>No question yet.{note}</p>")
            return
        count = f"{q.answered} student{'s' if q.answered != 1 else ''} answered"
        set_text(
            self.info,
            f"<p><b>{esc(q.text)}</b><br><span class='rl-class-answered'>{count}</span>{note}</p>",
        )

    def _refresh_student(self, q: Question | None) -> None:
        open_ = q is not None and not q.revealed
        kind = q.kind if q is not None else ""
        self.yes.visible = self.no.visible = open_ and kind == "yes/no"
        self.number.visible = open_ and kind == "number"
        self.slider.visible = open_ and kind == "percent"
        self.send_button.visible = open_ and kind in ("number", "percent")
        mine = f"<br>Your answer: <b class='rl-class-mine'>{esc(self.desk.mine)}</b>"
        note = f"<br><i class='rl-class-note'>{esc(self.desk.note)}</i>" if self.desk.note else ""
        text = esc(q.text) if q is not None else ""
        set_text(self.info, f"<p><b>Question:</b> {text}{mine if self.desk.mine else ''}{note}</p>")

    def _refresh_result(self, q: Question | None) -> None:
        if q is None or not q.revealed:
            if self.result_for:
                self.result.objects, self.result_for = [], 0
            return
        if self.result_for == q.id:
            return
        from ...viz.class_answers import answers_figure, exact_text

        self.result_for = q.id
        fig = answers_figure(q.kind, q.options, q.answers, q.exact)
        self.result.objects = [
            pn.pane.HTML(
                f"<p class='rl-class-exact'><b>{esc(exact_text(q.kind, q.exact))}</b> · "
                f"{len(q.answers)} answers</p>"
            ),
            pn.pane.Bokeh(fig, sizing_mode="stretch_width", height=220),
        ]

    def __panel__(self) -> Any:
        return self.column
