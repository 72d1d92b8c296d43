"""Illegal actions are refused with a reason a player understands, and nothing changes."""

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.core.rules import ForceRolls
from racerlab.core.timeline import Timeline
from racerlab.knights.actions import (
    Bid,
    Direction,
    DriveRoll,
    EndTurn,
    Fire,
    Move,
    SurgeChoice,
    Target,
    Turn,
)
from racerlab.knights.parts import Side
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import worked_example_actions
from racerlab.knights.setup import example_setup

rules = KnightsRules()


def cindy_acting():
    """The worked example just after the order is decided: Cindy (13 SP) acts first."""
    tl = Timeline.new(rules, example_setup(), seed=0)
    for a in worked_example_actions()[:4]:
        tl.play(a)
    return tl


CASES = [
    ("wrong phase: a drive roll while Cindy acts", [], DriveRoll(), "turn to act"),
    ("wrong phase: a bid with no attack waiting", [], Bid(1), "turn to act"),
    ("wrong phase: a Surge choice without Surge", [], SurgeChoice(True), "turn to act"),
    ("turn before moving 1M", [], Turn(45.0, Side.LEFT), "must move 1M"),
    ("target out of range", [], Fire(Target.racer(2)), "away|firing arc"),
    ("blocker out of range", [], Fire(Target.blocker(0)), r"R away; the weapon reaches 1R"),
    ("move over 1M", [], Move(1.5), "at most 1M"),
    (
        "second shot in a round",
        [Move(1.0)] * 6 + [ForceRolls((3, 3)), Fire(Target.blocker(0))],
        Fire(Target.racer(0)),
        "already used the weapon",
    ),
    (
        "fire with 1 Speed Point",
        [Move(1.0)] * 6 + [Move(1.0, Direction.REVERSE)] * 3,
        Fire(Target.blocker(0)),
        "needs 2 Speed Points; Cindy has 1",
    ),
    (
        "reverse with 1 Speed Point",
        [Move(1.0)] * 6 + [Move(1.0, Direction.REVERSE)] * 3,
        Move(0.5, Direction.REVERSE),
        "needs 2 Speed Points; Cindy has 1",
    ),
]


@pytest.mark.parametrize(("what", "before", "action", "match"), CASES, ids=[c[0] for c in CASES])
def test_refused_and_unchanged(what, before, action, match):
    tl = cindy_acting()
    for a in before:
        tl.play(a)
    state, length = tl.state, len(tl)
    with pytest.raises(IllegalActionError, match=match) as info:
        tl.play(action)
    assert info.value.reason and info.value.action == action
    assert tl.state == state and len(tl) == length
    tl.play(EndTurn())  # the game goes on


def test_a_seat_acting_out_of_turn_is_refused_with_nothing_changed():
    """A hand-played action from a seat whose turn it is not (core's ``player=`` check)."""
    from racerlab.knights import example_setup

    tl = Timeline.new(KnightsRules(), example_setup(), seed=1)
    acting = tl.rules.acting_player(tl.state)
    other = (acting + 1) % len(tl.state.racers)
    action = tl.rules.legal_actions(tl.state)[0]
    before = (len(tl), tl.state)
    with pytest.raises(IllegalActionError, match="not player"):
        tl.play(action, player=other)
    assert (len(tl), tl.state) == before
    tl.play(action, player=acting)
    assert len(tl) == 2
