"""The ``racerlab`` command: ``serve``, ``simulate`` and ``validate``.

Every error racerlab raises on purpose (:class:`~racerlab.core.errors.RacerlabError`)
is printed as a plain message and the command exits with status 2; no traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .core.errors import RacerlabError, clip
from .core.limits import MAX_PORT

__all__ = ["build_parser", "main", "port_number"]


def _validate(args: argparse.Namespace) -> int:
    from .core.catalog import validate_file

    failed = 0
    for path in args.files:
        try:
            validate_file(path)
        except RacerlabError as exc:
            failed += 1
            print(f"{path}: INVALID", file=sys.stderr)
            for line in str(exc).splitlines():
                print(f"  {line}", file=sys.stderr)
        else:
            print(f"{path}: ok")
            if args.provenance:
                failed += _print_provenance(path)
    return 2 if failed else 0


def _print_provenance(path: str) -> int:
    """List which values of each entry the rulebook prints and which are ours (1: failed)."""
    from .core.provenance import provenance_lines

    try:
        lines = provenance_lines(path)
    except RacerlabError as exc:
        print(f"  {exc}", file=sys.stderr)
        return 1
    for line in lines:
        print(f"  {line}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from .app.serve import serve_command

    return serve_command(args)


def _simulate(args: argparse.Namespace) -> int:
    from .analysis.cli import simulate_command

    return simulate_command(args)


def _game_names() -> list[str]:
    from .games import GAMES

    return [entry.name for entry in GAMES]


def port_number(text: str) -> int:
    """A ``--port`` value: a whole number from 1 to 65535 (argparse exits 2 otherwise)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= port <= MAX_PORT:
        raise argparse.ArgumentTypeError(f"a port is from 1 to {MAX_PORT}, got {port}")
    return port


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``racerlab`` command."""
    parser = argparse.ArgumentParser(
        prog="racerlab",
        description="Explore Racer Knights of Falconus and Sonic Battle Racers.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("validate", help="check catalog (.toml) and saved-game (.json) files")
    p.add_argument("files", nargs="+", help="files to check")
    p.add_argument(
        "--provenance",
        action="store_true",
        help="also list, entry by entry, the values the rulebook prints and those that are ours",
    )
    p.set_defaults(func=_validate)

    p = sub.add_parser("serve", help="serve the dashboards in a browser")
    p.add_argument("game", nargs="?", choices=["all", *_game_names()], default="all")
    p.add_argument("--port", type=port_number, default=5006)
    p.add_argument("--address", default="127.0.0.1", help="interface to listen on (loopback)")
    p.add_argument("--no-show", action="store_true", help="do not open a browser")
    p.add_argument("--allow-websocket-origin", action="append", default=[])
    p.add_argument(
        "--num-procs",
        type=int,
        default=1,
        metavar="N",
        help="server processes sharing the port, for a class (0: one per core; at most the "
        "number of cores; default 1)",
    )
    p.set_defaults(func=_serve)

    p = sub.add_parser("simulate", help="play many bot games and write a table of results")
    p.add_argument("game", choices=_game_names())
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--scenario", default=None, help="a saved game or scenario JSON to start from")
    p.add_argument(
        "--reshuffle-unseen",
        action="store_true",
        help="with --scenario: shuffle the cards nobody has seen (Battle Racers' decks) per game",
    )
    p.add_argument(
        "--bot",
        default="greedy",
        help="bot for every player, or one per seat comma-separated: greedy, smart, search, random",
    )
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--mode", default=None, help="Battle Racers: race, boss or solo")
    p.add_argument("--boss", default=None)
    p.add_argument(
        "--out", "-o", default=None, help="output .csv or .parquet (default: stdout CSV)"
    )
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(func=_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except RacerlabError as exc:
        print(f"racerlab: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("racerlab: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # never a traceback; RACERLAB_DEBUG=1 shows it
        if os.environ.get("RACERLAB_DEBUG"):
            raise
        reason = clip(f"{type(exc).__name__}: {exc}", 500)
        print(f"racerlab: error: {reason} (RACERLAB_DEBUG=1 shows the details)", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
