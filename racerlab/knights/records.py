"""Fast copies of the engine's frozen records (racer records, states) for :class:`~.draft.Draft`.

A frozen slotted dataclass refuses ordinary attribute writes, so a copy made field by field
(:func:`~racerlab.core.frozen.fast_replace`) calls each slot's setter through the slow,
general call path: for a 30-field racer record that was most of a copy's cost. Here a copy
is filled in as a plain *twin* class with the very same slots (ordinary, fast attribute
writes), then given its real class, which Python allows between classes whose instances
have the same layout. The result is an ordinary frozen instance, equal to what
``dataclasses.replace`` makes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

__all__ = ["copier"]

_COPIERS: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}
"""Copy functions by (class, fields given): a few per class (one per call site shape)."""


def copier(cls: type, changed: tuple[str, ...] = ()) -> Callable[..., Any]:
    """A function ``(obj, *values)`` that copies ``obj`` (a ``cls``) with the fields named in
    ``changed`` set to ``values``, in that order.

    ``cls`` must be a frozen dataclass with ``slots=True`` and no ``__post_init__``; field
    names outside ``cls`` raise ``TypeError``.
    """
    key = (cls, changed)
    found = _COPIERS.get(key)
    if found is not None:
        return found
    names = tuple(f.name for f in dataclasses.fields(cls))
    slots = cls.__dict__.get("__slots__")
    if slots is None or tuple(slots) != names or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not a slotted frozen dataclass without __post_init__")
    unknown = sorted(set(changed) - set(names))
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {unknown}")
    twin = type(f"_{cls.__name__}Twin", (), {"__slots__": tuple(slots)})
    args = ", ".join(f"v{k}" for k in range(len(changed)))
    lines = [f"def copy(obj{', ' if args else ''}{args}):", "    new = _new(_twin)"]
    for name in names:
        value = f"v{changed.index(name)}" if name in changed else f"obj.{name}"
        lines.append(f"    new.{name} = {value}")
    lines += ["    new.__class__ = _cls", "    return new"]
    env: dict[str, Any] = {"_new": object.__new__, "_twin": twin, "_cls": cls}
    exec("\n".join(lines), env)  # the source is built above from field names only
    _COPIERS[key] = env["copy"]
    return env["copy"]
