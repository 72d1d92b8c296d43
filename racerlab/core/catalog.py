"""Reading catalog files (TOML) and checking them, reporting every problem at once.

A catalog file is plain TOML a person can edit. It names its ``kind`` and
format ``version`` at the top, then lists entries as arrays of tables, each
with an ``id``::

    kind = "knights-parts"
    version = 1

    [[weapon]]
    id = "sunspot"
    range = 1

Each game declares a :class:`Schema` per entry type; :class:`Checker` walks a
file and collects :class:`~racerlab.core.errors.Problem` values (file, entry,
field, reason), raising one :class:`~racerlab.core.errors.CatalogError` that
lists them all. TOML is parsed with the standard library's ``tomllib``: no
code in a data file can ever run.

>>> schema = Schema({"id": Field(str), "speed": Field(int, min=0, max=12)})
>>> checker = Checker("parts.toml")
>>> print(checker.entry("chassis", {"id": "x", "speed": 40}, schema))
None
>>> checker.problems[0].reason
'must be at most 12, got 40'
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CatalogError, Problem, RacerlabError, clip
from .limits import (
    MAX_CATALOG_FILE_BYTES,
    MAX_NAME_CHARS,
    MAX_PATH_CHARS,
    MAX_SAVED_GAME_BYTES,
    name_problem,
)
from .printed import check_printed

__all__ = [
    "MAX_FILE_BYTES",
    "PLAYER_NAME",
    "Checker",
    "Field",
    "Schema",
    "data_dir",
    "read_limited",
    "read_toml",
    "register_kind",
    "validate_file",
]

MAX_FILE_BYTES = MAX_CATALOG_FILE_BYTES
"""Largest catalog file accepted (bytes): :data:`~racerlab.core.limits.MAX_CATALOG_FILE_BYTES`,
by ``racerlab validate``, ``--catalog DIR`` and the dashboards' Catalog tab; bigger files
are refused. Saved games have their own limit,
:data:`~racerlab.core.limits.MAX_SAVED_GAME_BYTES`."""

_MISSING = object()


@dataclass(frozen=True)
class Field:
    """What one field of an entry must hold.

    ``kind`` is ``int``, ``float``, ``str``, ``bool``, ``list`` (of ``item``)
    or ``dict`` (a table). ``choices`` limits strings (or list items) to a set.
    ``check`` is one more rule a value of the right kind must pass: it returns why the
    value fails, or ``None`` (a rule kept elsewhere, so the catalog and the game share it).
    """

    kind: type
    required: bool = True
    default: Any = None
    min: float | None = None
    max: float | None = None
    choices: Collection[str] | None = None
    item: type | None = None
    doc: str = ""
    check: Callable[[Any], str | None] | None = None


PLAYER_NAME = Field(
    str, check=name_problem, doc=f"the name a player races under (1 to {MAX_NAME_CHARS} characters)"
)
"""A field that becomes a player's name in a game: the set-up's own rule
(:func:`~racerlab.core.limits.name_problem`) checks it when the file is read."""


@dataclass(frozen=True)
class Schema:
    """The fields an entry may have; anything else is reported as unknown."""

    fields: Mapping[str, Field]
    extra_ok: bool = False
    doc: str = ""


_TYPE_WORDS = {
    int: "a whole number",
    float: "a number",
    str: "text",
    bool: "true or false",
    list: "a list",
    dict: "a table",
}


def _type_ok(value: Any, kind: type) -> bool:
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass
class Checker:
    """Collects the problems of one file; :meth:`raise_if_any` raises them together."""

    file: str
    problems: list[Problem] = field(default_factory=list)

    def add(self, entry: str, field_name: str, reason: str) -> None:
        """Record one problem."""
        self.problems.append(Problem(self.file, entry, field_name, reason))

    def value(self, entry: str, name: str, value: Any, spec: Field) -> Any:
        """Check one value against ``spec``; returns it (or ``None`` if it is wrong)."""
        if not _type_ok(value, spec.kind):
            self.add(
                entry,
                name,
                f"must be {_TYPE_WORDS.get(spec.kind, spec.kind.__name__)}, got {_describe(value)}",
            )
            return None
        if spec.kind in (int, float):
            if not math.isfinite(value):
                self.add(entry, name, f"must be a finite number, got {value}")
                return None
            if spec.min is not None and value < spec.min:
                self.add(entry, name, f"must be at least {spec.min:g}, got {value}")
                return None
            if spec.max is not None and value > spec.max:
                self.add(entry, name, f"must be at most {spec.max:g}, got {value}")
                return None
        if spec.kind is str and spec.choices is not None and value not in spec.choices:
            self.add(entry, name, f"unknown value {value!r} (expected one of {_choices(spec)})")
            return None
        if spec.check is not None:
            problem = spec.check(value)
            if problem is not None:
                self.add(entry, name, problem)
                return None
        if spec.kind is list:
            if spec.max is not None and len(value) > spec.max:
                self.add(entry, name, f"may hold at most {spec.max:g} items, got {len(value)}")
                return None
            if spec.item is not None:
                sub = Field(spec.item, choices=spec.choices)
                good = True
                for i, v in enumerate(value):
                    if self.value(entry, f"{name}[{i}]", v, sub) is None:
                        good = False
                if not good:
                    return None
        return value

    def entry(self, entry: str, data: Any, schema: Schema) -> dict[str, Any] | None:
        """Check one entry; returns its fields with defaults filled in, or ``None``."""
        if not isinstance(data, dict):
            self.add(entry, "(entry)", f"must be a table, got {_describe(data)}")
            return None
        before = len(self.problems)
        out: dict[str, Any] = {}
        for name, spec in schema.fields.items():
            if name not in data:
                if spec.required:
                    self.add(entry, name, "is missing")
                else:
                    out[name] = spec.default
                continue
            out[name] = self.value(entry, name, data[name], spec)
        if not schema.extra_ok:
            for name in data:
                if name not in schema.fields:
                    known = ", ".join(schema.fields)
                    self.add(entry, name, f"is not a known field (known: {known})")
        return out if len(self.problems) == before else None

    def entries(
        self, data: Mapping[str, Any], table: str, schema: Schema, *, required: bool = True
    ) -> dict[str, dict[str, Any]]:
        """Check the array of tables ``table`` (each with an ``id``); returns id -> fields."""
        rows = data.get(table, _MISSING)
        if rows is _MISSING:
            if required:
                self.add("(file)", table, "is missing: the file lists no entries of this type")
            return {}
        if not isinstance(rows, list):
            self.add(
                "(file)", table, f"must be a list of tables ([[{table}]]), got {_describe(rows)}"
            )
            return {}
        out: dict[str, dict[str, Any]] = {}
        seen: set[str] = set()
        for i, row in enumerate(rows):
            label = f"{table}[{i}]"
            if isinstance(row, dict) and isinstance(row.get("id"), str) and row["id"]:
                label = row["id"]
                if label in seen:
                    self.add(label, "id", f"duplicate id {label!r} in [[{table}]]")
                    continue
                seen.add(label)
            checked = self.entry(label, row, schema)
            if checked is not None and "printed" in schema.fields:
                before = len(self.problems)
                check_printed(self, label, row)
                checked = checked if len(self.problems) == before else None
            if checked is not None:
                out[label] = checked
        return out

    def raise_if_any(self) -> None:
        """Raise a :class:`CatalogError` listing every problem, if there are any."""
        if self.problems:
            raise CatalogError(self.problems)


def _choices(spec: Field) -> str:
    items = sorted(spec.choices or ())
    text = ", ".join(map(repr, items[:12]))
    return text + (", ..." if len(items) > 12 else "")


def read_toml(path: str | Path, *, kind: str | None = None) -> dict[str, Any]:
    """Read a TOML file, refusing huge, non-UTF-8 or malformed files with a clear error.

    With ``kind``, the file's top-level ``kind`` must match it.
    """
    path = Path(path)
    name = str(path)
    raw = read_limited(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CatalogError(
            [Problem(name, "(file)", "(encoding)", f"is not UTF-8 text (byte {exc.start})")]
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(
            [Problem(name, "(file)", "(syntax)", f"is not valid TOML: {exc}")]
        ) from None
    except RecursionError:
        raise CatalogError([Problem(name, "(file)", "(syntax)", "is nested too deeply")]) from None
    if kind is not None and data.get("kind") != kind:
        raise CatalogError(
            [Problem(name, "(file)", "kind", f"must be {kind!r}, got {data.get('kind')!r}")]
        )
    return data


def read_limited(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (a catalog file's
    :data:`MAX_FILE_BYTES` by default); :class:`CatalogError` otherwise."""
    path = Path(path)
    name = str(path)
    if len(name) > MAX_PATH_CHARS:
        name = clip(name, 200)
        raise CatalogError([Problem(name, "(file)", "(path)", "the path is too long")])
    try:
        if not path.is_file():
            what = "a folder" if path.is_dir() else "not a file"
            raise CatalogError([Problem(name, "(file)", "(file)", f"cannot be read: {what}")])
        size = path.stat().st_size
        if size > limit:
            reason = f"is {size} bytes; the limit is {limit}"
            raise CatalogError([Problem(name, "(file)", "(size)", reason)])
        return path.read_bytes()
    except OSError as exc:
        raise CatalogError(
            [Problem(name, "(file)", "(file)", f"cannot be read: {exc.strerror or exc}")]
        ) from None


# -- which validator reads which kind of file -----------------------------------
_EXTRA_KINDS: dict[str, Callable[[Path], Any]] = {}


def register_kind(kind: str, loader: Callable[[Path], Any]) -> None:
    """Let :func:`validate_file` check files of ``kind`` that no game's descriptor lists."""
    _EXTRA_KINDS[kind] = loader


def _kinds() -> dict[str, Callable[[Path], Any]]:
    from .registry import catalog_kinds

    return {**_EXTRA_KINDS, **catalog_kinds()}


def validate_file(path: str | Path, *, catalog: Any = None) -> Any:
    """Load and check any racerlab file (catalog TOML or saved-game JSON).

    Returns what the file loads to; raises a :class:`RacerlabError` naming the
    file, entry and field of every problem. Catalog kinds come from the games'
    descriptors (:func:`racerlab.core.registry.catalog_kinds`). A saved game (at most
    :data:`~racerlab.core.limits.MAX_SAVED_GAME_BYTES`, the dashboards' Load limit) is
    replayed with ``catalog`` when given (a catalog object, or a
    :class:`~racerlab.core.catalog_files.CatalogFolder` that reads the saved game's own
    catalog from a folder), else with the bundled catalog.
    """
    path = Path(path)
    if path.suffix.lower() == ".json":
        from .timeline import Timeline  # saved games and scenarios

        raw = read_limited(path, MAX_SAVED_GAME_BYTES)
        return Timeline.loads(raw, source=str(path), catalog=catalog)
    data = read_toml(path)
    kind = data.get("kind")
    kinds = _kinds()
    if kind not in kinds:
        known = ", ".join(sorted(kinds)) or "none"
        raise CatalogError(
            [
                Problem(
                    str(path), "(file)", "kind", f"unknown catalog kind {kind!r} (known: {known})"
                )
            ]
        )
    return kinds[kind](path)


def data_dir() -> Path:
    """The folder of bundled catalogs: inside the installed package, or the repo's ``data/``."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "data"
    if packaged.is_dir():
        return packaged
    repo = here.parent / "data"
    if repo.is_dir():
        return repo
    raise RacerlabError(f"bundled data not found (looked in {packaged} and {repo})")
