"""``racerlab balance``: a designer's measurements from the command line.

- ``racerlab balance boss eggman shadow``: per boss, the solo destroy rate with its 95%
  interval and the rank histogram (``--boss-games N`` adds four-player boss-mode
  outcomes); ``--sensitivity`` instead gives, for one boss, the change in the destroy rate
  when each card is removed or softened (copies made in memory; ``data/`` is not touched).
- ``racerlab balance knights cindy --stat armor --values 4:12``: a prebuilt Racer Knights
  build's win share at each value of a stat; ``--slot engine`` without ``--stat`` tries
  each card of that slot instead.

Standard output gets a table a person reads (:func:`racerlab.analysis.balance_text.summary`:
percentages with their 95% intervals, one row per boss, card or value, sorted by effect);
standard error a note when an interval is wider than ±5 points, with about how many games
would narrow it. ``--out FILE`` also writes the raw rows, in the format the extension names
(as ``racerlab simulate``: ``.csv``, ``.json``, ``.parquet`` with the extra); ``--out -``
writes them as CSV to standard output instead of the table. ``--plot FILE.html`` writes the
chart with its intervals, a page that opens without a network. ``--catalog DIR`` plays the
cards in DIR. Progress goes to standard error; Ctrl-C keeps what was measured.
:func:`add_parser` adds the command to ``racerlab``'s parser; :func:`run` runs it.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .cli_args import catalog_option, whole_number
from .core.errors import ScenarioError
from .core.limits import MAX_GAMES, MAX_PLAYERS, MAX_SEED

__all__ = ["add_parser", "balance_figure", "parse_values", "run", "write_figure"]


def parse_values(text: str) -> list[int]:
    """``"4:12"`` (both ends included), ``"4:12:2"`` (a step) or ``"4,6,9"`` as numbers.

    >>> parse_values("4:8:2"), parse_values("3,5")
    ([4, 6, 8], [3, 5])
    """
    try:
        if ":" in text:
            parts = [int(p) for p in text.split(":")]
            if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] <= 0):
                raise ValueError
            step = parts[2] if len(parts) == 3 else 1
            values = list(range(parts[0], parts[1] + 1, step))
        else:
            values = [int(p) for p in text.split(",")]
    except ValueError:
        raise ScenarioError(
            f"--values {text!r}: write FROM:TO, FROM:TO:STEP or a comma-separated list"
        ) from None
    if not values:
        raise ScenarioError(f"--values {text!r}: no values in that range")
    return values


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--games",
        type=whole_number(1, MAX_GAMES, "see docs/reliability.md"),
        default=100,
        help="games per measurement (default 100)",
    )
    p.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED, "a 64-bit seed"),
        default=0,
        help="seed of the games (default 0)",
    )
    p.add_argument(
        "--bot", default="smart", help="bot in every seat (default smart, the rule-aware bot)"
    )
    p.add_argument(
        "--workers",
        type=whole_number(1),
        default=1,
        help="worker processes, at most the machine's cores (more are cut; default 1)",
    )
    p.add_argument(
        "--out",
        "-o",
        default=None,
        metavar="FILE",
        help="also write the raw rows; the extension picks the format: .csv, .json, or .parquet"
        " with the parquet extra; - writes them as CSV to stdout instead of the table"
        " (default: the table only)",
    )
    p.add_argument(
        "--plot",
        default=None,
        metavar="FILE.html",
        help="write the chart, intervals drawn, as a page that needs no network (default: none)",
    )
    catalog_option(p)
    p.add_argument("--no-progress", action="store_true", help="no progress bar (default: shown)")


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add ``balance`` (with ``boss`` and ``knights``) to the subcommands ``sub``."""
    p = sub.add_parser("balance", help="balance a boss's cards or a Racer Knights build")
    what = p.add_subparsers(dest="balance_target", required=True)

    b = what.add_parser("boss", help="Battle Racers bosses: solo destroy rate, ranks, cards")
    b.add_argument("bosses", nargs="+", help="boss ids: eggman, shadow, metal-sonic, infinite")
    b.add_argument(
        "--deck", default=None, help="boss deck version, v1 or v2 (default: the newest, v2)"
    )
    b.add_argument(
        "--boss-games",
        type=whole_number(0, MAX_GAMES, "see docs/reliability.md"),
        default=0,
        help="also play this many four-player boss-mode games per boss (default 0: none)",
    )
    b.add_argument(
        "--sensitivity",
        action="store_true",
        help="one boss: the destroy rate's change per card removed or softened (default off)",
    )
    b.add_argument(
        "--by",
        choices=("name", "card"),
        default="name",
        help="--sensitivity: change the cards of one name together, or each card (default name)",
    )
    b.add_argument(
        "--kinds",
        default="remove,soften",
        help="--sensitivity: which changes, comma-separated (default remove,soften)",
    )
    _common(b)
    b.set_defaults(func=run)

    k = what.add_parser("knights", help="Racer Knights: a build's win share by stat or part")
    k.add_argument("racer", help="a prebuilt racer id (e.g. cindy)")
    k.add_argument("--stat", default=None, help="the stat to sweep, e.g. armor (default none)")
    k.add_argument(
        "--values", default=None, help="--stat values: FROM:TO[:STEP] or a list (e.g. 4:12)"
    )
    k.add_argument(
        "--slot",
        default="chassis",
        help="the card that carries --stat, or without --stat the slot whose cards are tried "
        "(default chassis)",
    )
    k.add_argument(
        "--players",
        type=whole_number(2, MAX_PLAYERS, "each game checks its own limit too"),
        default=2,
        help="racers per joust (default 2)",
    )
    _common(k)
    k.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``racerlab balance`` with parsed arguments; returns the exit status."""
    from .analysis import balance, balance_knights
    from .analysis.balance_text import summary, wide_interval_note
    from .analysis.cli import check_output, check_path, workers_for, write_table

    check_output(args.out)
    if args.plot is not None:
        check_path(args.plot, (".html",), "--plot")
    boss = args.balance_target == "boss"
    # the catalog is read and checked once, before any game
    catalog = (balance if boss else balance_knights).load_catalog(args.catalog)
    progress = not args.no_progress
    common = dict(
        games=args.games,
        seed=args.seed,
        bot=args.bot,
        workers=workers_for(args.workers),
        catalog=catalog,
    )
    df = _boss(args, progress, common) if boss else _knights(args, progress, common)
    if args.out == "-":
        write_table(df, None)
    elif len(df):
        print(summary(df))
        if args.out is not None:
            write_table(df, args.out)
    note = wide_interval_note(df) if len(df) else None
    if note:
        print(f"racerlab: note: {note}", file=sys.stderr)
    if args.plot is not None and len(df):
        write_figure(df, args.plot)
    if df.attrs.get("interrupted"):
        print("racerlab: interrupted; the table holds what was measured", file=sys.stderr)
        return 130
    return 0


def _boss(args: argparse.Namespace, progress: bool, common: dict) -> object:
    from .analysis import balance

    deck = args.deck or balance.BOSS_DECK
    if args.sensitivity:
        if len(args.bosses) != 1:
            raise ScenarioError("--sensitivity measures one boss at a time")
        kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
        return balance.card_sensitivity(
            args.bosses[0], deck=deck, by=args.by, kinds=kinds, progress=progress, **common
        )
    return balance.boss_report(
        args.bosses, deck=deck, boss_mode_games=args.boss_games, progress=progress, **common
    )


def _knights(args: argparse.Namespace, progress: bool, common: dict) -> object:
    from .analysis import balance_knights

    if args.stat is not None:
        if args.values is None:
            raise ScenarioError("--stat needs --values (e.g. --values 4:12)")
        values = parse_values(args.values)
        return balance_knights.stat_sweep(
            args.racer, args.stat, values, slot=args.slot, players=args.players,
            progress=progress, **common,
        )  # fmt: skip
    if args.values is not None:
        raise ScenarioError("--values needs --stat")
    return balance_knights.part_sweep(
        args.racer, args.slot, players=args.players, progress=progress, **common
    )


def balance_figure(df: Any) -> Any:
    """The chart of a balance table (:mod:`racerlab.viz.balance_plots`), its rows in the
    printed table's order: the destroy rate and ranks per boss, the change per card, or
    the win share per value or card, each with its 95% intervals drawn."""
    from .analysis.balance_text import sorted_rows, table_kind
    from .viz import balance_plots

    kind = table_kind(df)
    rows = sorted_rows(df)
    if kind == "report":
        from bokeh.layouts import column

        return column(
            balance_plots.destroy_rate_plot(rows),
            balance_plots.rank_plot(rows),
            sizing_mode="stretch_width",
        )
    if kind == "sensitivity":
        return balance_plots.sensitivity_plot(rows)
    return balance_plots.sweep_plot(rows)


def write_figure(df: Any, path: str) -> None:
    """Write :func:`balance_figure` of ``df`` to ``path`` as one HTML page that needs no
    network (:func:`racerlab.viz.balance_plots.write_offline`)."""
    from .viz.balance_plots import write_offline

    what = df.attrs.get("boss") or df.attrs.get("racer")
    title = f"racerlab balance: {what}" if what else "racerlab balance"
    write_offline(balance_figure(df), path, title)
