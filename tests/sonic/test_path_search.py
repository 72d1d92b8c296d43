"""Path filters and single-path checks agree with the full list of legal paths.

``paths(..., turns=n)`` and ``paths(..., along=spaces)`` walk less of the tree; the
rules check and resolve a move by walking just its path. These tests compare them
with the full enumeration on positions from real games (every terrain the bundled
catalog lays), so a shortcut that drifted from the physics would show here.
"""

from __future__ import annotations

import numpy as np
import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.sonic import SonicRules, greedy_bot, random_setup
from racerlab.sonic.actions import Move
from racerlab.sonic.board import Board, RacerToken
from racerlab.sonic.movement import Movement, paths
from racerlab.sonic.rounds import movement_kinds
from racerlab.sonic.state import Phase
from racerlab.sonic.track import Direction, Section, SectionType, Track, Zone

RULES = SonicRules()


def _move_states(games: int = 4) -> list:
    """MOVE-phase states from greedy games on random set-ups (modes, zones, racers)."""
    out = []
    for seed in range(games):
        rng = np.random.default_rng(seed)
        state = RULES.initial_state(random_setup(seed), seed=seed)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.MOVE:
                out.append(state)
            state = RULES.apply(state, greedy_bot(state, RULES, rng)).state
    return out


MOVE_STATES = _move_states()


def _turns(path) -> int:
    return sum(d is not Direction.FORWARD for d in path.steps)


def _every_path(state):
    seat = RULES.acting_player(state)
    token = state.token(seat)
    card = RULES.facts.cards[state.chosen[seat]]
    for kind in movement_kinds(card.movement, state.spin):
        board = RULES.board_for(state, token, token.speed)
        full = paths(board, token.pos, token.speed, kind, ignore=token.ignore)
        yield board, token, kind, full


def test_the_sample_covers_long_moves_and_jumps():
    speeds = {s.token(RULES.acting_player(s)).speed for s in MOVE_STATES}
    kinds = {k for s in MOVE_STATES for _, _, k, _ in _every_path(s)}
    assert max(speeds) >= 6
    assert Movement.JUMP in kinds and Movement.RUN in kinds


@pytest.mark.parametrize("turns", [0, 1, 2])
def test_turns_keeps_exactly_the_paths_with_that_many_lane_changes(turns):
    for state in MOVE_STATES:
        for board, token, kind, full in _every_path(state):
            short = paths(board, token.pos, token.speed, kind, ignore=token.ignore, turns=turns)
            assert short == [p for p in full if _turns(p) <= turns]


def test_along_finds_each_legal_path_and_nothing_else():
    checked = 0
    for state in MOVE_STATES[::3]:
        for board, token, kind, full in _every_path(state):
            for p in full:
                found = paths(
                    board, token.pos, token.speed, kind, ignore=token.ignore, along=p.spaces
                )
                assert found == [p]
                checked += 1
            if full and full[0].spaces:
                back = ((token.pos[0] - 1, token.pos[1]), *full[0].spaces[1:])
                assert paths(board, token.pos, token.speed, kind, along=back) == []
                short = full[0].spaces[:-1]
                if full[0].ends == "complete" and short:
                    # a path one step short of its Speed is not a movement
                    assert paths(board, token.pos, token.speed, kind, along=short) == []
    assert checked > 100


def test_a_move_is_checked_and_resolved_the_same_without_listing_every_path():
    fresh = SonicRules()
    for state in MOVE_STATES[::5]:
        listed = RULES.legal_actions(state)
        move = greedy_bot(state, RULES, np.random.default_rng(0))
        assert move in listed
        # ``fresh`` never listed this state's paths: it walks the chosen path only
        assert fresh.move_path(state, move) == RULES.path_index(state)[(move.kind, move.path)]
        assert fresh.apply(state, move).state == RULES.apply(state, move).state


def test_a_move_off_the_legal_paths_is_refused_with_its_reason():
    state = next(s for s in MOVE_STATES if s.token(RULES.acting_player(s)).speed >= 3)
    seat = RULES.acting_player(state)
    token = state.token(seat)
    card = RULES.facts.cards[state.chosen[seat]]
    kinds = movement_kinds(card.movement, state.spin)
    diagonal = ((token.col + 1, token.lane + 1),)
    with pytest.raises(IllegalActionError, match="not a legal path at Speed"):
        RULES.apply(state, Move(seat, kinds[0], diagonal))
    other = next(k for k in Movement if k not in kinds)
    with pytest.raises(IllegalActionError, match=f"not {other.value}"):
        RULES.apply(state, Move(seat, other, ()))
    if not token.large:
        some = RULES.legal_actions(state)[0]
        with pytest.raises(IllegalActionError, match="large-base"):
            RULES.apply(state, Move(seat, some.kind, some.path, back_first=True))


def test_visit_hands_over_the_same_paths_in_the_same_order():
    from racerlab.sonic.movement.path_search import visit

    for state in MOVE_STATES[::2]:
        for board, token, kind, _full in _every_path(state):
            for turns in (0, 1, None):
                seen: list = []
                visit(
                    board,
                    token.pos,
                    token.speed,
                    kind,
                    _recorder(seen),
                    ignore=token.ignore,
                    turns=turns,
                )
                listed = paths(
                    board, token.pos, token.speed, kind, ignore=token.ignore, turns=turns
                )
                assert seen == [(p.ends, p.spaces) for p in listed]


def _recorder(out: list):
    return lambda ends, spaces: out.append((ends, tuple(spaces)))


def test_a_walk_started_while_another_runs_gets_its_own_scratch():
    # a sink that starts a second walk on the same board (as another thread could)
    state = MOVE_STATES[len(MOVE_STATES) // 2]
    board, token, kind, full = next(_every_path(state))
    from racerlab.sonic.movement.path_search import visit

    inner = []

    def sink(ends, spaces):
        if not inner:
            inner.append(paths(board, token.pos, token.speed, kind, ignore=token.ignore))

    visit(board, token.pos, token.speed, kind, sink, ignore=token.ignore)
    assert inner == [full]
    assert paths(board, token.pos, token.speed, kind, ignore=token.ignore) == full


def test_an_error_in_the_middle_of_a_walk_leaves_the_walker_clean():
    from racerlab.sonic.movement.path_search import visit

    state = MOVE_STATES[0]
    board, token, kind, full = next(_every_path(state))

    def sink(ends, spaces):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        visit(board, token.pos, token.speed, kind, sink, ignore=token.ignore)
    assert paths(board, token.pos, token.speed, kind, ignore=token.ignore) == full


def test_the_walked_quick_value_is_the_best_of_the_listed_shortlist():
    from racerlab.sonic.bots import look_ahead as bots
    from racerlab.sonic.bots.quick_values import walked_static

    checked = 0
    for state in MOVE_STATES[::2]:
        seat = RULES.acting_player(state)
        token = state.token(seat)
        for kind in (Movement.RUN, Movement.SPIN, Movement.JUMP):
            for speed in (1, token.speed, 7):
                found = bots.shortlist(RULES, state, token, speed, kind, bots.OUTLOOK_TURNS)
                listed = bots.statics(state.board, token, found, kind, bots.GREEDY)
                want = max(listed, default=float("-inf"))
                got = walked_static(
                    RULES, state, token, speed, kind, bots.GREEDY, bots.OUTLOOK_TURNS
                )
                assert got == want
                checked += 1
    assert checked > 50


def test_a_walk_with_no_up_or_down_step_left_stops_nowhere_at_the_track_end():
    # two columns: running forward reaches the last column with steps left; only lane
    # changes remain there, so a shortlist without them has no path, and the full list
    # ends each path at the edge or complete (as before the walk tried only the step ahead)
    s = Section.from_grid("s", "S", Zone.BASE, SectionType.STRAIGHT, ["0.. 0.."] * 5)
    board = Board.new(Track((s,))).with_racer(RacerToken("sonic", 0, 2, speed=4))
    assert paths(board, (0, 2), 4, Movement.RUN, turns=0) == []
    assert paths(board, (0, 2), 4, Movement.RUN, turns=1) == []
    two = paths(board, (0, 2), 4, Movement.RUN, turns=2)
    assert [(p.spaces, p.ends) for p in two] == [
        (((1, 2), (1, 1), (1, 0)), "edge"),
        (((1, 2), (1, 3), (1, 4)), "edge"),
        (((0, 1), (1, 1), (1, 0)), "edge"),
        (((0, 3), (1, 3), (1, 4)), "edge"),
    ]
    full = paths(board, (0, 2), 4, Movement.RUN)
    assert len(full) == 8 and full[:3] == two[:3]
    assert {p.ends for p in full} == {"edge", "complete"}
    assert [(p.spaces, p.ends) for p in paths(board, (0, 2), 0, Movement.RUN)] == [((), "complete")]
