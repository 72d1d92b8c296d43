"""The movement rulings are rule options of a game: switching one changes what the engine does.

The physics behind each ruling is tested in test_badniks, test_terrain and test_damage
through :class:`MoveRules`; here the same rulings are set on :class:`SonicOptions` and
must reach the paths offered, the moves resolved and the damage dealt in a game.
"""

from __future__ import annotations

import pytest

from racerlab.core.errors import ScenarioError
from racerlab.sonic import SonicOptions, SonicRules, SonicSetup
from racerlab.sonic.actions import Move, PassAction
from racerlab.sonic.board import Badnik
from racerlab.sonic.movement import Movement
from racerlab.sonic.movement.move_events import RacerDamaged, SpeedChanged
from racerlab.sonic.rounds import CardAction, CardMovement
from racerlab.sonic.scenarios import at_turn, place, plain_catalog, put

RULES = SonicRules(plain_catalog(8))
CARDS = RULES.facts.cards
RUN_CARD = next(
    c
    for c in sorted(CARDS)
    if CARDS[c].action is CardAction.SPRINT and CardMovement.RUN is CARDS[c].movement
)


def moving(options: SonicOptions, pos, speed: int, **put_kw):
    """Seat 1 at ``pos`` with ``speed``, in its MOVE step with a Run card."""
    state = RULES.initial_state(SonicSetup(("sonic", "tails")), options, seed=5)
    state = place(put(state, clear=True, **put_kw), 1, pos, speed=speed)
    return RULES.apply(at_turn(state, 1, RUN_CARD), PassAction(1)).state


@pytest.mark.parametrize(("reach", "hurt"), [("lane", False), ("column", True)])
def test_buzz_bomber_reach_decides_a_run_beside_it(reach, hurt):
    state = moving(
        SonicOptions(buzz_bomber_reach=reach), (6, 1), 2, badniks={(9, 2): Badnik.BUZZ_BOMBER}
    )
    run = ((7, 1), (8, 1))
    offered = {m.path: m for m in RULES.legal_actions(state)}
    assert run in offered
    path = RULES.path_index(state)[(Movement.RUN, run)]
    assert path.ends == ("stopped" if hurt else "complete")  # the path list knows the reach
    events = RULES.apply(state, Move(1, Movement.RUN, run)).events
    damaged = [e for e in events if isinstance(e, RacerDamaged)]
    assert [e.by for e in damaged] == (["buzz-bomber"] if hurt else [])


def _turn_space(state):
    track = state.board.track
    for col in range(track.n_columns):
        cap = track.turn_lane(col, 4)
        if cap is not None:
            return col, cap
    raise AssertionError("the laid track has no Turn")


@pytest.mark.parametrize("sets", [False, True])
def test_turn_sets_speed_decides_whether_a_turn_lane_raises_speed(sets):
    probe = moving(SonicOptions(), (6, 4), 1)
    col, cap = _turn_space(probe)
    state = moving(SonicOptions(turn_sets_speed=sets), (col - 1, 4), 1)
    step = RULES.apply(state, Move(1, Movement.RUN, ((col, 4),)))
    changes = [e for e in step.events if isinstance(e, SpeedChanged) and e.cause == "turn lane"]
    assert cap > 1
    assert step.state.board.racers[1].speed == (cap if sets else 1)
    assert len(changes) == (1 if sets else 0)


def test_a_bad_movement_ruling_is_refused_when_the_options_are_read():
    with pytest.raises(ScenarioError, match="options: buzz_bomber_reach must be"):
        RULES.decode_options({"buzz_bomber_reach": "diagonal"})
    assert RULES.decode_options({"spring_extra_spaces": 3}).move_rules.spring_extra_spaces == 3
