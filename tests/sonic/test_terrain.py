"""Track Reference: each terrain feature for Run, Jump (passing) and Land On."""

import pytest

from racerlab.sonic.board import Board, RacerToken
from racerlab.sonic.movement import Movement, paths, resolve_move
from racerlab.sonic.movement.move_events import (
    ObstacleHit,
    Pushed,
    RacerDamaged,
    SpeedChanged,
    Sprung,
)
from racerlab.sonic.track import Direction, Section, SectionType, Track, Zone

F, U, D = Direction.FORWARD, Direction.UP, Direction.DOWN
LETTERS = {"F": F, "U": U, "D": D}


def board_of(lanes, *racers, kind=SectionType.STRAIGHT, **kw):
    """A one-section board from 5 lane strings, with ``racers`` on it."""
    track = Track((Section.from_grid("t", "T", Zone.BASE, kind, lanes, **kw),))
    board = Board.new(track)
    for r in racers:
        board = board.with_racer(r)
    return board


def lane_board(middle, *racers):
    """Plain track with ``middle`` as lane 2 (index 2)."""
    width = len(middle.split())
    plain = " ".join(["0.."] * width)
    return board_of([plain, plain, middle, plain, plain], *racers)


def go(board, rid, steps, kind, speed=None, **kw):
    """Resolve the path whose directions are ``steps`` (e.g. "FFU") of a ``speed`` movement."""
    token = board.racer(rid)
    want = tuple(LETTERS[c] for c in steps)
    options = paths(board, token.pos, speed or len(steps), kind, ignore=token.ignore)
    chosen = [p for p in options if p.steps == want]
    assert chosen, f"no path {steps}; have {[p.steps for p in options]}"
    return resolve_move(board, rid, chosen[0], kind, **kw)


def sonic(col=0, lane=2, speed=3, **kw):
    return RacerToken("sonic", col, lane, speed=speed, **kw)


# -- ground / elevation -----------------------------------------------------------------
def test_ground_has_no_effect():
    r = go(lane_board("0.. 0.. 0.. 0..", sonic()), "sonic", "FFF", Movement.RUN)
    assert r.ended_at == (3, 2) and r.mover.speed == 3 and not r.stopped


def test_running_up_one_level_is_an_obstacle():
    board = lane_board("0.. 0.. 1.. 1..", sonic(speed=3))
    (path,) = [p for p in paths(board, (0, 2), 3, Movement.RUN) if p.steps == (F, F)]
    assert path.ends == "stopped"
    r = resolve_move(board, "sonic", path, Movement.RUN)
    assert r.ended_at == (2, 2) and r.mover.speed == 1 and r.stopped
    assert any(isinstance(e, ObstacleHit) for e in r.events)


def test_running_down_or_level_is_fine():
    r = go(lane_board("1.. 0.. w.. w..", sonic(speed=3)), "sonic", "FFF", Movement.RUN)
    assert r.ended_at == (3, 2) and not r.stopped


def test_running_out_of_water_onto_ground_is_an_obstacle():
    r = go(lane_board("w.. 0.. 0..", sonic(speed=2)), "sonic", "F", Movement.RUN)
    assert r.mover.speed == 1 and r.stopped


def test_jumping_one_level_higher_is_fine_two_is_an_obstacle():
    r = go(lane_board("0.. 1.. 1.. 1..", sonic(speed=3)), "sonic", "FFF", Movement.JUMP)
    assert r.ended_at == (3, 2) and r.mover.speed == 3
    board = lane_board("0.. 2.. 0.. 0..", sonic(speed=3))
    (path,) = [p for p in paths(board, (0, 2), 3, Movement.JUMP) if p.steps[0] is F]
    r = resolve_move(board, "sonic", path, Movement.JUMP)
    assert r.ended_at == (1, 2) and r.mover.speed == 1 and r.stopped


def test_landing_two_higher_is_an_obstacle():
    board = lane_board("0.. 0.. 2..", sonic(speed=2))
    r = go(board, "sonic", "FF", Movement.JUMP)
    assert r.mover.speed == 1 and r.stopped and r.ended_at == (2, 2)


def test_jump_height_is_measured_from_the_takeoff_space():
    # from elevation 1, a 2 is only one higher: no obstacle
    r = go(lane_board("1.. 0.. 2..", sonic(speed=2)), "sonic", "FF", Movement.JUMP)
    assert r.mover.speed == 2 and not r.stopped


def test_a_rock_raises_its_space_by_one():
    board = lane_board("0.. 0.. 0..", sonic(speed=2)).with_rock((1, 2))
    r = go(board, "sonic", "F", Movement.RUN, speed=2)
    assert r.ended_at == (1, 2) and r.mover.speed == 1
    board = lane_board("0.. 1.. 0..", sonic(speed=2)).with_rock((1, 2))
    r = go(board, "sonic", "F", Movement.JUMP, speed=2)  # rock on a hill: 2 higher
    assert r.ended_at == (1, 2) and r.stopped


def test_high_jump_ignores_elevation():
    r = go(lane_board("0.. 2.. 2.. 0..", sonic(speed=3)), "sonic", "FFF", Movement.HIGH_JUMP)
    assert r.ended_at == (3, 2) and r.mover.speed == 3


# -- accelerator / decelerator ------------------------------------------------------------
@pytest.mark.parametrize(
    ("code", "steps", "start_lane", "speed_after"),
    [
        ("0>.", "F", 2, 4),  # pointing the way we run: +1
        ("0<.", "F", 2, 2),  # decelerator pointing back: -1
        ("0^.", "F", 2, 3),  # pointing across our forward move: nothing
        ("0^.", "DF", 1, 3),  # entered moving down, pad points up (opposite): -1 ... then F
    ],
)
def test_pads_when_running(code, steps, start_lane, speed_after):
    lane = f"0.. {code} 0.. 0.."
    board = lane_board(lane, sonic(lane=start_lane, speed=3))
    if steps == "DF":
        # into (0,2)? no: start (0,1), step down to (0,2) plain, forward to the pad
        r = go(board, "sonic", "DFF", Movement.RUN)
        assert r.mover.speed == speed_after
        return
    r = go(board, "sonic", steps + "FF", Movement.RUN)
    assert r.mover.speed == speed_after


def test_pad_pointing_the_way_a_racer_moves_up_speeds_it():
    plain = "0.. 0.. 0.."
    board = board_of([plain, "0.. 0^. 0..", plain, plain, plain], sonic(col=1, lane=2, speed=2))
    r = go(board, "sonic", "UF", Movement.RUN)
    assert r.mover.speed == 3
    assert any(isinstance(e, SpeedChanged) and e.cause == "accelerator" for e in r.events)


def test_pads_jumped_over_do_nothing_but_act_on_landing():
    r = go(lane_board("0.. 0>. 0.. 0..", sonic(speed=3)), "sonic", "FFF", Movement.JUMP)
    assert r.mover.speed == 3
    r = go(lane_board("0.. 0.. 0.. 0>.", sonic(speed=3)), "sonic", "FFF", Movement.JUMP)
    assert r.mover.speed == 4
    r = go(lane_board("0.. 0.. 0.. 0<.", sonic(speed=3)), "sonic", "FFF", Movement.JUMP)
    assert r.mover.speed == 2


def test_speed_change_does_not_change_the_spaces_moved():
    r = go(lane_board("0.. 0>. 0>. 0.. 0.. 0..", sonic(speed=3)), "sonic", "FFF", Movement.RUN)
    assert r.ended_at == (3, 2) and r.mover.speed == 5 and r.spaces_moved == 3


def test_speed_never_exceeds_nine():
    r = go(lane_board("0.. 0>. 0>. 0..", sonic(speed=8)), "sonic", "FFF", Movement.RUN)
    assert r.mover.speed == 9


# -- spike, water, oil ----------------------------------------------------------------------
def test_spike_damages_runners_and_landers_not_jumpers_passing():
    r = go(lane_board("0.. 0x. 0.. 0..", sonic(speed=3)), "sonic", "F", Movement.RUN)
    assert r.damaged == ("sonic",) and r.stopped
    assert any(isinstance(e, RacerDamaged) and e.by == "spike" for e in r.events)
    r = go(lane_board("0.. 0x. 0.. 0..", sonic(speed=3)), "sonic", "FFF", Movement.JUMP)
    assert r.damaged == () and r.ended_at == (3, 2)
    r = go(lane_board("0.. 0.. 0x. 0..", sonic(speed=2)), "sonic", "FF", Movement.JUMP)
    assert r.damaged == ("sonic",)


def test_paths_stop_at_a_spike_unless_the_racer_ignores_spikes():
    board = lane_board("0.. 0x. 0.. 0..", sonic(speed=3))
    straight = [p for p in paths(board, (0, 2), 3, Movement.RUN) if p.steps[0] is F]
    assert [p.ends for p in straight] == ["stopped"]
    ignoring = paths(board, (0, 2), 3, Movement.RUN, ignore=("spike",))
    assert any(p.steps == (F, F, F) for p in ignoring)
    board = board.with_racer(sonic(speed=3, ignore=("spike",)))
    r = go(board, "sonic", "FFF", Movement.RUN)
    assert r.damaged == () and r.ended_at == (3, 2)


def test_water_sets_speed_two():
    r = go(lane_board("0.. w.. 0.. 0..", sonic(speed=5)), "sonic", "F", Movement.RUN)
    assert r.mover.speed == 2
    r = go(lane_board("0.. 0.. w..", sonic(speed=2)), "sonic", "FF", Movement.JUMP)
    assert r.mover.speed == 2
    r = go(lane_board("0.. w.. w.. 0..", sonic(speed=5)), "sonic", "FFF", Movement.JUMP)
    assert r.mover.speed == 5  # passed over, landed on ground


def test_water_only_reduces_speed():
    from racerlab.sonic.movement import MoveRules

    r = go(lane_board("0.. w.. w..", sonic(speed=1)), "sonic", "F", Movement.RUN)
    assert r.mover.speed == 1  # "reduce to 2" never raises Speed (see rulings)
    board = lane_board("0.. w.. w..", sonic(speed=1))
    r = go(board, "sonic", "F", Movement.RUN, rules=MoveRules(water_sets_speed=True))
    assert r.mover.speed == 2


def test_oil_slows_by_one_and_damages_at_speed_one():
    r = go(lane_board("0.. 0o. 0.. 0..", sonic(speed=3)), "sonic", "FFF", Movement.RUN)
    assert r.mover.speed == 2 and r.ended_at == (3, 2)
    # 2 -> 1 on the first pool; at Speed 1 the second pool damages
    r = go(lane_board("0.. 0o. 0o. 0..", sonic(speed=2)), "sonic", "FF", Movement.RUN)
    assert r.damaged == ("sonic",) and r.spaces_moved == 2
    assert r.ended_at == (0, 2) and r.mover.speed == 3  # no rings: back to column 0


def test_oil_at_speed_one_damages():
    board = lane_board("0.. 0o. 0o. 0..", sonic(speed=1))
    r = go(board, "sonic", "F", Movement.RUN)
    assert r.damaged == ("sonic",)


# -- treadmill ----------------------------------------------------------------------------------
def test_treadmill_pushes_a_runner_one_space_and_the_move_goes_on():
    board = lane_board("0.. 0R. 0.. 0.. 0.. 0..", sonic(speed=3))
    (path,) = [p for p in paths(board, (0, 2), 3, Movement.RUN) if p.steps == (F, F, F)]
    assert path.pushes[0] == (2, 2) and path.spaces == ((1, 2), (3, 2), (4, 2))
    r = resolve_move(board, "sonic", path, Movement.RUN)
    assert r.ended_at == (4, 2) and r.spaces_moved == 3
    assert any(isinstance(e, Pushed) and e.to == (2, 2) for e in r.events)


def test_treadmill_pushing_up_and_back():
    board = lane_board("0.. 0U. 0.. 0..", sonic(speed=2))
    (path,) = [p for p in paths(board, (0, 2), 2, Movement.RUN) if p.steps == (F, F)]
    assert path.end == (2, 1)
    assert resolve_move(board, "sonic", path, Movement.RUN).ended_at == (2, 1)
    board = lane_board("0.. 0.. 0L. 0.. 0..", sonic(speed=3))
    (path,) = [p for p in paths(board, (0, 2), 3, Movement.RUN) if p.steps == (F, F, U)]
    r = resolve_move(board, "sonic", path, Movement.RUN)
    assert r.ended_at == (1, 1)  # pushed back to column 1, then up


def test_treadmill_is_ignored_when_jumped_over_but_acts_on_landing():
    r = go(lane_board("0.. 0R. 0.. 0..", sonic(speed=2)), "sonic", "FF", Movement.JUMP)
    assert r.ended_at == (2, 2)
    r = go(lane_board("0.. 0.. 0D. 0..", sonic(speed=2)), "sonic", "FF", Movement.JUMP)
    assert r.ended_at == (2, 3)


def test_treadmill_at_the_track_edge_does_not_push_off_it():
    board = lane_board("0.. 0.. 0..", sonic(lane=1, speed=2))
    board = board_of(
        ["0.. 0U. 0..", "0.. 0.. 0..", "0.. 0.. 0..", "0.. 0.. 0..", "0.. 0.. 0.."],
        sonic(lane=0, speed=2),
    )
    r = go(board, "sonic", "FF", Movement.RUN)
    assert r.ended_at == (2, 0)


# -- spring ------------------------------------------------------------------------------------
def test_spring_slows_by_three_and_the_rest_is_a_high_jump():
    # spring, then a hill of 2 and a spike the High Jump passes over, landing on ground
    board = lane_board("0.. 0s. 2.. 0x. 0.. 0..", sonic(speed=6))
    (path,) = [p for p in paths(board, (0, 2), 4, Movement.RUN) if p.steps == (F, F, F, F)]
    assert path.kinds == (Movement.RUN, Movement.HIGH_JUMP, Movement.HIGH_JUMP, Movement.HIGH_JUMP)
    r = resolve_move(board.with_racer(sonic(speed=4)), "sonic", path, Movement.RUN)
    assert r.ended_at == (4, 2) and r.mover.speed == 1 and not r.damaged
    assert any(isinstance(e, Sprung) and e.spaces == 3 for e in r.events)


def test_spring_on_the_last_space_gives_an_extra_high_jump():
    board = lane_board("0.. 0.. 0s. 0.. 0..", sonic(speed=5))
    got = [p for p in paths(board, (0, 2), 2, Movement.RUN) if p.steps[:2] == (F, F)]
    assert {len(p.steps) for p in got} == {3}  # one extra High Jump space
    r = resolve_move(board, "sonic", next(p for p in got if p.steps[2] is F), Movement.RUN)
    assert r.ended_at == (3, 2) and r.mover.speed == 2


def test_spring_ignores_badniks_during_the_high_jump():
    from racerlab.sonic.board import Badnik

    board = lane_board("0.. 0s. 0.. 0.. 0.. 0..", sonic(speed=4))
    board = board.with_badnik((2, 2), Badnik.SPINNER)
    board = board.with_badnik((5, 2), Badnik.BUZZ_BOMBER)  # its reach: columns 2..4 of lane 2
    r = go(board, "sonic", "FFF", Movement.RUN)
    assert not r.damaged and r.ended_at == (3, 2)
    assert r.board.badnik_at((2, 2)) is not None  # not destroyed either


# -- turns -----------------------------------------------------------------------------------
def turn_board(*racers):
    plain = "0.. 0.. 0.. 0.."
    return board_of([plain] * 5, *racers, kind=SectionType.TURN, turn_lanes=(2, 3, 4, 5, 6))


def test_turn_lane_lowers_speed_and_caps_it():
    board = turn_board(sonic(col=0, lane=0, speed=5))
    r = go(board, "sonic", "FFF", Movement.RUN)
    assert r.mover.speed == 2 and r.spaces_moved == 3
    board = turn_board(sonic(col=0, lane=4, speed=3))
    r = go(board, "sonic", "FF", Movement.RUN)
    assert r.mover.speed == 3  # lane number 6 does not raise Speed


def test_accelerator_cannot_push_speed_above_the_turn_lane():
    lanes = ["0.. 0>. 0.. 0.."] + ["0.. 0.. 0.. 0.."] * 4
    board = board_of(
        lanes, sonic(col=0, lane=0, speed=2), kind=SectionType.TURN, turn_lanes=(2, 3, 4, 5, 6)
    )
    r = go(board, "sonic", "FF", Movement.RUN)
    assert r.mover.speed == 2


def test_turn_sets_speed_option():
    from racerlab.sonic.movement import MoveRules

    board = turn_board(sonic(col=0, lane=4, speed=3))
    r = go(board, "sonic", "FF", Movement.RUN, rules=MoveRules(turn_sets_speed=True))
    assert r.mover.speed == 6


def test_large_base_running_is_affected_only_by_the_space_it_enters():
    board = lane_board("0.. 0>. 0.. 0.. 0..", RacerToken("egg", 0, 2, speed=3, large=True))
    r = go(board, "egg", "FFF", Movement.RUN)
    assert r.mover.speed == 4  # the pad counted once, when the front entered it


def test_treadmill_pushing_into_a_higher_space_stops_the_racer():
    board = lane_board("0.. 0R. 1.. 0.. 0..", sonic(speed=3))
    (path,) = [p for p in paths(board, (0, 2), 3, Movement.RUN) if p.steps[0] is F]
    assert path.ends == "stopped" and path.end == (2, 2)
    r = resolve_move(board, "sonic", path, Movement.RUN)
    assert r.ended_at == (2, 2) and r.mover.speed == 1 and r.stopped


def test_a_jump_landing_on_a_spring_lands_then_high_jumps():
    from racerlab.sonic.board import Badnik

    board = lane_board("0.. 0.. 0s. 0.. 0.. 0..", sonic(speed=5))
    board = board.with_badnik((2, 2), Badnik.MOTO_BUG)  # landing destroys it
    (path,) = [p for p in paths(board, (0, 2), 2, Movement.JUMP) if p.steps == (F, F, F)]
    assert path.landings == (1, 2)  # on the spring, then the High Jump's own landing
    r = resolve_move(board, "sonic", path, Movement.JUMP)
    assert r.mover.badniks == (Badnik.MOTO_BUG,)  # the spring space was landed on
    assert r.ended_at == (3, 2) and r.mover.speed == 2
    assert any(isinstance(e, Sprung) and e.spaces == 1 for e in r.events)


def test_a_high_jump_landing_on_a_spring_jumps_again():
    board = lane_board("0.. 0s. 0.. 0s. 0.. 0..", sonic(speed=9))
    # run onto the first spring: the next 2 spaces are a High Jump landing on the second
    (path,) = [p for p in paths(board, (0, 2), 3, Movement.RUN) if p.steps == (F, F, F, F)]
    assert path.landings == (2, 3)
    r = resolve_move(board, "sonic", path, Movement.RUN)
    assert r.ended_at == (4, 2) and r.mover.speed == 3  # 9 - 3 - 3
