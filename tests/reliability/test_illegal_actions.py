"""Illegal actions in both games: refused with a reason naming the problem, nothing changes.

Each case plays a legal prefix in a :class:`Timeline`, then tries one illegal action and
checks that :class:`IllegalActionError` is raised with a reason matching the problem, that
the error carries the action, that the state (compared with a deep copy taken before) and
the timeline's history (entries, cursor, actions) are unchanged, and that a legal action
is still accepted afterwards.

Kinds the engine helpers already test this way are not repeated here (see
docs/reliability.md): tests/knights/test_illegal.py covers the wrong phase, a turn
before moving 1M, a target out of range, a move over 1M, a second shot, Fire and reverse
with 1 Speed Point; tests/sonic/test_rounds.py and test_actions.py cover taking a card
before the action step and an action the card does not allow.
"""

from __future__ import annotations

import copy

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.core.timeline import Timeline
from racerlab.knights.actions import (
    Direction,
    DriveRoll,
    EndTurn,
    Fire,
    Move,
    Target,
    Turn,
)
from racerlab.knights.parts import Side
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import worked_example_actions
from racerlab.knights.setup import example_setup
from racerlab.sonic import (
    ActionChoice,
    Movement,
    PassAction,
    PlayCard,
    SonicRules,
    SonicSetup,
    TakeCard,
    UseAction,
)
from racerlab.sonic import Move as SonicMove

KNIGHTS = KnightsRules()
SONIC = SonicRules()


def refused(tl: Timeline, action, match: str) -> IllegalActionError:
    """Play ``action``: it must be refused matching ``match``, leaving ``tl`` as it was."""
    state, snapshot = tl.state, copy.deepcopy(tl.state)
    entries, index, actions = list(tl.entries), tl.index, tl.actions
    with pytest.raises(IllegalActionError, match=match) as info:
        tl.play(action)
    assert info.value.reason and info.value.reason == str(info.value)
    assert tl.state is state and tl.state == snapshot
    assert tl.entries == entries and tl.index == index and tl.actions == actions
    with pytest.raises(IllegalActionError, match=match):  # the bare rules agree
        tl.rules.apply(state, action)
    assert state == snapshot
    return info.value


def still_playable(tl: Timeline) -> None:
    legal = tl.rules.legal_actions(tl.state)
    assert legal
    n = len(tl)
    tl.play(legal[0])
    assert len(tl) == n + 1


# -- Racer Knights -------------------------------------------------------------------------------
def cindy_acting() -> Timeline:
    """The rulebook's worked example after the drive rolls: Cindy acts first with 13 SP."""
    tl = Timeline.new(KNIGHTS, example_setup(), seed=0)
    for a in worked_example_actions()[:4]:
        tl.play(a)
    assert tl.state.racers[1].speed_points == 13
    return tl


KNIGHTS_CASES = [
    ("out of arc", [], Fire(Target.blocker(1)), "waypoint 2 is not in Cindy's firing arc A"),
    ("attack itself", [], Fire(Target.racer(1)), "cannot attack itself"),
    ("no such player", [], Fire(Target.racer(7)), "there is no player 8"),
    ("move of 0M", [], Move(0.0), "must be longer than 0M, got 0.0"),
    ("sideways without Sidewinder", [], Move(0.5, Direction.LEFT), "no Sidewinder"),
    ("turn too sharp", [Move(1.0)], Turn(170.0, Side.LEFT), r"allows turns up to \d+ degrees"),
    (
        "second turn without another 1M",
        [Move(1.0), Turn(15.0, Side.LEFT)],
        Turn(15.0, Side.LEFT),
        "must move 1M since the round began and since the last turn",
    ),
]


@pytest.mark.parametrize(
    ("what", "before", "action", "match"), KNIGHTS_CASES, ids=[c[0] for c in KNIGHTS_CASES]
)
def test_knights_refuses(what, before, action, match):
    tl = cindy_acting()
    for a in before:
        tl.play(a)
    err = refused(tl, action, match)
    assert err.action == action
    tl.play(EndTurn())  # the game goes on


def test_knights_refuses_too_much_valor_on_a_drive_roll():
    tl = Timeline.new(KNIGHTS, example_setup(), seed=0)
    refused(tl, DriveRoll(valor_reflexes=50), "at most 3 Valor on Reflexes")
    still_playable(tl)


def test_knights_actions_carry_no_player():
    """'Wrong player' cannot be expressed in Racer Knights: the state names who acts.
    Only director actions (which edit a named racer) carry a player."""
    from racerlab.core.rules import DirectorAction

    for kind in KNIGHTS.action_types:
        fields = getattr(kind, "__dataclass_fields__", {})
        assert "player" not in fields or issubclass(kind, DirectorAction), kind.__name__


# -- Battle Racers -------------------------------------------------------------------------------
def sonic_start() -> Timeline:
    """Three racers on the grid, seed 1; Player 1 chooses first."""
    return Timeline.new(SONIC, SonicSetup(("sonic", "tails", "amy")), seed=1)


def sonic_revealed() -> Timeline:
    """Every card chosen and revealed: Player 2 (tails, at (1, 1), Speed 3) resolves first."""
    tl = sonic_start()
    hands = tl.state.hands
    for p in range(3):
        tl.play(PlayCard(p, hands[p][0]))
    assert SONIC.acting_player(tl.state) == 1
    assert tl.state.token(1).pos == (1, 1) and tl.state.token(1).speed == 3
    return tl


def sonic_moving() -> Timeline:
    """Player 2 passed on the action and must now move exactly 3 spaces."""
    tl = sonic_revealed()
    tl.play(PassAction(1))
    return tl


def test_sonic_play_out_of_turn_while_choosing():
    tl = sonic_start()
    refused(tl, PlayCard(2, tl.state.hands[2][0]), "it is Player 1's turn, not Player 3's")
    still_playable(tl)


def test_sonic_a_card_that_does_not_exist():
    tl = sonic_start()
    refused(tl, PlayCard(0, "nonsense-9"), "card nonsense-9 is not in Player 1's hand")


def test_sonic_a_face_up_card_is_not_in_hand():
    tl = sonic_start()
    card = tl.state.face_up[0]
    assert card not in tl.state.hands[0]
    refused(tl, PlayCard(0, card), f"card {card} is not in Player 1's hand")


def test_sonic_two_cards_in_one_round():
    tl = sonic_start()
    hands = tl.state.hands
    tl.play(PlayCard(0, hands[0][0]))
    refused(tl, PlayCard(0, hands[0][1]), "it is Player 2's turn, not Player 1's")
    tl = sonic_revealed()
    refused(tl, PlayCard(1, tl.state.hands[1][0]), "now is the action step, not PlayCard")
    still_playable(tl)


def test_sonic_use_or_move_for_another_player():
    tl = sonic_revealed()
    refused(tl, UseAction(0, ActionChoice.SPEED), "it is Player 2's turn, not Player 1's")
    tl = sonic_moving()
    refused(
        tl,
        SonicMove(0, Movement.RUN, ((2, 2), (3, 2), (4, 2))),
        "it is Player 2's turn, not Player 1's",
    )


PATHS = {
    "diagonal": ((2, 2), (3, 1), (4, 2)),
    "backward": ((0, 1), (0, 2), (1, 2)),
    "too short": ((2, 1), (3, 1)),
    "too long": ((2, 1), (3, 1), (4, 1), (5, 1)),
    "a jump along a run's path": None,
}


@pytest.mark.parametrize("what", list(PATHS))
def test_sonic_illegal_paths(what):
    tl = sonic_moving()
    legal = [a for a in SONIC.legal_actions(tl.state) if isinstance(a, SonicMove)]
    assert ((2, 1), (3, 1), (4, 1)) in {m.path for m in legal}  # the straight run is legal
    if PATHS[what] is None:
        action = SonicMove(1, Movement.JUMP, ((2, 1), (3, 1), (4, 1)))
        match = r"moves by run, not jump"
    else:
        action = SonicMove(1, Movement.RUN, PATHS[what])
        match = r"run along \(\(.*\)\) is not a legal path at Speed 3"
    assert action not in legal
    refused(tl, action, match)
    tl.play(SonicMove(1, Movement.RUN, ((2, 1), (3, 1), (4, 1))))
    assert tl.state.token(1).col == 4


def test_sonic_take_a_card_that_is_not_face_up():
    tl = sonic_moving()
    tl.play(SonicMove(1, Movement.RUN, ((2, 1), (3, 1), (4, 1))))
    card = tl.state.hands[1][0]
    refused(tl, TakeCard(1, card), f"card {card} is not face up")
    tl.play(TakeCard(1, tl.state.face_up[0]))
