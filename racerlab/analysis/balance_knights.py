"""Balancing a Racer Knights build: its win share across the values of a stat, or across
the parts that could fill one of its slots.

"At what Armor is this build even?" :func:`stat_sweep` gives the build (a prebuilt racer,
in seat 0) each total of the stat in turn, by changing the stat strip of one of its cards
in a copy of the catalog made in memory (nothing is written to ``data/``), and plays
seeded jousts against the random set-up's other racers. :func:`part_sweep` swaps the
cards of one slot instead. Each row: the value, games, seat 0's sole wins, its share with
the 95% Wilson interval, and the even share (1 / players); :func:`even_value` reads the
value closest to even. Seeds, workers, progress and stopping work as in
:mod:`~racerlab.analysis.balance`.

>>> cat = load_catalog()
>>> changed = with_stat(cat, "cindy", "armor", 10)
>>> [c.racers["cindy"].resolve(c).stats.armor for c in (changed, cat)]
[10, 8]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.errors import ScenarioError
from ..core.registry import descriptor
from ..knights import KnightsRules, random_setup
from .balance import Tracker
from .compare import wilson
from .simulate import Progress, simulate

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = [
    "SLOTS",
    "Seat0",
    "even_value",
    "load_catalog",
    "part_sweep",
    "stat_names",
    "stat_sweep",
    "with_stat",
]

SLOTS = ("chassis", "engine", "tires", "weapon", "knight")
"""The slots of a build whose card a sweep can change or swap."""


def load_catalog(catalog: Any = None) -> Any:
    """The Racer Knights catalog a sweep changes copies of: ``catalog`` (a catalog, or a
    folder of catalog files as ``racerlab catalog export`` writes; see
    :func:`~racerlab.core.catalog_files.catalog_for`), or the bundled one."""
    if catalog is not None:
        from ..core.catalog_files import catalog_for

        return catalog_for("knights", catalog)
    return descriptor("knights").load_catalog()


def stat_names(catalog: Any) -> tuple[str, ...]:
    """The stats a sweep can change (the fields of a card's stat strip)."""
    part = next(iter(catalog.parts.values()))
    return tuple(f.name for f in fields(part.stats))


BOT = "smart"
"""The bot of every seat unless told otherwise: the rule-aware bot."""


def with_stat(catalog: Any, racer: str, stat: str, total: int, slot: str = "chassis") -> Any:
    """A copy of ``catalog`` in which prebuilt ``racer`` has ``total`` of ``stat``: the card
    in its ``slot`` carries the difference on its stat strip (other racers using that
    card change too)."""
    stats = stat_names(catalog)
    if stat not in stats:
        raise ScenarioError(f"unknown stat {stat!r} (stats: {', '.join(stats)})")
    if slot not in SLOTS:
        raise ScenarioError(f"unknown slot {slot!r} (slots: {', '.join(SLOTS)})")
    if racer not in catalog.racers:
        raise ScenarioError(f"no prebuilt racer {racer!r} (racers: {', '.join(catalog.racers)})")
    build = catalog.racers[racer]
    now = getattr(build.resolve(catalog).stats, stat)
    part = catalog.parts[getattr(build, slot)]
    stats = replace(part.stats, **{stat: getattr(part.stats, stat) + int(total) - now})
    parts = {**catalog.parts, part.id: replace(part, stats=stats)}
    return type(catalog)(parts, catalog.racers, catalog.table)


@dataclass(frozen=True)
class Seat0:
    """A random joust set-up (``players`` racers) with ``build`` in seat 0 (picklable)."""

    build: Any
    players: int
    catalog: Any

    def __call__(self, rng: np.random.Generator) -> Any:
        """The set-up of one joust from its set-up stream ``rng``."""
        setup = random_setup(self.players, seed=int(rng.integers(2**31)), catalog=self.catalog)
        first = replace(setup.players[0], racer=self.build, name=self.build.name)
        return replace(setup, players=(first, *setup.players[1:]))


def _sweep(
    arms: Sequence[tuple[Any, Any, Any]],
    column: str,
    *,
    players: int,
    games: int,
    seed: int,
    bot: str,
    workers: int,
    client: Any,
    progress: bool | Progress,
    stop: Any,
) -> pd.DataFrame:
    import pandas as pd

    tracker = Tracker(progress, games * len(arms), stop)
    rows = []
    interrupted = False
    try:
        for value, build, catalog in arms:
            df = simulate(
                KnightsRules(catalog),
                Seat0(build, players, catalog),
                games=games,
                seed=seed,
                policies=bot,
                workers=workers,
                client=client,
                progress=tracker.hook,
                stop=tracker.stop,
            )
            tracker.finished(games)
            wins = int((df["winner"] == 0).sum()) if len(df) else 0
            p, low, high = wilson(wins, len(df))
            rows.append(
                {column: value, "games": len(df), "wins": wins, "share": p, "low": low,
                 "high": high, "even": 1 / players}
            )  # fmt: skip
            interrupted = bool(df.attrs.get("interrupted"))
            if interrupted:
                break
    finally:
        tracker.close()
    out = pd.DataFrame(rows)
    out.attrs.update(interrupted=interrupted, seed=seed, games=games, players=players, bot=bot)
    return out


def stat_sweep(
    racer: str,
    stat: str,
    values: Iterable[int],
    *,
    slot: str = "chassis",
    players: int = 2,
    games: int = 100,
    seed: int = 0,
    catalog: Any = None,
    bot: str = BOT,
    workers: int = 1,
    client: Any = None,
    progress: bool | Progress = False,
    stop: Any = None,
) -> pd.DataFrame:
    """Prebuilt ``racer``'s win share in seat 0 with each total of ``stat`` in ``values``
    (carried by the card in its ``slot``, :func:`with_stat`); every value plays the same
    ``games`` seeds. Columns: ``stat`` (the value), ``games``, ``wins``, ``share``,
    ``low``, ``high``, ``even``."""
    catalog = load_catalog(catalog)
    arms = []
    for v in values:
        changed = with_stat(catalog, racer, stat, int(v), slot)
        arms.append((int(v), changed.racers[racer], changed))
    out = _sweep(arms, stat, players=players, games=games, seed=seed, bot=bot,
                 workers=workers, client=client, progress=progress, stop=stop)  # fmt: skip
    out.attrs.update(racer=racer, stat=stat, slot=slot)
    return out


def part_sweep(
    racer: str,
    slot: str,
    parts: Iterable[str] | None = None,
    *,
    players: int = 2,
    games: int = 100,
    seed: int = 0,
    catalog: Any = None,
    bot: str = BOT,
    workers: int = 1,
    client: Any = None,
    progress: bool | Progress = False,
    stop: Any = None,
) -> pd.DataFrame:
    """Prebuilt ``racer``'s win share in seat 0 with each card of ``parts`` (every card
    that fits ``slot`` by default; cards that make the build illegal are skipped) in its
    ``slot``. Columns as :func:`stat_sweep`, with ``part`` (the card id) first."""
    catalog = load_catalog(catalog)
    if racer not in catalog.racers:
        raise ScenarioError(f"no prebuilt racer {racer!r} (racers: {', '.join(catalog.racers)})")
    if slot not in SLOTS:
        raise ScenarioError(f"unknown slot {slot!r} (slots: {', '.join(SLOTS)})")
    build = catalog.racers[racer]
    kind = catalog.parts[getattr(build, slot)].kind
    ids = list(parts) if parts is not None else [p.id for p in catalog.by_kind(kind)]
    arms = []
    for pid in ids:
        if pid not in catalog.parts:
            raise ScenarioError(f"no part {pid!r} in the catalog")
        changed = build.with_part(catalog, pid)
        if changed.is_legal(catalog):
            arms.append((pid, changed, catalog))
    out = _sweep(arms, "part", players=players, games=games, seed=seed, bot=bot,
                 workers=workers, client=client, progress=progress, stop=stop)  # fmt: skip
    out.attrs.update(racer=racer, slot=slot)
    return out


def even_value(df: pd.DataFrame) -> Any:
    """The swept value whose share is closest to the even share (``None`` for no rows)."""
    if not len(df):
        return None
    gap = (df["share"] - df["even"]).abs()
    return df.iloc[int(gap.to_numpy().argmin()), 0]
