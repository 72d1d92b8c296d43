"""Which values of a catalog entry the rulebook prints: the part of provenance that the
catalog checker itself needs (it imports nothing from the checker, so the two never import
each other; :mod:`racerlab.core.provenance` builds the file-level views on it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .catalog import Checker

RULEBOOK = "rulebook"
"""A value printed in the rulebook."""
OURS = "ours"
"""A value racerlab chose (illustrative)."""

META_FIELDS = frozenset({"id", "source", "printed", "notes"})
"""Fields that describe an entry rather than hold one of its values."""


@dataclass(frozen=True, slots=True)
class EntryProvenance:
    """Where each value of one entry comes from."""

    table: str
    id: str
    source: str
    printed: frozenset[str]
    values: tuple[str, ...]
    """The entry's value fields (abilities one by one, as ``abilities:name``)."""

    def of(self, field: str) -> str:
        """``"rulebook"`` if the rulebook prints ``field``'s value, else ``"ours"``.

        ``abilities`` as a whole is printed only if each ability on the card is.
        """
        if field in self.printed:
            return RULEBOOK
        if field == "abilities":
            each = [v for v in self.values if v.startswith("abilities:")]
            return RULEBOOK if each and all(v in self.printed for v in each) else OURS
        return OURS

    def ours(self) -> tuple[str, ...]:
        """The value fields that are ours, sorted."""
        return tuple(sorted(v for v in self.values if self.of(v) == OURS))

    def describe(self) -> str:
        """One line: the entry, the printed values and ours."""
        printed = sorted(v for v in self.values if self.of(v) == RULEBOOK)
        return (
            f"{self.table} {self.id} ({self.source}): printed: {', '.join(printed) or '-'}; "
            f"ours: {', '.join(self.ours()) or '-'}"
        )


def _value_fields(row: Mapping[str, Any]) -> tuple[str, ...]:
    out = []
    for key, value in row.items():
        if key in META_FIELDS:
            continue
        if key == "abilities" and isinstance(value, list):
            out += [f"abilities:{_ability_name(a)}" for a in value]
        else:
            out.append(key)
    return tuple(out)


def _ability_name(text: Any) -> str:
    """``"protection(fire, 2)"`` -> ``"protection"``."""
    return str(text).split("(", 1)[0].strip()


def entry_provenance(table: str, row: Mapping[str, Any]) -> EntryProvenance:
    """The provenance of one raw entry (a TOML table) of array ``table``."""
    return EntryProvenance(
        table,
        str(row.get("id", "?")),
        str(row.get("source", "illustrative")),
        frozenset(str(p) for p in row.get("printed", ()) or ()),
        _value_fields(row),
    )


def check_printed(checker: Checker, entry: str, row: Mapping[str, Any]) -> None:
    """Report ``printed`` names that are not value fields of the entry, and a rulebook
    entry that prints nothing."""
    printed = row.get("printed") or []
    values = set(_value_fields(row))
    for name in printed:
        if name == "abilities" and any(v.startswith("abilities:") for v in values):
            continue
        if name not in values:
            known = ", ".join(sorted(values)) or "none"
            checker.add(entry, "printed", f"names {name!r}, not a value of this entry ({known})")
    if row.get("source") == RULEBOOK and not printed:
        checker.add(entry, "printed", "a rulebook entry must list the fields the rulebook prints")
