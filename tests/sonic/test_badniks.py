"""Badniks: who they damage, who destroys them, and their reach."""

import pytest

from racerlab.sonic.board import Badnik, Board, RacerToken
from racerlab.sonic.movement import Movement, MoveRules, paths, resolve_move
from racerlab.sonic.movement.move_events import BadnikDestroyed, RacerDamaged
from racerlab.sonic.track import Direction, Section, SectionType, Track, Zone

LETTERS = {"F": Direction.FORWARD, "U": Direction.UP, "D": Direction.DOWN}
PLAIN = " ".join(["0.."] * 7)


def board_with(badniks, *racers):
    track = Track((Section.from_grid("t", "T", Zone.BASE, SectionType.STRAIGHT, [PLAIN] * 5),))
    board = Board.new(track)
    for pos, b in badniks.items():
        board = board.with_badnik(pos, b)
    for r in racers:
        board = board.with_racer(r)
    return board


def go(board, rid, steps, kind, speed=None, **kw):
    token = board.racer(rid)
    want = tuple(LETTERS[c] for c in steps)
    rules = kw.get("rules", MoveRules())
    options = paths(board, token.pos, speed or len(steps), kind, rules=rules)
    chosen = [p for p in options if p.steps == want]
    assert chosen, f"no path {steps}"
    return resolve_move(board, rid, chosen[0], kind, **kw)


def sonic(col=0, lane=2, speed=3, **kw):
    return RacerToken("sonic", col, lane, speed=speed, **kw)


def destroyed(result):
    return [e.badnik for e in result.events if isinstance(e, BadnikDestroyed)]


# -- Moto Bug (crawling) -------------------------------------------------------------------
def test_moto_bug_damages_a_runner_entering_its_space():
    board = board_with({(2, 2): Badnik.MOTO_BUG}, sonic())
    r = go(board, "sonic", "FF", Movement.RUN, speed=3)
    assert r.damaged == ("sonic",) and r.board.badnik_at((2, 2)) is Badnik.MOTO_BUG


def test_a_spinner_racer_destroys_a_moto_bug_and_keeps_going():
    board = board_with({(2, 2): Badnik.MOTO_BUG}, sonic())
    r = go(board, "sonic", "FFF", Movement.SPIN)
    assert r.damaged == () and r.ended_at == (3, 2)
    assert destroyed(r) == [Badnik.MOTO_BUG] and r.mover.badniks == (Badnik.MOTO_BUG,)
    assert r.board.badnik_at((2, 2)) is None


def test_jumping_over_a_moto_bug_does_nothing_landing_destroys_it():
    board = board_with({(2, 2): Badnik.MOTO_BUG}, sonic())
    r = go(board, "sonic", "FFF", Movement.JUMP)
    assert r.damaged == () and destroyed(r) == []
    r = go(board, "sonic", "FF", Movement.JUMP)
    assert destroyed(r) == [Badnik.MOTO_BUG]


# -- Crabmeat (crawling, hits jumpers above and below) ------------------------------------------
def test_crabmeat_damages_jumpers_entering_the_spaces_above_and_below_it():
    board = board_with({(2, 2): Badnik.CRABMEAT}, sonic(lane=1, speed=3))
    r = go(board, "sonic", "FF", Movement.JUMP, speed=3)  # the path stops at (2, 1)
    assert r.damaged == ("sonic",)
    assert any(isinstance(e, RacerDamaged) and e.by == "crabmeat" for e in r.events)
    board = board_with({(2, 2): Badnik.CRABMEAT}, sonic(lane=3, speed=3))
    assert go(board, "sonic", "FF", Movement.JUMP, speed=3).damaged == ("sonic",)


def test_crabmeat_reach_is_not_its_own_lane_for_jumpers_nor_two_lanes_away():
    board = board_with({(2, 2): Badnik.CRABMEAT}, sonic(lane=2))
    assert go(board, "sonic", "FFF", Movement.JUMP).damaged == ()
    board = board_with({(2, 2): Badnik.CRABMEAT}, sonic(lane=0))
    assert go(board, "sonic", "FFF", Movement.JUMP).damaged == ()


def test_crabmeat_does_not_hurt_runners_beside_it_but_does_in_its_space():
    board = board_with({(2, 2): Badnik.CRABMEAT}, sonic(lane=1))
    assert go(board, "sonic", "FFF", Movement.RUN).damaged == ()
    board = board_with({(2, 2): Badnik.CRABMEAT}, sonic(lane=2))
    assert go(board, "sonic", "FF", Movement.RUN, speed=3).damaged == ("sonic",)


def test_crabmeat_on_lane_one_reaches_only_below():
    board = board_with({(2, 0): Badnik.CRABMEAT}, sonic(lane=1))
    assert go(board, "sonic", "FF", Movement.JUMP, speed=3).damaged == ("sonic",)


# -- Buzz Bomber (buzzing, hits runners in front) ---------------------------------------------
@pytest.mark.parametrize("kind", [Movement.RUN, Movement.SPIN])
def test_buzz_bomber_damages_runners_and_spinners_in_the_three_spaces_before_it(kind):
    board = board_with({(5, 2): Badnik.BUZZ_BOMBER}, sonic(speed=3))
    r = go(board, "sonic", "F", kind)  # (1, 2): out of reach
    assert r.damaged == ()
    r = go(board, "sonic", "FF", kind, speed=3)  # (2, 2): the third space before it
    assert r.damaged == ("sonic",)


def test_buzz_bomber_does_not_damage_runners_entering_its_own_space():
    board = board_with({(1, 2): Badnik.BUZZ_BOMBER}, sonic(speed=2))
    r = go(board, "sonic", "FF", Movement.RUN)
    assert r.damaged == () and r.board.badnik_at((1, 2)) is Badnik.BUZZ_BOMBER


def test_a_jumper_destroys_a_buzz_bomber_it_passes():
    board = board_with({(2, 2): Badnik.BUZZ_BOMBER}, sonic(speed=3))
    r = go(board, "sonic", "FFF", Movement.JUMP)
    assert destroyed(r) == [Badnik.BUZZ_BOMBER] and r.damaged == ()


def test_buzz_bomber_column_reach_option():
    rules = MoveRules(buzz_bomber_reach="column")
    board = board_with({(3, 2): Badnik.BUZZ_BOMBER}, sonic(lane=1, speed=2))
    assert go(board, "sonic", "FF", Movement.RUN, rules=rules).damaged == ("sonic",)
    assert go(board, "sonic", "FF", Movement.RUN).damaged == ()  # lane reach: not lane 1


# -- Spinner (buzzing, hits jumpers entering it) ----------------------------------------------
def test_spinner_damages_a_jumper_passing_through_it():
    board = board_with({(1, 2): Badnik.SPINNER}, sonic(speed=3))
    r = go(board, "sonic", "F", Movement.JUMP, speed=3)
    assert r.damaged == ("sonic",) and r.board.badnik_at((1, 2)) is Badnik.SPINNER


def test_spinner_is_destroyed_only_by_landing_on_it():
    board = board_with({(2, 2): Badnik.SPINNER}, sonic(speed=2))
    r = go(board, "sonic", "FF", Movement.JUMP)
    assert destroyed(r) == [Badnik.SPINNER] and r.damaged == ()
    board = board_with({(2, 2): Badnik.SPINNER}, sonic(speed=3))
    r = go(board, "sonic", "FFF", Movement.SPIN)  # spinning through it: nothing
    assert destroyed(r) == [] and r.damaged == ()


def test_high_jump_ignores_every_badnik():
    board = board_with(
        {(1, 2): Badnik.SPINNER, (2, 1): Badnik.CRABMEAT, (3, 2): Badnik.MOTO_BUG}, sonic()
    )
    r = go(board, "sonic", "FFF", Movement.HIGH_JUMP)
    assert r.damaged == () and destroyed(r) == [] and r.ended_at == (3, 2)


def test_badniks_are_crawling_or_buzzing():
    assert Badnik.MOTO_BUG.crawling and Badnik.CRABMEAT.crawling
    assert not Badnik.BUZZ_BOMBER.crawling and not Badnik.SPINNER.crawling


def test_buzz_bomber_reach_is_cut_at_the_start_of_the_track():
    board = board_with({(1, 2): Badnik.BUZZ_BOMBER}, sonic(lane=1, speed=2))
    # its reach is only column 0 of lane 2: moving down into it there damages
    r = go(board, "sonic", "D", Movement.RUN, speed=2)
    assert r.damaged == ("sonic",)


def test_buzz_bomber_reach_crosses_into_the_previous_section():
    track = Track(
        tuple(
            Section.from_grid(n, n, Zone.BASE, SectionType.STRAIGHT, ["0.. 0.. 0.."] * 5)
            for n in ("a", "b")
        )
    )
    board = Board.new(track).with_badnik((3, 2), Badnik.BUZZ_BOMBER).with_racer(sonic(speed=1))
    r = go(board, "sonic", "F", Movement.RUN)  # (1, 2) in section a, 2 spaces before it
    assert r.damaged == ("sonic",)
