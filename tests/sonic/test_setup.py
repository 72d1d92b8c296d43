"""Set-up exactly as the rulebook's Game Setup lists it."""

from __future__ import annotations

import pytest

from racerlab.core.errors import ScenarioError
from racerlab.sonic import Mode, SonicOptions, SonicRules, SonicSetup, random_setup
from racerlab.sonic.board import Badnik
from racerlab.sonic.scenarios import plain_catalog
from racerlab.sonic.state import NO_CARD, Phase
from racerlab.sonic.track import Section, SectionType, Zone

RULES = SonicRules()


def test_cards_dealt_four_each_and_four_face_up_from_a_shuffled_deck():
    s = RULES.initial_state(SonicSetup(("sonic", "tails", "amy")), seed=3)
    assert [len(h) for h in s.hands] == [4, 4, 4]
    assert len(s.face_up) == 4
    every = [c for h in s.hands for c in h] + list(s.face_up) + list(s.deck)
    assert sorted(every) == sorted(RULES.facts.cards)  # nothing lost or duplicated
    other = RULES.initial_state(SonicSetup(("sonic", "tails", "amy")), seed=4)
    assert s.hands != other.hands  # the deck is shuffled by the seed


def test_track_starts_with_start_two_straights_and_a_turn():
    s = RULES.initial_state(SonicSetup(("sonic", "tails")), seed=1)
    kinds = [sec.type for sec in s.board.track.sections]
    assert kinds == [
        SectionType.START,
        SectionType.STRAIGHT,
        SectionType.STRAIGHT,
        SectionType.TURN,
    ]
    # what is still to come: 2 straights, the final turn, 2 straights, the finish
    pending = [RULES.facts.section(i).type for i in s.pending]
    assert pending == [SectionType.STRAIGHT] * 2 + [SectionType.TURN] + [
        SectionType.STRAIGHT
    ] * 2 + [SectionType.FINISH]


def test_racers_start_behind_the_line_at_speed_three():
    s = RULES.initial_state(SonicSetup(("sonic", "tails", "amy", "knuckles")), seed=1)
    line = s.board.track.start_line_col
    assert all(t.col < line for t in s.board.racers)
    assert [t.speed for t in s.board.racers] == [3, 3, 3, 3]
    assert len({t.pos for t in s.board.racers}) == 4
    # the last player places first, on the best grid space
    assert s.board.racers[3].pos == s.board.track.grid_spaces()[0]


def test_start_speed_ability_changes_the_starting_speed():
    s = RULES.initial_state(SonicSetup(("jet", "sonic")), seed=1)
    assert s.board.racers[0].speed == 5  # Jet's start_speed ability


def test_rings_on_ring_marks_and_badniks_on_red_diamonds():
    marked = Section.from_grid(
        "marked",
        "Marked",
        Zone.GREEN_HILL,
        SectionType.STRAIGHT,
        ["0.r 0.B 0.Y", *["0.. 0.. 0.."] * 4],
    )
    cat = plain_catalog(extra=(marked,))
    setup = SonicSetup(
        ("sonic", "tails"),
        zones=(Zone.GREEN_HILL, Zone.BASE),
        sections=("marked", *(f"straight-{i}" for i in range(1, 6))),
    )
    rules = SonicRules(cat)
    s2 = rules.initial_state(setup, seed=2)
    off = s2.board.track.offsets[1]
    assert s2.board.rings_at((off, 0)) == 1
    assert s2.board.badnik_at((off + 1, 0)) is not None
    assert s2.board.badnik_at((off + 2, 0)) is not None  # yellow: 2 players
    four = SonicSetup(("sonic", "tails", "amy", "knuckles"), sections=setup.sections)
    s4 = rules.initial_state(four, seed=2)
    assert s4.board.badnik_at((off + 1, 0)) is not None
    assert s4.board.badnik_at((off + 2, 0)) is None  # yellow diamonds only with 1-3 players
    # conservation: 50 rings and 40 badniks in all
    assert s2.board.ring_total() == 50
    assert s2.board.badnik_total() == 40


def test_yellow_threshold_is_an_option():
    marked = Section.from_grid(
        "marked", "Marked", Zone.BASE, SectionType.STRAIGHT, ["0.Y 0.."] + ["0.. 0.."] * 4
    )
    rules = SonicRules(plain_catalog(extra=(marked,)))
    order = ("marked", *(f"straight-{i}" for i in range(1, 6)))
    four = SonicSetup(("sonic", "tails", "amy", "knuckles"), sections=order)
    s = rules.initial_state(four, SonicOptions(yellow_max_players=4), seed=0)
    assert s.board.badnik_at((s.board.track.offsets[1], 0)) in tuple(Badnik)


def test_boss_setup_center_of_first_section_ten_rings_and_a_face_up_card():
    s = RULES.initial_state(SonicSetup(("sonic", "tails"), Mode.BOSS, "eggman"), seed=5)
    first = s.board.track.sections[1]
    off = s.board.track.offsets[1]
    assert s.board.boss == (off + first.columns // 2, 2)
    assert s.boss is not None and s.boss.rings == 10
    assert s.boss.card is not None and len(s.boss.deck) == 15
    assert s.board.ring_total() + s.boss.rings == 50  # the boss's rings came from the pile


def test_initial_state_is_a_fresh_round_one():
    s = RULES.initial_state(SonicSetup(("sonic", "tails")), seed=0)
    assert (s.round, s.phase, s.chosen) == (1, Phase.CHOOSE, (NO_CARD, NO_CARD))


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        (SonicSetup(()), "at least one racer"),
        (SonicSetup(("sonic", "sonic")), "different racer"),
        (SonicSetup(("sonic", "tails"), Mode.SOLO), "exactly one racer"),
        (SonicSetup(("nobody",)), "unknown racer"),
        (SonicSetup(("sonic",), Mode.BOSS, "zzz"), "unknown boss"),
        (SonicSetup(("sonic",), sections=("start",)), "not a straight"),
    ],
)
def test_bad_setups_are_refused_with_a_reason(setup, words):
    rules = SonicRules(plain_catalog())
    with pytest.raises(ScenarioError, match=words):
        rules.initial_state(setup, seed=0)


def test_random_setup_covers_every_mode_and_zone():
    setups = [random_setup(i) for i in range(20)]
    assert {s.mode for s in setups} == set(Mode)
    assert {z for s in setups for z in s.zones} == set(Zone)
    assert all(len(s.racers) == 1 for s in setups if s.mode is Mode.SOLO)
    for s in setups:
        s.validate()
