"""Racer damage: with and without rings, ring drops, safe spaces, large bases, shields."""

from racerlab.sonic.board import Badnik, Board, RacerToken
from racerlab.sonic.movement import Movement, MoveRules, damage, paths, resolve_move, safe_space
from racerlab.sonic.movement.move_events import BossHit, RacerDamaged, RingsDropped, ShieldUsed
from racerlab.sonic.track import Direction, Section, SectionType, Track, Zone

LETTERS = {"F": Direction.FORWARD, "U": Direction.UP, "D": Direction.DOWN}
PLAIN = " ".join(["0.."] * 6)


def two_sections(*racers, lanes=None):
    a = Section.from_grid("a", "A", Zone.BASE, SectionType.STRAIGHT, [PLAIN] * 5)
    b = Section.from_grid("b", "B", Zone.BASE, SectionType.STRAIGHT, lanes or [PLAIN] * 5)
    board = Board.new(Track((a, b)))
    for r in racers:
        board = board.with_racer(r)
    return board


def go(board, rid, steps, kind, speed=None, **kw):
    token = board.racer(rid)
    want = tuple(LETTERS[c] for c in steps)
    options = paths(board, token.pos, speed or len(steps), kind, **kw)
    chosen = [p for p in options if p.steps == want]
    assert chosen, f"no path {steps}"
    return resolve_move(board, rid, chosen[0], kind)


def test_no_rings_back_to_the_first_column_of_the_section_at_speed_three():
    board = two_sections(RacerToken("sonic", 9, 3, speed=6))
    board, events = damage(board, "sonic", "test")
    token = board.racer("sonic")
    assert token.pos == (6, 3) and token.speed == 3
    assert isinstance(events[0], RacerDamaged) and not events[0].had_rings


def test_restart_speed_comes_from_the_racer():
    board = two_sections(RacerToken("jet", 9, 3, speed=6, restart_speed=5))
    board, _ = damage(board, "jet", "test")
    assert board.racer("jet").speed == 5


def test_with_rings_speed_one_moved_forward_to_the_closest_safe_space():
    board = two_sections(RacerToken("sonic", 8, 2, speed=5, stacks=(2, 1, 0)))
    board, events = damage(board, "sonic", "test")
    token = board.racer("sonic")
    assert token.speed == 1 and token.pos == (9, 2) and token.rings == 0
    assert [(e.at, e.count) for e in events if isinstance(e, RingsDropped)] == [
        ((8, 2), 2),
        ((8, 1), 1),
    ]
    assert board.rings_at((8, 2)) == 2 and board.rings_at((8, 1)) == 1


def test_ring_stacks_go_to_the_damage_space_then_nearest_spaces_of_the_column():
    board = two_sections(RacerToken("sonic", 8, 0, speed=5, stacks=(1, 1, 1, 1, 1)))
    board, _ = damage(board, "sonic", "test")
    assert [board.rings_at((8, lane)) for lane in range(5)] == [1, 1, 1, 1, 1]
    board = two_sections(RacerToken("sonic", 8, 2, speed=5, stacks=(3, 2, 1)))
    board, _ = damage(board, "sonic", "test")
    assert [board.rings_at((8, lane)) for lane in range(5)] == [0, 2, 3, 1, 0]


def test_safe_space_skips_badniks_spikes_and_oil():
    lanes = ["0.. 0.. 0.. 0.. 0.. 0.."] * 5
    lanes[2] = "0.. 0.. 0.. 0x. 0.. 0.."
    lanes[1] = "0.. 0.. 0o. 0.. 0.. 0.."
    board = two_sections(RacerToken("sonic", 8, 2, stacks=(1, 0, 0)), lanes=lanes)
    board = board.with_badnik((8, 3), Badnik.MOTO_BUG)
    # forward (9,2) spike, up (8,1) oil, down (8,3) badnik -> distance 2: forward of (9,2)?
    # BFS order at distance 2: from (9,2): (10,2) ; it is safe
    assert safe_space(board, (8, 2), board.racer("sonic")) == (10, 2)


def test_damaged_racer_does_not_pick_up_its_own_rings_but_others_do():
    other = RacerToken("tails", 8, 1, stacks=(0, 0, 0))
    board = two_sections(RacerToken("sonic", 8, 2, stacks=(2, 2, 0)), other)
    board, _ = damage(board, "sonic", "test")
    assert board.racer("tails").rings == 2  # the second stack landed on Tails' space
    assert board.racer("sonic").rings == 0 and board.rings_at((8, 2)) == 2


def test_large_base_keeps_the_rings_it_collected_together():
    # three rings picked up on one space all went onto the left-most stack, so a damaged
    # large base keeps all three (one ring at a time it would have kept one)
    token = RacerToken("eggman", 8, 2, stacks=(0, 0, 0, 0), large=True).with_rings(3)
    board, events = damage(two_sections(token), "eggman", "test")
    assert board.racer("eggman").stacks == (3, 0, 0, 0)
    assert events[0].rings_dropped == 0


def test_large_base_keeps_its_left_most_stack():
    board = two_sections(RacerToken("eggman", 8, 2, stacks=(2, 1, 1, 0), large=True))
    board, events = damage(board, "eggman", "test")
    assert board.racer("eggman").stacks == (2, 0, 0, 0)
    assert events[0].rings_dropped == 2
    # with a single ring there is nothing to keep
    board = two_sections(RacerToken("eggman", 8, 2, stacks=(1, 0, 0, 0), large=True))
    board, _ = damage(board, "eggman", "test")
    assert board.racer("eggman").rings == 0


def test_shield_absorbs_one_damage():
    board = two_sections(RacerToken("amy", 8, 2, stacks=(1, 0, 0), shield=True))
    board, events = damage(board, "amy", "spike")
    assert isinstance(events[0], ShieldUsed)
    assert board.racer("amy").pos == (8, 2) and not board.racer("amy").shield
    board, events = damage(board, "amy", "spike")
    assert isinstance(events[0], RacerDamaged)


def test_damage_ends_the_movement():
    board = two_sections(RacerToken("sonic", 0, 2, speed=4)).with_badnik((2, 2), Badnik.MOTO_BUG)
    r = go(board, "sonic", "FF", Movement.RUN, speed=4)
    assert r.stopped and r.spaces_moved == 2 and r.ended_at == (0, 2)


def test_spinning_into_a_racer_damages_it():
    board = two_sections(RacerToken("sonic", 0, 2), RacerToken("tails", 2, 2, stacks=(1, 0, 0)))
    r = go(board, "sonic", "FFF", Movement.SPIN)
    assert r.damaged == ("tails",) and r.ended_at == (3, 2)
    assert r.board.racer("tails").speed == 1
    r = go(board, "sonic", "FFF", Movement.RUN)  # running past: nothing
    assert r.damaged == ()


def test_landing_on_a_racer_damages_it_jumping_over_does_not():
    board = two_sections(RacerToken("sonic", 0, 2), RacerToken("tails", 2, 2))
    assert go(board, "sonic", "FF", Movement.JUMP).damaged == ("tails",)
    assert go(board, "sonic", "FFF", Movement.JUMP).damaged == ()


def test_landing_on_a_large_base_behind_space_damages_it():
    board = two_sections(RacerToken("sonic", 0, 2), RacerToken("eggman", 3, 2, large=True))
    assert go(board, "sonic", "FF", Movement.JUMP).damaged == ("eggman",)


def test_spin_and_landing_report_the_boss():
    board = two_sections(RacerToken("sonic", 0, 2)).with_boss((2, 2))
    r = go(board, "sonic", "FF", Movement.JUMP)
    assert r.hit_boss and any(isinstance(e, BossHit) and e.kind == "landing" for e in r.events)
    r = go(board, "sonic", "FFF", Movement.SPIN)
    assert r.hit_boss
    assert not go(board, "sonic", "FFF", Movement.RUN).hit_boss


def test_large_base_is_affected_by_both_landing_spaces_in_the_chosen_order():
    lanes = [PLAIN] * 5
    lanes[2] = "0.. 0>. 0o. 0.. 0.. 0.."
    board = two_sections(RacerToken("eggman", 4, 2, speed=3, large=True), lanes=lanes)
    # lands with its front on (8, 2) (oil) and its back on (7, 2) (accelerator)
    (path,) = [p for p in paths(board, (4, 2), 4, Movement.JUMP) if p.end == (8, 2)]
    front_first = resolve_move(board, "eggman", path, Movement.JUMP)
    back_first = resolve_move(board, "eggman", path, Movement.JUMP, back_first=True)
    assert front_first.mover.speed == 3 and back_first.mover.speed == 3
    causes = [e.cause for e in back_first.events if hasattr(e, "cause")]
    assert causes == ["accelerator", "oil"]
    causes = [e.cause for e in front_first.events if hasattr(e, "cause")]
    assert causes == ["oil", "accelerator"]


def test_large_base_at_speed_one_order_matters_on_oil():
    lanes = [PLAIN] * 5
    lanes[2] = "0.. 0>. 0o. 0.. 0.. 0.."
    board = two_sections(RacerToken("eggman", 7, 2, speed=1, large=True), lanes=lanes)
    (path,) = [p for p in paths(board, (7, 2), 1, Movement.JUMP) if p.end == (8, 2)]
    # front (oil) first at Speed 1: damaged; back (accelerator) first: 2, then oil 1
    assert resolve_move(board, "eggman", path, Movement.JUMP).damaged == ("eggman",)
    got = resolve_move(board, "eggman", path, Movement.JUMP, back_first=True)
    assert got.damaged == () and got.mover.speed == 1


def test_safe_space_up_in_the_same_column_does_not_catch_own_rings():
    lanes = [PLAIN] * 5
    lanes[2] = "0.. 0.. 0.. 0x. 0x. 0x."
    lanes[3] = "0.. 0.. 0x. 0.. 0.. 0.."
    board = two_sections(RacerToken("sonic", 8, 2, stacks=(2, 1, 0)), lanes=lanes)
    # forward (9,2) is a spike: the closest safe space is up, (8,1), where stack 2 is dropped
    board, _ = damage(board, "sonic", "test")
    assert board.racer("sonic").pos == (8, 1) and board.racer("sonic").rings == 0
    assert board.rings_at((8, 1)) == 1 and board.rings_at((8, 2)) == 2


def test_safe_space_with_rings_already_there_collects_them():
    board = two_sections(RacerToken("sonic", 8, 2, stacks=(1, 0, 0))).with_rings((9, 2), 4)
    board, _ = damage(board, "sonic", "test")
    assert board.racer("sonic").rings == 4 and board.rings_at((8, 2)) == 1


def test_large_base_back_space_treadmill_and_spring_do_not_move_it():
    lanes = [PLAIN] * 5
    lanes[2] = "0.. 0.. 0R. 0.. 0.. 0.."
    board = two_sections(RacerToken("eggman", 0, 2, speed=3, large=True), lanes=lanes)
    # lands with its front on (9, 2) and its back on the treadmill at (8, 2)
    board = board.with_racer(RacerToken("eggman", 6, 2, speed=3, large=True))
    (path,) = [p for p in paths(board, (6, 2), 3, Movement.JUMP) if p.end == (9, 2)]
    for back_first in (False, True):
        r = resolve_move(board, "eggman", path, Movement.JUMP, back_first=back_first)
        assert r.ended_at == (9, 2) and r.mover.speed == 3


def start_and_straight(*racers):
    start = Section.from_grid(
        "s", "S", Zone.BASE, SectionType.START, [" ".join(["0.."] * 4)] * 5, line_col=2
    )
    a = Section.from_grid("a", "A", Zone.BASE, SectionType.STRAIGHT, [PLAIN] * 5)
    board = Board.new(Track((start, a)))
    for r in racers:
        board = board.with_racer(r)
    return board


def test_damage_without_rings_in_the_start_section_goes_to_the_grid_or_the_line():
    board = start_and_straight(RacerToken("sonic", 3, 1, speed=4))
    grid, _ = damage(board, "sonic", "test")
    assert grid.racer("sonic").pos == (0, 1)  # the literal first column: on the grid
    line, _ = damage(board, "sonic", "test", MoveRules(start_restart="line"))
    assert line.racer("sonic").pos == (2, 1)  # the first column past the Start Line
    on_grid = start_and_straight(RacerToken("sonic", 1, 1, speed=4))
    stays, _ = damage(on_grid, "sonic", "test", MoveRules(start_restart="line"))
    assert stays.racer("sonic").pos == (1, 1)  # not carried forward over the line
    later = start_and_straight(RacerToken("sonic", 7, 1, speed=4))
    for rules in (MoveRules(), MoveRules(start_restart="line")):
        assert damage(later, "sonic", "test", rules)[0].racer("sonic").pos == (4, 1)
