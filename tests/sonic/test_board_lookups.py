"""A board's lookups: owned and bounded by its line of boards, rebuilt the same when dropped."""

from racerlab.sonic.board import Badnik, Board, lookups
from racerlab.sonic.movement import Movement, paths
from racerlab.sonic.track import Section, SectionType, Track, Zone


def _board() -> Board:
    lanes = ["0.. 0.. 1.. 0.. 0.. 0.."] * 5
    return Board.new(Track((Section.from_grid("s", "S", Zone.BASE, SectionType.STRAIGHT, lanes),)))


def test_a_line_of_boards_keeps_a_bounded_number_of_memos():
    first = _board()
    before = paths(first, (0, 2), 3, Movement.RUN)
    board = first
    for col in range(1, 6):  # each badnik change gives the later boards a new layout memo
        for lane in range(5):
            board = board.with_badnik((col, lane), Badnik.MOTO_BUG)
            board.path_memo()
            board = board.with_badnik((col, lane), None)
            board.path_memo()
    kept = [m for m in first.lookups.memos if not m.dropped]
    assert len(kept) <= lookups.LIVE_MEMOS
    assert first.memos_held()[1].dropped  # the oldest was emptied...
    assert paths(first, (0, 2), 3, Movement.RUN) == before  # ...and is rebuilt the same
    assert not first.memos_held()[1].dropped


def test_rings_and_badniks_stay_sorted_by_space():
    board = _board().with_rings((3, 1), 2).with_rings((1, 4), 1).with_rings((3, 0), 5)
    assert board.rings == (((1, 4), 1), ((3, 0), 5), ((3, 1), 2))
    board = board.with_rings((3, 0), 0).with_badnik((2, 2), Badnik.CRABMEAT)
    assert board.rings == (((1, 4), 1), ((3, 1), 2)) and board.rings_at((3, 0)) == 0
    assert board.badnik_at((2, 2)) is Badnik.CRABMEAT
    # a board built with its tokens out of order holds them sorted (so equal boards compare equal)
    built = Board(board.track, rings=(((3, 1), 2), ((1, 4), 1)), badniks=board.badniks)
    assert built.rings == board.rings and built.rings_at((1, 4)) == 1


def test_a_board_with_filled_lookups_pickles_and_finds_the_same_paths():
    """A bot's move is worked out in another process: its board travels pickled. The
    lookups (which hold local functions) stay behind and are rebuilt there the same."""
    import pickle

    board = _board()
    before = paths(board, (0, 2), 3, Movement.RUN)  # fills the terrain and layout memos
    assert board.memos_held()[1]  # something is cached that holds a local function
    copy = pickle.loads(pickle.dumps(board))
    assert copy == board
    assert copy.memos_held() == (None, None)
    assert paths(copy, (0, 2), 3, Movement.RUN) == before
    assert board.memos_held()[1]  # the original keeps its lookups
