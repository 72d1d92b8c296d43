"""Dice: seeded, recorded, forceable, resumable from frozen state."""

from collections import Counter

import pytest

from racerlab.core.dice import Dice, DiceState


def test_same_seed_same_rolls_and_different_seed_differs():
    a = Dice.seeded(11).roll(30)
    assert a == Dice.seeded(11).roll(30)
    assert a != Dice.seeded(12).roll(30)


def test_resume_from_snapshot_continues_the_same_sequence():
    straight = Dice.seeded(5)
    first = straight.roll(10)
    rest = straight.roll(100)

    part = Dice.seeded(5)
    assert part.roll(10) == first
    resumed = Dice.resume(part.snapshot())
    assert resumed.roll(100) == rest


def test_snapshot_is_unchanged_when_nothing_is_rolled():
    state = DiceState(3)
    assert Dice.resume(state).snapshot() == state


def test_forced_rolls_come_first_and_are_flagged():
    dice = Dice.resume(DiceState(1).with_forced(3, 4))
    assert dice.roll(2, purpose="attack") == (3, 4)
    assert dice.log[0].forced and dice.log[0].total == 7
    # after the forced faces, the seed's own sequence continues unchanged
    assert dice.roll(5) == Dice.seeded(1).roll(5)
    assert not dice.log[1].forced


@pytest.mark.parametrize("bad", [0, 7, -1, 2.5, True, "6"])
def test_forcing_an_impossible_face_is_refused(bad):
    with pytest.raises(ValueError, match="1-6"):
        DiceState(0).with_forced(bad)


def test_d6_is_fair_enough_over_many_rolls():
    counts = Counter(Dice.seeded(0).roll(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for face in range(1, 7):
        assert 9_400 < counts[face] < 10_600


def test_choice_draws_every_item_and_records_index():
    dice = Dice.seeded(2)
    seen = {dice.choice(["a", "b", "c"], purpose="bag") for _ in range(200)}
    assert seen == {"a", "b", "c"}
    assert dice.log[0].purpose == "bag" and 1 <= dice.log[0].values[0] <= 3
    with pytest.raises(ValueError, match="empty"):
        dice.choice([], purpose="bag")


def test_roll_off_rerolls_ties_until_an_order_is_found():
    dice = Dice.resume(DiceState(0).with_forced(4, 4, 2, 6, 1))
    # A and B tie on 4, C rolls 2; A and B roll again: 6 and 1.
    assert dice.order(["A", "B", "C"]) == ("A", "B", "C")
    assert [r.values for r in dice.log] == [(4, 4, 2), (6, 1)]


def test_shuffle_is_a_permutation_and_reproducible():
    items = tuple(range(20))
    s1 = Dice.seeded(9).shuffle(items)
    assert sorted(s1) == list(items) and s1 != items
    assert Dice.seeded(9).shuffle(items) == s1


def test_other_dice_sizes():
    values = Dice.seeded(4).roll(200, sides=3)
    assert set(values) == {1, 2, 3}


def test_reseeded_keeps_forced_faces():
    state = DiceState(1).with_forced(6).reseeded(99)
    dice = Dice.resume(state)
    assert dice.d6() == 6
    assert dice.roll(3) == Dice.seeded(99).roll(3)


def test_total_rolls_and_records_each_die():
    dice = Dice.resume(DiceState(0).with_forced(2, 5))
    assert dice.total(2, purpose="attack") == 7
    assert dice.log[0].values == (2, 5) and dice.log[0].purpose == "attack"


def test_dice_that_draw_nothing_hand_back_the_state_they_resumed_from():
    state = Dice.seeded(4).snapshot()
    assert Dice.resume(state).snapshot() is state  # no new value: a state keeps its dice
    forced = Dice.resume(state)
    forced.force(3)
    assert forced.snapshot() == state.with_forced(3)
    rolled = Dice.resume(state)
    rolled.d6()
    assert rolled.snapshot() != state
    assert Dice.resume(rolled.snapshot()).snapshot() is not state
