"""The history of one game: step back and forward, jump to a round, fork, save.

A :class:`Timeline` is a list of :class:`Entry` values (state, the action that
led to it, its events) and a cursor. Because states are immutable, going back
is just moving the cursor, and a fork shares every earlier entry. A fork with
fresh dice is not a step: the :class:`~racerlab.core.rules.Reseed` changes the
dice of the entry it forks from (recorded on that entry, and saved with the
actions so a replay is exact), so the step count stays where the user forked.

>>> from racerlab.core.testgame import CoinRace, CoinSetup, Flip
>>> tl = Timeline.new(CoinRace(), CoinSetup(players=2, target=3), seed=1)
>>> _ = tl.play(Flip())
>>> tl.index, len(tl)
(1, 2)
>>> tl.back().index
0
>>> restored = Timeline.loads(tl.dumps())
>>> restored.state == tl.state
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from . import registry
from .dice import Roll
from .errors import IllegalActionError, ScenarioError
from .limits import MAX_ACTIONS, MAX_SEED, check_budget, short_repr
from .rules import Action, Event, Reseed, Rules, Step

__all__ = ["FORMAT", "FORMAT_VERSION", "Entry", "Timeline", "register_game", "rules_for"]

FORMAT = "racerlab-game"
FORMAT_VERSION = 2
"""Newest version of the saved-game JSON format this code reads and writes. Version 2
adds the ``catalog`` of a game played with other cards than the bundled ones (its
changes from them and their hash, see :mod:`racerlab.core.catalog_diff`); a game with
the bundled cards is still written as version 1, as before."""

S = TypeVar("S")

_EXTRA: dict[str, Callable[[], Rules]] = {}


def register_game(name: str, factory: Callable[[], Rules]) -> None:
    """Make a rules factory loadable from saved files under ``name``, without a descriptor.

    Games listed in :mod:`racerlab.games` need not call this: saved games find
    them through their :class:`~racerlab.core.registry.GameDescriptor`.
    """
    _EXTRA[name] = factory


def rules_for(name: str, catalog: Any = None) -> Rules:
    """The rules object of the game saved under ``name``, playing ``catalog``: a catalog
    object, or something that picks one per game by its ``for_game(name)`` (a
    :class:`~racerlab.core.catalog_files.CatalogFolder`; the bundled catalog by default)."""
    if name in _EXTRA and name not in registry.game_names():
        if catalog is not None:
            raise ScenarioError(f"{name} plays no catalog but its own")
        return _EXTRA[name]()
    pick = getattr(catalog, "for_game", None)
    if callable(pick):
        catalog = pick(name)
    return registry.descriptor(name).make_rules(catalog)


@dataclass(frozen=True, slots=True)
class Entry(Generic[S]):
    """One point in a game's history: a state and how it was reached."""

    state: S
    action: Action | None = None
    events: tuple[Event, ...] = ()
    rolls: tuple[Roll, ...] = ()
    reseeds: tuple[int, ...] = ()
    """Seeds the dice were re-seeded from here, after ``action`` (forks with fresh dice)."""


class Timeline(Generic[S]):
    """A game's history with a cursor; the dashboards and notebooks drive this."""

    def __init__(
        self,
        rules: Rules,
        setup: Any,
        options: Any,
        seed: int,
        entries: Sequence[Entry[S]],
    ) -> None:
        self.rules = rules
        self.setup = setup
        self.options = options
        self.seed = seed
        self.entries: list[Entry[S]] = list(entries)
        self.index = len(self.entries) - 1
        self._reseeds = sum(len(e.reseeds) for e in self.entries)
        self.catalog_loaded: Any = None
        """How the catalog of a loaded game was rebuilt from its file (a
        :class:`~racerlab.core.catalog_files.LoadedCatalog`), else ``None``."""

    @classmethod
    def new(cls, rules: Rules, setup: Any, options: Any = None, seed: int = 0) -> Timeline[S]:
        """A new game of ``rules`` from ``setup``; options default to the game's own."""
        options = rules.decode_options(options) if not _is_options(rules, options) else options
        state = rules.initial_state(setup, options, seed)
        return cls(rules, setup, options, seed, [Entry(state)])

    # -- where we are -----------------------------------------------------------
    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Entry[S]]:
        return iter(self.entries)

    @property
    def state(self) -> S:
        """The state at the cursor."""
        return self.entries[self.index].state

    @property
    def entry(self) -> Entry[S]:
        """The entry at the cursor."""
        return self.entries[self.index]

    @property
    def at_end(self) -> bool:
        """Whether the cursor is at the newest entry."""
        return self.index == len(self.entries) - 1

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions that led to the cursor's state, oldest first (re-seeds included)."""
        if not self._reseeds:
            return tuple(e.action for e in self.entries[1 : self.index + 1] if e.action is not None)
        out: list[Action] = []
        for e in self.entries[: self.index + 1]:
            if e.action is not None:
                out.append(e.action)
            out.extend(Reseed(seed) for seed in e.reseeds)
        return tuple(out)

    def rounds(self) -> list[int]:
        """The distinct round numbers in the history, in order."""
        seen: list[int] = []
        for e in self.entries:
            r = self.rules.round_number(e.state)
            if not seen or seen[-1] != r:
                seen.append(r)
        return seen

    # -- moving -----------------------------------------------------------------
    def play(self, action: Action, *, player: int | None = None) -> Step:
        """Apply ``action`` at the cursor; any entries after the cursor are dropped.

        ``player`` is the seat acting, when known (a hand-played move): it must be
        the seat whose turn it is. Raises :class:`IllegalActionError` and leaves
        the timeline as it was if the action is refused.

        A :class:`~racerlab.core.rules.Reseed` adds no entry: it replaces the
        cursor's entry by one with the re-seeded dice (the step count stays).
        """
        later = sum(len(e.reseeds) for e in self.entries[self.index + 1 :]) if self._reseeds else 0
        if self.index + self._reseeds - later >= MAX_ACTIONS:
            raise IllegalActionError(
                f"a game may hold at most {MAX_ACTIONS} actions; this one is full", action=action
            )
        step = self.rules.apply(self.state, action, player=player)
        del self.entries[self.index + 1 :]
        self._reseeds -= later
        if isinstance(action, Reseed):
            e = self.entry
            events, seeds = e.events + step.events, (*e.reseeds, action.seed)
            self.entries[self.index] = replace(e, state=step.state, events=events, reseeds=seeds)
            self._reseeds += 1
            return step
        self.entries.append(Entry(step.state, action, step.events, step.rolls))
        self.index += 1
        return step

    def back(self, n: int = 1) -> Timeline[S]:
        """Move the cursor ``n`` entries back (not before the start)."""
        self.index = max(0, self.index - n)
        return self

    def forward(self, n: int = 1) -> Timeline[S]:
        """Move the cursor ``n`` entries forward (not past the newest)."""
        self.index = min(len(self.entries) - 1, self.index + n)
        return self

    def goto(self, index: int) -> Timeline[S]:
        """Put the cursor on entry ``index`` (negative counts from the end)."""
        if index < 0:
            index += len(self.entries)
        if not 0 <= index < len(self.entries):
            raise IndexError(f"no entry {index}; the history has {len(self.entries)}")
        self.index = index
        return self

    def goto_round(self, round_number: int) -> Timeline[S]:
        """Put the cursor on the first entry of round ``round_number``."""
        for i, e in enumerate(self.entries):
            if self.rules.round_number(e.state) >= round_number:
                self.index = i
                return self
        raise IndexError(f"round {round_number} has not been reached")

    def fork(self, at: int | None = None, *, fresh_dice: bool = False, seed: int | None = None):
        """A new timeline sharing history up to entry ``at`` (the cursor by default).

        With ``fresh_dice`` the new line re-seeds the dice there (seed given
        or derived), so the same actions can meet different luck; otherwise
        the dice continue exactly as recorded. Either way the new line's cursor
        stays on entry ``at``: a re-seed is not a step.
        """
        at = self.index if at is None else at
        child: Timeline[S] = Timeline(
            self.rules, self.setup, self.options, self.seed, self.entries[: at + 1]
        )
        child.catalog_loaded = self.catalog_loaded
        if fresh_dice:
            new_seed = seed if seed is not None else _derive_seed(self.seed, at)
            child.play(Reseed(new_seed))
        return child

    def run(self, policy: Callable[[S], Action], max_steps: int = 100_000) -> Timeline[S]:
        """Play ``policy`` from the cursor until the game is over (or ``max_steps``)."""
        for _ in range(max_steps):
            if self.rules.is_over(self.state):
                break
            self.play(policy(self.state))
        return self

    # -- saving -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The game as a JSON-ready dict: setup, rule options, seed, and action log; and
        the catalog's changes from the bundled one when it plays other cards (then the
        format's version 2). A catalog built in Python, not read from files, is refused
        (:func:`~racerlab.core.catalog_files.saved_catalog`)."""
        saving = registry.catalog_saving()
        played = getattr(self.rules, "catalog", None)
        catalog = (
            None if saving is None else saving.saved(self.rules.name, played, self.catalog_loaded)
        )
        out = {
            "format": FORMAT,
            "version": 1 if catalog is None else FORMAT_VERSION,
            "game": self.rules.name,
            "setup": self.rules.encode_setup(self.setup),
            "options": {
                k: v for k, v in self.rules.codec.encode(self.options).items() if k != "type"
            },
            "seed": self.seed,
            "actions": [self.rules.encode_action(a) for a in self.actions],
        }
        if catalog is not None:
            out["catalog"] = catalog
        return out

    def dumps(self) -> str:
        """:meth:`to_json` as a compact JSON string."""
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any, *, source: str = "saved game", catalog: Any = None) -> Timeline:
        """Rebuild a game by replaying its saved actions; :class:`ScenarioError` if bad.

        ``catalog``: the cards to replay it with when the saved game stores none (see
        :func:`rules_for`); a game saved with its own catalog (``"catalog"``) replays with
        those cards, checked against their hash. A refused catalog raises its own
        :class:`~racerlab.core.errors.CatalogError` naming file, entry and field."""
        data = migrate(data, source)
        loaded = None
        saving = registry.catalog_saving()
        if "catalog" in data and saving is None:
            raise ScenarioError(f"{source}: this racerlab cannot read a saved game's catalog")
        if "catalog" in data and saving is not None:
            try:
                loaded = saving.restore(str(data["game"]), data["catalog"], source)
            except ScenarioError as exc:  # a game without catalog files (CatalogError passes)
                raise ScenarioError(f"{source}: {exc}") from None
            catalog = loaded.catalog
        try:
            rules = rules_for(data["game"], catalog)
        except ScenarioError as exc:
            raise ScenarioError(f"{source}: {exc}") from None
        setup = rules.decode_setup(data["setup"], f"{source}: setup")
        options = rules.decode_options(data.get("options"), f"{source}: options")
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise ScenarioError(
                f"{source}: seed must be a whole number 0 to {MAX_SEED}, got {short_repr(seed)}"
            )
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise ScenarioError(f"{source}: actions must be a list")
        if len(actions) > MAX_ACTIONS:
            raise ScenarioError(
                f"{source}: {len(actions)} actions; a saved game may hold at most {MAX_ACTIONS}"
            )
        try:
            tl = cls.new(rules, setup, options, seed)
        except ScenarioError as exc:
            raise ScenarioError(f"{source}: setup: {exc}") from None  # the layout, players...
        for i, raw in enumerate(actions):
            if i % 64 == 63:
                check_budget()
            action = rules.decode_action(raw, f"{source}: actions[{i}]")
            try:
                tl.play(action)
            except IllegalActionError as exc:
                raise ScenarioError(f"{source}: actions[{i}] cannot be replayed: {exc}") from None
        tl.catalog_loaded = loaded
        return tl

    @classmethod
    def loads(
        cls, text: str | bytes, *, source: str = "saved game", catalog: Any = None
    ) -> Timeline:
        """Load from a JSON string (see :meth:`from_json`)."""
        try:
            data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
        except RecursionError:
            raise ScenarioError(f"{source}: not valid JSON (nested too deeply)") from None
        except ValueError as exc:  # also bad UTF-8 and numbers past Python's digit limit
            raise ScenarioError(f"{source}: not valid JSON ({exc})") from None
        try:
            return cls.from_json(data, source=source, catalog=catalog)
        except RecursionError:
            raise ScenarioError(f"{source}: nested too deeply to be a saved game") from None


def migrate(data: Any, source: str) -> dict[str, Any]:
    """Check a saved game's header and bring older versions up to date."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{source}: a saved game must be a JSON object")
    if "format" not in data:
        raise ScenarioError(
            f'{source}: not a racerlab saved game (it has no "format": "{FORMAT}" field)'
        )
    if data["format"] != FORMAT:
        raise ScenarioError(
            f"{source}: not a racerlab saved game (its format is {short_repr(data['format'])},"
            f" not {FORMAT!r})"
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ScenarioError(f"{source}: version must be a whole number, got {version!r}")
    if version > FORMAT_VERSION:
        raise ScenarioError(
            f"{source}: saved by a newer racerlab (format version {version}); "
            f"this one reads up to version {FORMAT_VERSION}"
        )
    if version < 1:
        raise ScenarioError(f"{source}: format version {version} is not supported")
    for key in ("game", "setup"):
        if key not in data:
            raise ScenarioError(f"{source}: missing {key!r}")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a finite number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def _is_options(rules: Rules, options: Any) -> bool:
    return isinstance(options, rules.options_type)


def _derive_seed(seed: int, at: int) -> int:
    import numpy as np

    return int(np.random.SeedSequence([seed, at, 0x5EED]).generate_state(1)[0])
