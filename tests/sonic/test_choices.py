"""The legal-action list and the full check agree, which lets the rules skip re-checking
an action taken from the list (and only such an action)."""

import numpy as np
import pytest

from racerlab.core.errors import IllegalActionError
from racerlab.sonic import Mode, SonicRules, SonicSetup, random_bot
from racerlab.sonic.actions import Move, UseAction
from racerlab.sonic.play.choices import check_action
from racerlab.sonic.track import Zone


def _states(mode, zones, seed, n=400):
    rules = SonicRules()
    racers = ("sonic",) if mode is Mode.SOLO else ("sonic", "tails", "knuckles")
    state = rules.initial_state(SonicSetup(racers, mode, "", zones), None, seed)
    rng = np.random.default_rng(seed)
    for _ in range(n):
        if rules.is_over(state):
            return
        yield rules, state
        state = rules.apply(state, random_bot(state, rules, rng)).state


def test_every_listed_action_passes_the_full_check():
    checked = 0
    for mode, zones in ((Mode.RACE, (Zone.BASE, Zone.OIL_OCEAN)), (Mode.SOLO, (Zone.BASE,))):
        for rules, state in _states(mode, zones, 3):
            for action in rules.legal_actions(state):
                check_action(SonicRules(), state, action)  # a fresh rules: nothing cached
                checked += 1
    assert checked > 500


def test_an_equal_action_not_from_the_list_is_still_checked_in_full():
    rules, state = next(
        (r, s) for r, s in _states(Mode.RACE, (Zone.BASE,), 5) if s.phase.value == "move"
    )
    listed = rules.legal_actions(state)
    move = listed[0]
    assert isinstance(move, Move)
    rules.apply(state, move)  # listed: accepted without a second check
    bad = Move(move.player, move.kind, (*move.path[:-1], (99, 0)))
    with pytest.raises(IllegalActionError, match="not a legal path"):
        rules.apply(state, bad)


def test_a_listed_action_of_another_state_is_checked():
    rules, state = next(
        (r, s) for r, s in _states(Mode.RACE, (Zone.BASE,), 7) if s.phase.value == "action"
    )
    use = next(a for a in rules.legal_actions(state) if isinstance(a, UseAction))
    later = rules.apply(state, rules.legal_actions(state)[0]).state  # now in the move step
    with pytest.raises(IllegalActionError, match="move step"):
        rules.apply(later, use)


def test_pass_speed_and_spin_are_allowed_exactly_when_listed():
    from racerlab.sonic.actions import ActionChoice, PassAction
    from racerlab.sonic.play.choices import _plainly_allowed

    seen = 0
    for rules, state in _states(Mode.RACE, (Zone.BASE, Zone.GREEN_HILL), 11, n=600):
        if state.phase.value != "action":
            continue
        seat = rules.acting_player(state)
        listed = rules.legal_actions(state)
        for action in (
            PassAction(seat),
            UseAction(seat, ActionChoice.SPEED),
            UseAction(seat, ActionChoice.SPIN),
        ):
            assert _plainly_allowed(rules, state, action) == (action in listed)
            seen += 1
    assert seen > 30


def test_a_run_or_jump_is_walked_alone_and_agrees_with_the_list():
    """A run or jump action not from the list is checked and resolved by walking just its
    path: accepted exactly when listed, with the very path the list keeps for it."""
    from racerlab.sonic.actions import ActionChoice

    walked = refused = 0
    for rules, state in _states(Mode.RACE, (Zone.BASE, Zone.GREEN_HILL), 13, n=800):
        if state.phase.value != "action":
            continue
        seat = rules.acting_player(state)
        listed = rules.legal_actions(state)
        index = rules.path_index(state)
        for choice in (ActionChoice.RUN, ActionChoice.JUMP):
            for a in [a for a in listed if isinstance(a, UseAction) and a.choice is choice]:
                fresh = SonicRules()  # nothing listed: the path is walked alone
                assert fresh.action_path(state, a) == index[(choice, a.path)]
                fresh.apply(state, UseAction(seat, choice, a.path))
                walked += 1
                bad = UseAction(seat, choice, (*a.path[:-1], (a.path[-1][0], 9)))
                with pytest.raises(IllegalActionError, match="does not allow"):
                    SonicRules().apply(state, bad)
                assert SonicRules().action_path(state, bad) is None
                refused += 1
            empty = UseAction(seat, choice)
            assert (empty in listed) is False
            with pytest.raises(IllegalActionError):
                SonicRules().apply(state, empty)
    assert walked > 10 and refused > 10
