"""The Rules base: director actions, exact outcomes, options, and the conformance check."""

from fractions import Fraction

import pytest

from racerlab.core.conformance import check_game
from racerlab.core.errors import IllegalActionError, ScenarioError
from racerlab.core.rules import ForceRolls, Reseed, options_from_mapping
from racerlab.core.testgame import CoinOptions, CoinRace, CoinSetup, Flip


def start(**opts):
    rules = CoinRace()
    return rules, rules.initial_state(CoinSetup(2, 10), CoinOptions(**opts), seed=1)


def test_outcomes_enumerate_every_roll_with_its_probability():
    rules, state = start(double_six=True)
    outcomes = rules.outcomes(state, Flip())
    positions = {s.positions[0]: p for s, p in outcomes}
    assert positions == {
        1: Fraction(1, 6),
        2: Fraction(1, 6),
        3: Fraction(1, 6),
        4: Fraction(1, 6),
        5: Fraction(1, 6),
        12: Fraction(1, 6),
    }
    assert all(s.dice == state.dice for s, _ in outcomes)


def test_director_actions_are_validated():
    rules, state = start()
    with pytest.raises(IllegalActionError, match="1-6"):
        rules.apply(state, ForceRolls((7,)))
    with pytest.raises(IllegalActionError, match="seed"):
        rules.apply(state, Reseed(-1))
    with pytest.raises(IllegalActionError, match="not an action"):
        rules.apply(state, "flip")


def test_reseed_changes_future_rolls():
    rules, state = start()
    a = rules.apply(state, Flip()).rolls[0].values
    reseeded = rules.apply(state, Reseed(77)).state
    b = [rules.apply(reseeded, Flip()).rolls[0].values for _ in range(1)]
    assert reseeded.dice.seed == 77 and isinstance(a, tuple) and b


def test_options_from_mapping_rejects_wrong_types():
    with pytest.raises(ScenarioError, match="true or false"):
        options_from_mapping(CoinOptions, {"double_six": "yes"})
    with pytest.raises(ScenarioError, match="table of rule options"):
        options_from_mapping(CoinOptions, [1])


def test_conformance_check_passes_on_the_test_game():
    report = check_game(
        CoinRace(), lambda seed: CoinSetup(players=1 + seed % 3, target=9), games=12
    )
    report.raise_if_failed()
    assert report.games == 12 and report.steps > 20 and report.chance_checks > 0


def test_conformance_check_catches_a_broken_engine():
    class Broken(CoinRace):
        """An engine that breaks the contract: it offers something that is not an action."""

        def legal_actions(self, state):
            return [Flip(), "not-an-action"] if not self.is_over(state) else []

    report = check_game(Broken(), lambda seed: CoinSetup(2, 6), games=5)
    assert any("refused" in f for f in report.failures)


def test_an_action_that_rolls_nothing_keeps_the_state_resolve_made():
    from dataclasses import replace

    made = []

    class Still(CoinRace):
        def resolve(self, state, action, dice):
            made.append(replace(state, turn=state.turn))
            return made[-1], []

    rules = Still()
    state = rules.initial_state(CoinSetup(2, 10), CoinOptions(), seed=1)
    step = rules.apply(state, Flip())
    assert step.state is made[0]  # no second copy just to set the dice
    assert step.state.dice is state.dice and step.rolls == ()
    rolled = CoinRace().apply(state, Flip())
    assert rolled.rolls and rolled.state.dice != state.dice
