"""Racer Knights of Falconus as racerlab sees it: the game's descriptor.

Everything above the engine (saved games, ``racerlab validate``, simulations,
the dashboards) finds the game through :data:`GAME`, listed once in
:mod:`racerlab.games`.

>>> GAME.name, sorted(GAME.catalog_kinds)[0], sorted(GAME.bots)
('knights', 'knights-knights', ['greedy', 'random', 'search', 'smart'])
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.errors import ScenarioError
from ..core.registry import GameDescriptor, Policy
from ..core.rules import Event, Rules
from .catalog.loaders import (
    KINDS,
    KnightsCatalog,
    load_catalog,
    load_knights,
    load_parts,
    load_racers,
)
from .events import Rammed, ShotFired, Wrecked
from .options import KnightsOptions
from .rules import KnightsRules
from .scenarios import bundled, load_scenario
from .setup import load_table_checked, random_setup

if TYPE_CHECKING:
    from .state import KnightsState

__all__ = ["BOTS", "GAME", "PLAYERS", "NamedBots", "knights_summary", "player_names"]

PLAYERS = 3
"""Players in a random joust when the caller does not say."""


def knights_summary(rules: Rules, state: KnightsState, events: Sequence[Event]) -> dict[str, Any]:
    """Winner (by the engine's result), rounds, per-racer Glory/Durability/wreck, event counts."""
    res = rules.result(state)
    row: dict[str, Any] = {
        "winner": -1 if res.winner is None else int(res.winner),
        "rounds": rules.round_number(state),
        "end": res.reason,
    }
    for p, racer in enumerate(state.racers):
        row[f"glory_{p}"] = racer.glory
        row[f"durability_{p}"] = racer.durability
        row[f"wrecked_{p}"] = bool(racer.wrecked)
    wrecks = shots = hits = rams = 0
    for e in events:  # one pass over the joust's events
        if isinstance(e, ShotFired):
            shots += 1
            hits += bool(e.hit)
        elif isinstance(e, Wrecked):
            wrecks += 1
        elif isinstance(e, Rammed):
            rams += 1
    row.update(wrecks=wrecks, shots=shots, hits=hits, rams=rams)
    return row


def _random_setup(
    rng: np.random.Generator,
    players: int | None = None,
    catalog: KnightsCatalog | None = None,
    **extra: Any,
) -> Any:
    if extra:
        raise ScenarioError(f"knights has no set-up choice {', '.join(sorted(extra))}")
    return random_setup(players or PLAYERS, seed=int(rng.integers(2**31)), catalog=catalog)


def _scenario_loader(name: str) -> Callable[[], Any]:
    return lambda: load_scenario(name)


def _scenarios() -> dict[str, Callable[[], Any]]:
    return {name.replace("-", " ").capitalize(): _scenario_loader(name) for name in bundled()}


BOTS = {
    "greedy": "racerlab.knights.bots.greedy:greedy_bot",
    "random": "racerlab.knights.bots.greedy:random_bot",
    "smart": "racerlab.knights.bots.smart:smart_bot",
    "search": "racerlab.knights.bots.search:search_bot()",
}
"""The game's bots by name, each as ``"module:attribute"`` (a policy), or
``"module:attribute()"`` (a factory called once, with no arguments, for the policy)."""


class NamedBots(Mapping[str, Policy]):
    """Policies named by ``"module:attribute"`` strings (see :data:`BOTS`), imported on first
    use, so that loading the descriptor loads no bot (as :mod:`racerlab.games` names games)."""

    def __init__(self, where: Mapping[str, str]) -> None:
        self._where = dict(where)
        self._found: dict[str, Policy] = {}
        self._lock = threading.Lock()

    def __getitem__(self, name: str) -> Policy:
        found = self._found.get(name)
        if found is None:
            reference = self._where[name]  # KeyError for a name that is not a bot
            with self._lock:
                found = self._found.get(name)
                if found is None:
                    found = self._found[name] = _resolve(reference)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __reduce__(self) -> tuple[type, tuple[dict[str, str]]]:
        # pickled by the names alone (a job sent to a worker process resolves them there)
        return (NamedBots, (self._where,))


def _resolve(reference: str) -> Policy:
    module, _, attribute = reference.partition(":")
    called = attribute.endswith("()")
    found = getattr(importlib.import_module(module), attribute.removesuffix("()"))
    return found() if called else found


def player_names(state: KnightsState) -> list[str]:
    """Each seat's racer name."""
    return [state.name(i) for i in range(len(state.racers))]


GAME = GameDescriptor(
    name="knights",
    title="Racer Knights of Falconus",
    blurb=(
        "Joust around the waypoints of an open arena: see firing arcs, ranges and ram "
        "lanes, the exact chance of every shot, and change a racer's stats or parts to "
        "see what follows."
    ),
    rules=KnightsRules,
    options_type=KnightsOptions,
    load_catalog=load_catalog,
    catalog_kinds={
        KINDS["parts"]: load_parts,
        KINDS["knights"]: load_knights,
        KINDS["racers"]: load_racers,
        KINDS["table"]: load_table_checked,
    },
    scenarios=_scenarios,
    random_setup=_random_setup,
    bots=NamedBots(BOTS),
    summarize=knights_summary,
    player_names=player_names,
)
"""Racer Knights of Falconus as racerlab sees it."""
