"""The shared controls put on the page only what they show: the banner holds only the messages
shown (none on a fresh page), the event log's heading is the first line of its one pane, and the
game controls are headed by their own first line."""

from __future__ import annotations

from racerlab.app import knights_app

from .stand_ins import ServedPage


def test_the_banner_holds_only_the_messages_shown():
    app = knights_app(seed=3)
    banner, s = app.banner, app.session
    column = banner.__panel__()
    busy = banner.busy_note
    assert list(column.objects) == [busy]  # a fresh page: no message, no model for one
    assert busy.object == ""  # idle: an empty line, no height
    s.error = "no such racer"
    assert list(column.objects) == [banner.error_alert, banner.dismiss, busy]
    assert "no such racer" in banner.error_alert.object
    s.notice = "New random game from seed 5."
    assert list(column.objects) == [banner.error_alert, banner.dismiss, banner.notice_alert, busy]
    s.clear_messages()
    assert list(column.objects) == [busy]


def test_working_on_a_step_is_shown_without_changing_the_page_layout():
    """Every served Step marks the session busy and then idle: only the busy line's text
    changes. The page's models stay the same (adding or removing one makes Bokeh walk the
    whole document, which cost about 50 ms of the server's loop per Step) and no model is
    shown, hidden or resized (each of those makes BokehJS lay the whole page out again)."""
    import panel as pn
    from bokeh.document import Document

    app = knights_app(seed=3)
    doc = Document()
    pn.panel(app).server_doc(doc)
    banner, s = app.banner, app.session
    column = banner.__panel__()
    models_before = {m.id for m in doc.models}
    changed: list[str] = []
    doc.on_change(lambda event: changed.append(getattr(event, "attr", type(event).__name__)))
    s.busy = "step"
    assert list(column.objects) == [banner.busy_note]
    assert "Working: step" in banner.busy_note.object
    assert {m.id for m in doc.models} == models_before
    s.busy = ""
    assert banner.busy_note.object == ""
    assert {m.id for m in doc.models} == models_before
    assert changed and set(changed) == {"text"}


def test_the_event_log_is_one_pane_headed_by_its_first_line():
    app = knights_app(seed=3)
    assert app.log.__panel__() is app.log.pane
    assert app.log.pane.object.startswith('<h3 class="rl-log-head">Event log</h3>')
    assert "No events yet" in app.log.pane.object
    app.session.step("action")
    assert app.log.pane.object.startswith('<h3 class="rl-log-head">Event log</h3>')
    assert "Round 1" in app.log.pane.object


def test_the_game_controls_are_headed_by_their_first_line():
    app = knights_app(seed=3)
    assert app.scenarios.shown_note.object.startswith("### Game\n\n**Game shown:** a random game")


LAYOUT_PROPS = {"visible", "title", "label", "css_classes", "width", "height", "stylesheets"}
"""Model properties whose change makes BokehJS lay the whole page out again."""


def _layout_changes(app, steps: int) -> tuple[list[tuple[str, str]], set[str]]:
    """The layout-changing property changes (model type, property) a served dashboard's
    page gets over ``steps`` Steps, and the names of the phases those Steps reached."""
    import panel as pn
    from bokeh.document import Document

    doc = Document()
    pn.panel(app).server_doc(doc)
    changed: list[tuple[str, str]] = []

    def note(event) -> None:
        attr = getattr(event, "attr", None)
        if attr in LAYOUT_PROPS:
            changed.append((type(event.model).__name__, attr))

    doc.on_change(note)
    phases = set()
    for _ in range(steps):
        app.session.step("action")
        phases.add(app.session.state.phase.name)
    return changed, phases


def test_a_battle_racers_round_by_steps_shows_hides_and_retitles_nothing():
    """The hand panel offers each phase's choices (card, action, movement, face-up card) in
    one picker: a round of Steps passes through every phase and changes only options and
    text, never a visibility, title or label (each costs the browser a whole-page layout:
    about 65 ms a Step on a 2-core machine before this)."""
    from racerlab.app import sonic_app

    app = sonic_app(seed=3)
    changed, phases = _layout_changes(app, 4 * len(app.session.state.board.racers) + 2)
    assert {"CHOOSE", "ACTION", "MOVE", "TAKE"} <= phases
    assert changed == []


def test_a_steps_patch_carries_only_changed_columns_and_no_buffers():
    """A plot's columns are small: each numpy array would travel as a binary buffer of its
    own (an id and a frame each; about 100 a Racer Knights Step before this), so they go
    as plain lists, and a source sends only the columns whose values changed."""
    import panel as pn
    from bokeh.document import Document
    from bokeh.document.events import ColumnDataChangedEvent
    from bokeh.protocol import Protocol

    from racerlab.app import knights_app

    app = knights_app(seed=3)
    doc = Document()
    pn.panel(app).server_doc(doc)
    events: list[object] = []
    doc.callbacks.on_change(events.append)
    for _ in range(6):
        app.session.step("action")
    data_events = [e for e in events if isinstance(e, ColumnDataChangedEvent)]
    assert data_events
    partial = [e for e in data_events if e.cols and set(e.cols) < set(e.model.data)]
    assert partial  # a racer moved: its position columns, not its name or colour
    message = Protocol().create("PATCH-DOC", events)
    assert message.buffers == []


def test_a_served_busy_line_shows_only_for_work_that_lasts(monkeypatch):
    """Under a server the busy line waits BUSY_LINE_DELAY_MS: a quick Step changes nothing on
    the page for it; longer work shows what it is doing, and the line empties when done."""
    from racerlab.app.kit import messages

    app = knights_app(seed=3)
    banner, s = app.banner, app.session
    page = ServedPage()
    monkeypatch.setattr(messages, "in_server", lambda: page)
    s.busy = "step"
    assert banner.busy_note.object == ""  # not yet
    ((quick, ms),) = page.timers
    assert ms == messages.BUSY_LINE_DELAY_MS
    s.busy = ""  # done within the delay
    quick()
    assert banner.busy_note.object == ""  # never shown
    s.busy = "round"
    slow, _ = page.timers[-1]
    slow()  # still working when the delay ends
    assert "Working: round" in banner.busy_note.object
    s.busy = ""
    assert banner.busy_note.object == ""
