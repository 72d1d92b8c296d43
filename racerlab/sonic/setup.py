"""The set-up of a Battle Racers game: who races, which mode, which boss and zones.

A :class:`SonicSetup` is a small JSON-friendly value. Everything random about
set-up (the deck order, the order of the straight sections, the badniks drawn
from the bag) comes from the game seed in
:meth:`~racerlab.sonic.rules.SonicRules.initial_state`; ``sections`` may pin the
straight-section order for a scenario.

>>> s = SonicSetup(("sonic", "tails"))
>>> s.players, s.mode.value
(2, 'race')
>>> random_setup(3) == random_setup(3)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.errors import ScenarioError
from .options import Mode
from .track import Zone

__all__ = ["BOSS_DECK", "SAVED_BOSS_DECK", "SonicSetup", "random_setup", "saved_setup"]

BOSS_DECK = "v2"
"""The version of the bundled boss decks a new game plays (docs/data.md, "Boss deck
versions"): ``v2``, the calibrated decks."""
SAVED_BOSS_DECK = "v1"
"""The boss decks of a set-up saved without a ``boss_deck`` (made before the versions)."""


@dataclass(frozen=True, slots=True)
class SonicSetup:
    """Racer ids by seat, mode, boss id (boss/solo), zones whose straights are in play."""

    racers: tuple[str, ...] = ("sonic", "tails")
    """Racer id of each player, in seat order (seat 0 first)."""
    mode: Mode = Mode.RACE
    """Race, boss or solo."""
    boss: str = ""
    """Boss id for boss and solo mode (empty: the zone's boss or Dr. Eggman)."""
    zones: tuple[Zone, ...] = (Zone.BASE,)
    """Zones whose straight sections are shuffled into the stack."""
    sections: tuple[str, ...] = ()
    """Optional fixed order of straight-section ids (empty: shuffled by the seed)."""
    boss_deck: str = field(default=BOSS_DECK, repr=False)
    """Which version of the bundled boss data (profile rules and cards) the boss plays:
    ``v2`` (new games) or ``v1`` (the first decks; saved games without the field). Left out
    of ``repr`` so that the state digests of games made before the field stay the same."""

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.racers)

    def validate(self) -> None:
        """Raise :class:`ScenarioError` for a set-up no game can start from."""
        if not self.racers:
            raise ScenarioError("setup: at least one racer is needed")
        if len(set(self.racers)) != len(self.racers):
            raise ScenarioError(f"setup: each player needs a different racer, got {self.racers}")
        if self.mode is Mode.SOLO and len(self.racers) != 1:
            raise ScenarioError(f"setup: solo mode has exactly one racer, got {len(self.racers)}")
        if not self.zones:
            raise ScenarioError("setup: at least one zone is needed")


_ZONE_BOSS = {
    Zone.BASE: "eggman",
    Zone.GREEN_HILL: "eggman",
    Zone.OIL_OCEAN: "shadow",
    Zone.METALLIC_MADNESS: "metal-sonic",
    Zone.STUDIOPOLIS: "infinite",
}
"""The boss that comes with each zone's box (rulebook: Boss Expansions)."""


def zone_boss(zones: tuple[Zone, ...]) -> str:
    """The default boss for a set of zones: that of the last expansion zone listed."""
    boss = _ZONE_BOSS[Zone.BASE]
    for z in zones:
        boss = _ZONE_BOSS[z] if z is not Zone.BASE else boss
    return boss


def saved_setup(data: Any) -> Any:
    """A saved set-up's JSON as it is meant: one saved before boss deck versions existed
    (no ``boss_deck``) played the first decks, so it gets :data:`SAVED_BOSS_DECK`.

    >>> saved_setup({"type": "SonicSetup", "racers": ["sonic"]})["boss_deck"]
    'v1'
    """
    if isinstance(data, Mapping) and "boss_deck" not in data:
        return {**data, "boss_deck": SAVED_BOSS_DECK}
    return data


def random_setup(
    seed: int, *, players: int | None = None, mode: Mode | None = None, catalog: Any = None
) -> SonicSetup:
    """A random but valid set-up from ``seed`` (racers, mode, boss and zones vary), its
    racers and boss drawn from ``catalog`` (the bundled one by default).

    Solo, boss and each expansion zone all turn up over a few seeds, so bot
    runs over ``random_setup(0..n)`` cover every mode.
    """
    from .catalog.loaders import load_catalog

    cat = catalog if catalog is not None else load_catalog()
    rng = np.random.default_rng([seed, 77])
    if mode is None:
        mode = (Mode.RACE, Mode.RACE, Mode.BOSS, Mode.SOLO)[seed % 4]
    if mode is Mode.SOLO:
        players = 1
    elif players is None:
        players = int(rng.integers(2, 5))
    ids = sorted(cat.racers)
    picks = tuple(ids[int(i)] for i in rng.permutation(len(ids))[:players])
    expansions = [z for z in Zone if z is not Zone.BASE]
    zone = expansions[(seed // 4) % len(expansions)]
    zones = (Zone.BASE,) if seed % 5 == 0 else (Zone.BASE, zone)
    boss = ""
    if mode is not Mode.RACE:
        boss = zone_boss(zones)
        if boss not in cat.bosses:
            boss = sorted(cat.bosses)[0]
    return SonicSetup(picks, mode, boss, zones)
