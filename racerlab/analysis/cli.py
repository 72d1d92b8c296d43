"""``racerlab simulate``: play bot games from the command line and write the results table.

The table goes to standard output as CSV unless ``--out`` names a file, whose extension
picks the format (``.csv``, ``.json``; ``.parquet`` with the ``parquet`` extra); progress
goes to standard error. ``--catalog DIR`` plays the cards in DIR (what ``racerlab catalog
export`` writes; the files it lacks are the bundled ones). ``--option NAME=VALUE``
sets a rule option (values are read as JSON where they can be: ``3``,
``2.5``, ``true``, ``"text"``; anything else is taken as text). ``--bot`` names one
bot for every seat or one per seat, comma-separated (``--bot search,greedy``).

Everything that can be refused is refused before the first game: the output path
(its folder writable, Parquet's pyarrow importable), the catalog, the bots, the options,
the set-up choices; ``--workers`` beyond the cores this process may use is cut to
that number with a note on standard error.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..core.errors import ScenarioError
from ..core.limits import MAX_PATH_CHARS

__all__ = [
    "TABLE_SUFFIXES",
    "check_output",
    "check_path",
    "parse_options",
    "simulate_command",
    "workers_for",
    "write_table",
]


def parse_options(items: list[str]) -> dict[str, Any]:
    """``["NAME=VALUE", ...]`` as a mapping; :class:`ScenarioError` for a malformed item.

    >>> parse_options(["round_cap=30", "falcons_pot=false", "tie_break=shared"])
    {'round_cap': 30, 'falcons_pot': False, 'tie_break': 'shared'}
    """
    out: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise ScenarioError(f"--option {item!r}: write it as NAME=VALUE")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        out[name] = value
    return out


TABLE_SUFFIXES = (".csv", ".parquet", ".json")
"""What ``--out`` may end in: the table's format follows the file's extension."""

EXTRAS = {".parquet": ("pyarrow", "parquet")}
"""Extension -> (the module that writes it, the racerlab extra that installs it), for the
formats the plain install cannot write."""


def write_table(df: Any, out: str | None) -> None:
    """Write ``df`` to ``out`` in the format its extension names (:data:`TABLE_SUFFIXES`:
    CSV, Parquet, JSON as a list of rows), or as CSV to stdout (``None`` or ``-``)."""
    if out is None or out == "-":
        df.to_csv(sys.stdout, index=False)
        return
    path = Path(out)
    suffix = path.suffix.lower()
    if suffix == ".csv":
        df.to_csv(path, index=False)
    elif suffix == ".parquet":
        try:
            df.to_parquet(path, index=False)
        except ImportError:
            raise _needs_extra(out, suffix) from None
    elif suffix == ".json":
        df.to_json(path, orient="records")
    else:
        raise _wrong_suffix(out, TABLE_SUFFIXES)


def _wrong_suffix(out: str, suffixes: tuple[str, ...]) -> ScenarioError:
    *rest, last = suffixes
    ends = f"{', '.join(rest)} or {last}" if rest else last
    return ScenarioError(f"{out}: the output must end in {ends}")


def _needs_extra(out: str, suffix: str) -> ScenarioError:
    _module, extra = EXTRAS[suffix]
    return ScenarioError(
        f"{out}: writing {suffix} needs the {extra!r} extra: pip install 'racerlab[{extra}]'"
        " (or write a .csv)"
    )


def check_path(out: str, suffixes: tuple[str, ...], option: str = "--out") -> None:
    """Refuse a file ``out`` could not be written to, before any game is played: a path too
    long, an extension not in ``suffixes``, a folder that is missing or not writable."""
    if len(out) > MAX_PATH_CHARS:
        raise ScenarioError(f"{option}: the path is too long ({len(out)} characters)")
    path = Path(out)
    if path.suffix.lower() not in suffixes:
        raise _wrong_suffix(out, suffixes)
    folder = path.parent
    if not folder.is_dir():
        raise ScenarioError(f"{out}: the folder {str(folder)!r} does not exist")
    if (
        path.is_dir()
        or not os.access(folder, os.W_OK)
        or (path.exists() and not os.access(path, os.W_OK))
    ):
        raise ScenarioError(f"{out}: cannot write there")


def check_output(out: str | None) -> None:
    """Refuse an ``--out`` the table could not be written to, before any game is played
    (:func:`check_path` with :data:`TABLE_SUFFIXES`), naming the extra a format needs
    when it is not installed (Parquet: ``racerlab[parquet]``)."""
    if out is None or out == "-":
        return
    check_path(out, TABLE_SUFFIXES)
    suffix = Path(out).suffix.lower()
    if suffix in EXTRAS:
        try:
            importlib.import_module(EXTRAS[suffix][0])
        except ImportError:
            raise _needs_extra(out, suffix) from None


def workers_for(asked: int) -> int:
    """``--workers`` cut to the cores this process may use, with a note if it was more."""
    from .parallel import usable_cores

    cores = usable_cores()
    if asked > cores:
        print(
            f"racerlab: --workers {asked} is more than the {cores} core(s) this machine"
            f" lets racerlab use; playing with {cores}",
            file=sys.stderr,
        )
        return cores
    return asked


def simulate_command(args: argparse.Namespace) -> int:
    """Run ``racerlab simulate`` with parsed arguments; returns the exit status."""
    from .simulate import bot_names, simulate

    extra: dict[str, Any] = {}
    for key in ("mode", "boss"):
        value = getattr(args, key, None)
        if value is not None:
            if args.game != "sonic":
                raise ScenarioError(f"--{key} applies to Battle Racers (sonic) only")
            extra[key] = value
    check_output(args.out)
    if args.scenario is not None and (args.players is not None or extra):
        raise ScenarioError("--scenario fixes the players and mode; drop --players/--mode/--boss")
    reshuffle = getattr(args, "reshuffle_unseen", False)
    if reshuffle and args.scenario is None:
        raise ScenarioError(
            "--reshuffle-unseen needs --scenario (random set-ups are shuffled anyway)"
        )
    options = parse_options(args.option) or None
    bots = bot_names(args.bot)
    players = args.players
    if isinstance(bots, list) and players is None and args.scenario is None:
        players = len(bots)  # one bot per seat: that many players
    client = None
    df = simulate(
        args.game,
        args.scenario,
        games=args.games,
        seed=args.seed,
        bots=bots,
        players=players,
        workers=workers_for(args.workers),
        client=client,
        progress=not args.no_progress,
        options=options,
        setup_extra=extra,
        reshuffle_unseen=reshuffle,
        catalog=getattr(args, "catalog", None),
    )
    write_table(df, args.out)
    if df.attrs.get("interrupted"):
        print(
            f"racerlab: interrupted after {len(df)} of {args.games} games (kept them)",
            file=sys.stderr,
        )
        return 130
    return 0
