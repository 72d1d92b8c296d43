"""``racerlab simulate``: play bot games from the command line and write the results table.

The table goes to standard output as CSV unless ``--out`` names a ``.csv`` or
``.parquet`` file; progress goes to standard error. ``--option NAME=VALUE``
sets a rule option (values are read as JSON where they can be: ``3``,
``2.5``, ``true``, ``"text"``; anything else is taken as text). ``--bot`` names one
bot for every seat or one per seat, comma-separated (``--bot search,greedy``).

Everything that can be refused is refused before the first game: the output path
(its folder writable, Parquet's pyarrow importable), the bots, the options, the
set-up choices; ``--workers`` beyond the cores this process may use is cut to
that number with a note on standard error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..core.errors import ScenarioError
from ..core.limits import MAX_PATH_CHARS

__all__ = ["check_output", "parse_options", "simulate_command", "workers_for", "write_table"]


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


def write_table(df: Any, out: str | None) -> None:
    """Write ``df`` as CSV to ``out`` (stdout when ``None`` or ``-``) or as Parquet."""
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
        except ImportError as exc:
            raise ScenarioError(
                f"{out}: writing Parquet needs pyarrow (pip install 'racerlab[parquet]'): {exc}"
            ) from None
    else:
        raise ScenarioError(f"{out}: the output must end in .csv or .parquet")


def check_output(out: str | None) -> None:
    """Refuse an ``--out`` the table could not be written to, before any game is played:
    a path too long, a suffix other than .csv or .parquet, a folder that is missing or
    not writable, or Parquet without pyarrow."""
    if out is None or out == "-":
        return
    if len(out) > MAX_PATH_CHARS:
        raise ScenarioError(f"--out: the path is too long ({len(out)} characters)")
    path = Path(out)
    if path.suffix.lower() not in (".csv", ".parquet"):
        raise ScenarioError(f"{out}: the output must end in .csv or .parquet")
    folder = path.parent
    if not folder.is_dir():
        raise ScenarioError(f"{out}: the folder {str(folder)!r} does not exist")
    if (
        path.is_dir()
        or not os.access(folder, os.W_OK)
        or (path.exists() and not os.access(path, os.W_OK))
    ):
        raise ScenarioError(f"{out}: cannot write there")
    if path.suffix.lower() == ".parquet":
        try:
            import pyarrow  # noqa: F401 -- pandas writes Parquet through it
        except ImportError as exc:
            raise ScenarioError(
                f"{out}: writing Parquet needs pyarrow (pip install 'racerlab[parquet]'),"
                f" which cannot be imported ({exc}); or write a .csv"
            ) from None


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
    )
    write_table(df, args.out)
    if df.attrs.get("interrupted"):
        print(
            f"racerlab: interrupted after {len(df)} of {args.games} games (kept them)",
            file=sys.stderr,
        )
        return 130
    return 0
