"""Racer Knights of Falconus as racerlab sees it: the game's descriptor.

Everything above the engine (saved games, ``racerlab validate``, simulations,
the dashboards) finds the game through :data:`GAME`, listed once in
:mod:`racerlab.games`.

>>> GAME.name, sorted(GAME.catalog_kinds)[0], sorted(GAME.bots)
('knights', 'knights-knights', ['greedy', 'random', 'search', 'smart'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..core.errors import ScenarioError
from ..core.registry import GameDescriptor
from ..core.rules import Event, Rules
from .bots import greedy_bot, random_bot
from .catalog import (
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
from .search_bot import search_bot
from .setup import load_table_checked, random_setup
from .smart import smart_bot
from .state import KnightsState

__all__ = ["GAME", "PLAYERS", "knights_summary", "player_names"]

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
    bots={
        "greedy": greedy_bot,
        "random": random_bot,
        "smart": smart_bot,
        "search": search_bot(),
    },
    summarize=knights_summary,
    player_names=player_names,
)
"""Racer Knights of Falconus as racerlab sees it."""
