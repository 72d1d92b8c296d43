"""A card's action numbers (Speed change, short run or jump, spin) come from the card data."""

from __future__ import annotations

from dataclasses import replace

import pytest

from racerlab.core.errors import CatalogError
from racerlab.sonic import ActionChoice, SonicRules, SonicSetup, UseAction
from racerlab.sonic.catalog import load_cards, load_catalog
from racerlab.sonic.scenarios import at_turn, place, plain_catalog, put

RULEBOOK = {
    "brake": (-4, 0, 0, False),
    "shift": (1, 1, 0, False),
    "spring": (0, 2, 2, False),
    "spin-dash": (0, 0, 0, True),
    "spin": (1, 0, 0, True),
    "boost": (1, 0, 1, False),
    "sprint": (2, 0, 0, False),
    "power": (0, 0, 0, False),
}
"""Speed change, most spaces run, most spaces jumped, spin: what each action does.
(Actions are compared by value: another test may have imported the package afresh.)"""


def test_every_bundled_card_carries_its_actions_numbers():
    cards = load_catalog().cards
    assert len(cards) == 64
    for c in cards:
        assert (c.speed, c.run, c.jump, c.spin) == RULEBOOK[c.action.value], c.id


def test_steps_list_runs_then_jumps_up_to_the_cards_numbers():
    spring = next(c for c in load_catalog().cards if c.action.value == "spring")
    assert spring.steps == (("run", 1), ("run", 2), ("jump", 1), ("jump", 2))
    assert replace(spring, run=0, jump=3).steps == (("jump", 1), ("jump", 2), ("jump", 3))


def _rules_with(change) -> SonicRules:
    """Rules over the flat test catalog with every card passed through ``change``."""
    base = plain_catalog(8)
    return SonicRules(replace(base, cards=tuple(change(c) for c in base.cards)))


def _turn(rules: SonicRules, action: str, speed: int = 3):
    state = put(rules.initial_state(SonicSetup(("sonic", "tails")), seed=11), clear=True)
    state = place(state, 1, (6, 2), speed=speed)
    card = next(c for c in sorted(rules.facts.cards) if rules.facts.cards[c].action.value == action)
    return at_turn(state, 1, card)


def test_a_changed_speed_in_the_data_changes_the_game():
    rules = _rules_with(lambda c: replace(c, speed=-2) if c.action.value == "sprint" else c)
    s = rules.apply(_turn(rules, "sprint", 5), UseAction(1, ActionChoice.SPEED)).state
    assert s.board.racers[1].speed == 3


def test_a_longer_run_in_the_data_is_offered():
    rules = _rules_with(lambda c: replace(c, run=3) if c.action.value == "shift" else c)
    legal = rules.legal_actions(_turn(rules, "shift"))
    runs = {a.path for a in legal if getattr(a, "choice", None) is ActionChoice.RUN}
    assert {len(p) for p in runs} == {1, 2, 3}


def test_a_card_without_a_speed_change_offers_none():
    rules = _rules_with(lambda c: replace(c, speed=0) if c.action.value == "boost" else c)
    legal = rules.legal_actions(_turn(rules, "boost"))
    choices = {getattr(a, "choice", None) for a in legal}
    assert ActionChoice.SPEED not in choices and ActionChoice.JUMP in choices


CARD = """kind = "sonic-cards"
version = 1

[[card]]
id = "c-1"
name = "Card"
priority = 5
action = "{action}"
movement = "run"
source = "illustrative"
{extra}
"""


@pytest.mark.parametrize(
    ("action", "extra", "field", "words"),
    [
        ("power", "speed = 2", "speed", "a Power card has no action numbers"),
        ("power", "spin = true", "spin", "a Power card has no action numbers"),
        ("brake", "", "action", "must offer a speed, run, jump or spin"),
        ("sprint", "speed = 12", "speed", "at most 9"),
        ("spring", "run = -1", "run", "at least 0"),
        ("spin", 'spin = "yes"', "spin", "true or false"),
    ],
)
def test_bad_action_numbers_are_refused_naming_entry_and_field(
    tmp_path, action, extra, field, words
):
    path = tmp_path / "cards.toml"
    path.write_text(CARD.format(action=action, extra=extra), encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        load_cards(path)
    [problem] = err.value.problems
    assert (problem.entry, problem.field) == ("c-1", field)
    assert words in problem.reason


def test_a_custom_card_reads_its_numbers(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text(CARD.format(action="sprint", extra="speed = 3\njump = 1"), encoding="utf-8")
    [card] = load_cards(path)
    assert (card.speed, card.run, card.jump, card.spin, card.steps) == (
        3,
        0,
        1,
        False,
        (("jump", 1),),
    )
