"""Director actions: part swaps, stat tweaks, Durability, placement; logged and replayable."""

import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.core.timeline import Timeline
from racerlab.knights.actions import AdjustStat, PlaceRacer, SetDurability, SwapPart
from racerlab.knights.events import StatChanged
from racerlab.knights.geometry import Pose
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_setup

rules = KnightsRules()


def timeline():
    return Timeline.new(rules, lesson_setup(("jeff", "cindy")), seed=2)


def test_adjust_stat_applies_on_top_of_the_build_and_replays():
    tl = timeline()
    step = tl.play(AdjustStat(0, "speed", 2))
    assert isinstance(step.events[0], StatChanged)
    assert tl.state.racers[0].mods == (("speed", 2),)
    from racerlab.core.rules import ForceRolls
    from racerlab.knights.actions import DriveRoll

    tl.play(ForceRolls((3, 3)))
    tl.play(DriveRoll())
    assert tl.state.racers[0].speed_points == 3 + 4 + 2
    again = Timeline.loads(tl.dumps())
    assert again.state == tl.state


def test_adjust_weapon_stat_and_refuse_unknown():
    tl = timeline()
    tl.play(AdjustStat(1, "strength", 2))
    with pytest.raises(IllegalActionError, match="unknown stat"):
        tl.play(AdjustStat(1, "luck", 1))
    with pytest.raises(IllegalActionError, match="below 0"):
        tl.play(AdjustStat(1, "armor", -20))


def test_set_durability_bounds():
    tl = timeline()
    tl.play(SetDurability(0, 2))
    assert tl.state.racers[0].durability == 2
    with pytest.raises(IllegalActionError, match="1 to 5"):
        tl.play(SetDurability(0, 9))


def test_swap_part_changes_the_racer():
    tl = timeline()
    step = tl.play(SwapPart(0, "weapon", "static_charger"))
    assert tl.state.racers[0].build.weapon == "static_charger"
    name = tl.state.catalog.parts["static_charger"].name
    assert step.events[0].describe().endswith(f": weapon is now {name}.")  # its name, not id
    assert name != "static_charger"
    tl.play(SwapPart(0, "left", "academy_crest"))
    assert tl.state.racers[0].build.shields[0][1] == "academy_crest"
    with pytest.raises(IllegalActionError, match=r"^Sunspot is a weapon, not an engine$"):
        tl.play(SwapPart(0, "engine", "sunspot"))
    with pytest.raises(IllegalActionError, match="mounts only"):
        tl.play(SwapPart(0, "front", "academy_crest"))


def test_place_racer_refuses_overlap_and_off_table():
    tl = timeline()
    other = tl.state.racers[1].pose
    with pytest.raises(IllegalActionError, match="overlap"):
        tl.play(PlaceRacer(0, Pose(other.x + 0.3, other.y, other.heading)))
    with pytest.raises(IllegalActionError, match="off the arena"):
        tl.play(PlaceRacer(0, Pose(0.1, 0.1, 0.0)))
    before = tl.state
    tl.play(PlaceRacer(0, Pose(5.0, 5.0, 45.0)))
    assert tl.state.racers[0].pose.heading == 45.0 and tl.state.phase is before.phase
    assert Timeline.loads(tl.dumps()).state == tl.state


def test_the_race_end_lists_the_glory_in_words():
    from racerlab.knights.events import RaceEnded

    assert RaceEnded("a racer crossed every waypoint", (5, 3, -2), 0).describe() == (
        "The race ends (a racer crossed every waypoint): Glory by seat 5, 3, -2; player 1 wins."
    )
