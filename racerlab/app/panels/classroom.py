"""A class session: the students' pages follow the teacher's game.

* The **teacher** presses "Start a class" (the "Class" tab): the game goes into the class
  store (:mod:`racerlab.app.server.class_store`) under a short code, and the tab shows the
  follow link (``?follow=CODE``) with a QR code of it, drawn here with segno (no network).
  The teacher's right to drive is a secret kept in the teacher's browser (its
  ``localStorage``, through :class:`BrowserStore`), never in the address on the projector;
  a reload, another tab, or a restarted server finds the class again from it. Each change
  of the teacher's game is written to the store (after :data:`PUBLISH_MS`, off the loop).
* A **follower** (a page opened with ``?follow=CODE``, or a code typed in the tab) is told
  of each change by :mod:`racerlab.app.server.class_watch` and redraws from it: the new
  actions only, when the stored game extends the one shown; else the whole game, loaded
  off the loop. A follower never writes to the store. Its own Step, tweak or edit (or
  "Try it yourself") makes the position its own game; "Back to the class" follows again.
* "End class" ends it for everyone: followers keep the last position as their own game.
* The teacher may ask the class a question about the board; followers answer and everyone
  sees the answers beside the exact one on reveal (:mod:`.class_questions`).
"""

from __future__ import annotations

import html
import json
import os
from typing import Any
from urllib.parse import quote

import panel as pn
import param
from panel.custom import JSComponent

from ..kit.escape import text as esc
from ..kit.redraw import set_text
from ..kit.session import GameSession
from ..server import class_watch
from ..server.class_store import (
    CODE_LENGTH,
    ClassRow,
    in_store_thread,
    normal_code,
    shared_limiter,
    shared_store,
)
from ..server.offload import in_server, off_loop
from .class_questions import QuestionBox, QuestionDesk

__all__ = [
    "LOOPBACK_NOTE",
    "PUBLISH_MS",
    "BrowserStore",
    "ClassBar",
    "ClassPanel",
    "Classroom",
    "class_game",
    "classroom_for",
    "qr_svg_uri",
    "whole_line",
]

PUBLISH_MS = 30
"""How long after a change of the teacher's game it is written (ms): a burst is one write."""

LOOPBACK_NOTE = (
    "This server listens on this computer only: students' devices cannot open this link. "
    "Restart it with `racerlab serve --network` to open it to the room's network."
)

TEACHER, FOLLOWER, OWN = "teacher", "follower", "own"


class BrowserStore(JSComponent):
    """What the page's browser knows: the teacher secret kept in its ``localStorage``, the
    student id kept there (made on first use: one answer per student), the page's address
    and a ``?follow=`` code in it. A ``?teach=`` secret in the address is
    stored and taken out of the address bar at once."""

    key = param.String(default="racerlab-class-teacher")
    stored = param.String(default="", doc="The secret this browser keeps (from the browser).")
    follow = param.String(default="", doc="The page address's ?follow= code.")
    origin = param.String(default="", doc="The page's origin, e.g. http://127.0.0.1:5006.")
    path = param.String(default="", doc="The page's path, e.g. /knights.")
    write = param.String(default="", doc="A secret to keep ('-': forget it).")
    student = param.String(default="", doc="This browser's student id (from the browser).")
    ready = param.Boolean(default=False, doc="The browser has reported.")

    _esm = """
export function render({ model }) {
  const key = model.key;
  const params = new URLSearchParams(window.location.search);
  const teach = params.get("teach");
  if (teach) {
    window.localStorage.setItem(key, teach);
    params.delete("teach");
    const rest = params.toString();
    window.history.replaceState(null, "", window.location.pathname + (rest ? "?" + rest : ""));
  }
  const keep = () => {
    if (model.write === "-") { window.localStorage.removeItem(key); }
    else if (model.write) { window.localStorage.setItem(key, model.write); }
  };
  model.on("write", keep);
  model.follow = params.get("follow") || "";
  const sidebar = document.getElementById("sidebar");
  if (model.follow && window.innerWidth < 768 && sidebar && sidebar.classList.contains("show")) {
    // a follower on a phone: the board first, the controls behind the menu button
    const toggle = document.getElementById("sidebar-toggle");
    if (toggle) { toggle.click(); }
  }
  model.origin = window.location.origin;
  model.path = window.location.pathname;
  model.stored = window.localStorage.getItem(key) || "";
  let student = window.localStorage.getItem("racerlab-class-student");
  if (!student) {  // random, and works on a plain-http network address too
    const bytes = window.crypto.getRandomValues(new Uint8Array(12));
    student = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    window.localStorage.setItem("racerlab-class-student", student);
  }
  model.student = student;
  model.ready = true;
  const el = document.createElement("span");
  el.className = "rl-browser-store";
  return el;
}
"""


def qr_svg_uri(link: str) -> str:
    """A QR code of ``link`` as an SVG ``data:`` URI (drawn here, offline)."""
    import segno

    return segno.make(link, error="m").svg_data_uri(scale=5, border=2)


class Classroom(param.Parameterized):
    """One page's part in a class: none, the teacher, a follower, or a student trying it."""

    role = param.Selector(default="", objects=["", TEACHER, FOLLOWER, OWN])
    code = param.String(default="")
    message = param.String(default="")
    changed = param.Integer(default=0, doc="Goes up when what the class panels show changes.")

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.browser = BrowserStore()
        self.secret = ""
        self._watch: class_watch.Watch | None = None
        self._applying = False
        self._pending = False
        self._publishing = False
        self._dirty = False
        self._shown_version = 0
        self.desk = QuestionDesk(self)
        self.browser.param.watch(session.guarded(self._on_browser, "class"), "ready")
        session.param.watch(self._on_session, ["state_version", "selected"])

    # -- what the page shows -----------------------------------------------------------------
    def _say(self, text: str, role: str | None = None) -> None:
        if role is not None:
            self.role = role
        self.message = text
        self.changed += 1

    def follow_link(self) -> str:
        """The address students open: the server's network address when it has one."""
        base = os.environ.get("RACERLAB_CLASS_URL") or self.browser.origin
        return f"{base}{self.browser.path or '/'}?follow={self.code}"

    def teacher_link(self) -> str:
        """The address that makes another device this class's teacher (keep it private)."""
        base = os.environ.get("RACERLAB_CLASS_URL") or self.browser.origin
        return f"{base}{self.browser.path or '/'}?teach={quote(self.secret)}"

    def only_this_machine(self) -> bool:
        """Whether students' devices cannot reach the follow link (loopback only)."""
        if os.environ.get("RACERLAB_CLASS_URL"):
            return False
        host = self.browser.origin.split("//")[-1].rsplit(":", 1)[0].strip("[]")
        return host in ("127.0.0.1", "localhost", "::1", "")

    # -- the browser reports -----------------------------------------------------------------
    def _on_browser(self, _event: Any) -> None:
        if self.browser.follow:
            self.follow(self.browser.follow)
        elif self.browser.stored:
            secret = self.browser.stored
            in_store_thread(
                lambda: shared_store().teacher_class(secret),
                lambda row: self._resume(secret, row),
                self.failed,
            )

    def _resume(self, secret: str, row: ClassRow | None) -> None:
        if row is None:
            self.browser.write = "-"  # the class ended or expired: forget it
            return
        self.secret, self.code = secret, row.code

        def resumed() -> None:
            self._say(f"Class {row.code} resumed.", TEACHER)
            self._watch_questions()

        self._load(row, then=resumed)

    def failed(self, exc: BaseException) -> None:
        """Report a failed class action on the page."""
        self.session.report(exc, "class")

    # -- the teacher ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start a class on the game shown."""
        if self.role == TEACHER:
            return
        self._stop_following()
        tl = self.session.timeline
        game, cursor, selected = whole_line(tl), tl.index, self.session.selected

        def started(made: tuple[str, str]) -> None:
            self.code, self.secret = made
            self.browser.write = self.secret
            self._say(f"Class {self.code} started.", TEACHER)
            self._watch_questions()

        in_store_thread(
            lambda: shared_store().create(game, cursor=cursor, selected=selected),
            started,
            self.failed,
        )

    def end(self) -> None:
        """End the class for everyone (followers keep the last position)."""
        if self.role != TEACHER:
            return
        code, secret = self.code, self.secret
        self.browser.write = "-"
        self.secret = ""
        self._stop_following()
        self._say(f"Class {code} ended.", "")
        in_store_thread(lambda: shared_store().end(code, secret), lambda _: None, self.failed)

    def _on_session(self, event: Any) -> None:
        if self._applying:
            return
        if (
            self.role == FOLLOWER and getattr(event, "name", "") == "state_version"
        ):  # the student's own move: the position is theirs now
            self._stop_following()
            self._say("Your own game from the class's position: the class goes on.", OWN)
        elif self.role == TEACHER:
            self._dirty = True
            if not self._pending and not self._publishing:
                self._pending = True
                doc = in_server()
                if doc is None:
                    self._publish()
                else:
                    doc.add_timeout_callback(self._publish, PUBLISH_MS)

    def _publish(self) -> None:
        self._pending = False
        if self.role != TEACHER or not self._dirty:
            return
        self._dirty, self._publishing = False, True
        tl = self.session.timeline
        code, secret, game = self.code, self.secret, whole_line(tl)
        cursor, selected = tl.index, self.session.selected

        def done(_version: Any) -> None:
            self._publishing = False
            if self._dirty:
                self._on_session(None)

        def failed(exc: BaseException) -> None:
            self._publishing = False
            self.failed(exc)

        in_store_thread(
            lambda: shared_store().publish(code, secret, game, cursor=cursor, selected=selected),
            done,
            failed,
        )

    # -- followers -----------------------------------------------------------------------------
    def follow(self, typed: str) -> None:
        """Follow the class with code ``typed`` (refused while guessing too fast)."""
        code = normal_code(typed)
        client = _client_address()
        limiter = shared_limiter()
        wait = limiter.wait_s(client)
        if wait > 0:
            self._say(f"Too many wrong class codes: try again in {wait:.0f} s.")
            return
        if not code:
            limiter.missed(client)
            self._say(f"A class code is {CODE_LENGTH} letters and digits, like ACK37P.")
            return
        if self.role == TEACHER:
            self._say("This page teaches a class: end it before following another.")
            return

        def found(row: ClassRow | None) -> None:
            if row is None:
                limiter.missed(client)
                self._say(f"There is no class {code}: check the code.")
                return
            self.code = code
            self._say(f"Following class {code}.", FOLLOWER)
            self._apply(row)
            self._start_watch(row.version)

        in_store_thread(lambda: shared_store().read(code), found, self.failed)

    def try_own(self) -> None:
        """Stop following: the position shown becomes this student's own game."""
        if self.role == FOLLOWER:
            self._stop_following()
            self._say("Your own game from the class's position: the class goes on.", OWN)

    def back_to_class(self) -> None:
        """Follow the class again, from where it is now."""
        if self.role == OWN and self.code:
            self._say(f"Following class {self.code}.", FOLLOWER)
            self._shown_version = 0
            in_store_thread(lambda: shared_store().read(self.code), self._apply, self.failed)
            self._start_watch(0)

    def _start_watch(self, seen: int) -> None:
        class_watch.unwatch(self._watch)
        doc = in_server()
        guard = self.session.guarded
        self._watch = class_watch.watch(
            self.code, doc, guard(self._apply), seen, asked=guard(self.desk.shown)
        )
        if doc is not None:
            w = self._watch
            doc.on_session_destroyed(lambda _ctx: class_watch.unwatch(w))

    def _watch_questions(self) -> None:
        """The teacher's page is told of its class's questions (answers counted)."""
        class_watch.unwatch(self._watch)
        doc = in_server()
        guarded = self.session.guarded(self.desk.shown)
        self._watch = class_watch.watch(self.code, doc, None, asked=guarded)
        if doc is not None:
            w = self._watch
            doc.on_session_destroyed(lambda _ctx: class_watch.unwatch(w))

    def _stop_following(self) -> None:
        class_watch.unwatch(self._watch)
        self._watch = None
        if self.desk.question is not None:
            self.desk.clear()

    def _apply(self, row: ClassRow | None) -> None:
        if self.role != FOLLOWER:
            return
        if row is None or not row.is_live:
            self._stop_following()
            gone = "ended" if row is not None else "has gone"
            self._say(f"The class {gone}: this game is now your own.", "")
            return
        if row.version <= self._shown_version:
            return
        self._shown_version = row.version
        if not self._extend(row):
            self._load(row)

    def _extend(self, row: ClassRow) -> bool:
        """Play only the new actions when the stored game extends the one shown."""
        tl = self.session.timeline
        try:
            data = json.loads(row.game)
        except ValueError:
            return False
        mine = json.loads(whole_line(tl))
        head = ("game", "setup", "options", "seed")
        actions, known = data.get("actions", []), mine["actions"]
        if any(data.get(k) != mine[k] for k in head) or actions[: len(known)] != known:
            return False
        self._applying = True
        try:
            tl.goto(len(tl) - 1)
            for i, raw in enumerate(actions[len(known) :]):
                tl.play(tl.rules.decode_action(raw, f"the class's game: action {i}"))
            self.session.shown = class_game(row.code)  # the same game, now the class's
            self._show_at(row)
        finally:
            self._applying = False
        return True

    def _load(self, row: ClassRow, then: Any = None) -> None:
        session = self.session

        def adopt(tl: Any) -> None:
            if self.role not in (FOLLOWER, TEACHER) and then is None:
                return
            self._applying = True
            try:
                session.adopt(tl, "", class_game(row.code))
                self._show_at(row)
            finally:
                self._applying = False
            if then is not None:
                then()

        if row.game == whole_line(session.timeline):
            adopt(session.timeline)
            return
        off_loop(
            lambda: session.read_text(row.game, "the class's game"),
            adopt,
            self.failed,
            what="loading the class's game",
        )

    def _show_at(self, row: ClassRow) -> None:
        s = self.session
        n = len(s.timeline) - 1
        if s.selected != row.selected and row.selected < len(s.player_names):
            s.selected = row.selected
        s.goto(min(max(row.cursor, 0), n))


def class_game(code: str) -> str:
    """How the page's "Game shown" line names the game of class ``code``."""
    return f"the game of class {code}"


def whole_line(tl: Any) -> str:
    """The saved-game text of the whole line ``tl`` (past its cursor too: a teacher's Back
    keeps the steps ahead, so followers step forward through the same moves)."""
    at = tl.index
    tl.goto(len(tl) - 1)
    try:
        return tl.dumps()
    finally:
        tl.goto(at)


def _client_address() -> str:
    doc = in_server()
    request = getattr(getattr(doc, "session_context", None), "request", None)
    return str(getattr(request, "remote_ip", None) or "local")


def classroom_for(dashboard: Any) -> Classroom:
    """The dashboard's :class:`Classroom` (made on first use, one per dashboard)."""
    room = getattr(dashboard, "classroom", None)
    if room is None:
        room = Classroom(dashboard.session)
        dashboard.classroom = room
    return room


class ClassBar(pn.viewable.Viewer):
    """Always on the page (small): the browser's store and, while in a class, a status
    line with "Try it yourself" / "Back to the class"."""

    def __init__(self, room: Classroom) -> None:
        super().__init__()
        self.room = room
        # only the browser's store is on a first page; the status line, the buttons and the
        # question box are made the first time the page is in a class (or has a message),
        # so a page that never joins one sends no models for them
        self.column = pn.Column(room.browser, **_wide())
        self.status: pn.pane.HTML | None = None
        room.param.watch(lambda _e: self.refresh(), "changed")
        # a follower's phone hides the sidebar: the bar says where the game is
        room.session.param.watch(lambda _e: self.refresh() if room.role else None, "state_version")

    def _build(self) -> None:
        room = self.room
        self.status = pn.pane.HTML("", css_classes=["rl-class-status"], margin=(0, 5))
        self.try_button = pn.widgets.Button(label="Try it yourself", color="primary")
        self.back_button = pn.widgets.Button(label="Back to the class", color="primary")
        guard = room.session.guarded
        self.try_button.on_click(guard(lambda _e: room.try_own(), "try it yourself"))
        self.back_button.on_click(guard(lambda _e: room.back_to_class(), "back to the class"))
        self.buttons = pn.Row(self.try_button, self.back_button, visible=False)
        self.questions = QuestionBox(room, teacher=False)
        self.column.objects = [room.browser, self.status, self.buttons, self.questions]

    def refresh(self) -> None:
        room = self.room
        if self.status is None:
            if not room.role and not room.message:
                return
            self._build()
        assert self.status is not None
        following = room.role in (FOLLOWER, OWN)
        self.try_button.visible = room.role == FOLLOWER
        self.back_button.visible = room.role == OWN
        self.buttons.visible = following
        words = {TEACHER: "Teaching class", FOLLOWER: "Following class", OWN: "Away from class"}
        if not room.role and not room.message:
            set_text(self.status, "")
            return
        where = esc(room.session.status())
        head = f"<b>{words[room.role]} {esc(room.code)}</b> · {where}" if room.role else where
        set_text(self.status, f"{head}<br>{esc(room.message)}" if room.message else head)

    def __panel__(self) -> Any:
        return self.column


class ClassPanel(pn.viewable.Viewer):
    """The "Class" tab: start or end a class, its follow link and QR code, the teacher
    link; or follow a class by its code."""

    def __init__(self, room: Classroom) -> None:
        super().__init__()
        self.room = room
        guard = room.session.guarded
        self.start_button = pn.widgets.Button(label="Start a class", color="success")
        self.end_button = pn.widgets.Button(label="End class", color="danger")
        self.start_button.on_click(guard(lambda _e: room.start(), "start a class"))
        self.end_button.on_click(guard(lambda _e: room.end(), "end the class"))
        self.link = pn.pane.HTML("", css_classes=["rl-class-link"], **_wide())
        self.code_input = pn.widgets.TextInput(
            label="Class code", placeholder="e.g. ACK37P", max_length=12, width=160
        )
        self.follow_button = pn.widgets.Button(label="Follow", color="primary")
        self.follow_button.on_click(guard(lambda _e: room.follow(self.code_input.value), "follow"))
        self.questions = QuestionBox(room, teacher=True)
        self.column = pn.Column(
            pn.pane.Markdown("### Class", margin=(0, 5)),
            pn.Row(self.start_button, self.end_button),
            self.link,
            pn.Row(self.code_input, self.follow_button, align="end"),
            self.questions,
            **_wide(),
        )
        room.param.watch(lambda _e: self.refresh(), "changed")

    def refresh(self) -> None:
        room = self.room
        teaching = room.role == TEACHER
        self.start_button.visible = not teaching
        self.end_button.visible = teaching
        if not teaching:
            set_text(self.link, "")
            return
        link = room.follow_link()
        note = (
            f"<p class='rl-class-note'>{esc(LOOPBACK_NOTE)}</p>" if room.only_this_machine() else ""
        )
        teacher = room.teacher_link()
        set_text(
            self.link,
            f"<p>Class code <b class='rl-class-code'>{esc(room.code)}</b>. Students open "
            f"<a class='rl-follow-link' href='{html.escape(link, quote=True)}' target='_blank'>"
            f"{esc(link)}</a></p>{note}"
            f"<img class='rl-class-qr' alt='QR code of the follow link' width='220' "
            f"src='{html.escape(qr_svg_uri(link), quote=True)}'>"
            "<details><summary>Teacher link (to go on teaching from another device: keep it "
            f"private)</summary><code class='rl-teacher-link'>{esc(teacher)}</code></details>",
        )

    def __panel__(self) -> Any:
        return self.column


def _wide() -> dict[str, Any]:
    return {"sizing_mode": "stretch_width"}
