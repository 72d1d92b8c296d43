"""Drive rolls, Valor before the roll, order of play, Speed Points, Surge, Stall, Turbo, Perfect."""

from dataclasses import replace

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.core.rules import ForceRolls
from racerlab.knights.actions import DriveRoll, EndTurn, Move, SurgeChoice
from racerlab.knights.catalog import load_catalog
from racerlab.knights.events import DriveRolled, OrderDecided, Stalled, ValorSpent
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_state, staged
from racerlab.knights.state import Phase

rules = KnightsRules()
CAT = load_catalog()


def roll_all(state, faces, actions=None):
    state = rules.apply(state, ForceRolls(tuple(faces))).state
    events = []
    for k in range(len(state.order)):
        step = rules.apply(state, (actions or {}).get(k, DriveRoll()))
        state = step.state
        events += step.events
    return state, events


def build(base, part, side=None):
    return CAT.racer(base).with_part(CAT, part, side)


def test_order_by_roll_plus_reflexes():
    s = lesson_state(("jeff", "cindy", "chris"))  # Reflexes 4, 3, 2
    s, events = roll_all(s, (1, 6, 5))  # totals 5, 9, 7
    (order,) = [e for e in events if isinstance(e, OrderDecided)]
    assert order.order == (1, 2, 0) and order.totals == (9, 7, 5)


def test_full_tie_goes_to_a_roll_off():
    s = lesson_state(("jeff", "jeff"))
    s, events = roll_all(s, (4, 4, 2, 5))  # both 8 with roll 4: roll-off 2 vs 5
    (order,) = [e for e in events if isinstance(e, OrderDecided)]
    assert order.rolled_off and order.order == (1, 0)
    # Speed Points still come from the original drive rolls
    assert [r.speed_points for r in s.racers] == [4 + 4, 4 + 4]


def test_valor_on_reflexes_and_speed_declared_before_the_roll():
    s = lesson_state(("jeff", "cindy"))  # Jeff Valor 3
    s, events = roll_all(s, (2, 6), {0: DriveRoll(valor_reflexes=1, valor_speed=2)})
    jeff = s.racers[0]
    assert jeff.valor == 0
    assert jeff.speed_points == 2 + 4 + 2
    rolled = next(e for e in events if isinstance(e, DriveRolled) and e.player == 0)
    assert rolled.reflexes_total == 2 + 4 + 1
    assert [e.amount for e in events if isinstance(e, ValorSpent)] == [1, 2]


def test_valor_caps_refused_with_reason():
    s = lesson_state(("jeff", "cindy"))
    with pytest.raises(IllegalActionError, match="at most 3 Valor"):
        rules.check(s, DriveRoll(valor_speed=4))
    with pytest.raises(IllegalActionError, match="has 3 Valor"):
        rules.check(s, DriveRoll(valor_reflexes=2, valor_speed=2))


def test_veteran_may_spend_five():
    vet = build("jeff", "roslyn_ashford")
    s = lesson_state((vet, "cindy"))
    s = replace(s, racers=(replace(s.racers[0], valor=6), s.racers[1]))
    rules.check(s, DriveRoll(valor_speed=5))
    with pytest.raises(IllegalActionError):
        rules.check(s, DriveRoll(valor_speed=6))


def test_slow_tokens_never_below_speed_one():
    s = lesson_state(("chris", "cindy"))  # Chris Speed 3
    s = replace(s, racers=(replace(s.racers[0], slow=5), s.racers[1]))
    s, _ = roll_all(s, (4, 1))
    assert s.racers[0].speed_points == 4 + 1
    s2 = lesson_state(("chris", "cindy"))
    s2 = replace(s2, racers=(replace(s2.racers[0], slow=1), s2.racers[1]))
    s2, _ = roll_all(s2, (4, 1))
    assert s2.racers[0].speed_points == 4 + 2


def test_turbo_gives_two_for_moves_only():
    turbo = build("cindy", "starwind_coil")
    s = lesson_state((turbo, "jeff"))
    s, _ = roll_all(s, (3, 1))
    r = s.racers[0]
    assert r.turbo_points == 2 and r.speed_points == 3 + racer_speed(turbo)


def racer_speed(b):
    return b.resolve(CAT).stats.speed


def test_perfect_racer_gains_a_valor_each_round():
    s = lesson_state(("perfect_ogre", "jeff"))
    start = CAT.racer("perfect_ogre").resolve(CAT).valor_pool
    assert s.racers[0].valor == start + 1
    assert s.racers[1].valor == 3  # Jeff is not Perfect
    s, _ = roll_all(s, (3, 3))
    while s.round == 1:
        s = rules.apply(s, EndTurn()).state
    assert s.racers[0].valor == start + 2


def test_surge_reroll_stands():
    surge = build("jeff", "sparkpot_dynamo")
    s = lesson_state((surge, "cindy"))
    s = rules.apply(s, ForceRolls((2, 5, 4))).state
    s = rules.apply(s, DriveRoll()).state
    assert s.phase is Phase.SURGE and rules.acting_player(s) == 0
    with pytest.raises(IllegalActionError, match="Surge"):
        rules.check(s, DriveRoll())
    step = rules.apply(s, SurgeChoice(True))
    (e,) = [e for e in step.events if isinstance(e, DriveRolled)]
    assert e.roll == 5 and e.rerolled_from == 2
    speed = surge.resolve(CAT).stats.speed
    assert step.state.racers[0].speed_points == 5 + speed


def test_surge_keep():
    surge = build("jeff", "sparkpot_dynamo")
    s = lesson_state((surge, "cindy"))
    s = rules.apply(s, ForceRolls((2,))).state
    s = rules.apply(s, DriveRoll()).state
    s = rules.apply(s, SurgeChoice(False)).state
    assert s.racers[0].drive_roll == 2 and s.phase is Phase.DRIVE


def test_stall_on_a_one_but_not_twice_running():
    stall = build("jeff", "overclocked_whirligig")
    s = lesson_state((stall, "cindy"))
    s, events = roll_all(s, (1, 6))
    assert s.racers[0].stalled and any(isinstance(e, Stalled) for e in events)
    s = staged(s, 0, stalled=True, speed_points=5)
    with pytest.raises(IllegalActionError, match="stalled"):
        rules.check(s, Move(1.0))
    # next round: a 1 again is not a stall
    s = lesson_state((stall, "cindy"))
    s = replace(s, racers=(replace(s.racers[0], stalled_last_round=True), s.racers[1]))
    s, _ = roll_all(s, (1, 6))
    assert not s.racers[0].stalled


def test_no_stall_without_the_ability():
    s = lesson_state(("jeff", "cindy"))
    s, _ = roll_all(s, (1, 6))
    assert not s.racers[0].stalled


def test_wrong_player_and_wrong_phase():
    s = lesson_state(("jeff", "cindy"))
    with pytest.raises(IllegalActionError, match="drive roll"):
        rules.check(s, Move(1.0))
    s, _ = roll_all(s, (6, 1))
    with pytest.raises(IllegalActionError, match="turn to act"):
        rules.check(s, DriveRoll())
