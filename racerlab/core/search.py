"""A search bot for any :class:`~racerlab.core.rules.Rules`: determinized Monte Carlo search.

:class:`SearchBot` is a policy ``(state, rules, rng) -> Action`` that plays a
decision by trying its candidate actions on the engine itself (``Rules.apply``):

1. each playout first **determinizes** the position for the acting seat: a
   game-supplied function draws everything that seat cannot see (other players'
   face-down cards, the order of the decks, the future dice) afresh, keeping
   what it can see; the search never reads the hidden truth (perfect-information
   Monte Carlo, as in Cowling, Powley and Whitehouse 2012);
2. a candidate is chosen by UCB1 over the candidates' mean values so far (a
   one-level tree: the candidates are the tree's only nodes, so the statistics
   pool over all determinizations); the rollout policy's own choice is always
   among them, and another candidate is played only when its mean beats the
   policy's by ``margin``. With ``paired`` set, the search uses **common random
   numbers** instead: each determinization (and the rollout's generator) is
   shared by one playout of every candidate, so candidates are compared on the
   same dice and hidden cards, and chance that is the same for all of them
   cancels out of their difference;
3. the candidate is applied, then the game is played on by the **rollout
   policy** (a fast rule-aware bot) for at most ``depth`` actions, and the
   position is scored by the game's **leaf value** for the seat (1 a win, 0 a
   loss; boardgame.io's *objectives* idea for positions not yet decided).

The budget is ``playouts`` per decision (reproducible: the bot's choices depend
only on the state and the ``rng`` it is given) or, when ``ms`` is set,
wall-clock milliseconds (not reproducible; at least one playout per candidate).
Decisions with a single candidate, or with more than ``max_branch`` (such as a
Battle Racers path choice among hundreds), are left to the rollout policy.

>>> from racerlab.core.testgame import CoinRace, CoinSetup
>>> rules = CoinRace()
>>> state = rules.initial_state(CoinSetup(players=2, target=3), seed=1)
>>> bot = SearchBot(
...     rollout=lambda s, r, g: r.legal_actions(s)[0],
...     value=lambda s, seat: float(getattr(s, "winner", None) == seat),
...     determinize=lambda s, seat, g: s,
...     playouts=4,
... )
>>> import numpy as np
>>> bot(state, rules, np.random.default_rng(0)) in rules.legal_actions(state)
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import ScenarioError
from .rules import Action, Rules

__all__ = ["Candidates", "Determinize", "LeafValue", "SearchBot", "logistic"]

LeafValue = Callable[[Any, int], float]
"""``value(state, seat)``: how good ``state`` is for ``seat`` (1 a sure win, 0 a loss)."""
Determinize = Callable[[Any, int, np.random.Generator], Any]
"""``determinize(state, seat, rng)``: ``state`` with what ``seat`` cannot see redrawn."""
Candidates = Callable[[Any, Rules], Sequence[Action]]
"""``candidates(state, rules)``: the actions worth searching (default: every legal one)."""


def logistic(x: float) -> float:
    """The logistic function, mapping a score difference to a value in (0, 1)."""
    if x < -60.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


@dataclass(frozen=True)
class SearchBot:
    """Determinized Monte Carlo search with a rule-aware rollout (see the module doc).

    ``rollout``: the policy that plays on after a candidate; ``value``: the leaf
    value; ``determinize``: redraws what the acting seat cannot see;
    ``candidates``: the actions to search (default: the legal ones);
    ``playouts``: the budget per decision; ``ms``: a wall-clock budget instead;
    ``depth``: actions played after the candidate before the leaf is valued;
    ``explore``: UCB1's exploration constant; ``max_branch``: more candidates
    than this and the rollout policy decides alone; ``margin``: how much better
    (in mean value) another candidate must do than the rollout policy's own
    choice to be played instead (the policy's choice is always searched), so
    that a small budget's noise does not make the search worse than its policy;
    ``paired``: common random numbers (one determinization per round, played by
    every candidate) instead of UCB1; a round counts one playout per candidate
    against ``playouts``, and at least one round is played.
    """

    rollout: Callable[[Any, Rules, np.random.Generator], Action]
    value: LeafValue
    determinize: Determinize
    candidates: Candidates | None = None
    playouts: int = 32
    ms: float | None = None
    depth: int = 40
    explore: float = 0.7
    max_branch: int = 12
    margin: float = 0.05
    paired: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.playouts, int) or self.playouts < 1:
            raise ScenarioError(
                f"search bot: playouts must be a whole number >= 1, not {self.playouts!r}"
            )
        if self.ms is not None and not self.ms > 0:
            raise ScenarioError(f"search bot: ms must be above 0, not {self.ms!r}")
        if not isinstance(self.depth, int) or self.depth < 0:
            raise ScenarioError(
                f"search bot: depth must be a whole number >= 0, not {self.depth!r}"
            )

    def __call__(self, state: Any, rules: Rules, rng: np.random.Generator) -> Action:
        """The candidate with the best mean playout value (ties: the first listed)."""
        options = list(
            self.candidates(state, rules) if self.candidates else rules.legal_actions(state)
        )
        if len(options) == 1:
            return options[0]
        if not options or len(options) > self.max_branch:
            return self.rollout(state, rules, rng)
        seat = rules.acting_player(state)
        seat = 0 if seat is None else seat
        seed = int(rng.integers(2**63))
        own = self.rollout(state, rules, np.random.default_rng(seed))
        if own in options:
            options.remove(own)
        options.insert(0, own)
        search = self._paired if self.paired else self._search
        totals, counts = search(state, rules, seat, options, np.random.default_rng(seed))
        means = [t / c if c else -1.0 for t, c in zip(totals, counts, strict=True)]
        best = max(range(len(options)), key=lambda k: (means[k], -k))
        return options[best] if means[best] > means[0] + self.margin else own

    def _search(
        self, state: Any, rules: Rules, seat: int, options: list, rng: np.random.Generator
    ) -> tuple[list[float], list[int]]:
        n = len(options)
        totals, counts = [0.0] * n, [0] * n
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000.0
        done = 0
        while True:
            if deadline is None and done >= max(self.playouts, n):
                break
            if deadline is not None and done >= n and time.perf_counter() >= deadline:
                break
            k = done if done < n else _ucb(totals, counts, done, self.explore)
            world = self.determinize(state, seat, rng)
            totals[k] += self._playout(world, rules, seat, options[k], rng)
            counts[k] += 1
            done += 1
        return totals, counts

    def _paired(
        self, state: Any, rules: Rules, seat: int, options: list, rng: np.random.Generator
    ) -> tuple[list[float], list[int]]:
        """Common random numbers: each round draws one determinization and one rollout
        seed, and every candidate is played on that same world."""
        n = len(options)
        totals, counts = [0.0] * n, [0] * n
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000.0
        rounds = 0
        while True:
            if deadline is None and rounds * n >= self.playouts and rounds:
                break
            if deadline is not None and rounds and time.perf_counter() >= deadline:
                break
            world = self.determinize(state, seat, rng)
            seed = int(rng.integers(2**63))
            for k, first in enumerate(options):
                play_rng = np.random.default_rng(seed)
                totals[k] += self._playout(world, rules, seat, first, play_rng)
                counts[k] += 1
            rounds += 1
        return totals, counts

    def _playout(
        self, state: Any, rules: Rules, seat: int, first: Action, rng: np.random.Generator
    ) -> float:
        """Apply ``first``, play on by the rollout policy, value the position for ``seat``."""
        state = rules.apply(state, first).state
        for _ in range(self.depth):
            if rules.is_over(state):
                break
            state = rules.apply(state, self.rollout(state, rules, rng)).state
        return float(self.value(state, seat))


def _ucb(totals: list[float], counts: list[int], done: int, explore: float) -> int:
    """The candidate UCB1 picks next (every candidate has been tried once)."""
    log_n = math.log(done)
    scores = [t / c + explore * math.sqrt(log_n / c) for t, c in zip(totals, counts, strict=True)]
    return max(range(len(scores)), key=lambda k: (scores[k], -k))
