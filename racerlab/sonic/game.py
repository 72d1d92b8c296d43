"""Sonic the Hedgehog: Battle Racers as racerlab sees it: the game's descriptor.

Everything above the engine (saved games, ``racerlab validate``, simulations,
the dashboards) finds the game through :data:`GAME`, listed once in
:mod:`racerlab.games`.

>>> GAME.name, sorted(GAME.catalog_kinds)[0], sorted(GAME.bots)
('sonic', 'sonic-bosses', ['greedy', 'random', 'search', 'smart'])
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.errors import ScenarioError
from ..core.registry import GameDescriptor
from ..core.timeline import Timeline
from .catalog.bosses import load_bosses
from .catalog.loaders import load_cards, load_catalog, load_components, load_racers, load_sections
from .events import BossDamaged
from .options import Mode, SonicOptions
from .rules import SonicRules
from .scenarios import load_scenario, scenario_files
from .setup import random_setup

if TYPE_CHECKING:
    from ..core.rules import Event, Rules
    from .state import SonicState

__all__ = [
    "BOTS",
    "GAME",
    "PLAYERS",
    "LazyBots",
    "game_mode",
    "player_names",
    "scenario_timeline",
    "sonic_summary",
]

PLAYERS = 4
"""Players in a random race or boss game when the caller does not say (solo: 1)."""


def sonic_summary(rules: Rules, state: SonicState, events: Sequence[Event]) -> dict[str, Any]:
    """Winner, rounds, mode, per-seat rings/badniks/score/lost, first across, boss (and the
    hits that damaged it in the moves played), solo rank."""
    winners = tuple(state.winners)
    row: dict[str, Any] = {
        "winner": winners[0] if len(winners) == 1 else -1,
        "rounds": rules.round_number(state),
        "end": state.end_reason,
        "mode": state.setup.mode.value,
        "winners": len(winners),
    }
    for p, token in enumerate(state.board.racers):
        row[f"rings_{p}"] = token.rings
        row[f"badniks_{p}"] = len(token.badniks)
        row[f"score_{p}"] = token.rings + len(token.badniks)
        row[f"lost_{p}"] = bool(state.lost[p]) if state.lost else False
    row["first_across"] = state.finish_order[0] if state.finish_order else -1
    boss = state.boss
    row["boss"] = boss.id if boss is not None else ""
    row["boss_defeated"] = bool(boss is not None and boss.destroyed)
    row["boss_escaped"] = bool(boss is not None and boss.finished)
    row["boss_hits"] = sum(isinstance(e, BossDamaged) for e in events)
    row["solo_rank"] = state.rank
    return row


def _random_setup(
    rng: np.random.Generator,
    players: int | None = None,
    *,
    mode: Any = None,
    boss: str | None = None,
    catalog: Any = None,
    **extra: Any,
) -> Any:
    if extra:
        raise ScenarioError(f"sonic has no set-up choice {', '.join(sorted(extra))}")
    try:
        mode = Mode(mode) if mode is not None else Mode.RACE
    except ValueError:
        known = ", ".join(m.value for m in Mode)
        raise ScenarioError(f"sonic: unknown mode {mode!r} (modes: {known})") from None
    if mode is Mode.SOLO:
        if players not in (None, 1):
            raise ScenarioError(f"sonic: solo mode has one player, not {players}")
        players = 1
    setup = random_setup(
        int(rng.integers(2**31)), players=players or PLAYERS, mode=mode, catalog=catalog
    )
    if boss is not None:
        if mode is Mode.RACE:
            raise ScenarioError("sonic: a boss needs mode boss or solo")
        setup = replace(setup, boss=boss)
    return setup


def scenario_timeline(path: str | Path) -> Timeline:
    """A bundled (or any) scenario file played out as a :class:`Timeline`."""
    rules = SonicRules()
    sc = load_scenario(path, rules)
    tl = Timeline.new(rules, sc.setup, sc.options, sc.seed)
    for action in sc.actions:
        tl.play(action)
    return tl


def _scenario_loader(path: Path) -> Callable[[], Timeline]:
    return lambda: scenario_timeline(path)


def _scenarios() -> dict[str, Callable[[], Timeline]]:
    return {f"File: {p.stem.replace('-', ' ')}": _scenario_loader(p) for p in scenario_files()}


def game_mode(state: SonicState) -> str:
    """The mode a game is played in (``"race"``, ``"boss"`` or ``"solo"``)."""
    return state.setup.mode.value


class LazyBots(Mapping[str, Any]):
    """Bot name -> policy, each imported on first use from its ``"module:attribute"``
    reference (as :mod:`racerlab.games` names each game's descriptor), so the descriptor
    imports no bot when it loads. The references in ``made`` name factories: each is
    called once, with no arguments, for the bot itself."""

    def __init__(self, references: Mapping[str, str], made: Iterable[str] = ()) -> None:
        self._references = dict(references)
        self._made = frozenset(made)
        self._bots: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        got = self._bots.get(name)
        if got is None:
            module, _, attribute = self._references[name].partition(":")
            got = getattr(importlib.import_module(module), attribute)
            if name in self._made:
                got = got()
            got = self._bots.setdefault(name, got)  # one bot per name, whoever asked first
        return got

    def __iter__(self) -> Iterator[str]:
        return iter(self._references)

    def __len__(self) -> int:
        return len(self._references)


BOTS = {
    "greedy": "racerlab.sonic.bots.look_ahead:greedy_bot",
    "random": "racerlab.sonic.bots.look_ahead:random_bot",
    "smart": "racerlab.sonic.bots.smart:smart_bot",
    "search": "racerlab.sonic.search_bot:search_bot",
}
"""Where each bot lives (``"search"`` names a factory: the bot at its default budget)."""


def player_names(state: SonicState, catalog: Any = None) -> list[str]:
    """Each seat's racer name in ``catalog`` (the bundled one by default; its id if the
    catalog does not know it)."""
    racers = (catalog if catalog is not None else load_catalog()).racers
    return [racers[r].name if r in racers else r for r in state.setup.racers]


GAME = GameDescriptor(
    name="sonic",
    title="Sonic the Hedgehog: Battle Racers",
    blurb=(
        "Race the track with cards and dice: step through turns, follow each racer's "
        "hand and position, and check the odds of every roll."
    ),
    rules=SonicRules,
    options_type=SonicOptions,
    load_catalog=load_catalog,
    catalog_kinds={
        "sonic-sections": load_sections,
        "sonic-cards": load_cards,
        "sonic-racers": load_racers,
        "sonic-bosses": load_bosses,
        "sonic-components": load_components,
    },
    scenarios=_scenarios,
    random_setup=_random_setup,
    bots=LazyBots(BOTS, made=("search",)),
    mode_bots={Mode.SOLO.value: "smart"},  # the greedy bot ignores the boss: it never ranks
    mode_of=game_mode,
    summarize=sonic_summary,
    player_names=player_names,
)
"""Sonic the Hedgehog: Battle Racers as racerlab sees it."""
