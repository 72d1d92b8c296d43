"""The shape every game engine has: immutable states, small actions, typed events.

A game is a :class:`Rules` object. Its states are frozen dataclasses carrying a
``dice`` field (:class:`~racerlab.core.dice.DiceState`); ``apply(state, action)``
checks the action, resolves it with dice resumed from the state, and returns a
:class:`Step`: the new state and the events that say, with numbers, what
happened. The input state is never changed.

Besides player actions there are *director* actions (:class:`DirectorAction`):
re-seeding the dice, forcing the next rolls, tweaking a stat. They are not
offered by ``legal_actions`` but are accepted by ``apply`` at any point, and
they go into the game log like any action, so a saved game that was tweaked
or forked with fresh dice replays exactly.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from .chance import exact
from .codec import Codec
from .dice import ChanceSource, Dice, Roll
from .errors import IllegalActionError, ScenarioError
from .frozen import fast_replace
from .limits import MAX_FORCED_ROLLS, MAX_SEED, Range

__all__ = [
    "Action",
    "DiceForced",
    "DiceReseeded",
    "DirectorAction",
    "Event",
    "ForceRolls",
    "Reseed",
    "Rules",
    "Step",
    "options_from_mapping",
]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: a small immutable value naming what a player does."""

    def describe(self) -> str:
        """A short human description; subclasses may say it better."""
        fields = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({fields})"


@dataclass(frozen=True, slots=True)
class DirectorAction(Action):
    """An action of the person running the game rather than of a player."""


@dataclass(frozen=True, slots=True)
class Reseed(DirectorAction):
    """From here on, roll fresh dice from ``seed`` (forking "with fresh dice")."""

    seed: int


@dataclass(frozen=True, slots=True)
class ForceRolls(DirectorAction):
    """Make the next d6 faces come up as ``values`` ("the next 2d6 is 3 and 4")."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event: a fact about what happened, carrying its numbers."""

    def describe(self) -> str:
        """One line of plain words for an event log; subclasses say it better."""
        fields = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({fields})"


@dataclass(frozen=True, slots=True)
class DiceReseeded(Event):
    """The dice were re-seeded."""

    seed: int

    def describe(self) -> str:
        return f"Fresh dice from seed {self.seed}."


@dataclass(frozen=True, slots=True)
class DiceForced(Event):
    """The next d6 faces were set by the director."""

    values: tuple[int, ...]

    def describe(self) -> str:
        return "Next dice forced to " + ", ".join(map(str, self.values)) + "."


class Step(NamedTuple):
    """What ``apply`` returns: the new state, its events and the dice rolled."""

    state: Any
    events: tuple[Event, ...]
    rolls: tuple[Roll, ...] = ()


S = TypeVar("S")
A = TypeVar("A", bound=Action)


def options_from_mapping(cls: type, data: Mapping[str, Any] | None, where: str = "options") -> Any:
    """Build a frozen options dataclass from a mapping, refusing unknown names.

    >>> @dataclass(frozen=True)
    ... class Opts:
    ...     arc_a_degrees: float = 60.0
    >>> options_from_mapping(Opts, {"arc_a_degrees": 45})
    Opts(arc_a_degrees=45.0)
    >>> options_from_mapping(Opts, {"arc_z": 1})
    Traceback (most recent call last):
    ...
    racerlab.core.errors.ScenarioError: options: unknown rule option 'arc_z' (known: arc_a_degrees)
    """
    if data is None:
        return cls()
    if isinstance(data, cls):
        return data
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{where}: expected a table of rule options, got {type(data).__name__}")
    known = {f.name for f in dataclasses.fields(cls)}
    for name in data:
        if name not in known:
            raise ScenarioError(
                f"{where}: unknown rule option {name!r} (known: {', '.join(sorted(known))})"
            )
    codec = Codec([cls])
    return codec.decode({"type": cls.__name__, **dict(data)}, cls, where)


class Rules(ABC, Generic[S, A]):
    """A game's rules: set-up, legal actions, checking and resolving actions.

    Subclasses define :meth:`initial_state`, :meth:`legal_actions`,
    :meth:`check` and :meth:`resolve`, and declare ``name``, ``setup_type``,
    ``options_type`` and ``action_types`` so games can be saved and loaded.
    """

    name: ClassVar[str] = "game"
    setup_type: ClassVar[type]
    options_type: ClassVar[type]
    action_types: ClassVar[tuple[type, ...]] = ()

    def __init__(self) -> None:
        self.codec = Codec(
            [Reseed, ForceRolls, self.setup_type, self.options_type, *self.action_types]
        )

    # -- to define ------------------------------------------------------------
    @abstractmethod
    def initial_state(self, setup: Any, options: Any = None, seed: int = 0) -> S:
        """The state at the start of a game from ``setup``, ``options`` and ``seed``."""

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[A]:
        """The acting player's legal actions (continuous choices at a stated resolution)."""

    @abstractmethod
    def check(self, state: S, action: A) -> None:
        """Raise :class:`IllegalActionError` saying why, if ``action`` is not legal."""

    @abstractmethod
    def resolve(self, state: S, action: A, dice: ChanceSource) -> tuple[S, list[Event]]:
        """Carry out an already-checked action, asking ``dice`` for any chance."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def acting_player(self, state: S) -> int | None:
        """Index of the player who must act now, or ``None`` when nobody can."""

    def round_number(self, state: S) -> int:
        """The round the state is in (1-based); games override where it differs."""
        return int(getattr(state, "round", 0))

    def check_director(self, state: S, action: DirectorAction) -> None:
        """Check a game-specific director action (stat tweaks); refuse unknown ones."""
        raise IllegalActionError(f"{type(action).__name__} is not a director action of {self.name}")

    # -- provided -------------------------------------------------------------
    def validate(self, state: S, action: Action, *, player: int | None = None) -> None:
        """Check any action, player or director; raise :class:`IllegalActionError` if refused.

        With ``player`` (a seat index), a player action is also refused when that
        seat is not the one that must act now.
        """
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action", action=action)
        if isinstance(action, Reseed):
            problem = Range(0, MAX_SEED, whole=True).problem(action.seed)
            if problem is not None:
                raise IllegalActionError(f"Reseed: seed {problem}", action=action)
            return
        if isinstance(action, ForceRolls):
            if len(action.values) > MAX_FORCED_ROLLS:
                raise IllegalActionError(
                    f"at most {MAX_FORCED_ROLLS} die faces may be forced at once", action=action
                )
            try:
                state.dice.with_forced(*action.values)  # type: ignore[attr-defined]
            except ValueError as exc:
                raise IllegalActionError(str(exc), action=action) from None
            return
        if isinstance(action, DirectorAction):
            self.check_director(state, action)
            return
        if self.is_over(state):
            raise IllegalActionError("the game is over", action=action)
        if player is not None:
            acting = self.acting_player(state)
            if acting != player:
                raise IllegalActionError(
                    f"it is not player {player + 1}'s turn: player {acting + 1} must act now"
                    if acting is not None
                    else f"player {player + 1} cannot act now: nobody is to act",
                    action=action,
                )
        self.check(state, action)  # type: ignore[arg-type]

    def apply(self, state: S, action: Action, *, player: int | None = None) -> Step:
        """Check and resolve ``action``; return the new state, events and rolls.

        ``player`` names the seat acting (checked against :meth:`acting_player`).
        Raises :class:`IllegalActionError` (and changes nothing) if refused.
        """
        self.validate(state, action, player=player)
        if isinstance(action, Reseed):
            new = replace(state, dice=state.dice.reseeded(action.seed))  # type: ignore[attr-defined]
            return Step(new, (DiceReseeded(action.seed),))
        if isinstance(action, ForceRolls):
            new = replace(state, dice=state.dice.with_forced(*action.values))  # type: ignore
            return Step(new, (DiceForced(tuple(action.values)),))
        dice = Dice.resume(state.dice)  # type: ignore[attr-defined]
        new, events = self.resolve(state, action, dice)  # type: ignore[arg-type]
        new = self._with_dice(new, dice.snapshot())
        return Step(new, tuple(events), tuple(dice.log))

    def _with_dice(self, new: S, dice: Any) -> S:
        """``new`` (just returned by :meth:`resolve` in :meth:`apply`) with its ``dice``
        field set to ``dice``: ``new`` itself when it already holds them (nothing was
        rolled), else a copy; a game whose resolve made ``new`` itself may write the
        field into it instead (nobody else holds it yet)."""
        if new.dice is dice:  # type: ignore[attr-defined]
            return new
        return fast_replace(new, dice=dice)

    def outcomes(self, state: S, action: A, *, limit: int = 200_000) -> list[tuple[S, Fraction]]:
        """Every state ``action`` can lead to, with its exact probability.

        The rules are run once per distinct sequence of rolls (see
        :func:`~racerlab.core.chance.exact`); the dice field of each resulting
        state is left as in ``state``.
        """
        self.validate(state, action)

        def run(src: ChanceSource) -> Any:
            new, _events = self.resolve(state, action, src)
            return replace(new, dice=state.dice)  # type: ignore[attr-defined]

        return list(exact(run, limit=limit).items())

    # -- serialization ----------------------------------------------------------
    def encode_action(self, action: Action) -> Any:
        """JSON-ready form of an action."""
        return self.codec.encode(action)

    def decode_action(self, data: Any, where: str = "action") -> Action:
        """An action from its JSON form; :class:`ScenarioError` if malformed."""
        action = self.codec.decode(data, Action, where)
        if not isinstance(action, Action):
            raise ScenarioError(f"{where}: not an action: {data!r}")
        return action

    def encode_setup(self, setup: Any) -> Any:
        """JSON-ready form of a setup."""
        return self.codec.encode(setup)

    def decode_setup(self, data: Any, where: str = "setup") -> Any:
        """A setup from its JSON form."""
        return self.codec.decode(data, self.setup_type, where)

    def decode_options(self, data: Any, where: str = "options") -> Any:
        """Rule options from a mapping, defaults for what is left out."""
        return options_from_mapping(self.options_type, data, where)
