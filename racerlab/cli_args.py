"""Argument checks shared by the ``racerlab`` subcommands: a bad number is refused by
argparse (status 2) with the option named and the allowed range, before any work starts.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from .core.errors import clip
from .core.limits import MAX_PORT

__all__ = ["port_number", "whole_number"]


def whole_number(low: int, high: int | None = None, why: str = "") -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high`` (no top if ``None``);
    anything else makes argparse exit with status 2, naming the option and ``why``.

    >>> whole_number(1, 10)("3")
    3
    >>> whole_number(1, 10, "a game has 1 to 10")("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be from 1 to 10 (a game has 1 to 10), got 0
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{clip(repr(text), 40)} is not a whole number"
            ) from None
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            reason = f" ({why})" if why else ""
            raise argparse.ArgumentTypeError(f"must be {span}{reason}, got {value}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in its message
    return parse


port_number = whole_number(1, MAX_PORT, "a TCP port")
"""A ``--port`` value: a whole number from 1 to 65535 (argparse exits 2 otherwise)."""
