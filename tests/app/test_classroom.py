"""A class without a browser: a teacher's dashboard and a follower's, one store, the
watcher's poll run by hand."""

from __future__ import annotations

import pytest

from racerlab.app import knights_app
from racerlab.app.panels.classroom import classroom_for, qr_svg_uri
from racerlab.app.server.class_store import shared_store
from racerlab.app.server.class_watch import poll_once


@pytest.fixture
def room_pair(tmp_path, monkeypatch):
    monkeypatch.setenv("RACERLAB_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("RACERLAB_CLASS_URL", raising=False)
    teacher, student = knights_app(seed=3), knights_app(seed=5)
    t_room = classroom_for(teacher)
    t_room.browser.param.update(origin="http://127.0.0.1:5006", path="/knights")
    t_room.start()
    s_room = classroom_for(student)
    s_room.follow(t_room.code)
    yield teacher, t_room, student, s_room
    s_room.try_own()


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
