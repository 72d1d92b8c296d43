"""The log names racers, bosses and badniks as the catalog prints them, never by id."""

from __future__ import annotations

import re

import numpy as np

from racerlab.sonic import Mode, SonicRules, greedy_bot, random_setup
from racerlab.sonic.board import Badnik
from racerlab.sonic.events import BossMoved
from racerlab.sonic.movement.move_events import RacerDamaged, where
from racerlab.sonic.play.event_names import EventNames, name_events

RULES = SonicRules()


def played_lines(seed: int, mode: Mode) -> tuple[list[str], set[str]]:
    """Every event line of a greedy-bot game, and the ids of its racers and boss."""
    setup = random_setup(seed, players=3, mode=mode)
    state = RULES.initial_state(setup, seed=seed)
    rng = np.random.default_rng(seed)
    lines: list[str] = []
    while not RULES.is_over(state):
        step = RULES.apply(state, greedy_bot(state, RULES, rng))
        lines += [e.describe() for e in step.events]
        state = step.state
    return lines, {*setup.racers, setup.boss} - {""}


def test_no_line_of_a_boss_game_shows_an_id():
    for seed, mode in ((2, Mode.BOSS), (3, Mode.SOLO), (5, Mode.RACE)):
        lines, ids = played_lines(seed, mode)
        ids |= {b.value for b in Badnik}
        text = "\n".join(lines)
        shown = {i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)}
        assert shown == set(), f"ids in the log of seed {seed}: {shown}"
        assert not re.search(r"\(\d+, \d+\)", text)  # spaces as column and lane, not tuples


def test_the_names_come_from_the_catalog_and_leave_the_event_as_it_was():
    lines, _ = played_lines(2, Mode.BOSS)
    assert any(ln.startswith("Boss Dr. Eggman shows ") for ln in lines)
    names = EventNames.of(RULES.facts)
    raw = RacerDamaged("metal-sonic", "amy's spin", (4, 1), (5, 1), False, 0, 3)
    (named,) = name_events([raw], names)
    assert named.describe() == (
        "Metal Sonic damaged by Amy's spin at column 4, lane 2 with no rings: "
        "back to column 5, lane 2, Speed 3"
    )
    assert named == raw and repr(named) == repr(raw) and hash(named) == hash(raw)
    boss = BossMoved("eggman", where((3, 0)), where((5, 0)), 2, "boss card")
    (named,) = name_events([boss], names)
    assert named.describe() == (
        "Boss Dr. Eggman moves 2 space(s) from column 3, lane 1 to column 5, lane 1 (boss card)."
    )
    # an id the catalog does not know stays as it is
    (unknown,) = name_events([BossMoved("zavok", "a", "b", 1, "x")], names)
    assert unknown.describe().startswith("Boss zavok moves")
