"""The Racer Knights catalog: the card files in ``data/knights`` read and checked.

Import the public names from here (``from racerlab.knights.catalog import load_catalog``);
each loads on first use. Start with ``loaders.py``, which also says what each file holds.

- ``loaders.py``: :class:`KnightsCatalog` (parts, Knights, prebuilt racers and table
  measures) and :class:`TableSpec`, and the loaders of the four files (``load_parts``,
  ``load_knights``, ``load_racers``, ``load_table``; ``load_catalog`` for a folder).
- ``schema.py``: the fields each file may hold (``SCHEMAS``, ``RACER_SCHEMA``,
  ``TABLE_SECTIONS``), which kinds of card may carry each ability (``ABILITY_KINDS``), and
  the checks every file shares.
- ``entries.py``: reading one entry: an ability as written on a stat strip
  (``parse_ability``), a whole part or Knight entry.

May import: :mod:`racerlab.core`, ``parts`` (the vocabulary of cards) and ``build`` (the
building rules a prebuilt racer is checked against). Nothing else of the game: the engine
reads the catalog, never the other way round.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "ABILITY_KINDS",
    "FORMAT_VERSION",
    "KINDS",
    "KnightsCatalog",
    "TableSpec",
    "load_catalog",
    "load_knights",
    "load_parts",
    "load_racers",
    "load_table",
    "parse_ability",
]

_WHERE = {
    "ABILITY_KINDS": "schema",
    "FORMAT_VERSION": "schema",
    "KINDS": "schema",
    "KnightsCatalog": "loaders",
    "TableSpec": "loaders",
    "load_catalog": "loaders",
    "load_knights": "loaders",
    "load_parts": "loaders",
    "load_racers": "loaders",
    "load_table": "loaders",
    "parse_ability": "entries",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        module = importlib.import_module(f".{_WHERE[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
