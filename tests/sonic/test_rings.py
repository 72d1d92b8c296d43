"""Rings: collecting, stacking, placing on racers; breakaway platforms; section markers."""

from racerlab.core.dice import Dice
from racerlab.sonic.board import Badnik, Board, RacerToken
from racerlab.sonic.movement import Movement, paths, resolve_move
from racerlab.sonic.movement.move_events import PlatformRemoved, RingsCollected
from racerlab.sonic.track import (
    Direction,
    Platform,
    Section,
    SectionType,
    Track,
    Trap,
    Zone,
    parse_grid,
)

LETTERS = {"F": Direction.FORWARD, "U": Direction.UP, "D": Direction.DOWN}
PLAIN = " ".join(["0.."] * 6)


def plain_board(*racers, lanes=None, **kw):
    s = Section.from_grid("t", "T", Zone.BASE, SectionType.STRAIGHT, lanes or [PLAIN] * 5, **kw)
    board = Board.new(Track((s,)))
    for r in racers:
        board = board.with_racer(r)
    return board


def go(board, rid, steps, kind, **kw):
    token = board.racer(rid)
    want = tuple(LETTERS[c] for c in steps)
    chosen = [p for p in paths(board, token.pos, len(steps), kind) if p.steps == want]
    assert chosen, f"no path {steps}"
    return resolve_move(board, rid, chosen[0], kind, **kw)


def test_rings_collected_at_once_go_together_onto_the_left_most_least_filled_stack():
    # the rulebook: collected rings are placed on the left-most stack with the fewest
    assert RacerToken("s", 0, 0, stacks=(0, 0, 0)).with_rings(3).stacks == (3, 0, 0)
    assert RacerToken("s", 0, 0, stacks=(3, 1, 2)).with_rings(2).stacks == (3, 3, 2)
    assert RacerToken("s", 0, 0, stacks=(2, 1, 1)).with_rings(3).stacks == (2, 4, 1)


def test_three_rings_on_one_space_land_on_one_stack_when_run_over():
    board = plain_board(RacerToken("sonic", 0, 2, stacks=(0, 0, 0))).with_rings((1, 2), 3)
    r = go(board, "sonic", "F", Movement.RUN)
    assert r.mover.stacks == (3, 0, 0)


def test_separate_spaces_are_separate_collections():
    board = plain_board(RacerToken("sonic", 0, 2, stacks=(0, 0, 0)))
    board = board.with_rings((1, 2), 2).with_rings((2, 2), 1)
    r = go(board, "sonic", "FF", Movement.RUN)
    assert r.mover.stacks == (2, 1, 0)


def test_a_bare_count_and_a_changed_profile():
    from racerlab.sonic.board.rings import restack
    from racerlab.sonic.effects import spread_rings

    assert spread_rings(4, 3) == (2, 1, 1)  # a director's count: one ring at a time
    assert restack((3, 0, 1), 4) == (3, 0, 1, 0)
    assert restack((3, 0, 1, 2), 3) == (3, 2, 1)


def test_running_collects_rings_on_every_space_entered():
    board = plain_board(RacerToken("sonic", 0, 2)).with_rings((1, 2), 2).with_rings((3, 2), 1)
    r = go(board, "sonic", "FFF", Movement.RUN)
    assert r.mover.rings == 3 and r.board.rings_at((1, 2)) == 0
    assert [e.count for e in r.events if isinstance(e, RingsCollected)] == [2, 1]


def test_jumping_collects_only_on_landing():
    board = plain_board(RacerToken("sonic", 0, 2)).with_rings((1, 2), 2).with_rings((3, 2), 1)
    r = go(board, "sonic", "FFF", Movement.JUMP)
    assert r.mover.rings == 1 and r.board.rings_at((1, 2)) == 2


def test_ring_magnet_collects_from_the_lanes_beside():
    board = plain_board(RacerToken("cream", 0, 2, ring_magnet=True))
    board = board.with_rings((1, 1), 1).with_rings((2, 3), 1).with_rings((2, 0), 5)
    r = go(board, "cream", "FF", Movement.RUN)
    assert r.mover.rings == 2 and r.board.rings_at((2, 0)) == 5


def test_a_ring_placed_on_a_racer_is_taken_at_once():
    board = plain_board(RacerToken("sonic", 2, 2))
    board, n = board.rings_from_pile((2, 2), 1)
    assert n == 1 and board.racer("sonic").rings == 1 and board.rings_at((2, 2)) == 0
    assert board.ring_pile == 49


def test_ring_pile_runs_out():
    board = Board.new(plain_board().track, ring_pile=1)
    board, n = board.rings_from_pile((1, 1), 3)
    assert n == 1 and board.ring_pile == 0 and board.rings_at((1, 1)) == 1


def test_section_markers_place_rings_and_badniks():
    marked = ["0.r 0.B 0.Y"] + ["0.. 0.. 0.."] * 4
    base = plain_board()
    laid = base.appended(
        Section.from_grid("m", "M", Zone.BASE, SectionType.STRAIGHT, marked),
        Dice.seeded(1),
        yellow=False,
    )
    assert laid.rings_at((6, 0)) == 1 and laid.badnik_at((7, 0)) is not None
    assert laid.badnik_at((8, 0)) is None and sum(laid.bag) == 39
    laid3 = base.appended(
        Section.from_grid("m", "M", Zone.BASE, SectionType.STRAIGHT, marked),
        Dice.seeded(1),
        yellow=True,
    )
    assert laid3.badnik_at((8, 0)) is not None and sum(laid3.bag) == 38


def platform_board(*racers):
    under = parse_grid(["w.r w.. wo.", "w.B w.. w.."], lanes_expected=2)
    platform = Platform(1, 1, under)
    return plain_board(*racers, platforms=(platform,))


def test_platform_is_removed_after_a_racer_moves_off_it_revealing_tokens():
    board = platform_board(RacerToken("sonic", 0, 1, speed=5))
    assert board.platform_at(2, 2) == (1, 1) and board.elevation(1, 1) == 0
    r = go(board, "sonic", "FFF", Movement.RUN, chance=Dice.seeded(3))  # (1,1),(2,1),(3,1): on it
    assert r.board.platform_at(2, 1) == (1, 1)
    r = go(board, "sonic", "FFFF", Movement.RUN, chance=Dice.seeded(3))  # steps off at (4, 1)
    assert r.board.platform_at(2, 1) is None
    assert any(isinstance(e, PlatformRemoved) for e in r.events)
    assert r.board.elevation(1, 1) == -1 and r.board.rings_at((1, 1)) == 1
    assert r.board.badnik_at((1, 2)) is not None
    assert r.board.terrain(3, 1).feature is not None  # oil revealed


def test_platform_stays_when_a_racer_jumps_over_it_without_touching():
    board = platform_board(RacerToken("sonic", 0, 1, speed=5))
    r = go(board, "sonic", "FFFFF", Movement.JUMP, chance=Dice.seeded(3))
    # passing over a platform is not moving off it: it was never stood on
    assert r.board.platform_at(2, 1) == (1, 1)


def test_traps_flip_to_face_b():
    face_a = parse_grid(["0.. 0.. 0.."] * 5)
    face_b = parse_grid(["0x. 0x. 0x."] * 5)
    board = plain_board(traps=(Trap(2, face_a, face_b),))
    assert board.terrain(2, 0).feature is None
    flipped = board.flip_traps()
    assert flipped.terrain(3, 4).feature is not None
    assert flipped.flip_traps().terrain(3, 4).feature is None


def test_vr_token_covers_first_column_and_previous_last_column_with_plain_ground():
    a = Section.from_grid("a", "A", Zone.BASE, SectionType.STRAIGHT, ["0.. 1x."] * 5)
    b = Section.from_grid("b", "B", Zone.STUDIOPOLIS, SectionType.STRAIGHT, ["wo. 0.."] * 5)
    board = Board.new(Track((a, b))).with_vr_token(1)
    assert board.terrain(1, 0).feature is None and board.elevation(1, 0) == 0
    assert board.elevation(2, 3) == 0 and board.terrain(3, 0).elevation == 0
    assert board.terrain(0, 0).elevation == 0


def test_conservation_counts():
    board = plain_board(RacerToken("sonic", 0, 2, stacks=(1, 0, 0), badniks=(Badnik.SPINNER,)))
    board = board.with_badnik((3, 3), Badnik.MOTO_BUG)
    assert board.ring_total() == 51 and board.badnik_total() == 42


def test_yellow_diamonds_under_platforms_follow_the_player_count():
    under = parse_grid(["w.Y w.. w..", "w.. w.. w.."], lanes_expected=2)
    section = Section.from_grid(
        "t",
        "T",
        Zone.OIL_OCEAN,
        SectionType.STRAIGHT,
        [PLAIN] * 5,
        platforms=(Platform(1, 1, under),),
    )
    many = Board.new(Track((section,)), yellow_diamonds=False)
    few = Board.new(Track((section,)), yellow_diamonds=True)
    assert many.remove_platform((1, 1), Dice.seeded(0)).badnik_at((1, 1)) is None
    assert few.remove_platform((1, 1), Dice.seeded(0)).badnik_at((1, 1)) is not None


def test_rings_revealed_under_a_racer_are_taken():
    under = parse_grid(["w.. w.. w..", "w.. w.r w.."], lanes_expected=2)
    section = Section.from_grid(
        "t",
        "T",
        Zone.OIL_OCEAN,
        SectionType.STRAIGHT,
        [PLAIN] * 5,
        platforms=(Platform(1, 1, under),),
    )
    board = Board.new(Track((section,))).with_racer(RacerToken("tails", 2, 2))
    board = board.with_racer(RacerToken("sonic", 0, 1, speed=4))
    r = go(board, "sonic", "FFFF", Movement.RUN, chance=Dice.seeded(0))
    assert r.board.racer("tails").rings == 1


def test_a_move_that_drew_badniks_is_walked_again_with_each_chance_source():
    # resolved moves are reused on the same board, but not one that read its chance source
    board = platform_board(RacerToken("sonic", 0, 1, speed=5))
    dice = Dice.seeded(3)
    first = go(board, "sonic", "FFFF", Movement.RUN, chance=dice)
    assert dice.log  # leaving the platform drew badniks
    again = Dice.seeded(3)
    second = go(board, "sonic", "FFFF", Movement.RUN, chance=again)
    assert second is not first and len(again.log) == len(dice.log)
    assert go(board, "sonic", "FFF", Movement.RUN) is go(board, "sonic", "FFF", Movement.RUN)
