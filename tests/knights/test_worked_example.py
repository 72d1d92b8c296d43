"""The rulebook's worked example, played with forced dice: every number it states."""

from racerlab.core.rules import ForceRolls
from racerlab.core.timeline import Timeline
from racerlab.knights.actions import Bid, DriveRoll, Fire, Move, Target, Turn
from racerlab.knights.events import (
    BlockerDestroyed,
    DamageDealt,
    DriveRolled,
    OrderDecided,
    ShotFired,
    TokenPlaced,
    WaypointCrossed,
)
from racerlab.knights.parts import Side
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import load_scenario, worked_example, worked_example_actions
from racerlab.knights.setup import example_setup
from racerlab.knights.state import Phase

JEFF, CINDY, CHRIS = 0, 1, 2


def _events(tl, kind):
    return [e for entry in tl.entries for e in entry.events if isinstance(e, kind)]


def test_drive_rolls_order_and_speed_points():
    tl = Timeline.new(KnightsRules(), example_setup(), seed=0)
    tl.play(ForceRolls((5, 6, 2)))
    for _ in range(3):
        tl.play(DriveRoll())
    rolled = {e.player: e for e in _events(tl, DriveRolled)}
    assert [rolled[p].roll for p in (JEFF, CINDY, CHRIS)] == [5, 6, 2]
    assert [rolled[p].reflexes_total for p in (JEFF, CINDY, CHRIS)] == [9, 9, 4]
    assert [rolled[p].speed_points for p in (JEFF, CINDY, CHRIS)] == [9, 13, 5]
    (order,) = _events(tl, OrderDecided)
    # Jeff and Cindy tie at 9: Cindy's higher drive roll puts her first, no roll-off
    assert order.order == (CINDY, JEFF, CHRIS)
    assert order.rolled_off is False
    assert tl.state.phase is Phase.ACT and KnightsRules().acting_player(tl.state) == CINDY


def test_cindy_shoots_the_blocker_and_crosses():
    tl = Timeline.new(KnightsRules(), example_setup(), seed=0)
    actions = worked_example_actions()
    # up to and including Cindy's last move (before Jeff acts)
    upto = actions.index(Turn(-90.0, Side.RIGHT)) + 3
    for a in actions[:upto]:
        tl.play(a)
    (shot,) = _events(tl, ShotFired)
    assert shot.roll == 6 and shot.strength == 3 and shot.armor == 7 and shot.hit
    assert shot.range_r <= 1.0
    assert _events(tl, BlockerDestroyed)[0].waypoint == 0
    crossed = _events(tl, WaypointCrossed)
    assert [(e.player, e.waypoint) for e in crossed] == [(CINDY, 0)]
    cindy = tl.state.racers[CINDY]
    assert cindy.glory == 1 and cindy.speed_points == 0 and cindy.pose.heading == 0.0
    assert KnightsRules().acting_player(tl.state) == JEFF


def test_whole_example_numbers():
    tl = worked_example()
    s = tl.state
    jeff, cindy, chris = s.racers
    assert (jeff.glory, cindy.glory, chris.glory) == (1, 1, 0)
    assert jeff.next_waypoint == 1 and cindy.next_waypoint == 1 and chris.next_waypoint == 0
    shots = _events(tl, ShotFired)
    assert len(shots) == 2
    chris_shot = shots[1]
    assert chris_shot.attacker == CHRIS and chris_shot.target == "Cindy"
    assert chris_shot.range_r <= 2.0
    assert chris_shot.roll == 7 and chris_shot.strength == 2 and chris_shot.armor == 8
    assert chris_shot.hit
    dmg = [e for e in _events(tl, DamageDealt) if e.player == CINDY]
    assert [(e.amount, e.durability) for e in dmg] == [(2, 3)]
    assert cindy.durability == 3 and cindy.weakness == 1
    assert [e.token for e in _events(tl, TokenPlaced)] == ["Weakness"]
    # Weakness: her Armor is now 7 for the rest of the joust
    from racerlab.knights.combat.attack_roll import armor_parts
    from racerlab.knights.draft import Draft
    from racerlab.knights.state import PendingAttack

    d = Draft(s)
    parts = armor_parts(d, PendingAttack(CHRIS, Target.racer(CINDY), False), None)
    assert sum(v for _, v in parts) == 7
    # the round is over; the next drive rolls are due
    assert s.phase is Phase.DRIVE and s.round == 2


def test_bundled_scenario_is_the_example():
    loaded = load_scenario("worked-example")
    assert loaded.state == worked_example().state
    assert loaded.actions[-2] == Fire(Target.racer(CINDY)) and loaded.actions[-1] == Bid(0)
    assert isinstance(loaded.actions[0], ForceRolls)
    assert Move(1.0) in loaded.actions


def test_bundled_greedy_joust_replays_to_its_end():
    from racerlab.knights.scenarios import bundled, greedy_joust

    assert {"worked-example", "greedy-joust"} <= set(bundled())
    loaded = load_scenario("greedy-joust")
    assert KnightsRules().is_over(loaded.state)
    assert loaded.state == greedy_joust().state


def test_unknown_scenario_named():
    import pytest

    from racerlab.core.errors import ScenarioError

    with pytest.raises(ScenarioError, match=r"no scenario 'nope'.*worked-example"):
        load_scenario("nope")
