"""The "Play by hand" tabs start on the bot's suggestion, marked, and never on a pass."""

from __future__ import annotations

import pytest

from racerlab.app.kit.session import HUMAN
from racerlab.app.kit.suggestion import SUGGESTED, BotSuggestion, suggestion_move
from racerlab.app.knights.dashboard import knights_app
from racerlab.app.sonic.dashboard import sonic_app
from racerlab.knights.actions import Bid, EndTurn
from racerlab.sonic import PassAction
from racerlab.sonic.state import Phase


def _bots_choice(session):
    """What the Step button's bot would play here (on a copy of the stream)."""
    return suggestion_move(session)()


def _marked(select) -> list[str]:
    return [label for label in select.options if label.endswith(SUGGESTED)]


def _by_hand(app):
    s = app.session
    for seat in range(len(s.player_names)):
        s.set_controller(seat, HUMAN)
    return s


def test_do_it_plays_the_bots_choice_in_every_battle_racers_phase():
    app = sonic_app(seed=0)
    s = _by_hand(app)
    hand = app.hand
    phases, passes_offered = set(), 0
    for _ in range(60):
        if s.is_over:
            break
        rng_before = s.rng.bit_generator.state
        expected = _bots_choice(s)
        assert s.rng.bit_generator.state == rng_before  # asking moves the stream on not at all
        phase = s.state.phase
        phases.add(phase)
        assert len(_marked(hand.choice_select)) == 1, phase
        if phase is Phase.ACTION:
            actions = hand._actions
            if any(isinstance(a, PassAction) for a in actions):
                passes_offered += 1
                assert isinstance(actions[-1], PassAction)  # listed last
            chosen = actions[hand.choice_select.value]
            assert chosen == expected
            if isinstance(chosen, PassAction):  # only when the bot passes or must
                assert isinstance(expected, PassAction) or len(actions) == 1
        if phase is Phase.MOVE:
            assert hand._moves[hand.path_select.value] == expected
            assert _marked(hand.path_select)
        hand._do_choice()
        assert s.timeline.entries[s.timeline.index].action == expected
    assert {Phase.CHOOSE, Phase.ACTION, Phase.MOVE, Phase.TAKE} <= phases
    assert passes_offered > 0


def test_the_suggestion_follows_the_bot_chosen_for_bot_seats():
    app = sonic_app(seed=2)
    s = app.session
    hand = app.hand
    s.step()  # to a state whose suggestion was not worked out for the greedy bot
    s.bot = "random"
    s.back()
    s.step()  # the random bot's suggestion for this state
    expected = _bots_choice(s)
    assert hand.hint.current() == expected


def test_the_racer_knights_hand_chooses_the_bots_choice_and_never_a_pass_first():
    app = knights_app(seed=0)
    s = _by_hand(app)
    hand = app.hand
    for _ in range(50):
        if s.is_over:
            break
        expected = _bots_choice(s)
        chosen = hand._listed[hand.choice_select.value]
        assert chosen == expected
        label = next(
            k for k, v in hand.choice_select.options.items() if v == hand.choice_select.value
        )
        assert label.endswith(SUGGESTED)
        assert "suggests:" in hand.suggested.object
        hand._play_listed()
        assert s.timeline.entries[s.timeline.index].action == expected


@pytest.mark.parametrize("bid", [0, 2])
def test_a_pass_is_not_chosen_before_the_bot_has_spoken(bid):
    """Before a suggestion comes (a slow bot), the list starts on a choice that plays."""
    app = knights_app(seed=0)
    s = _by_hand(app)
    hand = app.hand
    hand.hint.ask = lambda: None  # the suggestion never comes
    for _ in range(40):
        if s.is_over:
            break
        listed = hand._listed
        chosen = listed[hand.choice_select.value]
        plays = [a for a in listed if not isinstance(a, EndTurn) and a != Bid(0)]
        if plays:
            assert chosen in plays
        s.step()


def test_nothing_is_asked_while_autoplay_runs_and_the_last_state_is_asked_after():
    app = sonic_app(seed=0)
    s = app.session
    asked = []
    hint = BotSuggestion(s, asked.append)
    s.autoplay = True
    hint.ask()
    assert asked == [] and hint.current() is None
    s.autoplay = False  # idle again: the state shown is asked about
    assert asked == [_bots_choice(s)] and hint.current() == asked[0]
