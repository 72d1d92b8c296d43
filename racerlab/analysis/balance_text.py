"""Balance tables a person can read, a note when their intervals are too wide, and a chart.

The balance functions (:mod:`~racerlab.analysis.balance`, ``balance_knights``) return
raw rows: shares as fractions with 17 digits, one column per bound. For a reader,
:func:`summary` lays a table out as text, one row per boss, card or value, each share as
a percentage with its 95% interval (``31.2% (27.0–35.6)``) and each paired change in
points (``-18.0 pts (-31.0 to -6.0)``):

- a boss report: one row per boss, the highest destroy rate first;
- a card sensitivity: the boss as it is, then one row per change, the largest change
  (either way) first;
- a Racer Knights sweep: a stat's values in their own order (the table reads as a curve,
  the value closest to even marked), or a slot's cards, the highest win share first.

:func:`wide_interval_note` says when an interval is wider than ±5 points and about how
many games per row would narrow it to that (the normal approximation
``n ≈ p(1−p)·(1.96/0.05)²`` for a share, ``n·(h/0.05)²`` for a paired change of
half-width ``h``). :func:`sorted_rows` gives the rows in the table's order, for a chart
(``racerlab balance --plot`` draws them with :mod:`racerlab.viz.balance_plots`).

>>> import pandas as pd
>>> df = pd.DataFrame({"boss": ["eggman"], "deck": ["v2"], "games": [10],
...                    "destroyed": [0.3], "low": [0.108], "high": [0.603]})
>>> print(summary(df).splitlines()[-1])
eggman  v2       10  30.0% (10.8–60.3)
>>> wide_interval_note(df).split(";")[0]
'the widest 95% interval is ±30.3 points with 10 games a row'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

__all__ = [
    "TARGET_HALF_WIDTH",
    "games_for",
    "percent",
    "points",
    "sorted_rows",
    "summary",
    "table_kind",
    "wide_interval_note",
]

TARGET_HALF_WIDTH = 0.05
"""The widest interval a balance table should show without a note: ±5 points."""
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
RANKS = ("S", "A", "B", "C", "D", "E", "none")


def percent(p: float, low: float, high: float) -> str:
    """A share with its interval, in percent.

    >>> percent(0.3125, 0.27, 0.356)
    '31.2% (27.0–35.6)'
    """
    return f"{100 * p:.1f}% ({100 * low:.1f}–{100 * high:.1f})"


def points(d: float, low: float, high: float) -> str:
    """A change of a share with its interval, in percentage points.

    >>> points(-0.18, -0.31, -0.06)
    '-18.0 pts (-31.0 to -6.0)'
    """
    return f"{100 * d:+.1f} pts ({100 * low:+.1f} to {100 * high:+.1f})".replace("+0.0", "0.0")


def table_kind(df: Any) -> str:
    """Which balance table ``df`` is: ``report`` (bosses), ``sensitivity`` (card changes),
    ``sweep`` (a stat's values) or ``parts`` (a slot's cards)."""
    if "change" in df.columns:
        return "sensitivity"
    if "boss" in df.columns:
        return "report"
    if "share" in df.columns:
        return "parts" if df.columns[0] == "part" else "sweep"
    raise ValueError(f"not a balance table (columns: {', '.join(map(str, df.columns))})")


def sorted_rows(df: Any) -> Any:
    """``df``'s rows in the order :func:`summary` shows them (see the module doc)."""
    import pandas as pd

    kind = table_kind(df)
    if not len(df) or kind == "sweep":
        out = df
    elif kind == "report":
        out = df.sort_values("destroyed", ascending=False, kind="stable")
    elif kind == "parts":
        out = df.sort_values("share", ascending=False, kind="stable")
    else:
        base = df[df["change"] == "as it is"]
        rest = df[df["change"] != "as it is"]
        order = rest["delta"].abs().sort_values(ascending=False, kind="stable").index
        out = pd.concat([base, rest.loc[order]])
    out = out.reset_index(drop=True)
    out.attrs = dict(df.attrs)
    return out


def _layout(header: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> list[str]:
    """Columns padded to their widest cell: the first ``left`` flush left, the rest right
    (a last column with no header is a remark, flush left)."""
    cells = [list(header), *[list(r) for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = []
    for r in cells:
        parts = [
            c.ljust(widths[i]) if i < left or not header[i] else c.rjust(widths[i])
            for i, c in enumerate(r)
        ]
        lines.append("  ".join(parts).rstrip())
    return lines


def _ranks(row: Any, df: Any) -> list[str]:
    return [str(int(row[r])) for r in RANKS if r in df.columns]


def summary(df: Any) -> str:
    """``df`` (a table a balance function returned) laid out as text; see the module doc."""
    kind = table_kind(df)
    rows = sorted_rows(df)
    if kind == "report":
        return _report(rows)
    if kind == "sensitivity":
        return _sensitivity(rows)
    return _sweep(rows, kind)


def _report(df: Any) -> str:
    ranks = [r for r in RANKS if r in df.columns]
    header = ["boss", "deck", "games", "destroyed [95%]", *ranks]
    boss_mode = "boss_games" in df.columns
    if boss_mode:
        header.append("boss mode: destroyed/escaped/neither of")
    body = []
    for r in df.to_dict("records"):
        cells = [str(r["boss"]), str(r["deck"]), str(int(r["games"]))]
        cells += [percent(r["destroyed"], r["low"], r["high"]), *_ranks(r, df)]
        if boss_mode:
            if math.isnan(float(r["boss_games"])):
                cells.append("-")
            else:
                counts = (r["boss_destroyed"], r["boss_escaped"], r["boss_neither"])
                cells.append("/".join(str(int(c)) for c in counts) + f" of {int(r['boss_games'])}")
        body.append(cells)
    title = "Solo games against each boss: the share the racer destroyed it, then the ranks"
    return "\n".join([title, *_layout(header, body, left=2)])


def _sensitivity(df: Any) -> str:
    header = ["change", "games", "destroyed [95%]", "change [paired 95%]"]
    body = []
    for r in df.to_dict("records"):
        delta = (
            "-"
            if r["change"] == "as it is"
            else points(r["delta"], r["delta_low"], r["delta_high"])
        )
        cells = [str(r["change"]), str(int(r["games"]))]
        body.append([*cells, percent(r["destroyed"], r["low"], r["high"]), delta])
    boss = df.attrs.get("boss", "the boss")
    deck = df.attrs.get("deck")
    title = (
        f"{boss}{f' (deck {deck})' if deck else ''}: the solo destroy rate as it is and per"
        " change, each on the same seeds; the largest change first"
    )
    return "\n".join([title, *_layout(header, body)])


def _sweep(df: Any, kind: str) -> str:
    column = str(df.columns[0])
    header = [column, "wins/games", "win share [95%]", "vs even"]
    closest = None
    if kind == "sweep" and len(df):
        closest = int((df["share"] - df["even"]).abs().to_numpy().argmin())
        header.append("")
    body = []
    for i, r in enumerate(df.to_dict("records")):
        gap = f"{100 * (r['share'] - r['even']):+.1f} pts"
        cells = [str(r[column]), f"{int(r['wins'])}/{int(r['games'])}"]
        cells += [percent(r["share"], r["low"], r["high"]), gap]
        if closest is not None:
            cells.append("<- closest to even" if i == closest else "")
        body.append(cells)
    racer = df.attrs.get("racer", "the build")
    even = f"{100 * float(df['even'].iloc[0]):.1f}%" if len(df) else "-"
    order = "in order" if kind == "sweep" else "the highest share first"
    title = f"{racer} in seat 0: sole wins by {column} ({order}; the even share is {even})"
    return "\n".join([title, *_layout(header, body)])


def games_for(p: float, half_width: float = TARGET_HALF_WIDTH) -> int:
    """About how many games make the 95% interval of a share near ``p`` ±``half_width``
    (normal approximation, rounded up to a multiple of 10).

    >>> games_for(0.5), games_for(0.1)
    (390, 140)
    """
    return _round_up(p * (1 - p) * (Z95 / half_width) ** 2)


def _round_up(n: float) -> int:
    return max(10, 10 * math.ceil(n / 10))


def wide_interval_note(df: Any) -> str | None:
    """A sentence for standard error when an interval of ``df`` is wider than ±5 points,
    with about how many games per row would narrow every one to that; ``None`` if none is."""
    if not len(df):
        return None
    kind = table_kind(df)
    p_col = {"report": "destroyed", "sensitivity": "destroyed"}.get(kind, "share")
    widest, needed, games = 0.0, 0, int(df["games"].max())
    for r in df.to_dict("records"):
        n = int(r["games"])
        half = max(r[p_col] - r["low"], r["high"] - r[p_col])
        if half > TARGET_HALF_WIDTH and n:
            widest = max(widest, half)
            k = r[p_col] * n  # the share's successes, shrunk toward 1/2 so 0 and 1 need games
            p = (k + Z95**2 / 2) / (n + Z95**2)
            needed = max(needed, games_for(p), n + 10)
        if "delta_low" in df.columns and r.get("change") != "as it is":
            half = (r["delta_high"] - r["delta_low"]) / 2
            if half > TARGET_HALF_WIDTH and n:
                widest = max(widest, half)
                needed = max(needed, _round_up(n * (half / TARGET_HALF_WIDTH) ** 2))
    if not needed:
        return None
    return (
        f"the widest 95% interval is ±{100 * widest:.1f} points with {games:,} games a row;"
        f" about {needed:,} games a row (--games {needed}) would narrow every interval to"
        " about ±5 points (n ≈ p(1−p)·(1.96/0.05)²)"
    )
