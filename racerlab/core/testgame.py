"""Coin Race: a tiny game that exercises the core the way a real engine does.

Players take turns; on a turn a player either *Flips* (rolls a d6 and moves that
many spaces) or *Waits*. The first to reach ``target`` wins. It exists so the
core's timeline, saving, exact chance and conformance check have a game to run
on that is small enough to reason about by hand.

>>> rules = CoinRace()
>>> state = rules.initial_state(CoinSetup(players=2, target=5), seed=3)
>>> state = rules.apply(state, ForceRolls((4,))).state
>>> step = rules.apply(state, Flip())
>>> step.state.positions, step.events[0].describe()
((4, 0), 'Player 1 rolled 4 and moved to 4.')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .dice import ChanceSource, DiceState
from .errors import IllegalActionError, ScenarioError
from .registry import GameDescriptor, generic_summary
from .rules import Action, DirectorAction, Event, ForceRolls, Rules  # noqa: F401 (doctest)

__all__ = [
    "GAME",
    "CoinOptions",
    "CoinRace",
    "CoinSetup",
    "CoinState",
    "Flip",
    "Moved",
    "Nudge",
    "Wait",
    "coin_summary",
]


@dataclass(frozen=True, slots=True)
class CoinSetup:
    """How many players and how far they race."""

    players: int = 2
    target: int = 10


@dataclass(frozen=True, slots=True)
class CoinOptions:
    """Rule options of Coin Race."""

    double_six: bool = False
    """If true, a 6 moves 12 spaces."""


@dataclass(frozen=True, slots=True)
class CoinState:
    """Whose turn, where everyone is, and the dice."""

    setup: CoinSetup
    options: CoinOptions
    positions: tuple[int, ...]
    turn: int
    round: int
    dice: DiceState
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Roll a d6 and move that far."""


@dataclass(frozen=True, slots=True)
class Wait(Action):
    """Do nothing this turn."""


@dataclass(frozen=True, slots=True)
class Nudge(DirectorAction):
    """Director's tweak: move a player by ``by`` spaces."""

    player: int
    by: int


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A player rolled and moved."""

    player: int
    roll: int
    position: int

    def describe(self) -> str:
        return f"Player {self.player + 1} rolled {self.roll} and moved to {self.position}."


class CoinRace(Rules[CoinState, Action]):
    """The rules of Coin Race."""

    name = "coin-race"
    setup_type = CoinSetup
    options_type = CoinOptions
    action_types = (Flip, Wait, Nudge)

    def initial_state(self, setup, options=None, seed=0):
        if setup.players < 1 or setup.target < 1:
            raise ScenarioError("Coin Race needs at least one player and a target of 1 or more")
        options = options or CoinOptions()
        return CoinState(setup, options, (0,) * setup.players, 0, 1, DiceState(seed))

    def legal_actions(self, state):
        return [] if self.is_over(state) else [Flip(), Wait()]

    def check(self, state, action):
        if not isinstance(action, Flip | Wait):
            raise IllegalActionError(f"Coin Race has no action {action!r}")

    def check_director(self, state, action):
        if not isinstance(action, Nudge):
            super().check_director(state, action)
        if not 0 <= action.player < len(state.positions):
            raise IllegalActionError(f"there is no player {action.player + 1}")

    def resolve(self, state, action, dice: ChanceSource):
        if isinstance(action, Nudge):
            pos = list(state.positions)
            pos[action.player] = max(0, pos[action.player] + action.by)
            return replace(state, positions=tuple(pos)), []
        events: list[Event] = []
        pos = list(state.positions)
        winner = None
        if isinstance(action, Flip):
            face = dice.d6("flip")
            step = 12 if face == 6 and state.options.double_six else face
            pos[state.turn] += step
            events.append(Moved(state.turn, face, pos[state.turn]))
            if pos[state.turn] >= state.setup.target:
                winner = state.turn
        turn = (state.turn + 1) % len(pos)
        rnd = state.round + (1 if turn == 0 else 0)
        return replace(state, positions=tuple(pos), turn=turn, round=rnd, winner=winner), events

    def is_over(self, state):
        return state.winner is not None

    def acting_player(self, state):
        return None if self.is_over(state) else state.turn


# -- the descriptor: all racerlab needs to play, simulate, save and show Coin Race ---------------


def coin_summary(rules: Rules, state: CoinState, events) -> dict:
    """Winner, rounds and each player's final position in a Coin Race."""
    row = generic_summary(rules, state, events)
    for p, pos in enumerate(state.positions):
        row[f"position_{p}"] = pos
    return row


def _random_setup(rng, players: int | None = None, **extra) -> CoinSetup:
    if extra:
        raise ScenarioError(f"coin-race has no set-up choice {', '.join(sorted(extra))}")
    return CoinSetup(players=players or 2)


def _flip_bot(state: CoinState, rules: Rules, rng) -> Action:
    return Flip()


def _random_bot(state: CoinState, rules: Rules, rng) -> Action:
    legal = rules.legal_actions(state)
    return legal[int(rng.integers(len(legal)))]


def _scenarios() -> dict:
    return {"Two players to 6": _short_race}


def _short_race():
    from .timeline import Timeline

    return Timeline.new(CoinRace(), CoinSetup(players=2, target=6), seed=1)


def _rules(catalog=None) -> CoinRace:
    if catalog is not None:
        raise ScenarioError("Coin Race has no catalog")
    return CoinRace()


GAME = GameDescriptor(
    name=CoinRace.name,
    title="Coin Race (test game)",
    blurb="The core's tiny test game: flip a die or wait; first to the target wins.",
    rules=_rules,
    options_type=CoinOptions,
    scenarios=_scenarios,
    random_setup=_random_setup,
    bots={"greedy": _flip_bot, "flip": _flip_bot, "random": _random_bot},
    summarize=coin_summary,
)
"""Coin Race as racerlab sees it (listed in :mod:`racerlab.games`)."""
