"""fast_replace gives exactly what dataclasses.replace gives, and refuses unknown fields."""

import dataclasses

import pytest

from racerlab.core.frozen import fast_replace
from racerlab.sonic import SonicRules, random_setup
from racerlab.sonic.board import Board, RacerToken


def test_same_as_dataclasses_replace_on_the_game_state():
    state = SonicRules().initial_state(random_setup(3, players=4), None, 3)
    new = fast_replace(state, round=state.round + 2, step=1)
    assert new == dataclasses.replace(state, round=state.round + 2, step=1)
    assert new is not state and new.round == state.round + 2 and state.round != new.round
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.round = 0  # still frozen


def test_unknown_field_is_refused():
    with pytest.raises(TypeError, match="no field"):
        fast_replace(RacerToken("sonic", 0, 2), sped=3)


def test_board_goes_through_dataclasses_replace():
    # Board sets up its lookups' owner in __post_init__: the fast path must not skip it
    board = Board.new(random_setup_track())
    new = fast_replace(board, ring_pile=10)
    assert new.ring_pile == 10 and new.lookups is not board.lookups
    assert new.memos_held()[0] is None and new.terrain_memo() == {}


def random_setup_track():
    from racerlab.sonic.track import Section, SectionType, Track, Zone

    lane = "0.. 0.. 0.."
    return Track((Section.from_grid("t", "T", Zone.BASE, SectionType.STRAIGHT, [lane] * 5),))
