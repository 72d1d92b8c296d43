"""Plain-JSON encoding of the frozen dataclasses, enums and tuples the engines use.

A :class:`Codec` knows a closed set of dataclass types by name. Encoding turns
a value into JSON-ready dicts, lists and scalars; decoding reads the type hints
back, so a round trip gives an equal value.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Move:
...     distance: float
...     turns: tuple[int, ...] = ()
>>> codec = Codec([Move])
>>> codec.encode(Move(1.5, (2, 3)))
{'type': 'Move', 'distance': 1.5, 'turns': [2, 3]}
>>> codec.decode({'type': 'Move', 'distance': 1.5, 'turns': [2, 3]})
Move(distance=1.5, turns=(2, 3))
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from .errors import ScenarioError
from .limits import MAX_WHOLE, short_repr

__all__ = ["Codec"]


class Codec:
    """Encodes and decodes values built from a known set of dataclasses."""

    def __init__(self, types_: Iterable[type] = ()) -> None:
        self.types: dict[str, type] = {}
        self._hints: dict[type, dict[str, Any]] = {}
        for t in types_:
            self.register(t)

    def register(self, t: type) -> type:
        """Make dataclass ``t`` known by its class name; returns ``t``."""
        if not dataclasses.is_dataclass(t):
            raise TypeError(f"{t!r} is not a dataclass")
        self.types[t.__name__] = t
        return t

    # -- encoding -------------------------------------------------------------
    def encode(self, value: Any) -> Any:
        """A JSON-ready form of ``value``."""
        if value is None or isinstance(value, bool | int | str):
            return value
        if isinstance(value, float):
            return value
        if isinstance(value, enum.Enum):
            return value.value
        if isinstance(value, Fraction):
            return str(value)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            out: dict[str, Any] = {"type": type(value).__name__}
            for f in dataclasses.fields(value):
                out[f.name] = self.encode(getattr(value, f.name))
            return out
        if isinstance(value, tuple | list | frozenset):
            return [self.encode(v) for v in value]
        if isinstance(value, dict):
            return {str(self.encode(k)): self.encode(v) for k, v in value.items()}
        raise TypeError(f"cannot encode {type(value).__name__}: {value!r}")

    # -- decoding -------------------------------------------------------------
    def decode(self, data: Any, hint: Any = None, where: str = "value") -> Any:
        """Rebuild a value from its encoded form; ``hint`` is the expected type.

        Raises :class:`ScenarioError` naming ``where`` on data of the wrong shape.
        """
        try:
            return self._decode(data, hint, where)
        except ScenarioError:
            raise
        except (TypeError, ValueError, KeyError, ArithmeticError) as exc:
            raise ScenarioError(f"{where}: {exc}") from None

    def _hints_of(self, t: type) -> dict[str, Any]:
        if t not in self._hints:
            self._hints[t] = typing.get_type_hints(t)
        return self._hints[t]

    def _decode(self, data: Any, hint: Any, where: str) -> Any:
        """Decode ``data`` as ``hint`` (any value by its ``type`` name when there is no hint)."""
        if hint is None or hint is Any:
            if isinstance(data, dict) and "type" in data and data["type"] in self.types:
                return self._decode_dataclass(data, self.types[data["type"]], where)
            if isinstance(data, list):
                return tuple(self._decode(v, None, f"{where}[{i}]") for i, v in enumerate(data))
            return data
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in (typing.Union, types.UnionType):
            return self._decode_union(data, hint, args, where)
        if origin is typing.Literal:
            if data not in args:
                raise ScenarioError(f"{where}: expected one of {args}, got {data!r}")
            return data
        if origin in (tuple, list, frozenset):
            return self._decode_items(data, origin, args, where)
        if origin is dict:
            if not isinstance(data, dict):
                raise ScenarioError(f"{where}: expected a table, got {type(data).__name__}")
            kt, vt = args or (None, None)
            return {
                self._decode_key(k, kt, where): self._decode(v, vt, f"{where}.{k}")
                for k, v in data.items()
            }
        if isinstance(hint, type):
            return self._decode_class(data, hint, where)
        return data

    def _decode_union(self, data: Any, hint: Any, args: tuple, where: str) -> Any:
        """The first member of a union (``X | None`` included) that ``data`` fits."""
        if data is None and type(None) in args:
            return None
        errors = []
        for a in args:
            if a is type(None):
                continue
            try:
                return self._decode(data, a, where)
            except (TypeError, ValueError, KeyError, ScenarioError) as exc:
                errors.append(str(exc))
        raise ScenarioError(f"{where}: {data!r} fits none of {hint}: {'; '.join(errors)}")

    def _decode_items(self, data: Any, origin: type, args: tuple, where: str) -> Any:
        """A tuple (of fixed or any length), list or frozenset from a JSON list."""
        if not isinstance(data, list):
            raise ScenarioError(f"{where}: expected a list, got {type(data).__name__}")
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(args) != len(data):
                raise ScenarioError(f"{where}: expected {len(args)} items, got {len(data)}")
            return tuple(
                self._decode(v, a, f"{where}[{i}]")
                for i, (v, a) in enumerate(zip(data, args, strict=True))
            )
        item = args[0] if args else None
        items = [self._decode(v, item, f"{where}[{i}]") for i, v in enumerate(data)]
        return origin(items) if origin is not tuple else tuple(items)

    def _decode_class(self, data: Any, hint: type, where: str) -> Any:
        """An enum member, a dataclass (the hint's or a known subclass by ``type``), a
        scalar, or a known dataclass under an abstract base (e.g. ``Action``)."""
        if issubclass(hint, enum.Enum):
            try:
                return hint(data)
            except ValueError:
                names = ", ".join(repr(m.value) for m in hint)
                raise ScenarioError(f"{where}: {data!r} is not one of {names}") from None
        if dataclasses.is_dataclass(hint):
            if not isinstance(data, dict):
                raise ScenarioError(f"{where}: expected a table, got {type(data).__name__}")
            cls = hint
            if "type" in data:
                named = self.types.get(data["type"])
                if named is None or not issubclass(named, hint):
                    raise ScenarioError(f"{where}: unknown kind {data['type']!r}")
                cls = named
            return self._decode_dataclass(data, cls, where)
        if hint in _SCALARS:
            return _decode_scalar(data, hint, where)
        if isinstance(data, dict):
            # an abstract base (e.g. Action): pick the concrete type by name
            named = self.types.get(str(data.get("type")))
            if named is None or not issubclass(named, hint):
                raise ScenarioError(f"{where}: unknown kind {data.get('type')!r}")
            return self._decode_dataclass(data, named, where)
        return data

    def _decode_key(self, key: str, hint: Any, where: str) -> Any:
        if hint is int:
            try:
                return int(key)
            except ValueError:
                raise ScenarioError(f"{where}: key {key!r} is not a whole number") from None
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return self._decode(key, hint, where)
        return key

    def _decode_dataclass(self, data: dict, cls: type, where: str) -> Any:
        hints = self._hints_of(cls)
        kwargs = {}
        names = set()
        for f in dataclasses.fields(cls):
            names.add(f.name)
            if not f.init:
                continue
            if f.name in data:
                kwargs[f.name] = self._decode(data[f.name], hints.get(f.name), f"{where}.{f.name}")
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ScenarioError(f"{where}: {cls.__name__} is missing field {f.name!r}")
        extra = set(data) - names - {"type"}
        if extra:
            raise ScenarioError(f"{where}: {cls.__name__} has unknown field(s) {sorted(extra)}")
        try:
            return cls(**kwargs)
        except ScenarioError as exc:  # a range check of the type itself (e.g. rule options)
            raise ScenarioError(f"{where}: {exc}") from None


_SCALARS = (Fraction, float, int, bool, str)


def _decode_scalar(data: Any, hint: type, where: str) -> Any:
    """A Fraction, a finite float, a whole number, a bool or a text, checked strictly (a
    bool is not a number; no number beyond :data:`~racerlab.core.limits.MAX_WHOLE`).

    >>> _decode_scalar(10**400, int, "x")
    Traceback (most recent call last):
    ...
    racerlab.core.errors.ScenarioError: x: a whole number of 1329 bits is too large (at most 63)
    """
    if hint is Fraction:
        return Fraction(data)
    if isinstance(data, int) and not isinstance(data, bool) and abs(data) > MAX_WHOLE:
        raise ScenarioError(
            f"{where}: a whole number of {data.bit_length()} bits is too large"
            f" (at most {MAX_WHOLE.bit_length()})"
        )
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise ScenarioError(f"{where}: expected a number, got {short_repr(data)}")
        if not math.isfinite(data):
            raise ScenarioError(f"{where}: expected a finite number, got {data!r}")
        return float(data)
    if hint is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise ScenarioError(f"{where}: expected a whole number, got {short_repr(data)}")
        return data
    if hint is bool:
        if not isinstance(data, bool):
            raise ScenarioError(f"{where}: expected true or false, got {data!r}")
        return data
    if not isinstance(data, str):
        raise ScenarioError(f"{where}: expected text, got {short_repr(data)}")
    return data
