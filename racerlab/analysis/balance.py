"""Balancing a Battle Racers boss: solo destroy rates, ranks, boss-mode outcomes, card by card.

A designer asks three things of a boss's (illustrative) cards, and this module measures
them with seeded bot games (:func:`~racerlab.analysis.simulate.simulate`, the rule-aware
bot by default):

- :func:`boss_report`: in solo, how often the racer destroys the boss (with its 95% Wilson
  interval) and the rank histogram S..E (``none`` when no rank was earned); optionally the
  boss-mode outcomes (destroyed, escaped, neither) of four-player games.
- :func:`card_sensitivity`: for each card of the deck (the cards of one name together, by
  default), the change in the solo destroy rate when it is removed or softened (each
  number of its actions one less), and with the profile rules off. Every variant is a copy
  of the catalog made in memory (:meth:`~racerlab.sonic.catalog.SonicCatalog.with_boss`);
  nothing is written to ``data/``. The variants play the baseline's seeds (common random
  numbers), so each difference has the paired interval of
  :func:`~racerlab.analysis.compare.compare`.
- :mod:`~racerlab.analysis.balance_knights` does the same kind of sweep for Racer Knights.

Every function takes ``seed`` (the table depends only on it and the game count),
``workers`` / ``client`` (processes or Dask, as ``simulate``), ``progress`` (``True`` for a
tqdm bar, or a callback ``(done, total)`` over the whole job) and ``stop`` (a callable or a
:class:`threading.Event`); a stop or Ctrl-C returns what was measured so far with
``df.attrs["interrupted"] == True``.

>>> cards = card_changes("eggman", deck="v1")
>>> [c.label for c in cards][:3]
['remove Egg Mobile Dash', 'soften Egg Mobile Dash', 'remove Wrecking Ball']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.errors import ScenarioError
from ..core.registry import descriptor
from ..sonic import SonicRules, SonicSetup
from .compare import compare, wilson
from .simulate import Progress, simulate

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = [
    "BOT",
    "RANKS",
    "BossSetup",
    "Change",
    "Tracker",
    "boss_games",
    "boss_report",
    "card_changes",
    "card_sensitivity",
    "load_catalog",
    "rank_histogram",
    "soften",
]

BOSS_DECK = SonicSetup().boss_deck
"""The deck version a new game plays (the bundled newest): what a balance run measures."""
BOT = "smart"
"""The bot that plays a balance run unless told otherwise: the rule-aware bot."""
RANKS = ("S", "A", "B", "C", "D", "E")
"""The solo ranks, best first."""
BOSS_PLAYERS = 4
"""Players in a boss-mode game of :func:`boss_report`."""


@dataclass(frozen=True)
class BossSetup:
    """A random Battle Racers set-up against ``boss`` (deck version ``deck``) in ``mode``:
    the game's own random set-up (racers and zones vary with the game's stream, racers
    drawn from ``catalog``, the bundled one by default) with the boss and its deck pinned.
    Picklable, so worker processes can draw it."""

    boss: str
    deck: str = BOSS_DECK
    mode: str = "solo"
    players: int = 1
    catalog: Any = field(default=None, compare=False, repr=False)

    def __call__(self, rng: np.random.Generator) -> Any:
        """The set-up of one game, drawn from its set-up stream ``rng``."""
        players = 1 if self.mode == "solo" else self.players
        setup = descriptor("sonic").random_setup(
            rng, players, mode=self.mode, boss=self.boss, catalog=self.catalog
        )
        return replace(setup, boss_deck=self.deck)


@dataclass(frozen=True)
class Change:
    """One in-memory change to a boss's data: its label, the kind (``remove``, ``soften``,
    ``profile``), the card name it touches and the changed profile."""

    label: str
    kind: str
    card: str
    profile: Any


def load_catalog(catalog: Any = None) -> Any:
    """The Battle Racers catalog a balance run plays and changes copies of: ``catalog``
    (a catalog, or a folder of catalog files as ``racerlab catalog export`` writes; see
    :func:`~racerlab.core.catalog_files.catalog_for`), or the bundled one."""
    if catalog is not None:
        from ..core.catalog_files import catalog_for

        return catalog_for("sonic", catalog)
    return descriptor("sonic").load_catalog()


class Tracker:
    """One progress bar / callback and one stop test over the many runs of a job."""

    def __init__(self, progress: bool | Progress, total: int, stop: Any) -> None:
        self.total = total
        self.base = 0
        self.callback = progress if callable(progress) else None
        self.bar = None
        if progress is True:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=total, desc="balance", unit="game", leave=False)
        is_set = getattr(stop, "is_set", None)
        self.stop: Callable[[], bool] | None = is_set if callable(is_set) else stop

    def hook(self, done: int, _total: int) -> None:
        """The progress callback of one run (``done`` games of it so far)."""
        if self.bar is not None:
            self.bar.n = self.base + done
            self.bar.refresh()
        if self.callback is not None:
            self.callback(self.base + done, self.total)

    def finished(self, n: int) -> None:
        """A run of ``n`` games is over."""
        self.base += n

    def close(self) -> None:
        """Close the bar."""
        if self.bar is not None:
            self.bar.close()


def _profile(catalog: Any, boss: str, deck: str) -> Any:
    group = catalog.boss_decks.get(deck) or (catalog.bosses if not catalog.boss_decks else {})
    if boss not in group:
        known = ", ".join(sorted(group)) or "none"
        raise ScenarioError(f"no boss {boss!r} in deck version {deck!r} (bosses: {known})")
    return group[boss]


def boss_games(
    boss: str,
    *,
    games: int = 100,
    seed: int = 0,
    mode: str = "solo",
    deck: str = BOSS_DECK,
    catalog: Any = None,
    bot: str = BOT,
    players: int = BOSS_PLAYERS,
    workers: int = 1,
    client: Any = None,
    progress: bool | Progress = False,
    stop: Any = None,
) -> pd.DataFrame:
    """``games`` seeded games against ``boss`` (one row each, :func:`simulate`'s columns)
    in ``mode`` (``solo`` or ``boss``), played by ``bot`` in every seat with ``catalog``
    (the bundled one by default; a folder of your files; a changed copy for a what-if)."""
    if mode not in ("solo", "boss"):
        raise ScenarioError(f"mode must be 'solo' or 'boss', got {mode!r}")
    catalog = load_catalog(catalog)
    _profile(catalog, boss, deck)
    tracker = progress if isinstance(progress, Tracker) else Tracker(progress, games, stop)
    try:
        df = simulate(
            SonicRules(catalog),
            BossSetup(boss, deck, mode, players, catalog),
            games=games,
            seed=seed,
            policies=bot,
            players=1 if mode == "solo" else players,
            workers=workers,
            client=client,
            progress=tracker.hook,
            stop=tracker.stop,
        )
    finally:
        if tracker is not progress:
            tracker.close()
    tracker.finished(games)
    df.attrs.update(boss=boss, deck=deck, mode=mode, bot=bot)
    return df


def rank_histogram(df: pd.DataFrame) -> dict[str, int]:
    """Solo games by rank, S to E, then ``none`` (no rank earned)."""
    ranks = df["solo_rank"].value_counts().to_dict() if len(df) else {}
    out = {r: int(ranks.get(r, 0)) for r in RANKS}
    out["none"] = len(df) - sum(out.values())
    return out


def _solo_row(df: pd.DataFrame) -> dict[str, Any]:
    k = int(df["boss_defeated"].sum()) if len(df) else 0
    p, low, high = wilson(k, len(df))
    return {"games": len(df), "destroyed": p, "low": low, "high": high, **rank_histogram(df)}


def boss_report(
    bosses: str | Iterable[str],
    *,
    games: int = 100,
    boss_mode_games: int = 0,
    seed: int = 0,
    deck: str = BOSS_DECK,
    catalog: Any = None,
    bot: str = BOT,
    workers: int = 1,
    client: Any = None,
    progress: bool | Progress = False,
    stop: Any = None,
) -> pd.DataFrame:
    """One row per boss: solo ``games`` (``destroyed`` share with its 95% Wilson interval
    ``low``..``high``, the rank counts ``S``..``E`` and ``none``) and, with
    ``boss_mode_games`` > 0, that many four-player boss-mode games (``boss_destroyed``,
    ``boss_escaped``, ``boss_neither``: counts)."""
    import pandas as pd

    names = [bosses] if isinstance(bosses, str) else list(bosses)
    catalog = load_catalog(catalog)  # a folder is read once, for every boss
    tracker = Tracker(progress, len(names) * (games + boss_mode_games), stop)
    rows = []
    interrupted = False
    kw = dict(seed=seed, deck=deck, catalog=catalog, bot=bot, workers=workers, client=client)
    try:
        for boss in names:
            solo = boss_games(boss, games=games, progress=tracker, stop=stop, **kw)
            row = {"boss": boss, "deck": deck, **_solo_row(solo)}
            interrupted = bool(solo.attrs.get("interrupted"))
            if boss_mode_games and not interrupted:
                multi = boss_games(
                    boss, games=boss_mode_games, mode="boss", progress=tracker, stop=stop, **kw
                )
                destroyed = int(multi["boss_defeated"].sum())
                escaped = int(multi["boss_escaped"].sum())
                row.update(
                    boss_games=len(multi),
                    boss_destroyed=destroyed,
                    boss_escaped=escaped,
                    boss_neither=len(multi) - destroyed - escaped,
                )
                interrupted = bool(multi.attrs.get("interrupted"))
            rows.append(row)
            if interrupted:
                break
    finally:
        tracker.close()
    out = pd.DataFrame(rows)
    out.attrs.update(interrupted=interrupted, seed=seed, games=games, bot=bot, deck=deck)
    return out


# -- what-ifs, card by card ------------------------------------------------------------------
def _soft_spec(spec: Any) -> Any:
    """``spec`` with each number one less; ``None`` when a number would reach 0."""
    params = []
    for k, v in spec.params:
        if isinstance(v, int) and not isinstance(v, bool):
            if v <= 1:
                return None
            v -= 1
        params.append((k, v))
    return replace(spec, params=tuple(params))


def soften(card: Any) -> Any:
    """``card`` softened: every number of its actions one less (an action at 1 is dropped),
    under a new id (``<id>~soft``) so it never stands for the card it came from.

    >>> snatch = load_catalog().boss_decks["v1"]["shadow"].deck[3]
    >>> snatch.name, snatch.actions[0].params
    ('Snatch', (('rings', 3), ('target', 'leader')))
    >>> soften(snatch).actions[0].params, soften(snatch).id
    ((('rings', 2), ('target', 'leader')), 'shadow-4~soft')
    """
    actions = tuple(s for s in (_soft_spec(a) for a in card.actions) if s is not None)
    return replace(card, id=f"{card.id}~soft", actions=actions)


def card_changes(
    boss: str,
    *,
    deck: str = BOSS_DECK,
    catalog: Any = None,
    by: str = "name",
    kinds: tuple[str, ...] = ("remove", "soften"),
    profile_rules: bool = True,
) -> list[Change]:
    """The what-ifs of :func:`card_sensitivity`: for each card (``by="card"``) or each card
    name (``by="name"``, the cards sharing a name together), removing and/or softening it;
    with ``profile_rules``, one more change switching the profile's rules off."""
    if by not in ("name", "card"):
        raise ScenarioError(f"by must be 'name' or 'card', got {by!r}")
    bad = [k for k in kinds if k not in ("remove", "soften")]
    if bad:
        raise ScenarioError(f"kinds must be 'remove' and/or 'soften', got {bad}")
    profile = _profile(load_catalog(catalog), boss, deck)
    groups: dict[str, list[str]] = {}
    for c in profile.deck:
        groups.setdefault(c.name if by == "name" else c.id, []).append(c.id)
    out = []
    for key, ids in groups.items():
        for kind in kinds:
            if kind == "remove":
                cards = tuple(c for c in profile.deck if c.id not in ids)
            else:
                cards = tuple(soften(c) if c.id in ids else c for c in profile.deck)
            out.append(Change(f"{kind} {key}", kind, key, replace(profile, deck=cards)))
    if profile_rules and profile.rules:
        out.append(Change("profile rules off", "profile", "", replace(profile, rules=())))
    return out


def card_sensitivity(
    boss: str,
    *,
    games: int = 100,
    seed: int = 0,
    deck: str = BOSS_DECK,
    catalog: Any = None,
    changes: list[Change] | None = None,
    by: str = "name",
    kinds: tuple[str, ...] = ("remove", "soften"),
    bot: str = BOT,
    workers: int = 1,
    client: Any = None,
    progress: bool | Progress = False,
    stop: Any = None,
) -> pd.DataFrame:
    """The solo destroy rate of ``boss`` as it is and under each change (:func:`card_changes`
    by default), each on the same ``games`` seeds. One row per change (the first,
    ``as it is``, the baseline): ``destroyed`` with its Wilson interval ``low``..``high``,
    and ``delta`` (change minus baseline) with the paired 95% interval
    ``delta_low``..``delta_high``."""
    import pandas as pd

    catalog = load_catalog(catalog)
    if changes is None:
        changes = card_changes(boss, deck=deck, catalog=catalog, by=by, kinds=kinds)
    tracker = Tracker(progress, games * (len(changes) + 1), stop)
    kw = dict(games=games, seed=seed, deck=deck, bot=bot, workers=workers, client=client)
    rows: list[dict[str, Any]] = []
    interrupted = False
    try:
        base = boss_games(boss, catalog=catalog, progress=tracker, stop=stop, **kw)
        interrupted = bool(base.attrs.get("interrupted"))
        rows.append({"change": "as it is", "kind": "", "card": "", **_solo_row(base)})
        for change in [] if interrupted else changes:
            if not change.profile.deck:  # nothing left to play: no game changes
                continue
            variant = catalog.with_boss(change.profile)
            df = boss_games(boss, catalog=variant, progress=tracker, stop=stop, **kw)
            interrupted = bool(df.attrs.get("interrupted"))
            if interrupted:
                break
            diff = compare(df, base, "boss_defeated", paired=True).loc["A - B"]
            rows.append(
                {
                    "change": change.label,
                    "kind": change.kind,
                    "card": change.card,
                    **_solo_row(df),
                    "delta": float(diff["estimate"]),
                    "delta_low": float(diff["low"]),
                    "delta_high": float(diff["high"]),
                }
            )
    finally:
        tracker.close()
    out = pd.DataFrame(rows)
    if len(out):
        out.loc[0, ["delta", "delta_low", "delta_high"]] = 0.0
    out.attrs.update(interrupted=interrupted, seed=seed, games=games, boss=boss, deck=deck)
    return out
