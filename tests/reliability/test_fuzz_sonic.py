"""Fuzzed Battle Racers games: random and greedy bots through the core conformance check.

The state checks are the engine's own, :func:`racerlab.sonic.queries.invariants`
(speed 1..9, rings and badniks conserved between track, profiles, boss and supply,
racers on the laid track, one card per player per round, hands of the dealt size);
they are not rewritten here. On top, every action is re-applied to the state it was
chosen in, so these checks see the step itself:

- re-applying the same action to the same state gives the same state (dice in the state);
- a racer is never behind the start of the track (column 0) nor past the laid track;
- one card per player per round: a ``PlayCard`` only from a player with no card
  chosen yet, only a card in hand, and never twice for one (game, round, player);
- the round number never goes back, and speeds change only within 1..9.

Random games are capped at 20 rounds (``SonicOptions(max_rounds=20)``): random bots
dawdle, and a full random game costs ~0.2 s before the re-applied steps. Greedy games
run to their natural end. ``OTHER`` repeats the checks with rule options away from their
defaults. The ``slow`` tests play thousands of games.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from racerlab.core.conformance import check_game
from racerlab.sonic import (
    BossHitRule,
    DeckOut,
    PlayCard,
    SonicOptions,
    SonicRules,
    TieBreak,
    WinnerTie,
    greedy_bot,
    random_bot,
    random_setup,
)
from racerlab.sonic.queries import invariants
from racerlab.sonic.state import NO_CARD

RULES = SonicRules()
CAPPED = SonicOptions(max_rounds=20)
OTHER = SonicOptions(
    tie_break=TieBreak.LEADER,
    winner_tie=WinnerTie.FIRST_ACROSS,
    deck_out=DeckOut.LEAVE_GAP,
    boss_hit=BossHitRule.ANY_CONTACT,
    boss_profile_rules=False,
    winner_must_finish=True,
    hand_size=5,
    face_up=3,
    max_rounds=30,
)
"""Rule options away from their defaults (and a bigger hand, a smaller face-up row)."""


def step_problems(before, action, after, played: set) -> list[str]:
    """What must hold of one Battle Racers action (``played`` remembers cards per round)."""
    out: list[str] = []
    for s, t in enumerate(after.board.racers):
        if t.col < 0:
            out.append(f"player {s + 1} at column {t.col}, behind the start of the track")
        if t.col >= after.board.track.n_columns:
            out.append(f"player {s + 1} at column {t.col}, past the laid track")
    if after.round < before.round:
        out.append(f"round went back from {before.round} to {after.round}")
    if isinstance(action, PlayCard):
        seat = action.player
        if before.chosen and before.chosen[seat] != NO_CARD:
            out.append(f"player {seat + 1} played a second card in round {before.round}")
        if action.card not in before.hands[seat]:
            out.append(f"player {seat + 1} played card {action.card} not in hand")
        key = (before.dice.seed, before.setup, before.round, seat)
        if key in played:
            out.append(f"player {seat + 1} played twice in round {before.round}")
        played.add(key)
    return out


class Watched:
    """A policy wrapper whose ``invariants`` re-apply the last action to check the step."""

    def __init__(self, policy):
        self.policy = policy
        self.last = None
        self.played: set = set()
        self.steps = 0
        self.actions: Counter[str] = Counter()

    def __call__(self, state, rules, rng):
        action = self.policy(state, rules, rng)
        self.last = (state, action)
        return action

    def invariants(self, state, rules) -> list[str]:
        before, action = self.last
        step = rules.apply(before, action)
        self.steps += 1
        self.actions[type(action).__name__] += 1
        out = list(invariants(state, rules))
        if step.state != state:
            out.append("applying the same action to the same state gave another state")
        return out + step_problems(before, action, state, self.played)


def fuzz(policy, *, games, seed, options=None):
    """Run ``games`` watched games from ``random_setup``; returns (report, watcher)."""
    w = Watched(policy)
    report = check_game(
        RULES,
        random_setup,
        games=games,
        seed=seed,
        options=options,
        policy=w,
        invariants=w.invariants,
        chance_every=0,
        replay_every=3,
    )
    return report, w


def test_random_bot_fuzz():
    report, w = fuzz(random_bot, games=40, seed=70_000, options=CAPPED)
    report.raise_if_failed()
    assert report.games == 40 and w.steps == report.steps > 40 * 50
    assert {"PlayCard", "Move", "TakeCard"} <= set(w.actions)


def test_greedy_bot_fuzz():
    report, w = fuzz(greedy_bot, games=30, seed=80_000)
    report.raise_if_failed()
    assert report.games == 30 and w.actions["PlayCard"] > 30 * 4


@pytest.mark.parametrize("policy", [random_bot, greedy_bot], ids=["random", "greedy"])
def test_fuzz_with_other_rule_options(policy):
    report, w = fuzz(policy, games=6, seed=90_000, options=OTHER)
    report.raise_if_failed()
    assert report.games == 6 and w.actions["PlayCard"] > 6 * 4


def test_the_checks_catch_broken_states_and_steps():
    s = RULES.initial_state(random_setup(3), seed=3)
    card = s.hands[0][0]
    after = RULES.apply(s, PlayCard(0, card)).state
    played: set = set()
    assert step_problems(s, PlayCard(0, card), after, played) == []
    # the same player again in the same round, with a card no longer in hand
    again = "\n".join(step_problems(after, PlayCard(0, card), after, played))
    assert "played a second card" in again and "twice in round 1" in again
    if card not in after.hands[0]:
        assert "not in hand" in again
    t = after.board.racers[0]
    off = replace(after, board=after.board.with_racer(replace(t, col=-1)), round=0)
    found = "\n".join(step_problems(after, None, off, set()))
    assert "behind the start" in found and "round went back" in found
    # the engine's own invariants see a lost ring and a speed out of range
    fast = replace(
        after, board=after.board.with_racer(replace(t.with_rings(t.rings + 1), speed=10))
    )
    engine = "\n".join(invariants(fast, RULES))
    assert "speed 10 outside 1..9" in engine and "rings not conserved" in engine


@pytest.mark.slow
@pytest.mark.parametrize(
    ("policy", "options", "seed"),
    [(random_bot, None, 300_000), (greedy_bot, None, 400_000)],
    ids=["random", "greedy"],
)
def test_thousands_of_games(policy, options, seed):
    report, _ = fuzz(policy, games=1000, seed=seed, options=options)
    report.raise_if_failed()
    assert report.games == 1000
