"""The shared controls put on the page only what they show: the banner holds only the messages
shown (none on a fresh page), the event log's heading is the first line of its one pane, and the
game controls are headed by their own first line."""

from __future__ import annotations

from racerlab.app import knights_app


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
