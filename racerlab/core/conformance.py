"""One conformance check for every game engine (after OpenSpiel's random_sim_test).

:func:`check_game` plays many seeded games with a policy (random legal play by
default) and checks, after every action, that:

- ``apply`` never changes its input state, and every offered action passes ``check``;
- the game's own invariants hold (a callback the engine supplies);
- the game ends within a step limit;

and after each game, that the same seed gives the same log, replaying the log
reproduces the final state, and a save/load round trip gives the same game.
For a sample of steps it also checks that the exact chance outcomes of the
action taken sum to 1.

>>> from racerlab.core.testgame import CoinRace, CoinSetup
>>> report = check_game(CoinRace(), lambda seed: CoinSetup(players=3, target=8), games=5)
>>> report.games, report.failures
(5, [])
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from .chance import TooManyOutcomes
from .rules import Action, Rules
from .timeline import Timeline

__all__ = ["ConformanceReport", "check_game", "random_policy"]

Policy = Callable[[Any, Rules, np.random.Generator], Action]


def random_policy(state: Any, rules: Rules, rng: np.random.Generator) -> Action:
    """Pick uniformly among the legal actions."""
    legal = rules.legal_actions(state)
    if not legal:
        raise AssertionError("the game is not over but offers no legal action")
    return legal[int(rng.integers(len(legal)))]


@dataclass
class ConformanceReport:
    """What :func:`check_game` found: counts, and a line per failure."""

    games: int = 0
    steps: int = 0
    chance_checks: int = 0
    failures: list[str] = field(default_factory=list)

    def raise_if_failed(self) -> None:
        """Raise ``AssertionError`` listing the failures, if any."""
        if self.failures:
            raise AssertionError("\n".join(self.failures[:20]))


def _play(rules, setup, options, seed, policy, max_steps, invariants, report, chance_every):
    rng = np.random.default_rng([seed, 1])
    tl = Timeline.new(rules, setup, options, seed)
    for n in range(max_steps):
        state = tl.state
        if rules.is_over(state):
            return tl
        action = policy(state, rules, rng)
        try:
            rules.check(state, action)
        except Exception as exc:
            report.failures.append(
                f"seed {seed} step {n}: offered action {action!r} refused: {exc}"
            )
            return tl
        before = copy.deepcopy(state)
        tl.play(action)
        report.steps += 1
        if state != before:
            report.failures.append(f"seed {seed} step {n}: apply changed its input state")
        if invariants is not None:
            for problem in invariants(tl.state, rules) or ():
                report.failures.append(f"seed {seed} step {n} after {action!r}: {problem}")
        if chance_every and n % chance_every == 0:
            try:
                outcomes = rules.outcomes(state, action, limit=5_000)
            except TooManyOutcomes:
                outcomes = None
            if outcomes is not None:
                report.chance_checks += 1
                total = sum((p for _, p in outcomes), Fraction(0))
                if total != 1:
                    report.failures.append(f"seed {seed} step {n}: chance outcomes sum to {total}")
    report.failures.append(f"seed {seed}: no end after {max_steps} steps")
    return tl


def check_game(
    rules: Rules,
    make_setup: Callable[[int], Any],
    *,
    games: int = 20,
    seed: int = 0,
    options: Any = None,
    policy: Policy = random_policy,
    max_steps: int = 5_000,
    invariants: Callable[[Any, Rules], Sequence[str] | None] | None = None,
    chance_every: int = 25,
    replay_every: int = 1,
) -> ConformanceReport:
    """Play ``games`` seeded games and check the core contract; see the module doc."""
    report = ConformanceReport()
    for g in range(games):
        game_seed = seed + g
        setup = make_setup(game_seed)
        tl = _play(
            rules, setup, options, game_seed, policy, max_steps, invariants, report, chance_every
        )
        report.games += 1
        if replay_every and g % replay_every == 0:
            again = _play(
                rules, setup, options, game_seed, policy, max_steps, None, ConformanceReport(), 0
            )
            if again.actions != tl.actions or again.state != tl.state:
                report.failures.append(f"seed {game_seed}: the same seed gave a different game")
            replayed = Timeline.new(rules, setup, tl.options, game_seed)
            for a in tl.actions:
                replayed.play(a)
            if replayed.state != tl.state:
                report.failures.append(f"seed {game_seed}: replaying the log gave another state")
            loaded = Timeline.loads(tl.dumps())
            if loaded.state != tl.state or loaded.actions != tl.actions:
                report.failures.append(f"seed {game_seed}: save/load did not round-trip")
    return report
