"""The ``racerlab`` command: ``serve``, ``simulate``, ``validate``, ``balance`` and ``catalog``.

Every error racerlab raises on purpose (:class:`~racerlab.core.errors.RacerlabError`)
is printed as a plain message and the command exits with status 2; no traceback. A
reader that stops early (``racerlab simulate ... | head -1``) ends the output quietly
with status 141, as a process ended by a closed pipe does (128 + SIGPIPE).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from . import balance_cli, compare_cli
from .cli_args import catalog_option, flag, port_number, repeatable, whole_number
from .core.errors import RacerlabError, clip
from .core.limits import MAX_GAMES, MAX_PLAYERS, MAX_SEED

__all__ = ["CLOSED_PIPE", "build_parser", "main", "port_number", "whole_number"]

CLOSED_PIPE = 141
"""Exit status when standard output's reader has gone (128 + SIGPIPE, as the shell reports
a process a closed pipe ended)."""


def _validate(args: argparse.Namespace) -> int:
    from .core.catalog import validate_file
    from .core.catalog_files import CatalogFolder

    catalog = CatalogFolder(args.catalog) if args.catalog is not None else None
    failed = 0
    for path in args.files:
        try:
            validate_file(path, catalog=catalog)
        except RacerlabError as exc:
            failed += 1
            refused = catalog is not None and any(exc is e for e in catalog.refused.values())
            why = f" (the catalog in {args.catalog} is refused)" if refused else ""
            print(f"{path}: INVALID{why}", file=sys.stderr)
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


def _catalog_export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .core.catalog_files import catalog_games, export_catalog

    games = catalog_games() if args.game == "all" else [args.game]
    base = Path(args.dir)
    for game in games:
        folder = base / game if len(games) > 1 else base
        written = export_catalog(game, folder, force=args.force)
        print(f"{game}: {len(written)} files written to {folder}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from .app.server.serve import serve_command

    return serve_command(args)


def _simulate(args: argparse.Namespace) -> int:
    from .analysis.cli import simulate_command

    return simulate_command(args)


DEFAULT_BOTS_HELP = "greedy; Battle Racers solo: smart, the rule-aware bot"
"""Which bot plays when ``--bot`` is not given, in words (the descriptors decide:
``default_bot`` and ``mode_bots``; a test checks these words against them)."""


def _game_names() -> list[str]:
    from .games import GAMES

    return [entry.name for entry in GAMES]


def _catalog_game_names() -> list[str]:
    from .core.catalog import data_dir

    return [name for name in _game_names() if (data_dir() / name).is_dir()]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``racerlab`` command."""
    parser = argparse.ArgumentParser(
        prog="racerlab",
        description="Explore Racer Knights of Falconus and Sonic Battle Racers.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    _add_validate(sub)
    _add_serve(sub)
    _add_simulate(sub)
    balance_cli.add_parser(sub)
    compare_cli.add_parser(sub)
    _add_catalog(sub)
    return parser


def _add_validate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="check catalog (.toml) and saved-game (.json) files")
    p.add_argument("files", nargs="+", help="files to check")
    catalog_option(p, "saved games back")
    flag(
        p,
        "--provenance",
        "also list, entry by entry, the values the rulebook prints and those that are ours"
        " (default: off)",
    )
    p.set_defaults(func=_validate)


def _add_catalog(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("catalog", help="work with a game's catalog files")
    what = p.add_subparsers(dest="catalog_command", required=True)
    e = what.add_parser(
        "export",
        help="write the bundled catalog as an editable template, every value of ours marked",
    )
    e.add_argument("dir", help="the folder to write (with all: one folder per game inside it)")
    e.add_argument(
        "--game",
        choices=["all", *_catalog_game_names()],
        default="all",
        help="whose catalog (default: %(default)s)",
    )
    flag(e, "--force", "write into a folder that is not empty (default: refuse)")
    e.set_defaults(func=_catalog_export)


def _add_serve(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="serve the dashboards in a browser")
    p.add_argument(
        "game",
        nargs="?",
        choices=["all", *_game_names()],
        default="all",
        help="which dashboard to serve (default: %(default)s)",
    )
    p.add_argument("--port", type=port_number, default=5006, help="TCP port (default: %(default)s)")
    p.add_argument(
        "--address",
        default="127.0.0.1",
        help="interface to listen on (default: %(default)s, this machine only)",
    )
    flag(p, "--no-show", "do not open a browser (default: open one)")
    repeatable(
        p,
        "--allow-websocket-origin",
        "HOST[:PORT]",
        "also accept pages served under this host name (repeatable; default: none)",
    )
    p.add_argument(
        "--num-procs",
        type=whole_number(0),
        default=1,
        metavar="N",
        help="server processes sharing the port, for a class (0: one per core; at most the "
        "number of cores; default: %(default)s)",
    )
    catalog_option(p, "every new page's game")
    flag(
        p,
        "--network",
        "serve the room's network for a class: listen on every interface and give students "
        "this machine's network address (default: this machine only)",
    )
    p.add_argument(
        "--data-dir",
        metavar="DIR",
        default=None,
        help="folder of the class store (default: $RACERLAB_DATA_DIR, else your data folder)",
    )
    p.set_defaults(func=_serve)


def _add_simulate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play many bot games and write a table of results")
    p.add_argument("game", choices=_game_names(), help="which game to play")
    p.add_argument(
        "--games",
        type=whole_number(1, MAX_GAMES, "see docs/reliability.md; use several seeds for more"),
        default=100,
        help=f"how many games, 1 to {MAX_GAMES:,} (default: %(default)s)",
    )
    p.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED, "a 64-bit seed"),
        default=0,
        help="the run's seed; the same seed gives the same table (default: %(default)s)",
    )
    p.add_argument(
        "--players",
        type=whole_number(1, MAX_PLAYERS, "each game checks its own limit too"),
        default=None,
        help="players per random set-up (default: the game's usual number, or one per --bot)",
    )
    p.add_argument(
        "--scenario",
        default=None,
        help="a saved game or scenario JSON to start every game from (default: random set-ups)",
    )
    flag(
        p,
        "--reshuffle-unseen",
        "with --scenario: shuffle the cards nobody has seen (Battle Racers' decks) per game"
        " (default: keep the saved order)",
    )
    p.add_argument(
        "--bot",
        default=None,
        help="bot for every player, or one per seat comma-separated: greedy, smart, search,"
        f" random (default: {DEFAULT_BOTS_HELP})",
    )
    p.add_argument(
        "--workers",
        type=whole_number(1),
        default=1,
        help="worker processes, at most the machine's cores (more are cut to that number;"
        " default: %(default)s)",
    )
    repeatable(
        p, "--option", "NAME=VALUE", "set a rule option (repeatable; default: the rulebook's rules)"
    )
    p.add_argument(
        "--mode",
        default=None,
        help="Battle Racers: race, boss or solo, the mode of random set-ups (default: race)",
    )
    p.add_argument(
        "--boss",
        default=None,
        help="Battle Racers, boss or solo mode: the boss's id (default: a random boss)",
    )
    p.add_argument(
        "--out",
        "-o",
        default=None,
        help="output file; its extension picks the format: .csv, .json, or .parquet with the"
        " parquet extra (default: CSV on standard output)",
    )
    catalog_option(p)
    flag(p, "--no-progress", "no progress bar on standard error (default: show it)")
    p.set_defaults(func=_simulate)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the reason (or the help)
        return exc.code if isinstance(exc.code, int) else 2
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:
        return _closed_pipe()
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


def _closed_pipe() -> int:
    """Standard output's reader has gone: send what is left to nowhere, so the flush at exit
    raises nothing, and end quietly with :data:`CLOSED_PIPE`."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file: nothing to flush
        pass
    return CLOSED_PIPE


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
