"""The core conformance check over random-bot and greedy-bot games, with Sonic invariants.

Invariants (racerlab.sonic.queries.invariants): speed 1..9; rings and badniks
conserved between track, profiles, boss and supply; racers on the laid track;
one card per player per round. Set-ups come from ``random_setup``, which covers
race, boss and solo modes and every zone; the test checks that coverage too.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from racerlab.core.conformance import check_game
from racerlab.core.timeline import Timeline
from racerlab.sonic import (
    Mode,
    PlayCard,
    SonicOptions,
    SonicRules,
    SonicSetup,
    greedy_bot,
    random_bot,
    random_setup,
)
from racerlab.sonic.board import Badnik
from racerlab.sonic.queries import invariants
from racerlab.sonic.track import Zone

RULES = SonicRules()
GAMES = 30


def _inv(state, rules):
    return invariants(state, rules)


def test_random_setups_cover_modes_and_zones():
    setups = [random_setup(seed) for seed in range(GAMES)]
    assert {s.mode for s in setups} == set(Mode)
    assert {z for s in setups for z in s.zones} == set(Zone)


def test_conformance_random_bot():
    # random bots dawdle: a 20-round cap keeps the normal run quick (full games: slow marker)
    report = check_game(
        RULES,
        random_setup,
        games=GAMES,
        policy=random_bot,
        options=SonicOptions(max_rounds=20),
        invariants=_inv,
        chance_every=0,
    )
    report.raise_if_failed()
    assert report.games == GAMES and report.steps > GAMES * 50


def test_conformance_greedy_bot():
    report = check_game(
        RULES,
        random_setup,
        games=GAMES,
        seed=1000,
        policy=greedy_bot,
        invariants=_inv,
        chance_every=0,
    )
    report.raise_if_failed()
    assert report.games == GAMES


@pytest.mark.slow
def test_conformance_many_full_games():
    for policy, seed in ((random_bot, 5000), (greedy_bot, 9000)):
        report = check_game(
            RULES,
            random_setup,
            games=150,
            seed=seed,
            policy=policy,
            invariants=_inv,
            chance_every=0,
        )
        report.raise_if_failed()


def test_exact_chance_outcomes_of_a_boss_badnik_drop_sum_to_one():
    """The boss profile draws one badnik from the bag: the exact outcomes sum to 1."""
    from dataclasses import replace

    setup = SonicSetup(("sonic", "tails"), Mode.BOSS, "eggman")
    s = RULES.initial_state(setup, seed=3)
    s = replace(s, boss=replace(s.boss, card="eggman-1"))  # a move; the profile drops 1
    low = sorted(RULES.facts.cards, key=lambda c: RULES.facts.cards[c].priority)[:2]
    hands = (tuple(low[:1]) + s.hands[0][1:], tuple(low[1:]) + s.hands[1][1:])
    s = replace(s, hands=hands)
    s = RULES.apply(s, PlayCard(0, low[0])).state
    outcomes = RULES.outcomes(s, PlayCard(1, low[1]))
    assert sum(p for _, p in outcomes) == Fraction(1)
    assert len(outcomes) > 1  # the bag draw really branches


def test_same_seed_same_game_and_save_load():
    tl = Timeline.new(RULES, random_setup(4), seed=4)
    rng = np.random.default_rng(0)
    while not RULES.is_over(tl.state):
        tl.play(greedy_bot(tl.state, RULES, rng))
    again = Timeline.loads(tl.dumps())
    assert again.state == tl.state
    assert again.state.phase.value == "over"


# -- the conformance check's cheap copy still catches a rule that mutates its input --------------
def _mid_game_state():
    s = RULES.initial_state(SonicSetup(("sonic", "tails"), Mode.BOSS, "eggman"), seed=2)
    rng = np.random.default_rng(0)
    for _ in range(6):
        s = RULES.apply(s, random_bot(s, RULES, rng)).state
    return s


@pytest.mark.parametrize("where", ["state", "board", "token", "boss"])
def test_deepcopy_of_a_state_catches_an_in_place_change(where):
    import copy

    s = _mid_game_state()
    before = copy.deepcopy(s)
    assert before == s and before is not s
    target, field, value = {
        "state": (s, "round", s.round + 1),
        "board": (s.board, "ring_pile", s.board.ring_pile - 1),
        "token": (s.board.racers[0], "speed", s.board.racers[0].speed % 9 + 1),
        "boss": (s.boss, "hp", None),
    }[where]
    if where == "boss":
        field = next(f for f in type(s.boss).__slots__ if isinstance(getattr(s.boss, f), int))
        value = getattr(s.boss, field) + 1
    object.__setattr__(target, field, value)  # a rule cheating past frozen=True
    assert s != before


class _MutatingRules(SonicRules):
    """Broken on purpose: resolving an action also adds a badnik to a racer in its
    INPUT (badniks won, which no path depends on: the action stays the one checked)."""

    def resolve(self, state, action, dice):
        token = state.board.racers[0]
        object.__setattr__(token, "badniks", (*token.badniks, Badnik.BUZZ_BOMBER))
        return super().resolve(state, action, dice)


def test_conformance_check_reports_a_rule_that_mutates_its_input():
    report = check_game(
        _MutatingRules(),
        random_setup,
        games=1,
        policy=random_bot,
        options=SonicOptions(max_rounds=2),
        chance_every=0,
        replay_every=0,  # a game that rewrites its own past cannot be replayed anyway
    )
    assert any("changed its input state" in f for f in report.failures)
