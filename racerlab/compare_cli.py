"""``racerlab compare``: two results tables side by side, with confidence intervals.

``racerlab compare A.csv B.csv`` reads two tables ``racerlab simulate -o`` wrote (``.csv``,
``.json``; ``.parquet`` with the extra) and prints, for a metric of each game, the estimate
for A, for B and for A - B with their intervals
(:func:`racerlab.analysis.compare.compare`): ``--metric win:0`` (the default: seat 0's win
rate, Wilson intervals and Newcombe's for the difference), a column's mean (``--metric
rounds``: normal intervals, Welch's for the difference) or a yes/no column
(``boss_defeated``). ``--paired`` treats the tables as played on the same seeds (the
interval of the per-game differences). ``--plot FILE.html`` also writes the chart, a page
that opens without a network (:func:`racerlab.viz.balance_plots.compare_plot`).
:func:`add_parser` adds the command to ``racerlab``'s parser; :func:`run` runs it.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .cli_args import flag
from .core.errors import ScenarioError

__all__ = ["add_parser", "read_table", "run"]


def read_table(path: str) -> Any:
    """A results table as ``racerlab simulate -o`` wrote it, in the format its extension
    names; :class:`ScenarioError` for a missing file or an unknown extension."""
    import pandas as pd

    from .analysis.cli import TABLE_SUFFIXES, check_output

    file = Path(path)
    if file.suffix.lower() not in TABLE_SUFFIXES:
        raise ScenarioError(f"{path}: a results table ends in {', '.join(TABLE_SUFFIXES)}")
    if not file.is_file():
        raise ScenarioError(f"{path}: no such file")
    suffix = file.suffix.lower()
    if suffix == ".csv":
        return pd.read_csv(file)
    if suffix == ".json":
        return pd.read_json(file, orient="records")
    check_output(str(file.with_name("check.parquet")))  # names the extra when missing
    return pd.read_parquet(file)


def _confidence(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: a level between 0 and 1, e.g. 0.95")
    return value


def add_parser(sub: Any) -> None:
    """Add ``compare`` to the subcommands ``sub`` (an ``add_subparsers()`` result)."""
    p = sub.add_parser("compare", help="compare two results tables with confidence intervals")
    p.add_argument("a", metavar="A", help="the first table (as racerlab simulate -o writes)")
    p.add_argument("b", metavar="B", help="the second table")
    p.add_argument(
        "--metric",
        default="win:0",
        help="win:<seat> (a seat's win rate), or a column: its mean, or its share if yes/no"
        " (default win:0)",
    )
    p.add_argument(
        "--confidence", type=_confidence, default=0.95, help="interval level (default 0.95)"
    )
    flag(p, "--paired", "the tables were played on the same seeds (default: independent)")
    p.add_argument(
        "--plot",
        default=None,
        metavar="FILE.html",
        help="write the chart, intervals drawn, as a page that needs no network (default: none)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``racerlab compare`` with parsed arguments; returns the exit status."""
    from .analysis.cli import check_path
    from .analysis.compare import compare

    if args.plot is not None:
        check_path(args.plot, (".html",), "--plot")
    a, b = read_table(args.a), read_table(args.b)
    table = compare(
        a,
        b,
        args.metric,
        confidence=args.confidence,
        paired=args.paired,
        labels=(Path(args.a).stem, Path(args.b).stem),
    )
    print(table.to_string())
    if args.plot is not None:
        from .viz.balance_plots import compare_plot, write_offline

        write_offline(compare_plot(table), args.plot, f"racerlab compare: {args.metric}")
    return 0
