"""A fast copy-with-changes for frozen dataclasses (a hot path of every game).

:func:`dataclasses.replace` rebuilds its keyword arguments and runs ``__init__`` field by
field; for slotted frozen values (game states, tokens) a straight slot copy does the same
job in about half the time.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Token:
...     name: str
...     speed: int = 3
>>> t = Token("sonic")
>>> fast_replace(t, speed=5) == dataclasses.replace(t, speed=5)
True
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any, TypeVar

__all__ = ["fast_replace"]

T = TypeVar("T")

_PLANS: dict[type, tuple | None] = {}


def _plan(cls: type) -> tuple | None:
    """(field names, getter of all of them, slot setters) for a slotted frozen dataclass
    with no ``__post_init__``; ``None`` for anything else (it goes to dataclasses.replace)."""
    got = _PLANS.get(cls, False)
    if got is not False:
        return got
    plan = None
    slots = cls.__dict__.get("__slots__")
    fields = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
    names = tuple(f.name for f in fields)
    if (
        slots is not None
        and fields
        and set(names) == set(slots)
        and all(f.init for f in fields)
        and not hasattr(cls, "__post_init__")
    ):
        setters = tuple(cls.__dict__[n].__set__ for n in names)
        plan = (names, frozenset(names), attrgetter(*names), setters)
    _PLANS[cls] = plan
    return plan


def fast_replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, faster for slotted frozen dataclasses
    without ``__post_init__`` (the same result; unknown field names raise TypeError)."""
    cls = type(obj)
    plan = _plan(cls)
    if plan is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    names, known, get_all, setters = plan
    if not changes.keys() <= known:
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(changes.keys() - known)}")
    values = get_all(obj)
    if len(names) == 1:
        values = (values,)
    new = object.__new__(cls)
    for name, set_, value in zip(names, setters, values, strict=True):
        set_(new, changes.get(name, value))
    return new
