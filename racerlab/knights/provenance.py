"""Which Racer Knights values the rulebook prints and which are ours, for the tools to show.

The catalog files record, entry by entry, the fields whose values the rulebook
prints (``printed``); everything else is illustrative (see docs/data.md). A racer's
stat totals add several cards: a total counts as printed only when every card
that adds to it has that value printed.

>>> provenance("war_hog", "speed"), provenance("war_hog", "armor")
('rulebook', 'ours')
>>> from racerlab.knights.catalog import load_catalog
>>> sorted(invented_stats(load_catalog().racer("cindy")))
['ram_damage', 'valor', 'weapon.arc', 'weapon.damage', 'weapon.type']
"""

from __future__ import annotations

import functools
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from ..core.catalog import data_dir
from ..core.catalog_files import provenance_index
from ..core.provenance import OURS, RULEBOOK, ProvenanceIndex
from .catalog.loaders import load_catalog
from .parts import Stats

if TYPE_CHECKING:
    from .build import RacerBuild

__all__ = ["INVENTED_NOTE", "invented_stats", "provenance", "stat_provenance"]

INVENTED_NOTE = "ours: a value the rulebook does not print (illustrative)"
"""The words a marker on an invented value explains itself with."""

_STATS = tuple(f.name for f in fields(Stats))
_WEAPON = ("arc", "range", "strength", "damage", "type")


@functools.lru_cache(maxsize=1)
def _index() -> ProvenanceIndex:
    folder = data_dir() / "knights"
    return ProvenanceIndex(folder / n for n in ("parts.toml", "knights.toml", "racers.toml"))


def _index_of(catalog: Any) -> ProvenanceIndex:
    """The provenance of ``catalog``: its own files' when it was loaded from files, else
    the bundled files'."""
    return (provenance_index(catalog) if catalog is not None else None) or _index()


def provenance(entry: str, field: str, catalog: Any = None) -> str:
    """``"rulebook"`` if the rulebook prints ``field`` of catalog entry ``entry`` (of
    ``catalog``; the bundled one by default), else ``"ours"``."""
    return _index_of(catalog).of(entry, field)


def stat_provenance(build: RacerBuild, stat: str, catalog: Any = None) -> str:
    """Where a racer's total of ``stat`` (a stat column, or ``weapon.range`` and the like)
    comes from: ``"rulebook"`` only if every card adding to it (in ``catalog``; the bundled
    one by default) has it printed."""
    cat = catalog if catalog is not None else load_catalog()
    index = _index_of(catalog)
    if stat.startswith("weapon."):
        name = stat.split(".", 1)[1]
        return index.of(build.weapon, name) if name in _WEAPON else OURS
    ids = [build.chassis, build.engine, build.tires, build.weapon, build.knight]
    ids += [sid for _side, sid in build.shields]
    adding = [i for i in ids if i in cat.parts and getattr(cat.parts[i].stats, stat, 0)]
    if not adding:
        return OURS  # a zero nobody printed
    each = [index.entry(i).of(stat) for i in adding]
    return RULEBOOK if all(p == RULEBOOK for p in each) else OURS


def invented_stats(
    build: RacerBuild, mods: tuple[tuple[str, int], ...] = (), catalog: Any = None
) -> frozenset[str]:
    """The racer's stat totals (and ``weapon.*`` values) that are ours, not printed, with
    the cards of ``catalog`` (the bundled one by default); a value the director tweaked
    (``mods``) is ours too."""
    names = [*_STATS, *(f"weapon.{w}" for w in _WEAPON)]
    tweaked = {f"weapon.{m}" if m in _WEAPON else m for m, delta in mods if delta}
    return frozenset(n for n in names if n in tweaked or stat_provenance(build, n, catalog) == OURS)
