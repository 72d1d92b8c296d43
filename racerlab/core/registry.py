"""What a game is to the rest of racerlab: one :class:`GameDescriptor` per game, found by name.

A game describes itself once, in its own package (``racerlab/<game>/game.py``):
its name and title, a rules factory that takes a catalog, its options type, the
catalog file kinds it reads and how to load its catalog, bundled scenarios,
bots, a random set-up, the columns of a finished game's row, and how to name
its seats. Everything that used to keep its own list of games (saved-game
loading, ``racerlab validate``, :func:`racerlab.analysis.simulate`, the
dashboards) reads the descriptor instead.

The core never names a game. The one list of games lives above them, in
:mod:`racerlab.games`, which hands this module a loader per game name when
``racerlab`` is imported (as OpenSpiel's ``register_game`` or ``pgx.make`` do:
an id maps to the game in one place). Loaders run on first use, so importing
racerlab imports no engine.

>>> from racerlab.core.registry import descriptor, game_names
>>> "coin-race" in game_names()
True
>>> descriptor("coin-race").make_rules().name
'coin-race'
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .errors import ScenarioError
from .rules import Action, Event, Rules

__all__ = [
    "CatalogSaving",
    "GameDescriptor",
    "Policy",
    "add_game",
    "catalog_kinds",
    "catalog_saving",
    "descriptor",
    "descriptors",
    "game_names",
    "generic_summary",
    "remove_game",
    "set_catalog_saving",
]

Policy = Callable[[Any, Rules, np.random.Generator], Action]
"""A player: ``policy(state, rules, rng) -> action``."""

Summarize = Callable[[Rules, Any, Sequence[Event]], dict[str, Any]]
"""Turns a finished game (rules, final state, every event) into the columns of its row."""


def generic_summary(rules: Rules, state: Any, events: Sequence[Event]) -> dict[str, Any]:
    """Columns any game has: ``winner`` (an index, or ``-1`` for none) and ``rounds``."""
    winner = getattr(state, "winner", None)
    return {"winner": -1 if winner is None else int(winner), "rounds": rules.round_number(state)}


@dataclass(frozen=True)
class GameDescriptor:
    """Everything racerlab needs to know about one game, declared once by the game.

    ``rules(catalog=None)`` builds a rules object (``None``: the bundled
    catalog); ``load_catalog(folder=None)`` reads a catalog folder;
    ``catalog_kinds`` maps a catalog file's ``kind`` to the function that
    loads and checks such a file; ``scenarios()`` maps a title to a function
    returning a bundled :class:`~racerlab.core.timeline.Timeline`;
    ``random_setup(rng, players, **extra)`` draws a legal set-up (``players``
    may be ``None``: the game's usual number; a game with a catalog also takes
    ``catalog=``, the catalog whose racers it draws, the bundled one by default);
    ``bots`` maps a name to a policy; ``default_bot`` plays a seat nobody chose
    a bot for, except in the modes ``mode_bots`` names (mode -> bot; the mode of
    a game's state is ``mode_of(state)``): a mode with its own goal has a bot
    that can reach it;
    ``summarize`` gives the columns of a finished game's row;
    ``player_names(state)`` names the seats.
    """

    name: str
    title: str
    rules: Callable[..., Rules]
    options_type: type
    blurb: str = ""
    load_catalog: Callable[..., Any] | None = None
    catalog_kinds: Mapping[str, Callable[[Path], Any]] = field(default_factory=dict)
    scenarios: Callable[[], Mapping[str, Callable[[], Any]]] | None = None
    random_setup: Callable[..., Any] | None = None
    bots: Mapping[str, Policy] = field(default_factory=dict)
    default_bot: str = "greedy"
    mode_bots: Mapping[str, str] = field(default_factory=dict)
    mode_of: Callable[[Any], str] | None = None
    summarize: Summarize | None = None
    player_names: Callable[[Any], Sequence[str]] | None = None

    def make_rules(self, catalog: Any = None) -> Rules:
        """A fresh rules object playing ``catalog`` (the bundled one by default)."""
        return self.rules() if catalog is None else self.rules(catalog)

    def bot(self, name: str) -> Policy:
        """The policy called ``name``; :class:`ScenarioError` listing the bots if unknown."""
        try:
            return self.bots[name]
        except KeyError:
            known = ", ".join(sorted(self.bots)) or "none"
            raise ScenarioError(f"{self.name} has no bot {name!r} (bots: {known})") from None

    def default_bot_for(self, state: Any) -> str:
        """The name of the bot that plays ``state``'s game when nobody chose one.

        >>> descriptor("coin-race").default_bot_for(None)
        'greedy'
        """
        if self.mode_of is None or not self.mode_bots:
            return self.default_bot
        return self.mode_bots.get(self.mode_of(state), self.default_bot)

    def summary(self, rules: Rules, state: Any, events: Sequence[Event]) -> dict[str, Any]:
        """The result columns of a finished game (the game's own, or the generic ones)."""
        return (self.summarize or generic_summary)(rules, state, events)

    def bundled_scenarios(self) -> dict[str, Callable[[], Any]]:
        """Title -> loader of every bundled scenario (none if the game bundles none)."""
        return dict(self.scenarios()) if self.scenarios is not None else {}


_LOADERS: dict[str, Callable[[], GameDescriptor]] = {}
_LOADED: dict[str, GameDescriptor] = {}
_LOCK = threading.Lock()


def add_game(name: str, loader: Callable[[], GameDescriptor]) -> None:
    """Make the game ``name`` known; ``loader()`` returns its descriptor on first use.

    Called by :mod:`racerlab.games` (the one list of games) for each game it
    lists; a notebook may call it to plug in a game of its own.
    """
    with _LOCK:
        _LOADERS[name] = loader
        _LOADED.pop(name, None)


def remove_game(name: str) -> None:
    """Forget the game ``name`` (one a notebook or a test added); unknown names are ignored."""
    with _LOCK:
        _LOADERS.pop(name, None)
        _LOADED.pop(name, None)


def game_names() -> list[str]:
    """The names of every known game, in the order they were added."""
    return list(_LOADERS)


def descriptor(name: str) -> GameDescriptor:
    """The descriptor of the game ``name``; :class:`ScenarioError` listing the games if unknown."""
    found = _LOADED.get(name)
    if found is not None:
        return found
    loader = _LOADERS.get(name)
    if loader is None:
        known = ", ".join(sorted(_LOADERS)) or "none"
        raise ScenarioError(f"unknown game {name!r} (known games: {known})")
    found = loader()
    if found.name != name:
        raise ScenarioError(f"the game listed as {name!r} describes itself as {found.name!r}")
    with _LOCK:
        _LOADED[name] = found
    return found


def descriptors() -> list[GameDescriptor]:
    """Every known game's descriptor (loads each game's descriptor module)."""
    return [descriptor(name) for name in game_names()]


@dataclass(frozen=True)
class CatalogSaving:
    """How a saved game keeps the catalog it plays: ``saved(game, catalog, loaded)`` gives
    what the file stores (``None`` for the bundled cards; ``loaded`` is the timeline's own
    record of how its catalog was loaded, or ``None``), ``restore(game, stored, source)`` the
    catalog back (a :class:`~racerlab.core.catalog_files.LoadedCatalog`). Handed over by
    :mod:`racerlab.games` (:mod:`racerlab.core.catalog_files` does the work), so the
    timeline that saves games need not import the catalog files that load them."""

    saved: Callable[[str, Any, Any], Any]
    restore: Callable[[str, Any, str], Any]


_SAVING: list[CatalogSaving] = []


def set_catalog_saving(saving: CatalogSaving) -> None:
    """Use ``saving`` for the catalogs of saved games (see :class:`CatalogSaving`)."""
    _SAVING[:] = [saving]


def catalog_saving() -> CatalogSaving | None:
    """How saved games keep their catalog; ``None`` before :mod:`racerlab.games` set it."""
    return _SAVING[0] if _SAVING else None


def catalog_kinds() -> dict[str, Callable[[Path], Any]]:
    """Catalog file kind -> the loader that reads and checks it, over every known game."""
    kinds: dict[str, Callable[[Path], Any]] = {}
    for game in descriptors():
        kinds.update(game.catalog_kinds)
    return kinds
