"""Which Battle Racers values the rulebook prints and which are ours, for the tools to show.

The rulebook prints the racers' names (and Dr. Eggman's large base), the Agility
Cards' actions and the bosses' zones and 10 rings; profiles, priorities, movements
and layouts are ours (see docs/data.md).

>>> provenance("brake-1", "action"), provenance("brake-1", "priority")
('rulebook', 'ours')
>>> provenance("eggman", "base", table="racer"), provenance("eggman", "rings", table="boss")
('rulebook', 'rulebook')
>>> provenance("sonic", "ability")
'ours'
"""

from __future__ import annotations

import functools
from typing import Any

from ..core.catalog import data_dir
from ..core.catalog_files import provenance_index
from ..core.provenance import ProvenanceIndex

__all__ = ["provenance"]


@functools.lru_cache(maxsize=1)
def _index() -> ProvenanceIndex:
    # the current data only: older boss deck versions (bosses-v1.toml) repeat the boss ids
    files = (data_dir() / "sonic").glob("*.toml")
    return ProvenanceIndex(sorted(p for p in files if not p.name.startswith("bosses-")))


def provenance(entry: str, field: str, table: str | None = None, catalog: Any = None) -> str:
    """``"rulebook"`` if the rulebook prints ``field`` of entry ``entry`` (of array ``table``,
    needed when two tables share the id), else ``"ours"``; the entry is ``catalog``'s when
    that was loaded from files (:func:`~racerlab.core.catalog_files.load_catalog_files`),
    else the bundled files'."""
    index = provenance_index(catalog) if catalog is not None else None
    return (index or _index()).of(entry, field, table)
