"""Paths obey the golden rule; moves keep speed in range and conserve rings and badniks."""

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racerlab.core.dice import Dice
from racerlab.sonic.board import BADNIK_ORDER, Board, RacerToken
from racerlab.sonic.movement import (
    MAX_SPEED,
    MIN_SPEED,
    Movement,
    MoveRules,
    Path,
    paths,
    resolve_move,
)
from racerlab.sonic.movement.move_events import ObstacleHit
from racerlab.sonic.track import LANES, Direction, Section, SectionType, Track, Zone

OPEN = " ".join(["0.."] * 12)


def open_board(*racers, columns=12):
    lane = " ".join(["0.."] * columns)
    board = Board.new(
        Track((Section.from_grid("t", "T", Zone.BASE, SectionType.STRAIGHT, [lane] * 5),))
    )
    for r in racers:
        board = board.with_racer(r)
    return board


def test_paths_on_open_track_count_and_shape():
    board = open_board()
    got = paths(board, (0, 2), 1, Movement.RUN)
    assert sorted(p.end for p in got) == [(0, 1), (0, 3), (1, 2)]
    got = paths(board, (0, 0), 2, Movement.RUN)  # no going up from lane 1
    assert sorted(p.end for p in got) == [(0, 2), (1, 1), (1, 1), (2, 0)]  # FD and DF
    assert all(p.ends == "complete" and len(p.steps) == 2 for p in got)


def test_no_path_ever_revisits_a_space():
    board = open_board()
    for p in paths(board, (0, 2), 6, Movement.RUN):
        assert len(set(p.spaces)) == len(p.spaces) and (0, 2) not in p.spaces


def test_paths_stop_at_the_end_of_the_laid_track():
    board = open_board(columns=3)
    got = paths(board, (1, 2), 4, Movement.RUN)
    edge = [p for p in got if p.ends == "edge"]
    assert edge and all(p.end[0] == 2 for p in edge)
    assert all(len(p.steps) <= 4 for p in got)


def test_speed_nine_is_cheap():
    import time

    board = open_board(columns=12)
    t = time.perf_counter()
    got = paths(board, (0, 2), 9, Movement.JUMP)
    assert len(got) > 500 and time.perf_counter() - t < 0.5


def test_zero_speed_gives_one_empty_path():
    (p,) = paths(open_board(), (0, 2), 0, Movement.RUN)
    assert p.steps == () and p.end is None


def test_path_must_start_where_the_racer_is():
    import pytest

    from racerlab.core.errors import RacerlabError

    board = open_board(RacerToken("sonic", 3, 3))
    path = Path((Direction.FORWARD,), ((1, 2),))
    with pytest.raises(RacerlabError, match="not a path"):
        resolve_move(board, "sonic", path, Movement.RUN)


def test_inputs_are_never_changed():
    board = open_board(RacerToken("sonic", 0, 2, speed=3)).with_rings((1, 2), 2)
    before = (board.racers, board.rings, board.ring_pile)
    path = paths(board, (0, 2), 3, Movement.RUN)[0]
    resolve_move(board, "sonic", path, Movement.RUN)
    assert (board.racers, board.rings, board.ring_pile) == before


def _lanes(*rows):
    return Board.new(
        Track((Section.from_grid("t", "T", Zone.BASE, SectionType.STRAIGHT, list(rows)),))
    )


def test_regression_jump_landing_pushed_into_an_obstacle_lands_first():
    # Found by hypothesis: a High Jump (from a spring) landing on a treadmill that pushes into a
    # higher space. paths() ended it at the pushed space as "stopped"; resolve_move() read
    # "stopped" on the last step as "never landed", passed over and ended elsewhere.
    plain = "0.. 0.. 0.. 0.. 0.. 0.."
    board = _lanes(
        "0.. 0.. 0.. 0s. 1.. 0..", "0.. 0.. 0.. 0.. 0U. 0..", plain, plain, plain
    ).with_racer(RacerToken("me", 0, 0, speed=5))
    f, d = Direction.FORWARD, Direction.DOWN
    (path,) = [p for p in paths(board, (0, 0), 5, Movement.RUN) if p.steps == (f, f, f, f, d)]
    assert path.kinds[-1] is Movement.HIGH_JUMP and path.pushes[-1] == (4, 0)
    assert path.ends == "stopped" and path.end == (4, 0) and path.landings == (4,)
    r = resolve_move(board, "me", path, Movement.RUN)
    assert r.ended_at == path.end and r.stopped and r.mover.speed == MIN_SPEED
    assert any(isinstance(e, ObstacleHit) and e.at == (4, 0) for e in r.events)


def test_regression_plain_jump_landing_on_a_treadmill_into_a_wall():
    plain = "0.. 0.. 0.. 0.. 0.."
    board = _lanes(plain, plain, "0.. 0.. 0R. 1.. 0..", plain, plain).with_racer(
        RacerToken("me", 0, 2, speed=2)
    )
    f = Direction.FORWARD
    (path,) = [p for p in paths(board, (0, 2), 2, Movement.JUMP) if p.steps == (f, f)]
    assert path.ends == "stopped" and path.end == (3, 2) and path.landings == (1,)
    r = resolve_move(board, "me", path, Movement.JUMP)
    assert r.ended_at == path.end and r.stopped and r.mover.speed == MIN_SPEED


def test_every_path_ends_where_resolve_move_ends_it():
    # the contract behind both regressions, on a board mixing springs, treadmills and walls
    board = _lanes(
        "0.. 0s. 0.. 0R. 1.. 0..",
        "0.. 0.. 0U. 0s. 0D. 0..",
        "0.. 0R. 1.. 0.. 0s. 0..",
        "0.. 0s. 0L. 0U. 0.. 0..",
        "0.. 0.. 0.. 0.. 0R. 0..",
    ).with_racer(RacerToken("me", 0, 2, speed=5))
    checked = 0
    for kind in Movement:
        for p in paths(board, (0, 2), 5, kind):
            r = resolve_move(board, "me", p, kind)
            assert r.ended_at == p.end, (kind, p)
            assert r.spaces_moved == len(p.steps)
            checked += 1
    assert checked > 50


# -- property tests --------------------------------------------------------------------------
CODES = [
    "0..",
    "0..",
    "0..",
    "1..",
    "2..",
    "w..",
    "0x.",
    "0>.",
    "0<.",
    "0^.",
    "0v.",
    "0o.",
    "0s.",
    "0R.",
    "0L.",
    "0U.",
    "0D.",
    "1.r",
    "0.r",
    "w.r",
]


@st.composite
def scenes(draw):
    cols = draw(st.integers(3, 9))
    cells = [[draw(st.sampled_from(CODES)) for _ in range(cols)] for _ in range(LANES)]
    lanes = [" ".join(row) for row in cells]
    track = Track((Section.from_grid("t", "T", Zone.BASE, SectionType.STRAIGHT, lanes),))
    board = Board.new(track)
    for _ in range(draw(st.integers(0, 4))):
        pos = (draw(st.integers(0, cols - 1)), draw(st.integers(0, LANES - 1)))
        board = board.with_badnik(pos, draw(st.sampled_from(BADNIK_ORDER)))
        bag = list(board.bag)
        bag[0] = max(0, bag[0] - 1)  # keep totals honest: take one out of the bag
        board = replace(board, bag=tuple(bag))
    for _ in range(draw(st.integers(0, 3))):
        pos = (draw(st.integers(0, cols - 1)), draw(st.integers(0, LANES - 1)))
        board = board.with_rings(pos, board.rings_at(pos) + 1)
        board = replace(board, ring_pile=board.ring_pile - 1)
    lane = draw(st.integers(0, LANES - 1))
    speed = draw(st.integers(MIN_SPEED, MAX_SPEED))
    stacks = tuple(draw(st.lists(st.integers(0, 3), min_size=3, max_size=3)))
    large = draw(st.booleans())
    me = RacerToken("me", 0, lane, speed=speed, stacks=stacks, large=large)
    board = board.with_racer(me)
    if draw(st.booleans()):
        board = board.with_racer(
            RacerToken("other", draw(st.integers(1, cols - 1)), lane, stacks=(1, 0, 0))
        )
    kind = draw(st.sampled_from(list(Movement)))
    return board, kind


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.data())
def test_golden_rule_and_conservation(scene, data):
    board, kind = scene
    me = board.racer("me")
    options = paths(board, me.pos, me.speed, kind, me.large)
    assert options
    for p in options:
        here = me.pos
        for i, (d, space) in enumerate(zip(p.steps, p.spaces)):
            assert d in (Direction.FORWARD, Direction.UP, Direction.DOWN)
            dc, dl = d.delta
            assert space == (here[0] + dc, here[1] + dl)  # one straight step, never diagonal
            assert board.track.in_bounds(*space)
            here = p.pushes[i] if p.pushes and p.pushes[i] else space
    path = data.draw(st.sampled_from(options))
    rings, badniks = board.ring_total(), board.badnik_total()
    result = resolve_move(board, "me", path, kind, chance=Dice.seeded(0), rules=MoveRules())
    after = result.board
    assert after.ring_total() == rings and after.badnik_total() == badniks
    for token in after.racers:
        assert MIN_SPEED <= token.speed <= MAX_SPEED
        assert after.track.in_bounds(*token.pos)
    assert result.mover == after.racer("me") and result.ended_at == result.mover.pos
    assert result.spaces_moved <= len(path.steps)
    if not result.stopped and not result.damaged:  # paths() and resolve_move() agree
        assert result.spaces_moved == len(path.steps) and result.ended_at == path.end


def test_random_moves_on_every_bundled_section_keep_the_invariants():
    import numpy as np

    from racerlab.sonic.catalog import load_catalog
    from racerlab.sonic.track import SectionType

    cat = load_catalog()
    start = next(s for s in cat.sections[Zone.BASE] if s.type is SectionType.START)
    rng = np.random.default_rng(0)
    dice = Dice.seeded(5)
    for group in cat.sections.values():
        for section in group:
            board = Board.new(Track((start,))).appended(section, dice, yellow=True)
            if section.traps and rng.random() < 0.5:
                board = board.flip_traps()
            racers = [
                RacerToken(
                    name,
                    int(rng.integers(0, 9)),
                    int(rng.integers(0, 5)),
                    speed=int(rng.integers(1, 10)),
                    stacks=(1, 1, 0),
                    large=name == "eggman",
                )
                for name in ("sonic", "eggman", "tails")
            ]
            for r in racers:
                board = board.with_racer(r)
            for _ in range(12):
                token = board.racers[int(rng.integers(0, 3))]
                kind = list(Movement)[int(rng.integers(0, 4))]
                options = paths(
                    board, token.pos, token.speed, kind, token.large, ignore=token.ignore
                )
                path = options[int(rng.integers(0, len(options)))]
                rings, badniks = board.ring_total(), board.badnik_total()
                result = resolve_move(
                    board, token.id, path, kind, chance=dice, back_first=bool(rng.integers(0, 2))
                )
                board = result.board
                assert board.ring_total() == rings and board.badnik_total() == badniks
                for t in board.racers:
                    assert 1 <= t.speed <= 9 and board.track.in_bounds(*t.pos)
                for event in result.events:
                    assert event.describe()


def test_a_resolved_move_is_reused_on_the_same_board_only():
    board = open_board(RacerToken("sonic", 0, 2, speed=3)).with_rings((1, 2), 2)
    path = paths(board, (0, 2), 3, Movement.RUN)[0]
    first = resolve_move(board, "sonic", path, Movement.RUN)
    again = Path(path.steps, path.spaces, path.pushes, path.ends, path.kinds, path.landings)
    assert resolve_move(board, "sonic", again, Movement.RUN) is first  # equal path: reused
    spin = resolve_move(board, "sonic", path, Movement.SPIN)
    assert spin is not first and spin.events[-1].kind == "spin"
    other = board.with_rings((1, 2), 1)  # an equal racer on another board: walked again
    assert resolve_move(other, "sonic", path, Movement.RUN).board.racers[0].rings == 1


def test_a_reused_move_still_checks_the_steps_of_the_path():
    import pytest

    from racerlab.core.errors import RacerlabError

    board = open_board(RacerToken("sonic", 0, 2, speed=1))
    good = Path((Direction.FORWARD,), ((1, 2),))
    resolve_move(board, "sonic", good, Movement.RUN)
    with pytest.raises(RacerlabError, match="not a path"):
        resolve_move(board, "sonic", Path((Direction.UP,), ((1, 2),)), Movement.RUN)


def _walked_both_ways(board, token, path, kind, back_first, monkeypatch):
    """``_resolve`` of one move with the plain-space shortcut on and off (same dice)."""
    from racerlab.sonic.movement import resolve, walker

    got = []
    for plain in (True, False):
        monkeypatch.setattr(walker, "_PLAIN_STEPS", plain)
        result, drew = resolve._resolve(
            board, token.id, path, kind, MoveRules(), Dice.seeded(9), back_first
        )
        b = result.board
        got.append((result.events, result.mover, b.racers, b.rings, b.badniks, drew))
        got[-1] += (result.damaged, result.spaces_moved, result.stopped, result.hit_boss)
    return got


def _sampled_moves(per_kind=6):
    """(board, token, path, kind, back_first) over every bundled section and movement kind:
    each section after a Start, with rings, a boss and three racers (one large, one with a
    ring magnet) placed at random, and up to ``per_kind`` of each racer's paths."""
    import numpy as np

    from racerlab.sonic.catalog import load_catalog

    cat = load_catalog()
    start = next(s for s in cat.sections[Zone.BASE] if s.type is SectionType.START)
    rng = np.random.default_rng(1)
    for group in cat.sections.values():
        for section in group:
            board = Board.new(Track((start,))).appended(section, Dice.seeded(5), yellow=True)
            board = board.with_rings((int(rng.integers(1, 12)), int(rng.integers(0, 5))), 2)
            board = board.with_boss((int(rng.integers(1, 6)), int(rng.integers(0, 5))))
            for i, name in enumerate(("sonic", "eggman", "knuckles")):
                speed = int(rng.integers(1, 10))
                token = RacerToken(
                    name, int(rng.integers(0, 9)), i, speed=speed, large=name == "eggman",
                    ring_magnet=name == "knuckles", stacks=(1, 0, 0),
                )  # fmt: skip
                board = board.with_racer(token)
            for token in board.racers:
                for kind in Movement:
                    options = paths(board, token.pos, token.speed, kind, token.large)
                    for k in rng.choice(len(options), min(per_kind, len(options)), replace=False):
                        yield board, token, options[k], kind, bool(k % 2)


def test_plain_spaces_taken_the_short_way_give_the_same_moves(monkeypatch):
    from racerlab.sonic.movement import walker

    taken = []
    step = walker.Walk.plain_step
    monkeypatch.setattr(walker.Walk, "plain_step", lambda *a: taken.append(step(*a)) or taken[-1])
    for board, token, path, kind, back_first in _sampled_moves():
        fast, full = _walked_both_ways(board, token, path, kind, back_first, monkeypatch)
        assert fast == full
    assert taken.count(True) > 500 and taken.count(False) > 100


def test_the_lean_walk_leaves_the_mover_as_the_full_walk_does():
    from racerlab.sonic.movement import walker
    from racerlab.sonic.movement.move_events import BossHit
    from racerlab.sonic.movement.resolve import resolve_outcome

    seen = set()
    for board, token, path, kind, back_first in _sampled_moves():
        full = resolve_move(
            board, token.id, path, kind, chance=Dice.seeded(9), back_first=back_first
        )
        lean = resolve_outcome(
            board.with_rings((0, 0), 0),  # an equal board: nothing kept from the full walk
            token.id, path, kind, chance=Dice.seeded(9), back_first=back_first,
        )  # fmt: skip
        assert lean.mover == full.mover  # where it ends, its Speed, rings and badniks
        assert lean.damaged == full.damaged
        assert lean.boss_hits == tuple(e.kind for e in full.events if type(e) is BossHit)
        others = [t for t in full.board.racers if t.id != token.id]
        assert [t for t in lean.board.racers if t.id != token.id] == others
        assert (lean.board.rings, lean.board.badniks) == (full.board.rings, full.board.badniks)
        for b in (full.board, lean.board):  # the rings lookup the walk kept is the board's
            assert b.token_index("rings") == dict(b.rings)
        seen.update(type(e).__name__ for e in full.events)
        for keep in (False, True):  # the full walk's result (kept, or made with keep) read back
            again = resolve_outcome(
                board, token.id, path, kind, chance=Dice.seeded(9), back_first=back_first,
                keep=keep,
            )  # fmt: skip
            assert (again.mover, again.damaged, again.boss_hits) == (
                lean.mover, lean.damaged, lean.boss_hits
            )  # fmt: skip
    assert {"RacerDamaged", "BossHit", "RingsCollected", "SpeedChanged", "Sprung"} <= seen
    assert not walker.DISCARD  # the lean walk's event sink keeps nothing
