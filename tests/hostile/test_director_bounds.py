"""Every director value and saved-game number has a range a real game can reach.

A share link or saved game with Glory ``10**400`` once loaded and left the dashboard
blank (an ``OverflowError`` far away). Now each director edit is refused where it is
checked, naming the action, the field and the allowed range, and the game stays as
it was; a number too long for 64 bits is refused as soon as it is decoded.
"""

from __future__ import annotations

import json

import pytest

from racerlab.core.errors import IllegalActionError, RacerlabError
from racerlab.core.limits import MAX_SEED, MAX_WHOLE
from racerlab.core.timeline import Timeline
from racerlab.knights import KnightsRules
from racerlab.knights.actions import SetGlory, SetTokens, SetValor
from racerlab.knights.director import MAX_GLORY, MAX_TOKENS, MAX_VALOR
from racerlab.knights.scenarios import lesson_setup
from racerlab.sonic import SetRings, SetSpeed, SonicRules, SonicSetup
from racerlab.sonic.director import MAX_RINGS, SetShield

from .test_limits import load_token, token_of

HUGE = 10**400


def knights() -> Timeline:
    return Timeline.new(KnightsRules(), lesson_setup(("jeff", "cindy")), seed=2)


def sonic() -> Timeline:
    return Timeline.new(SonicRules(), SonicSetup(("sonic", "tails")), seed=1)


def refused(tl: Timeline, action, *reason: str) -> None:
    """``action`` is refused with every text of ``reason`` and the game is unchanged."""
    before, n = tl.state, len(tl.actions)
    with pytest.raises(IllegalActionError) as info:
        tl.play(action)
    for text in reason:
        assert text in str(info.value)
    assert tl.state is before and len(tl.actions) == n


@pytest.mark.parametrize(
    "action, reason",
    [
        (SetGlory(0, HUGE), ("SetGlory: Glory must be from 0 to 1000, got 1000000",)),
        (SetGlory(0, -1), ("SetGlory: Glory must be from 0 to 1000, got -1",)),
        (SetGlory(0, 2.0), ("SetGlory: Glory must be a whole number, got 2.0",)),
        (SetGlory(0, MAX_GLORY + 1), (f"got {MAX_GLORY + 1}",)),
        (SetValor(1, HUGE), ("SetValor: Valor must be from 0 to 1000",)),
        (SetValor(1, "3"), ("SetValor: Valor must be a number, got '3'",)),
        (SetTokens(0, MAX_TOKENS + 1, 0), ("SetTokens: Slow tokens must be from 0 to 100",)),
        (SetTokens(0, 0, -HUGE), ("SetTokens: Weakness tokens must be from 0 to 100",)),
        (SetTokens(0, 0, 0.5), ("Weakness tokens must be a whole number",)),
    ],
)
def test_knights_counter_edits_out_of_range_are_refused(action, reason):
    refused(knights(), action, *reason)


def test_knights_counter_edits_at_their_limits_are_played():
    tl = knights()
    tl.play(SetGlory(0, MAX_GLORY))
    tl.play(SetValor(1, MAX_VALOR))
    tl.play(SetTokens(0, MAX_TOKENS, MAX_TOKENS))
    assert tl.state.racers[0].glory == MAX_GLORY and tl.state.racers[1].valor == MAX_VALOR
    assert (tl.state.racers[0].slow, tl.state.racers[0].weakness) == (MAX_TOKENS, MAX_TOKENS)


@pytest.mark.parametrize(
    "action, reason",
    [
        (SetSpeed(0, HUGE), ("SetSpeed: speed must be from 1 to 9, got 100000",)),
        (SetSpeed(0, -3), ("SetSpeed: speed must be from 1 to 9, got -3",)),
        (SetSpeed(0, 4.0), ("SetSpeed: speed must be a whole number, got 4.0",)),
        (SetRings(1, HUGE), ("SetRings: rings must be from 0 to 999",)),
        (SetRings(1, -1), ("SetRings: rings must be from 0 to 999, got -1",)),
        (SetRings(1, 1.5), ("SetRings: rings must be a whole number, got 1.5",)),
        (SetRings(1, MAX_RINGS), ("only", "ring(s) left in the pile")),
        (SetSpeed(2.0, 4), ("SetSpeed: there is no Player 2.0",)),
        (SetRings("0", 1), ("SetRings: there is no Player '0' (1 to 2)",)),
        (SetShield(0, 1), ("a shield is up or down, not 1",)),
    ],
)
def test_battle_racers_director_edits_out_of_range_are_refused(action, reason):
    refused(sonic(), action, *reason)


def saved_with(tl: Timeline, action: dict) -> dict:
    """``tl`` as saved-game JSON with one more (hand-written) action."""
    data = json.loads(tl.dumps())
    data["actions"].append(action)
    return data


@pytest.mark.parametrize(
    "make, action, reason",
    [
        (knights, {"type": "SetGlory", "player": 0, "value": HUGE}, "too large (at most 63)"),
        (knights, {"type": "SetGlory", "player": 0, "value": MAX_WHOLE}, "Glory must be from"),
        (knights, {"type": "SetValor", "player": 0, "value": -5}, "Valor must be from 0"),
        (knights, {"type": "SetGlory", "player": 0, "value": 2.5}, "expected a whole number"),
        (sonic, {"type": "SetRings", "player": 0, "count": HUGE}, "too large (at most 63)"),
        (sonic, {"type": "SetSpeed", "player": 0, "value": 1.5}, "expected a whole number"),
        (sonic, {"type": "SetSpeed", "player": 0, "value": -HUGE}, "too large (at most 63)"),
    ],
)
def test_a_saved_game_or_link_carrying_a_bad_director_number_is_refused(make, action, reason):
    data = saved_with(make(), action)
    with pytest.raises(RacerlabError, match="actions\\[0\\]") as info:
        Timeline.loads(json.dumps(data))
    assert reason in str(info.value) and len(str(info.value)) < 300
    with pytest.raises(RacerlabError, match="share link") as info:
        load_token(token_of(data))
    assert reason in str(info.value)


def test_a_saved_game_seed_beyond_64_bits_is_refused():
    data = json.loads(knights().dumps())
    data["seed"] = MAX_SEED + 1
    with pytest.raises(RacerlabError, match=f"seed must be a whole number 0 to {MAX_SEED}"):
        Timeline.loads(json.dumps(data))
    data["seed"] = MAX_SEED
    assert Timeline.loads(json.dumps(data)).seed == MAX_SEED


@pytest.mark.parametrize(
    "rules, name", [(KnightsRules(), "round_cap"), (SonicRules(), "max_rounds")]
)
@pytest.mark.parametrize("value", [HUGE, -1, 1e300], ids=["10**400", "-1", "1e300"])
def test_a_huge_option_value_is_refused_with_a_short_message(rules, name, value):
    with pytest.raises(RacerlabError, match=f"options.*{name}") as info:
        rules.decode_options({name: value})
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2.5, True])
def test_a_reseed_outside_64_bits_is_refused_in_both_games(seed):
    from racerlab.core.rules import Reseed

    for tl in (knights(), sonic()):
        refused(tl, Reseed(seed), "Reseed: seed must be")
