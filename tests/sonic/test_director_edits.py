"""Battle Racers director edits: placing a racer on a space and its shield, plus the
existing speed and rings edits as the position editor uses them.

Each changes exactly its field, is logged, replays from a saved game and is refused
with a reason (leaving the state as it was) on a bad value.
"""

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.core.timeline import Timeline
from racerlab.sonic import SetRings, SetSpeed, SonicRules, SonicSetup
from racerlab.sonic.director import SetPosition, SetShield
from racerlab.sonic.events import DirectorChanged

rules = SonicRules()


def timeline(racers=("sonic", "tails")):
    return Timeline.new(rules, SonicSetup(racers), seed=1)


def test_set_position_moves_only_the_racer_and_is_logged():
    tl = timeline()
    before = tl.state
    step = tl.play(SetPosition(0, 4, 2))
    assert tl.state.token(0).pos == (4, 2)
    assert tl.state.token(1) == before.token(1)
    assert tl.state.token(0).stacks == before.token(0).stacks
    assert tl.state.board.rings == before.board.rings and tl.state.hands == before.hands
    assert step.events == (DirectorChanged("Player 1 placed on column 4, lane 3"),)


def test_a_racer_placed_on_rings_takes_them():
    tl = timeline()
    before = tl.state
    assert before.board.rings_at((3, 0)) == 1
    tl.play(SetPosition(1, 3, 0))
    assert tl.state.token(1).rings == before.token(1).rings + 1
    assert tl.state.board.rings_at((3, 0)) == 0
    assert tl.state.board.ring_pile == before.board.ring_pile


def test_shield_goes_up_and_down():
    tl = timeline()
    tl.play(SetShield(1, True))
    assert tl.state.token(1).shield is True
    tl.play(SetShield(1, False))
    assert tl.state.token(1).shield is False


@pytest.mark.parametrize(
    "action, reason",
    [
        (SetPosition(0, 1, 0), "column 1, lane 1 is taken by another racer"),
        (SetPosition(0, 5, 2), "taken by a badnik"),
        (SetPosition(0, 40, 2), "not a space of the laid track"),
        (SetPosition(0, 3, 7), "column 3, lane 8 is not a space of the laid track"),
        (SetPosition(0, 24, 2), "the last laid Turn"),
        (SetPosition(0, 2.5, 2), "two whole numbers"),
        (SetPosition(3, 4, 2), "there is no Player 3"),
        (SetShield(0, "yes"), "up or down"),
        (SetSpeed(0, 0), "speed must be"),
        (SetRings(0, -1), "rings must be from 0 to"),
    ],
)
def test_bad_edits_are_refused_with_a_reason_and_change_nothing(action, reason):
    tl = timeline()
    before = tl.state
    with pytest.raises(IllegalActionError, match=reason):
        tl.play(action)
    assert tl.state is before and len(tl.actions) == 0


def test_a_large_base_needs_its_back_space_free():
    tl = timeline(("eggman", "tails"))
    tails = tl.state.token(1).pos
    with pytest.raises(IllegalActionError, match="another racer"):
        tl.play(SetPosition(0, tails[0] + 1, tails[1]))
    tl.play(SetPosition(0, tails[0] + 2, tails[1]))
    assert tl.state.token(0).pos == (tails[0] + 2, tails[1])


def test_edits_replay_from_a_saved_game_and_play_goes_on():
    tl = timeline()
    for action in (SetPosition(0, 6, 4), SetShield(0, True), SetSpeed(1, 5), SetRings(1, 4)):
        tl.play(action)
    again = Timeline.loads(tl.dumps())
    assert again.state == tl.state
    # the game continues from the edited position with legal play
    for _ in range(6):
        tl.play(rules.legal_actions(tl.state)[0])
    assert tl.state.round >= 1
