"""Provenance per value: which fields of a catalog entry the rulebook prints, and which are ours.

An entry's ``source`` says whether the card (or racer, section, ...) itself comes
from the rulebook. Its ``printed`` list names the fields whose *values* the
rulebook prints; every other value field is ours (illustrative). A single ability
can be named as ``"abilities:weakness"`` when the rulebook prints that ability but
not the others on the card. A ``source = "rulebook"`` entry must print at least one
field, so that filtering on the source never passes off our numbers as printed.

The functions here work on any catalog file (both games): they read the raw
entries, so ``racerlab validate --provenance FILE`` can list them for any kind.

>>> row = {"id": "war_hog", "name": "War Hog", "source": "rulebook", "speed": 2,
...        "armor": 9, "abilities": ["traction"], "printed": ["name", "speed"]}
>>> e = entry_provenance("chassis", row)
>>> e.of("speed"), e.of("armor"), e.of("abilities:traction")
('rulebook', 'ours', 'ours')
>>> e.ours()
('abilities:traction', 'armor')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .catalog import Field, read_toml
from .errors import CatalogError, Problem
from .printed import (
    META_FIELDS,
    OURS,
    RULEBOOK,
    EntryProvenance,
    check_printed,
    entry_provenance,
)

__all__ = [
    "META_FIELDS",
    "OURS",
    "PRINTED_FIELD",
    "RULEBOOK",
    "EntryProvenance",
    "ProvenanceIndex",
    "check_printed",
    "entry_provenance",
    "file_provenance",
    "provenance_lines",
]

PRINTED_FIELD = Field(
    list, required=False, default=[], item=str, doc="fields whose values the rulebook prints"
)
"""The schema field every catalog entry may carry."""


def file_provenance(path: str | Path) -> list[EntryProvenance]:
    """Every entry's provenance in a catalog file (arrays of tables with an ``id``)."""
    data = read_toml(path)
    return list(_entries(data))


def _entries(data: Mapping[str, Any]) -> Iterable[EntryProvenance]:
    for table, value in data.items():
        if not isinstance(value, list):
            continue
        for row in value:
            if isinstance(row, dict) and "id" in row:
                yield entry_provenance(table, row)


def provenance_lines(path: str | Path) -> list[str]:
    """``racerlab validate --provenance``'s listing of a file: one line per entry."""
    entries = file_provenance(path)
    if not entries:
        reason = "has no entries with an id to list provenance for"
        raise CatalogError([Problem(str(path), "(file)", "(file)", reason)])
    return [e.describe() for e in entries]


class ProvenanceIndex:
    """The provenance of every entry of a set of catalog files, asked entry by entry.

    Ids are looked up across the files; an id used in two tables (a Battle Racers
    boss and racer, say) needs ``table`` to say which.
    """

    def __init__(self, paths: Iterable[str | Path]) -> None:
        self._by_id: dict[str, list[EntryProvenance]] = {}
        for path in paths:
            for e in file_provenance(path):
                self._by_id.setdefault(e.id, []).append(e)

    def entry(self, entry: str, table: str | None = None) -> EntryProvenance:
        """The provenance of entry ``entry`` (of array ``table`` when given)."""
        found = [e for e in self._by_id.get(entry, ()) if table is None or e.table == table]
        if not found:
            where = f" in [[{table}]]" if table else ""
            raise CatalogError([Problem("(catalog)", entry, "(entry)", f"no such entry{where}")])
        if len(found) > 1:
            tables = ", ".join(sorted(e.table for e in found))
            reason = f"is in several tables ({tables}); name the table"
            raise CatalogError([Problem("(catalog)", entry, "(entry)", reason)])
        return found[0]

    def of(self, entry: str, field: str, table: str | None = None) -> str:
        """``"rulebook"`` or ``"ours"`` for one value of one entry."""
        e = self.entry(entry, table)
        if field not in e.values and field != "abilities":
            known = ", ".join(e.values)
            reason = f"is not a value of this entry (values: {known})"
            raise CatalogError([Problem("(catalog)", entry, field, reason)])
        return e.of(field)
