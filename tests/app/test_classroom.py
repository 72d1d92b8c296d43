"""A class without a browser: a teacher's dashboard and a follower's, one store, the
watcher's poll run by hand."""

from __future__ import annotations

import pytest

from racerlab.app import knights_app
from racerlab.app.panels.classroom import classroom_for, qr_svg_uri
from racerlab.app.server.class_store import shared_store
from racerlab.app.server.class_watch import poll_once
from racerlab.core.errors import ScenarioError


def class_of(tmp_path, monkeypatch, teacher_seed: int, student_seed: int):
    """A teacher's dashboard teaching a class and a student's following it, one store in
    ``tmp_path``: ``(teacher, teacher's room, student, student's room)``."""
    monkeypatch.setenv("RACERLAB_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("RACERLAB_CLASS_URL", raising=False)
    teacher, student = knights_app(seed=teacher_seed), knights_app(seed=student_seed)
    t_room = classroom_for(teacher)
    t_room.browser.param.update(origin="http://127.0.0.1:5006", path="/knights")
    t_room.start()
    s_room = classroom_for(student)
    s_room.follow(t_room.code)
    return teacher, t_room, student, s_room


@pytest.fixture
def room_pair(tmp_path, monkeypatch):
    pair = class_of(tmp_path, monkeypatch, 3, 5)
    yield pair
    pair[3].try_own()


def test_a_follower_shows_the_teachers_game_and_each_change(room_pair):
    teacher, t_room, student, s_room = room_pair
    assert s_room.role == "follower"
    assert student.session.status() == teacher.session.status()
    teacher.session.step("turn")
    assert shared_store().read(t_room.code).version == 2  # published
    poll_once(shared_store())
    assert student.session.status() == teacher.session.status()
    teacher.session.back()
    poll_once(shared_store())
    assert student.session.status() == teacher.session.status()  # "step 0 of 1" both


def test_a_followers_own_move_never_reaches_the_teacher(room_pair):
    teacher, t_room, student, s_room = room_pair
    before = shared_store().read(t_room.code)
    student.session.step()
    assert s_room.role == "own"
    assert shared_store().read(t_room.code) == before
    teacher.session.step()
    teacher.session.step()
    poll_once(shared_store())
    assert student.session.status() != teacher.session.status()  # away from the class
    s_room.back_to_class()
    poll_once(shared_store())
    assert s_room.role == "follower" and student.session.status() == teacher.session.status()


def test_end_class_leaves_the_follower_its_game(room_pair):
    teacher, t_room, student, s_room = room_pair
    teacher.session.step()
    poll_once(shared_store())
    t_room.end()
    poll_once(shared_store())
    assert s_room.role == "" and "now your own" in s_room.message
    assert student.session.status() == teacher.session.status()


def test_the_class_tab_shows_link_qr_and_the_loopback_note(room_pair):
    teacher, t_room, _student, _s_room = room_pair
    panel = teacher.panel("classroom")
    panel.refresh()
    html = panel.link.object
    assert f"http&#58;//127.0.0.1&#58;5006/knights?follow={t_room.code}" in html
    assert "racerlab serve --network" in html and "data:image/svg+xml" in html
    assert "?teach=" in html  # the teacher link, in the tab only


def test_a_wrong_code_is_refused_with_a_message(tmp_path, monkeypatch):
    monkeypatch.setenv("RACERLAB_DATA_DIR", str(tmp_path))
    room = classroom_for(knights_app(seed=1))
    room.follow("AAAAAA")
    assert room.role == "" and "no class AAAAAA" in room.message
    room.follow("<b>x")
    assert "6 letters" in room.message


def test_the_qr_code_is_an_svg_data_uri_with_nothing_to_break_an_attribute():
    uri = qr_svg_uri("http://10.1.2.3:5006/knights?follow=ACK37P")
    assert uri.startswith("data:image/svg+xml") and '"' not in uri and "'" not in uri


# -- questions ---------------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def asked(room_pair):
    """The teacher asked "Will racer 1's shot at racer 2 hit?"; both pages were told."""
    from racerlab.knights import queries
    from racerlab.knights.actions import Target

    teacher, t_room, student, s_room = room_pair
    exact = float(queries.shot_hit_odds(teacher.session.state, 0, Target.racer(1)))
    teacher.session.selected = 0
    t_room.desk.ask("hit", 1)
    poll_once(shared_store())
    s_room.desk.clock = Clock()
    return teacher, t_room, student, s_room, exact


def test_the_teacher_asks_with_the_engines_exact_answer(asked):
    teacher, t_room, _student, s_room, exact = asked
    q = s_room.desk.question
    assert q is not None and q.kind == "yes/no" and q.options == "yes,no"
    names = teacher.session.player_names
    assert q.text == f"Will {names[0]}'s shot at {names[1]} hit?"
    assert q.exact == pytest.approx(exact) and 0 < exact < 1
    assert t_room.desk.question == q and not q.revealed and q.answers == ()
    with pytest.raises(ScenarioError, match="not the teacher"):
        shared_store().ask(t_room.code, "not it", "yes/no", "x?", 0.5, "yes,no")
    s_room.desk.ask("hit", 1)  # a follower's page cannot ask
    assert shared_store().question(t_room.code).id == q.id


def test_a_second_answer_replaces_the_first_and_is_counted_once(asked):
    teacher, t_room, _student, s_room, _exact = asked
    s_room.desk.send("yes")
    s_room.desk.clock.now += 1.5
    s_room.desk.send("no")
    q = s_room.desk.question
    assert shared_store().answers(q.id) == {s_room.desk.student_id(): "no"}
    poll_once(shared_store())
    assert t_room.desk.question.answered == 1
    panel = teacher.panel("classroom")
    assert "1 student answered" in panel.questions.info.object
    assert s_room.desk.mine == "no"


def test_answers_faster_than_one_a_second_are_dropped_with_a_note(asked):
    _teacher, _t_room, _student, s_room, _exact = asked
    s_room.desk.send("yes")
    s_room.desk.clock.now += 0.4
    s_room.desk.send("no")
    assert "One answer a second" in s_room.desk.note
    assert shared_store().answers(s_room.desk.question.id) == {s_room.desk.student_id(): "yes"}


def test_a_hostile_answer_is_refused_and_shown_as_text(asked):
    _teacher, _t_room, student, s_room, _exact = asked
    s_room.desk.send("<script>alert(1)</script>")
    assert shared_store().answers(s_room.desk.question.id) == {}
    bar = student.panel("class_bar")
    bar.questions.refresh()
    shown = bar.questions.info.object
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in shown and "<script>" not in shown


def test_reveal_shows_every_page_the_counts_and_the_exact_answer(asked):
    teacher, t_room, student, s_room, exact = asked
    q = s_room.desk.question
    s_room.desk.send("yes")
    shared_store().answer(q.id, "another student", "no")
    shared_store().answer(q.id, "a third", "<script>x</script>")  # a crafted page's write
    with pytest.raises(ScenarioError, match="not the teacher"):
        shared_store().reveal(t_room.code, "not it", q.id)
    poll_once(shared_store())
    s_room.desk.reveal()  # only the teacher's page reveals
    assert not shared_store().question(t_room.code).revealed
    t_room.desk.reveal()
    poll_once(shared_store())
    for page, room in ((teacher, t_room), (student, s_room)):
        shown = room.desk.question
        assert shown.revealed and sorted(shown.answers) == ["<script>x</script>", "no", "yes"]
        box = page.panel("classroom" if room is t_room else "class_bar").questions
        exact_line, chart = box.result.objects
        assert f"Exact: {100 * exact:.1f}%" in exact_line.object
        assert chart.object.renderers[0].data_source.data["count"] == [1, 1]
    s_room.desk.send("no")  # too late: nothing changes
    assert shared_store().answers(q.id)[s_room.desk.student_id()] == "yes"


def test_battle_racers_asks_the_chance_to_resolve_first(tmp_path, monkeypatch):
    from racerlab.app import sonic_app
    from racerlab.sonic import queries

    monkeypatch.setenv("RACERLAB_DATA_DIR", str(tmp_path))
    teacher = sonic_app(seed=2)
    room = classroom_for(teacher)
    room.start()
    teacher.session.selected = 3
    room.desk.ask("first")
    q = shared_store().question(room.code)
    s = teacher.session
    assert q.kind == "percent" and q.options == "0,100"
    assert q.exact == pytest.approx(float(queries.first_odds(s.state, s.rules)[3]))
    assert s.player_names[3] in q.text
    room.desk.ask("hit", 1)  # a Racer Knights question: refused on the page, nothing stored
    assert shared_store().question(room.code).id == q.id
    assert "no question 'hit' in this game" in s.error
    room.end()


def test_a_follower_on_the_same_game_names_the_class_as_its_game(tmp_path, monkeypatch):
    """In a class every page opens on the same random game: the follower's page takes the
    class's moves on top of its own game and its "Game shown" line names the class, not
    the seed it opened with."""
    teacher, t_room, student, s_room = class_of(tmp_path, monkeypatch, 0, 0)
    try:
        teacher.session.step()
        poll_once(shared_store())
        assert student.session.status() == teacher.session.status()
        assert student.session.shown == f"the game of class {t_room.code}"
        assert t_room.code in student.scenarios.shown_note.object
    finally:
        s_room.try_own()
