"""A catalog as its differences from the bundled one: what a saved game or a link carries.

A game played with your own cards saves only what differs from the bundled catalog,
file by file (:func:`diff_files`): for each top-level key of a file, either its new
value, its removal, or, for a list of entries with ids (``[[chassis]]``, ``[[cards]]``),
the fields set and unset per entry, the entries added (whole) and the ids dropped, and
the order of the ids when it is not the bundled order with the added ones after. One
changed card is a few dozen characters, so a link stays short. :func:`apply_files`
applies such changes to the bundled data, checking their shape and naming file, entry
and field of anything that does not fit; :func:`catalog_hash` is the sha256 of the
resulting catalog's canonical JSON (every file, sorted keys), stored beside the changes
so a cut or altered catalog part, or one saved against other bundled cards, is refused.
:func:`to_toml` writes a file's data back as TOML, so the game's own loader (the one
``racerlab validate`` uses) checks and builds the catalog: one piece of code per rule.

>>> old = {"kind": "x", "cards": [{"id": "a", "power": 1}, {"id": "b", "power": 2}]}
>>> new = {"kind": "x", "cards": [{"id": "a", "power": 3}, {"id": "b", "power": 2}]}
>>> ops = diff_data(old, new)
>>> ops
{'cards': {'rows': {'set': {'a': {'power': 3}}}}}
>>> apply_data(old, ops, "cards.toml") == new
True
>>> import tomllib
>>> tomllib.loads(to_toml(new)) == new
True
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import re
from collections.abc import Mapping
from typing import Any

from .errors import CatalogError, Problem
from .limits import short_repr

__all__ = ["apply_data", "apply_files", "canonical", "catalog_hash", "diff_data", "diff_files"]

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def canonical(value: Any) -> str:
    """``value`` as canonical JSON (sorted keys, no spaces): equal data, equal text.

    >>> canonical({"b": 1.0, "a": [True, 1]})
    '{"a":[true,1],"b":1.0}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def catalog_hash(files: Mapping[str, Any]) -> str:
    """The sha256 (hex) of a whole catalog's data: file name -> parsed data."""
    return hashlib.sha256(canonical(dict(files)).encode("utf-8")).hexdigest()


def _by_id(rows: Any) -> dict[str, dict] | None:
    """``rows`` by id if it is a list of tables each with a distinct text id, else None."""
    if not isinstance(rows, list) or not rows:
        return None
    out: dict[str, dict] = {}
    for row in rows:
        if not isinstance(row, dict) or not isinstance(row.get("id"), str) or row["id"] in out:
            return None
        out[row["id"]] = row
    return out


def _same(a: Any, b: Any) -> bool:
    return canonical(a) == canonical(b)  # 1, 1.0 and true differ here, as they do in TOML


def _diff_rows(old: dict[str, dict], new: dict[str, dict]) -> dict[str, Any]:
    set_: dict[str, dict] = {}
    unset: dict[str, list[str]] = {}
    for rid, row in new.items():
        was = old.get(rid)
        if was is None:
            continue
        changed = {f: v for f, v in row.items() if f not in was or not _same(was[f], v)}
        gone = [f for f in was if f not in row]
        if changed:
            set_[rid] = changed
        if gone:
            unset[rid] = gone
    add = [row for rid, row in new.items() if rid not in old]
    drop = [rid for rid in old if rid not in new]
    ops: dict[str, Any] = {"set": set_, "unset": unset, "add": add, "drop": drop}
    ops = {k: v for k, v in ops.items() if v}
    natural = [rid for rid in old if rid in new] + [row["id"] for row in add]
    if list(new) != natural:
        ops["order"] = list(new)
    return ops


def diff_data(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """What turns one file's data ``old`` into ``new``: key -> ``{"value": v}``,
    ``{"gone": true}`` or ``{"rows": ...}`` (see the module's docstring)."""
    out: dict[str, Any] = {}
    for key, value in new.items():
        if key in old and _same(old[key], value):
            continue
        was, now = _by_id(old.get(key)), _by_id(value)
        out[key] = {"rows": _diff_rows(was, now)} if was and now else {"value": value}
    for key in old:
        if key not in new:
            out[key] = {"gone": True}
    return out


def diff_files(bundled: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """The changes file by file (name -> :func:`diff_data`), the files unchanged left out."""
    out = {}
    for name, data in sorted(given.items()):
        ops = diff_data(bundled[name], data)
        if ops:
            out[name] = ops
    return out


class _Refused(Exception):
    def __init__(self, entry: str, field: str, reason: str) -> None:
        super().__init__(reason)
        self.entry, self.field, self.reason = entry, field, reason


def _need(ok: bool, entry: str, field: str, reason: str) -> None:
    if not ok:
        raise _Refused(entry, field, reason)


def _apply_rows(rows: dict[str, dict], ops: Any, key: str) -> list[dict]:
    _need(isinstance(ops, dict), key, "(rows)", "must be a table")
    unknown = set(ops) - {"set", "unset", "add", "drop", "order"}
    _need(not unknown, key, "(rows)", f"unknown change(s) {sorted(unknown)}")
    for part, kind in (("set", dict), ("unset", dict), ("add", list), ("drop", list)):
        _need(isinstance(ops.get(part, kind()), kind), key, part, f"must be a {kind.__name__}")
    for rid, fields in ops.get("set", {}).items():
        _need(rid in rows, rid, "(id)", f"no {key} entry {rid!r} to change")
        _need(isinstance(fields, dict) and "id" not in fields, rid, "(set)", "must be a table")
        rows[rid].update(fields)
    for rid, fields in ops.get("unset", {}).items():
        _need(rid in rows, rid, "(id)", f"no {key} entry {rid!r} to change")
        _need(isinstance(fields, list), rid, "(unset)", "must be a list of fields")
        for f in fields:
            _need(f in rows[rid] and f != "id", rid, str(f), "no such field to remove")
            del rows[rid][f]
    for rid in ops.get("drop", []):
        _need(isinstance(rid, str) and rid in rows, str(rid), "(id)", f"no {key} entry to drop")
        del rows[rid]
    for row in ops.get("add", []):
        rid = row.get("id") if isinstance(row, dict) else None
        _need(isinstance(rid, str), "(new)", "id", "an added entry needs a text id")
        _need(rid not in rows, rid, "id", f"{key} already has an entry {rid!r}")
        rows[rid] = row
    order = ops.get("order", list(rows))
    _need(
        isinstance(order, list)
        and all(isinstance(r, str) for r in order)
        and sorted(order) == sorted(rows),
        key,
        "(order)",
        "must list each entry's id once",
    )
    return [rows[rid] for rid in order]


def apply_data(old: Mapping[str, Any], ops: Any, file: str) -> dict[str, Any]:
    """``old`` (one file's data, unchanged) with the changes ``ops`` of :func:`diff_data`;
    :class:`CatalogError` naming ``file``, the entry and the field of a change that does
    not fit."""
    data = copy.deepcopy(dict(old))
    try:
        _need(isinstance(ops, dict), "(file)", "(changes)", "must be a table")
        for key, op in ops.items():
            _need(isinstance(op, dict) and len(op) == 1, key, "(change)", "must be one change")
            if "value" in op:
                data[key] = op["value"]
            elif "gone" in op:
                _need(key in data, key, "(key)", "no such key to remove")
                del data[key]
            elif "rows" in op:
                rows = _by_id(data.get(key))
                _need(rows is not None, key, "(rows)", "is not a list of entries with ids")
                data[key] = _apply_rows(dict(rows or {}), op["rows"], key)
            else:
                raise _Refused(key, "(change)", f"unknown change {sorted(op)}")
    except _Refused as exc:
        raise CatalogError([Problem(file, exc.entry, exc.field, exc.reason)]) from None
    return data


def apply_files(bundled: Mapping[str, Any], changes: Any, source: str) -> dict[str, Any]:
    """The whole catalog's data: ``bundled`` (name -> data) with ``changes`` (name ->
    :func:`diff_data`); every problem names ``source`` and the file."""
    if not isinstance(changes, dict):
        raise CatalogError([Problem(source, "(catalog)", "changes", "must be a table")])
    out = dict(bundled)
    problems = []
    for name, ops in changes.items():
        if name not in bundled:
            known = ", ".join(sorted(bundled))
            problems.append(Problem(f"{source}: {name}", "(file)", "(name)", f"not one of {known}"))
            continue
        try:
            out[name] = apply_data(bundled[name], ops, f"{source}: {name}")
        except CatalogError as exc:
            problems.extend(exc.problems)
    if problems:
        raise CatalogError(problems)
    return out


# -- writing TOML ------------------------------------------------------------------------
def _key(k: str) -> str:
    return k if _BARE.match(k) else _string(k)


def _string(s: str) -> str:
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(str(k))} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(f"cannot write {short_repr(v)} as TOML")


def to_toml(data: Mapping[str, Any]) -> str:
    """One file's data as TOML text that :mod:`tomllib` reads back to equal data."""
    head, sections, tables = [], [], []
    for k, v in data.items():
        if isinstance(v, list) and v and all(isinstance(r, dict) for r in v):
            for row in v:
                lines = [f"{_key(f)} = {_value(x)}" for f, x in row.items()]
                tables.append("\n".join([f"[[{_key(k)}]]", *lines]))
        elif isinstance(v, dict):
            lines = [f"{_key(f)} = {_value(x)}" for f, x in v.items()]
            sections.append("\n".join([f"[{_key(k)}]", *lines]))
        else:
            head.append(f"{_key(k)} = {_value(v)}")
    return "\n\n".join(["\n".join(head), *sections, *tables]) + "\n"
