"""Argument checks and option kinds shared by the ``racerlab`` subcommands: a bad number
is refused by argparse (status 2) with the option named and the allowed range, before any
work starts; :func:`flag` and :func:`repeatable` add the two option kinds every
subcommand has (an on/off switch, an option given as often as wanted), and
:func:`catalog_option` the ``--catalog DIR`` of every command that plays or replays games.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from .core.errors import clip
from .core.limits import MAX_PORT

__all__ = ["catalog_option", "flag", "port_number", "repeatable", "whole_number"]


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


def flag(parser: argparse.ArgumentParser, name: str, help: str) -> None:
    """Add the switch ``name`` to ``parser``: off unless given (``help`` says what it does).

    >>> p = argparse.ArgumentParser()
    >>> flag(p, "--force", "overwrite")
    >>> p.parse_args([]).force, p.parse_args(["--force"]).force
    (False, True)
    """
    parser.add_argument(name, action="store_true", help=help)


def repeatable(parser: argparse.ArgumentParser, name: str, metavar: str, help: str) -> None:
    """Add the option ``name`` to ``parser``, to be given as often as wanted: its values come
    as a list, in the order given (empty when never given).

    >>> p = argparse.ArgumentParser()
    >>> repeatable(p, "--option", "NAME=VALUE", "a rule option")
    >>> p.parse_args([]).option, p.parse_args(["--option", "a=1", "--option", "b=2"]).option
    ([], ['a=1', 'b=2'])
    """
    parser.add_argument(name, action="append", default=[], metavar=metavar, help=help)


def catalog_option(parser: argparse.ArgumentParser, what: str = "the games") -> None:
    """Add ``--catalog DIR`` to ``parser``: ``what`` is played with the cards in DIR.

    >>> p = argparse.ArgumentParser()
    >>> catalog_option(p)
    >>> p.parse_args([]).catalog, p.parse_args(["--catalog", "cards"]).catalog
    (None, 'cards')
    """
    parser.add_argument(
        "--catalog",
        default=None,
        metavar="DIR",
        help=f"play {what} with the catalog files in DIR, as `racerlab catalog export DIR`"
        " writes them (files DIR lacks are the bundled ones; default: the bundled catalog)",
    )
