"""Battle Racers set-up order: choosing racers clockwise, placing them counter-clockwise."""

import pytest

from racerlab.core.errors import ScenarioError
from racerlab.sonic.procedure import setup_order


def test_choosing_clockwise_from_the_first_and_placing_back_from_the_last():
    o = setup_order(4)
    assert o.choosing == (0, 1, 2, 3)
    assert o.placing == (3, 2, 1, 0)
    o = setup_order(3, first=1)
    assert o.choosing == (1, 2, 0)
    assert o.placing == (0, 2, 1)


def test_describe_names_the_seats():
    lines = setup_order(2, first=1).describe(["Ann", "Bob"])
    assert lines[0].endswith("most recently: Bob, Ann.")
    assert lines[1].endswith("from the last to choose: Ann, Bob.")
    assert len(setup_order(1).describe()) == 1  # solo: nothing to place in turn


def test_bad_order_input_is_refused():
    with pytest.raises(ScenarioError, match=r"seat 0\.\.2"):
        setup_order(3, first=3)
    with pytest.raises(ScenarioError, match="at least one player"):
        setup_order(0)
