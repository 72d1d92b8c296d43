"""Build positions to study: a plain test track, placing racers and tokens, scenario files.

Teachers and tests need exact positions ("Sonic at Speed 5 two spaces before a
Moto Bug"). These helpers return new states; they never change their input.

- :func:`plain_catalog`: the bundled catalog with every section replaced by flat
  ground of a chosen length (Turns keep lane numbers), so one effect can be
  studied at a time; ``extra`` adds hand-made sections.
- :func:`place`, :func:`put`, :func:`give_cards`: move a racer / set its speed and
  rings, put rings and badniks on spaces, set hands and face-up cards.
- :func:`load_scenario` / :func:`run_scenario`: a JSON scenario file (setup,
  options, seed, actions, expected numbers) from ``data/sonic/scenarios``;
  :func:`record_scenario` writes one (the golden files were made with it; the
  numbers pinned are :func:`scenario_facts`).

>>> from racerlab.sonic import SonicRules, SonicSetup
>>> rules = SonicRules(plain_catalog())
>>> state = rules.initial_state(SonicSetup(("sonic", "tails")), seed=0)
>>> place(state, 0, (5, 2), speed=4).board.racers[0].pos
(5, 2)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.catalog import data_dir
from ..core.errors import ScenarioError
from ..core.timeline import FORMAT, FORMAT_VERSION
from .board.board import Badnik
from .catalog.loaders import load_catalog
from .effects.primitives import spread_rings
from .state import Phase
from .track import LANES, Section, SectionType, Zone

if TYPE_CHECKING:
    from .catalog.loaders import SonicCatalog
    from .state import SonicState

__all__ = [
    "at_turn",
    "give_cards",
    "load_scenario",
    "place",
    "plain_catalog",
    "put",
    "record_scenario",
    "run_scenario",
    "scenario_facts",
    "scenario_files",
]


def _flat(sid: str, kind: SectionType, columns: int, **kw: Any) -> Section:
    return Section.from_grid(sid, sid, Zone.BASE, kind, [" ".join(["0.."] * columns)] * LANES, **kw)


def plain_catalog(
    columns: int = 6,
    *,
    turn_lanes: tuple[int, ...] = (2, 3, 4, 5, 6),
    extra: tuple[Section, ...] = (),
    base: SonicCatalog | None = None,
) -> SonicCatalog:
    """The bundled catalog with flat sections (``columns`` long; Start Line 4 with 2 grid
    columns; Finish 4 with the line after its first column). ``extra`` sections join the
    zones they name."""
    if base is None:
        base = load_catalog()
    sections: dict[Zone, list[Section]] = {z: [] for z in Zone}
    sections[Zone.BASE] = [
        _flat("start", SectionType.START, 4, line_col=2),
        *(_flat(f"straight-{i}", SectionType.STRAIGHT, columns) for i in range(1, 7)),
        _flat("turn-1", SectionType.TURN, columns, turn_lanes=turn_lanes),
        _flat("turn-2", SectionType.TURN, columns, turn_lanes=turn_lanes),
        _flat("finish", SectionType.FINISH, 4, line_col=1),
    ]
    for s in extra:
        sections[s.zone].append(s)
    return replace(base, sections={z: tuple(v) for z, v in sections.items()})


def place(
    state: SonicState,
    seat: int,
    pos: tuple[int, int] | None = None,
    *,
    speed: int | None = None,
    rings: int | None = None,
    shield: bool | None = None,
) -> SonicState:
    """``state`` with ``seat``'s racer moved to ``pos`` and/or its speed, rings (spread over
    its stacks as if collected one by one) or shield set. Rings come from / go to the pile."""
    board = state.board
    token = board.racers[seat]
    changes: dict[str, Any] = {}
    if pos is not None:
        changes.update(col=pos[0], lane=pos[1])
    if speed is not None:
        changes["speed"] = speed
    if shield is not None:
        changes["shield"] = shield
    if rings is not None:
        changes["stacks"] = spread_rings(rings, len(token.stacks))
        board = replace(board, ring_pile=board.ring_pile - (rings - token.rings))
    return replace(state, board=board.with_racer(replace(token, **changes)))


def put(
    state: SonicState,
    *,
    rings: Mapping[tuple[int, int], int] | None = None,
    badniks: Mapping[tuple[int, int], Badnik | None] | None = None,
    boss: tuple[int, int] | None = None,
    clear: bool = False,
) -> SonicState:
    """``state`` with rings (taken from the pile) and badniks (from the bag) put on spaces;
    ``clear`` first returns every ring and badnik on the track to the pile and bag."""
    board = state.board
    if clear:
        bag = list(board.bag)
        for _, b in board.badniks:
            bag[list(Badnik).index(b)] += 1
        board = replace(
            board,
            rings=(),
            badniks=(),
            ring_pile=board.ring_pile + sum(n for _, n in board.rings),
            bag=tuple(bag),
        )
    for pos, n in (rings or {}).items():
        have = board.rings_at(pos)
        board = replace(board.with_rings(pos, n), ring_pile=board.ring_pile - (n - have))
    for pos, b in (badniks or {}).items():
        bag = list(board.bag)
        old = board.badnik_at(pos)
        if old is not None:
            bag[list(Badnik).index(old)] += 1
        if b is not None:
            bag[list(Badnik).index(b)] -= 1
        board = replace(board.with_badnik(pos, b), bag=tuple(bag))
    if boss is not None:
        board = board.with_boss(boss)
    return replace(state, board=board)


def give_cards(
    state: SonicState,
    seat: int | None = None,
    hand: tuple[str, ...] | None = None,
    *,
    face_up: tuple[str, ...] | None = None,
) -> SonicState:
    """``state`` with a seat's hand and/or the face-up row set to these card ids.

    Cards keep to one place: each card named is taken from wherever it was (deck,
    discard, face-up row, a hand), and the cards it displaces go to the bottom of
    the deck, so the 64 cards stay 64.
    """
    wanted: list[str] = list(hand or ()) + list(face_up or ())
    if len(set(wanted)) != len(wanted):
        raise ScenarioError(f"a card can be in one place only: {wanted}")
    taken = set(wanted)
    hands = [list(h) for h in state.hands]
    row = list(state.face_up)
    displaced: list[str] = []
    if seat is not None and hand is not None:
        displaced += [c for c in hands[seat] if c not in taken]
        hands[seat] = []
    if face_up is not None:
        displaced += [c for c in row if c not in taken]
        row = []
    hands = [[c for c in h if c not in taken] for h in hands]
    row = [c for c in row if c not in taken]
    deck = [c for c in state.deck if c not in taken] + displaced
    discard = tuple(c for c in state.discard if c not in taken)
    if seat is not None and hand is not None:
        hands[seat] = list(hand)
    if face_up is not None:
        row = list(face_up)
    return replace(
        state,
        hands=tuple(tuple(h) for h in hands),
        face_up=tuple(row),
        deck=tuple(deck),
        discard=discard,
    )


def at_turn(state: SonicState, seat: int, card: str) -> SonicState:
    """``state`` as if ``seat`` had just played ``card`` and it resolves now (action step).

    The card is taken from the seat's hand if it is there; the round's order is
    just this seat. Handy to ask "what would this card do from here?".
    """
    hand = list(state.hands[seat])
    if card in hand:
        hand.remove(card)
    hands = tuple(tuple(hand) if s == seat else h for s, h in enumerate(state.hands))
    chosen = tuple(card if s == seat else c for s, c in enumerate(state.chosen))
    return replace(
        state,
        hands=hands,
        chosen=chosen,
        order=(seat,),
        step=0,
        phase=Phase.ACTION,
        spin=False,
        moved=False,
    )


# -- scenario files -------------------------------------------------------------------------
@dataclass(frozen=True)
class Scenario:
    """A scenario file: a game to set up, the actions to play and what must come out."""

    name: str
    setup: Any
    options: Any
    seed: int
    actions: tuple
    expect: dict = field(default_factory=dict)


def scenario_files() -> list[Path]:
    """The bundled scenario files."""
    folder = data_dir() / "sonic" / "scenarios"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def load_scenario(path: str | Path, rules: Any = None) -> Scenario:
    """Read a scenario file; :class:`ScenarioError` naming the file on a bad one."""
    from .rules import SonicRules

    rules = rules or SonicRules()
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScenarioError(f"{path}: cannot read scenario: {exc}") from None
    where = str(path)
    for key in ("setup", "actions"):
        if key not in data:
            raise ScenarioError(f"{where}: missing {key!r}")
    setup = rules.decode_setup(data["setup"], f"{where}: setup")
    options = rules.decode_options(data.get("options"), f"{where}: options")
    actions = tuple(
        rules.decode_action(a, f"{where}: actions[{i}]") for i, a in enumerate(data["actions"])
    )
    return Scenario(
        data.get("name", path.stem),
        setup,
        options,
        int(data.get("seed", 0)),
        actions,
        dict(data.get("expect", {})),
    )


def run_scenario(scenario: Scenario, rules: Any = None) -> tuple[SonicState, list]:
    """Play a scenario; returns the final state and every event."""
    from .rules import SonicRules

    rules = rules or SonicRules()
    state = rules.initial_state(scenario.setup, scenario.options, scenario.seed)
    events: list = []
    for action in scenario.actions:
        step = rules.apply(state, action)
        state = step.state
        events.extend(step.events)
    return state, events


def scenario_facts(state: SonicState) -> dict:
    """The numbers a scenario file pins: round, phase, racers' spaces, speeds, rings,
    badniks, columns laid, the boss's rings and space, and the result."""
    facts: dict[str, Any] = {
        "round": state.round,
        "phase": state.phase.value,
        "positions": [list(t.pos) for t in state.board.racers],
        "speeds": [t.speed for t in state.board.racers],
        "rings": [t.rings for t in state.board.racers],
        "badniks": [len(t.badniks) for t in state.board.racers],
        "columns_laid": state.board.track.n_columns,
        "winners": list(state.winners),
        "rank": state.rank,
    }
    if state.boss is not None:
        facts["boss_rings"] = state.boss.rings
        facts["boss_at"] = list(state.board.boss) if state.board.boss else None
    return facts


def record_scenario(
    path: str | Path,
    setup: Any,
    *,
    seed: int = 0,
    rounds: int = 1,
    policy: Any = None,
    description: str = "",
    rules: Any = None,
) -> Scenario:
    """Play ``rounds`` rounds with ``policy`` (the greedy bot by default) and write a scenario
    file pinning the actions and the resulting :func:`scenario_facts`."""
    import numpy as np

    from .bots.look_ahead import greedy_bot
    from .rules import SonicRules

    rules = rules or SonicRules()
    policy = policy or greedy_bot
    state = rules.initial_state(setup, seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    while state.round <= rounds and state.phase is not Phase.OVER:
        action = policy(state, rules, rng)
        actions.append(action)
        state = rules.apply(state, action).state
    path = Path(path)
    data = {
        # a scenario is a saved game (Timeline.loads reads it) plus a name and facts
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": rules.name,
        "name": path.stem,
        "description": description,
        "setup": rules.encode_setup(setup),
        "seed": seed,
        "actions": [rules.encode_action(a) for a in actions],
        "expect": scenario_facts(state),
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return load_scenario(path, rules)
