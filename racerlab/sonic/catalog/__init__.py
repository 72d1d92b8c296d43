"""The Battle Racers catalog: reading and checking ``data/sonic``, and the catalog as the
rules read it.

The map (a newcomer starts at ``loaders.py``):

* ``loaders.py``: the catalog files (track sections, Agility Cards, racers, components)
  read and checked into a :class:`~.loaders.SonicCatalog`; :func:`~.loaders.load_catalog`;
* ``bosses.py``: the boss files (profiles and their 16-card decks, every deck version)
  and a boss over its deck versions (:class:`~.bosses.Boss`);
* ``common.py``: what every catalog file shares: the header, the effect tables, the
  sources; :class:`~.common.EffectSpec`, the one form of an effect;
* ``facts.py``: the catalog as the rules read it (:class:`~.facts.Facts`: its own entries
  by id, indexed once per catalog and kept by the catalog).

The game's descriptor (:mod:`racerlab.sonic.game`) lists the catalog kinds, so
``racerlab validate FILE`` checks any catalog file. This package imports only
``racerlab.core``, ``track.py``, ``effect_names.py``, ``rounds.py`` (the card model) and
``board/``. Its public names (those of the former ``racerlab.sonic.catalog`` module) load
lazily.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "VERSION",
    "BossCard",
    "BossProfile",
    "Components",
    "EffectSpec",
    "RacerProfile",
    "SonicCatalog",
    "load_bosses",
    "load_cards",
    "load_catalog",
    "load_components",
    "load_racers",
    "load_sections",
]

_WHERE = {
    **dict.fromkeys(
        (
            "ACTION_FIELDS",
            "Components",
            "MAX_COLUMNS",
            "MIN_COLUMNS",
            "RacerProfile",
            "SECTION_FILES",
            "SonicCatalog",
            "load_cards",
            "load_catalog",
            "load_components",
            "load_racers",
            "load_sections",
        ),
        "loaders",
    ),
    **dict.fromkeys(("BossCard", "BossProfile", "load_bosses"), "bosses"),
    **dict.fromkeys(("EffectSpec", "VERSION"), "common"),
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        module = importlib.import_module(f".{_WHERE[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
