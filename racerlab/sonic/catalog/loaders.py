"""Reading and checking the Battle Racers catalogs in ``data/sonic``.

Five kinds of TOML file (see docs/data.md for how to write them):

* ``sonic-sections`` (``sections-<zone>.toml``): track sections as readable
  grids (:func:`racerlab.sonic.track.parse_code` explains the 3-character codes);
* ``sonic-cards`` (``cards.toml``): the 64 Agility Cards;
* ``sonic-racers`` (``racers.toml``): racer profiles with an Ability and a Power
  written as effect primitives (:mod:`racerlab.sonic.effect_names`);
* ``sonic-bosses`` (``bosses.toml``): boss profiles and their 16-card decks; older
  versions of the bundled decks stay beside it (``bosses-v1.toml``) so saved games replay
  as they were played (:attr:`SonicCatalog.boss_decks`);
* ``sonic-components`` (``components.toml``): token counts in the box.

Every problem of a file is reported at once, naming file, entry and field.
The game's descriptor (:data:`racerlab.sonic.game.GAME`) lists each kind, so
``racerlab validate FILE`` checks any of them.

>>> cat = load_catalog()
>>> len(cat.cards), sorted(cat.bosses), cat.components.rings
(64, ['eggman', 'infinite', 'metal-sonic', 'shadow'], 50)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from ...core.catalog import Checker, Field, Schema, data_dir, read_toml
from ...core.errors import CatalogError, Problem
from ...core.provenance import PRINTED_FIELD
from ..board.board import BADNIK_ORDER, Badnik
from ..effect_names import Scope
from ..rounds import CardAction, CardFacts, CardMovement
from ..track import LANES, GridError, Platform, Section, SectionType, Trap, Zone, parse_grid
from .bosses import BossCard, BossProfile, boss_decks, load_bosses
from .common import SOURCES, VERSION, EffectSpec, header, read_effects

__all__ = [
    "VERSION",
    "BossCard",
    "BossProfile",
    "Components",
    "EffectSpec",
    "RacerProfile",
    "SonicCatalog",
    "load_bosses",
    "load_cards",
    "load_catalog",
    "load_components",
    "load_racers",
    "load_sections",
]

_T = TypeVar("_T")

MAX_COLUMNS = 12
"""Longest section accepted (columns)."""
MIN_COLUMNS = 2
"""Shortest section accepted (columns)."""


@dataclass(frozen=True, slots=True)
class RacerProfile:
    """A racer: base size, ring stacks, Ability and Power (as primitives) and their wording."""

    id: str
    name: str
    large: bool
    ring_stacks: int
    ability: tuple[EffectSpec, ...]
    power: tuple[EffectSpec, ...]
    ability_text: str
    power_text: str
    source: str


@dataclass(frozen=True, slots=True)
class Components:
    """Counts of the tokens in the boxes."""

    rings: int
    badniks: tuple[tuple[Badnik, int], ...]
    rocks: int
    platforms: int
    traps: int
    vr_tokens: int

    @property
    def bag(self) -> tuple[int, ...]:
        """Badnik counts in :data:`~racerlab.sonic.board.BADNIK_ORDER` (for ``Board.bag``)."""
        counts = dict(self.badniks)
        return tuple(counts.get(b, 0) for b in BADNIK_ORDER)


@dataclass(frozen=True)
class SonicCatalog:
    """Everything in ``data/sonic``: sections by zone, cards, racers, bosses, components."""

    sections: dict[Zone, tuple[Section, ...]]
    cards: tuple[CardFacts, ...]
    racers: dict[str, RacerProfile]
    bosses: dict[str, BossProfile]
    components: Components
    boss_decks: dict[str, dict[str, BossProfile]] = field(default_factory=dict)
    """Every version of the boss data by deck version (``bosses`` is the newest's)."""

    def section(self, section_id: str) -> Section:
        """The section called ``section_id`` (any zone)."""
        for group in self.sections.values():
            for s in group:
                if s.id == section_id:
                    return s
        raise KeyError(f"no track section {section_id!r}")

    def card(self, card_id: str) -> CardFacts:
        """The Agility Card called ``card_id``."""
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(f"no Agility Card {card_id!r}")

    def derived(self, name: str, make: Callable[[SonicCatalog], _T]) -> _T:
        """``make(self)``, made the first time ``name`` is asked for and then kept by this
        catalog (not a field: equality, copies by :func:`dataclasses.replace` and encoding
        see only the catalog's own data). What is derived from a catalog, such as the rules'
        index (:func:`~.facts.facts`), so lives exactly as long as the catalog."""
        kept = self.__dict__.setdefault("_derived", {})
        got = kept.get(name)
        if got is None:
            got = kept.setdefault(name, make(self))  # one value per name, whoever made it first
        return got

    def with_boss(self, profile: BossProfile) -> SonicCatalog:
        """A copy with ``profile`` in place of the boss of its id in its deck version (and
        in :attr:`bosses` when that is the newest version); this catalog is unchanged."""
        decks = {v: dict(group) for v, group in self.boss_decks.items()}
        decks.setdefault(profile.version, {})[profile.id] = profile
        bosses = dict(self.bosses)
        current = next(iter(self.bosses.values()), profile).version
        if profile.version == current:
            bosses[profile.id] = profile
        return replace(self, bosses=bosses, boss_decks=decks)


# -- sections ----------------------------------------------------------------------------------
_SECTION = Schema(
    {
        "id": Field(str),
        "name": Field(str),
        "type": Field(str, choices={t.value for t in SectionType}),
        "source": Field(str, choices=set(SOURCES)),
        "printed": PRINTED_FIELD,
        "lanes": Field(list, item=str, max=LANES),
        "turn_lanes": Field(list, required=False, item=int),
        "line_col": Field(int, required=False, default=0, min=0, max=MAX_COLUMNS),
        "platform": Field(list, required=False, default=[], item=dict),
        "trap": Field(list, required=False, default=[], item=dict),
    }
)
_PLATFORM = Schema(
    {
        "col": Field(int, min=0, max=MAX_COLUMNS),
        "lane": Field(int, min=0, max=3),
        "under": Field(list, item=str),
    }
)
_TRAP = Schema({"col": Field(int, min=0, max=MAX_COLUMNS), "face_b": Field(list, item=str)})


def _grid(checker: Checker, entry: str, field: str, lanes: list, n: int) -> tuple | None:
    try:
        return parse_grid(lanes, lanes_expected=n)
    except GridError as exc:
        checker.add(entry, field, str(exc))
        return None


def _section(checker: Checker, sid: str, row: dict, zone: Zone) -> Section | None:
    """The section entry ``sid`` checked field by field (``None`` after any problem)."""
    before = len(checker.problems)
    kind = SectionType(row["type"])
    cells = _grid(checker, sid, "lanes", row["lanes"], LANES)
    if cells is None:
        return None
    ncols = len(cells)
    if not MIN_COLUMNS <= ncols <= MAX_COLUMNS:
        checker.add(sid, "lanes", f"must have {MIN_COLUMNS}..{MAX_COLUMNS} columns, got {ncols}")
    turn_lanes = _turn_lanes(checker, sid, kind, row.get("turn_lanes"))
    line = row["line_col"]
    if kind in (SectionType.START, SectionType.FINISH):
        if not 1 <= line < ncols:
            checker.add(sid, "line_col", f"must be 1..{ncols - 1} for a {kind.value}, got {line}")
    elif line:
        checker.add(sid, "line_col", f"only Start and Finish sections have a line ({kind.value})")
    platforms = _platforms(checker, sid, row["platform"], ncols)
    traps = _traps(checker, sid, row["trap"], cells)
    if len(checker.problems) != before:
        return None
    return Section(
        sid,
        row["name"],
        zone,
        kind,
        cells,
        turn_lanes,
        platforms,
        traps,
        line,
        row["source"],
    )


def _turn_lanes(checker: Checker, sid: str, kind: SectionType, turn: Any) -> tuple[int, ...] | None:
    """A Turn's speed number per lane (only Turns have them)."""
    if kind is not SectionType.TURN:
        if turn is not None:
            checker.add(sid, "turn_lanes", f"only Turns have lane numbers (this is a {kind.value})")
        return None
    if turn is None:
        checker.add(sid, "turn_lanes", "is missing: a Turn needs a speed number per lane")
    elif len(turn) != LANES or any(not 1 <= v <= 9 for v in turn):
        checker.add(sid, "turn_lanes", f"must be {LANES} speed numbers 1..9, got {turn!r}")
    else:
        return tuple(turn)
    return None


def _platforms(checker: Checker, sid: str, rows: list, ncols: int) -> tuple[Platform, ...]:
    """The section's platforms: each on the section and overlapping no other."""
    platforms: list[Platform] = []
    for i, raw in enumerate(rows):
        p = checker.entry(f"{sid}.platform[{i}]", raw, _PLATFORM)
        if p is None:
            continue
        under = _grid(checker, f"{sid}.platform[{i}]", "under", p["under"], Platform.ROWS)
        if under is None:
            continue
        if len(under) != Platform.COLUMNS:
            checker.add(f"{sid}.platform[{i}]", "under", f"must be 3 columns, got {len(under)}")
            continue
        if p["col"] + Platform.COLUMNS > ncols:
            checker.add(f"{sid}.platform[{i}]", "col", f"platform runs past column {ncols - 1}")
            continue
        plat = Platform(p["col"], p["lane"], under)
        if any(
            o.covers(p["col"] + c, p["lane"] + r)
            for o in platforms
            for c in range(3)
            for r in range(2)
        ):
            checker.add(f"{sid}.platform[{i}]", "col", "overlaps another platform")
            continue
        platforms.append(plat)
    return tuple(platforms)


def _traps(checker: Checker, sid: str, rows: list, cells: tuple) -> tuple[Trap, ...]:
    """The section's traps: each on the section (face A is the section's own spaces) and
    overlapping no other."""
    ncols = len(cells)
    traps: list[Trap] = []
    for i, raw in enumerate(rows):
        t = checker.entry(f"{sid}.trap[{i}]", raw, _TRAP)
        if t is None:
            continue
        face_b = _grid(checker, f"{sid}.trap[{i}]", "face_b", t["face_b"], LANES)
        if face_b is None:
            continue
        if len(face_b) != Trap.COLUMNS:
            checker.add(f"{sid}.trap[{i}]", "face_b", f"must be 3 columns, got {len(face_b)}")
            continue
        if t["col"] + Trap.COLUMNS > ncols:
            checker.add(f"{sid}.trap[{i}]", "col", f"trap runs past column {ncols - 1}")
            continue
        if any(abs(o.col - t["col"]) < Trap.COLUMNS for o in traps):
            checker.add(f"{sid}.trap[{i}]", "col", "overlaps another trap")
            continue
        face_a = cells[t["col"] : t["col"] + Trap.COLUMNS]
        traps.append(Trap(t["col"], face_a, face_b))
    return tuple(traps)


def load_sections(path: str | Path) -> tuple[Section, ...]:
    """Read and check one ``sonic-sections`` file."""
    path = Path(path)
    data = read_toml(path, kind="sonic-sections")
    checker = Checker(str(path))
    header(checker, data)
    zone = None
    try:
        zone = Zone(data.get("zone"))
    except ValueError:
        known = ", ".join(z.value for z in Zone)
        checker.add("(file)", "zone", f"unknown zone {data.get('zone')!r} (known: {known})")
    rows = checker.entries(data, "section", _SECTION)
    out = []
    if zone is not None:
        for sid, row in rows.items():
            section = _section(checker, sid, row, zone)
            if section is not None:
                out.append(section)
    checker.raise_if_any()
    return tuple(out)


# -- cards ---------------------------------------------------------------------------------------
_CARD = Schema(
    {
        "id": Field(str),
        "name": Field(str),
        "priority": Field(int, min=1, max=99),
        "action": Field(str, choices={a.value for a in CardAction}),
        "movement": Field(str, choices={m.value for m in CardMovement}),
        "speed": Field(int, required=False, default=0, min=-9, max=9),
        "run": Field(int, required=False, default=0, min=0, max=9),
        "jump": Field(int, required=False, default=0, min=0, max=9),
        "spin": Field(bool, required=False, default=False),
        "source": Field(str, choices=set(SOURCES)),
        "printed": PRINTED_FIELD,
    }
)
ACTION_FIELDS = ("speed", "run", "jump", "spin")
"""A card's action numbers: its Speed change, the most spaces it runs or jumps, a spin."""


def _card_action(checker: Checker, cid: str, row: dict) -> bool:
    """Whether the card's action numbers fit its action: a Power card has none (it uses the
    racer's Power), any other card offers at least one."""
    given = [f for f in ACTION_FIELDS if row[f]]
    if row["action"] == CardAction.POWER.value:
        for name in given:
            checker.add(cid, name, "a Power card has no action numbers (it uses the racer's Power)")
        return not given
    if not given:
        checker.add(cid, "action", f"a {row['action']} card must offer a speed, run, jump or spin")
    return bool(given)


def load_cards(path: str | Path) -> tuple[CardFacts, ...]:
    """Read and check a ``sonic-cards`` file (priorities must be unique within it)."""
    path = Path(path)
    data = read_toml(path, kind="sonic-cards")
    checker = Checker(str(path))
    header(checker, data)
    rows = checker.entries(data, "card", _CARD)
    seen: dict[int, str] = {}
    out = []
    for cid, row in rows.items():
        if row["priority"] in seen:
            checker.add(
                cid, "priority", f"priority {row['priority']} is also {seen[row['priority']]!r}"
            )
            continue
        seen[row["priority"]] = cid
        if not _card_action(checker, cid, row):
            continue
        out.append(
            CardFacts(
                cid,
                row["name"],
                row["priority"],
                CardAction(row["action"]),
                CardMovement(row["movement"]),
                **{f: row[f] for f in ACTION_FIELDS},
            )
        )
    checker.raise_if_any()
    return tuple(out)


# -- racers ----------------------------------------------------------------------------------
_RACER = Schema(
    {
        "id": Field(str),
        "name": Field(str),
        "base": Field(str, choices={"normal", "large"}),
        "ring_stacks": Field(int, min=1, max=6),
        "ability": Field(dict),
        "power": Field(dict),
        "ability_text": Field(str),
        "power_text": Field(str),
        "source": Field(str, choices=set(SOURCES)),
        "printed": PRINTED_FIELD,
    }
)


def load_racers(path: str | Path) -> dict[str, RacerProfile]:
    """Read and check a ``sonic-racers`` file."""
    path = Path(path)
    data = read_toml(path, kind="sonic-racers")
    checker = Checker(str(path))
    header(checker, data)
    rows = checker.entries(data, "racer", _RACER)
    out = {}
    for rid, row in rows.items():
        n = len(checker.problems)
        ability = read_effects(checker, rid, "ability", row["ability"], Scope.RACER)
        power = read_effects(checker, rid, "power", row["power"], Scope.RACER)
        if len(checker.problems) == n:
            out[rid] = RacerProfile(
                rid,
                row["name"],
                row["base"] == "large",
                row["ring_stacks"],
                ability,
                power,
                row["ability_text"],
                row["power_text"],
                row["source"],
            )
    checker.raise_if_any()
    return out


# -- components --------------------------------------------------------------------------------
_COMPONENT_IDS = {"rings", "rocks", "platforms", "traps", "vr-tokens"} | {b.value for b in Badnik}
_COMPONENT = Schema({"id": Field(str, choices=_COMPONENT_IDS), "count": Field(int, min=0, max=200)})


def load_components(path: str | Path) -> Components:
    """Read and check a ``sonic-components`` file (every component listed once)."""
    path = Path(path)
    data = read_toml(path, kind="sonic-components")
    checker = Checker(str(path))
    header(checker, data)
    rows = checker.entries(data, "component", _COMPONENT)
    for cid in sorted(_COMPONENT_IDS - set(rows)):
        if not any(p.entry == cid for p in checker.problems):
            checker.add(cid, "count", "is missing: every component needs a count")
    checker.raise_if_any()
    count = {k: v["count"] for k, v in rows.items()}
    return Components(
        rings=count["rings"],
        badniks=tuple((b, count[b.value]) for b in BADNIK_ORDER),
        rocks=count["rocks"],
        platforms=count["platforms"],
        traps=count["traps"],
        vr_tokens=count["vr-tokens"],
    )


# -- the whole catalog ----------------------------------------------------------------------------
SECTION_FILES = {
    Zone.BASE: "sections-base.toml",
    Zone.GREEN_HILL: "sections-green-hill.toml",
    Zone.OIL_OCEAN: "sections-oil-ocean.toml",
    Zone.METALLIC_MADNESS: "sections-metallic-madness.toml",
    Zone.STUDIOPOLIS: "sections-studiopolis.toml",
}
"""The section file of each zone."""


def _load(folder: Path) -> SonicCatalog:
    sections = {}
    for zone, name in SECTION_FILES.items():
        got = load_sections(folder / name)
        wrong = [s.id for s in got if s.zone is not zone]
        if wrong:
            raise CatalogError(
                [Problem(str(folder / name), wrong[0], "zone", f"must be {zone.value!r} in {name}")]
            )
        sections[zone] = got
    decks = boss_decks(folder)
    return SonicCatalog(
        sections=sections,
        cards=load_cards(folder / "cards.toml"),
        racers=load_racers(folder / "racers.toml"),
        bosses=next(iter(decks.values())),
        components=load_components(folder / "components.toml"),
        boss_decks=decks,
    )


@lru_cache(maxsize=1)
def _bundled() -> SonicCatalog:
    return _load(data_dir() / "sonic")


def load_catalog(folder: str | Path | None = None) -> SonicCatalog:
    """The catalog in ``folder`` (default: the bundled ``data/sonic``, read once and cached)."""
    if folder is None:
        return _bundled()
    return _load(Path(folder))
