"""Battle Racers as the dashboard framework sees it: random-game settings, bundled
scenarios and the :class:`GameKit`."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ...core.timeline import Timeline
from ...sonic import Mode, SonicRules, SonicSetup, random_setup
from ...sonic.game import GAME, player_names
from ...sonic.procedure import order_of
from ...sonic.queries import Zone, zone_boss
from ..kit.session import GameKit

__all__ = ["SONIC_OVERLAYS", "RandomSettings", "bundled_scenarios", "racer_name", "sonic_kit"]

SONIC_OVERLAYS = ("path",)
"""Overlay switches of the track: the path preview."""


@dataclass
class RandomSettings:
    """What a "New random game" deals: the mode, the number of players and the zones.

    ``players`` 0 and empty ``zones`` leave the choice to the seed.

    >>> RandomSettings(Mode.SOLO).setup(4).players
    1
    >>> RandomSettings(Mode.BOSS, 3, (Zone.BASE, Zone.OIL_OCEAN)).setup(1).boss
    'shadow'
    """

    mode: Mode | None = None
    players: int = 0
    zones: tuple[Zone, ...] = field(default_factory=tuple)

    def setup(self, seed: int, catalog: Any = None) -> SonicSetup:
        """A random set-up from ``seed`` following these settings, its racers and boss drawn
        from ``catalog`` (the bundled one by default)."""
        players = None if self.mode is Mode.SOLO or not self.players else self.players
        setup = random_setup(seed, players=players, mode=self.mode, catalog=catalog)
        if self.zones:
            zones = tuple(dict.fromkeys((Zone.BASE, *self.zones)))
            boss = zone_boss(zones) if setup.mode is not Mode.RACE else ""
            setup = replace(setup, zones=zones, boss=boss)
        return setup


_SCENARIO_SETUPS: dict[str, tuple[SonicSetup, int]] = {
    "Race: Sonic, Tails and Knuckles on the base track": (
        SonicSetup(("sonic", "tails", "knuckles")),
        1,
    ),
    "Race: four racers in Green Hill Zone": (
        SonicSetup(("sonic", "amy", "shadow", "big"), zones=(Zone.BASE, Zone.GREEN_HILL)),
        2,
    ),
    "Boss: Dr. Eggman chases Sonic and Tails": (
        SonicSetup(("sonic", "tails"), Mode.BOSS, "eggman", (Zone.BASE, Zone.GREEN_HILL)),
        3,
    ),
    "Boss: Shadow in Oil Ocean Zone": (
        SonicSetup(
            ("knuckles", "rouge", "cream"), Mode.BOSS, "shadow", (Zone.BASE, Zone.OIL_OCEAN)
        ),
        4,
    ),
    "Solo: Sonic against Metal Sonic in Metallic Madness": (
        SonicSetup(("sonic",), Mode.SOLO, "metal-sonic", (Zone.BASE, Zone.METALLIC_MADNESS)),
        5,
    ),
    "Race: springs and VR tokens in Studiopolis": (
        SonicSetup(("silver", "blaze", "tails"), zones=(Zone.BASE, Zone.STUDIOPOLIS)),
        6,
    ),
}
"""Ready-made set-ups offered as bundled scenarios (title: set-up and seed)."""


def _setup_loader(setup: SonicSetup, seed: int) -> Callable[[], Timeline]:
    return lambda: Timeline.new(SonicRules(), setup, None, seed)


def bundled_scenarios() -> dict[str, Callable[[], Timeline]]:
    """Scenario title -> a function returning its game: the ready-made set-ups, then every
    scenario file bundled with the engine (``data/sonic/scenarios``), played out."""
    out = {title: _setup_loader(setup, seed) for title, (setup, seed) in _SCENARIO_SETUPS.items()}
    out.update(GAME.scenarios())
    return out


def racer_name(racer_id: str) -> str:
    """A racer's printed name (its id if the catalog does not know it).

    >>> racer_name("metal-sonic")
    'Metal Sonic'
    """
    racer = GAME.load_catalog().racers.get(racer_id)
    return racer.name if racer is not None else racer_id


def sonic_kit(settings: RandomSettings | None = None, catalog: Any = None) -> GameKit:
    """The Battle Racers game as the dashboard framework sees it, playing ``catalog`` (the
    bundled one by default).

    ``settings`` (mode, players, zones) shapes every "New random game"; the
    dashboard changes it through its own widgets.
    """
    settings = settings if settings is not None else RandomSettings()
    return GameKit(
        name="sonic",
        title="Sonic the Hedgehog: Battle Racers",
        rules=lambda: SonicRules(catalog),
        catalog=catalog,
        with_catalog=lambda other: sonic_kit(settings, other),
        random_setup=functools.partial(settings.setup, catalog=catalog),
        bots=dict(GAME.bots),
        scenarios=bundled_scenarios(),
        player_names=functools.partial(player_names, catalog=catalog),
        overlays=SONIC_OVERLAYS,
        default_overlays=SONIC_OVERLAYS,
        setup_notes=lambda state: order_of(state).describe(player_names(state)),
    )
