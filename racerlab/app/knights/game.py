"""Racer Knights as the dashboard framework sees it: the :class:`GameKit`."""

from __future__ import annotations

from typing import Any

from ...knights import KnightsRules, random_setup
from ...knights.game import GAME, player_names
from ...knights.procedure import procedure_of
from ...viz.arena import ARENA_OVERLAYS
from ..kit.session import GameKit

__all__ = ["DEFAULT_PLAYERS", "knights_kit"]

DEFAULT_PLAYERS = 4
"""Players in a random game (the benchmark's 4-racer joust)."""


def knights_kit(players: int = DEFAULT_PLAYERS, catalog: Any = None) -> GameKit:
    """The Racer Knights game as the dashboard framework sees it, playing ``catalog`` (the
    bundled one by default): its rules and its random games' racers."""
    return GameKit(
        name="knights",
        title="Racer Knights of Falconus",
        rules=lambda: KnightsRules(catalog),
        random_setup=lambda seed: random_setup(players, seed=seed, catalog=catalog),
        catalog=catalog,
        with_catalog=lambda other: knights_kit(players, other),
        bots=dict(GAME.bots),
        scenarios=GAME.scenarios(),
        player_names=player_names,
        overlays=ARENA_OVERLAYS,
        default_overlays=("arc", "trails"),
        setup_notes=lambda state: procedure_of(state).describe(player_names(state)),
    )
