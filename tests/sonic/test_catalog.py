"""The bundled Battle Racers catalogs: counts, designs, and validation wiring."""

import subprocess
import sys
from collections import Counter

import pytest

from racerlab.core.catalog import data_dir, validate_file
from racerlab.sonic.board import Badnik
from racerlab.sonic.catalog import SECTION_FILES, load_catalog
from racerlab.sonic.effect_names import Effect, Scope
from racerlab.sonic.rounds import CardAction, CardMovement
from racerlab.sonic.track import Feature, Marker, SectionType, Zone

CAT = load_catalog()


def features(zone):
    return Counter(
        cell.feature for s in CAT.sections[zone] for col in s.cells for cell in col if cell.feature
    )


def test_bundled_catalog_is_cached():
    assert load_catalog() is CAT


def test_base_game_sections_match_the_component_list():
    kinds = Counter(s.type for s in CAT.sections[Zone.BASE])
    assert kinds == {
        SectionType.START: 1,
        SectionType.FINISH: 1,
        SectionType.STRAIGHT: 6,
        SectionType.TURN: 2,
    }


def test_each_expansion_has_six_sections():
    for zone in Zone:
        if zone is not Zone.BASE:
            assert len(CAT.sections[zone]) == 6


def test_turns_have_five_lane_numbers_and_others_none():
    for group in CAT.sections.values():
        for s in group:
            if s.type is SectionType.TURN:
                assert s.turn_lanes is not None and len(s.turn_lanes) == 5
            else:
                assert s.turn_lanes is None


def test_every_section_has_five_lanes_and_illustrative_source():
    for group in CAT.sections.values():
        for s in group:
            assert all(len(col) == 5 for col in s.cells)
            assert s.source == "illustrative"


def test_start_line_leaves_room_behind_it():
    start = next(s for s in CAT.sections[Zone.BASE] if s.type is SectionType.START)
    assert start.line_col >= 1


def test_zone_features():
    assert features(Zone.GREEN_HILL)[Feature.SPIKE] > 0
    assert features(Zone.GREEN_HILL)[Feature.ACCELERATOR] > 0
    assert features(Zone.GREEN_HILL)[Feature.DECELERATOR] > 0
    assert features(Zone.OIL_OCEAN)[Feature.OIL] > 0
    assert features(Zone.METALLIC_MADNESS)[Feature.TREADMILL] > 0
    assert features(Zone.STUDIOPOLIS)[Feature.SPRING] > 0
    elevations = {
        c.elevation for g in CAT.sections.values() for s in g for col in s.cells for c in col
    }
    assert elevations == {-1, 0, 1, 2}


def test_platforms_traps_fit_the_box():
    platforms = sum(len(s.platforms) for s in CAT.sections[Zone.OIL_OCEAN])
    traps = sum(len(s.traps) for s in CAT.sections[Zone.METALLIC_MADNESS])
    assert 0 < platforms <= CAT.components.platforms == 6
    assert 0 < traps <= CAT.components.traps == 3


def test_studiopolis_first_columns_are_plain_for_vr_tokens():
    for s in CAT.sections[Zone.STUDIOPOLIS]:
        assert all(c.feature is None and not c.markers and c.elevation == 0 for c in s.cells[0])


def test_markers_of_every_kind_appear():
    marks = Counter(
        m
        for g in CAT.sections.values()
        for s in g
        for col in s.cells
        for c in col
        for m in c.markers
    )
    assert marks[Marker.RING] > 0 and marks[Marker.RED_BADNIK] > 0
    assert marks[Marker.YELLOW_BADNIK] > 0


def test_sixty_four_cards_with_unique_priorities():
    assert len(CAT.cards) == 64
    assert sorted(c.priority for c in CAT.cards) == list(range(1, 65))
    assert len({c.id for c in CAT.cards}) == 64
    assert set(Counter(c.action for c in CAT.cards).values()) == {8}
    assert set(c.action for c in CAT.cards) == set(CardAction)
    assert set(c.movement for c in CAT.cards) == set(CardMovement)


def test_fast_actions_tend_to_resolve_later():
    mean = {a: sum(c.priority for c in CAT.cards if c.action is a) / 8 for a in CardAction}
    assert mean[CardAction.BRAKE] > mean[CardAction.SPRINT]
    assert mean[CardAction.SHIFT] > mean[CardAction.SPIN_DASH]


def test_racers():
    assert len(CAT.racers) == 21
    assert CAT.racers["eggman"].large and not CAT.racers["sonic"].large
    for r in CAT.racers.values():
        assert r.ability and r.power and r.source == "illustrative"
        assert all(e.effect.scope is Scope.RACER for e in r.ability + r.power)


RULEBOOK_BOSSES = {
    "eggman": Zone.GREEN_HILL,
    "shadow": Zone.OIL_OCEAN,
    "metal-sonic": Zone.METALLIC_MADNESS,
    "infinite": Zone.STUDIOPOLIS,
}
"""The rulebook's bosses and their zones (a boss of our own may join them: docs/new-boss.md)."""


def test_bosses():
    assert {b: CAT.bosses[b].zone for b in RULEBOOK_BOSSES if b in CAT.bosses} == RULEBOOK_BOSSES
    for b in CAT.bosses.values():
        assert b.deck and all(a.effect.scope is Scope.BOSS for c in b.deck for a in c.actions)
    for b in map(CAT.bosses.get, RULEBOOK_BOSSES):
        assert len(b.deck) == 16 and b.rings == 10
    assert any(
        a.effect is Effect.BOSS_PLACE_VR_TOKEN
        for c in CAT.bosses["infinite"].deck
        for a in c.actions
    )


def test_components():
    c = CAT.components
    assert c.rings == 50 and c.rocks == 15 and c.vr_tokens == 5
    assert dict(c.badniks) == {b: 10 for b in Badnik}
    assert c.bag == (10, 10, 10, 10)


def test_every_bundled_file_validates():
    folder = data_dir() / "sonic"
    for name in [
        *SECTION_FILES.values(),
        "cards.toml",
        "racers.toml",
        "bosses.toml",
        "components.toml",
    ]:
        assert validate_file(folder / name) is not None


@pytest.mark.integration  # runs the command or another process
def test_cli_validates_a_bundled_file():
    # a fresh `python -m racerlab validate`: nothing imports the sonic catalog by hand
    path = data_dir() / "sonic" / "cards.toml"
    done = subprocess.run(
        [sys.executable, "-m", "racerlab", "validate", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "ok" in done.stdout


def test_lookup_helpers():
    assert CAT.section("gh-1").zone is Zone.GREEN_HILL
    assert CAT.card("brake-1").action is CardAction.BRAKE


def test_the_rules_read_the_catalogs_own_entries():
    """One model: the rules' index holds the very objects the loaders made."""
    from racerlab.sonic.catalog.facts import facts

    f = facts(CAT)
    assert f is facts(CAT)
    assert all(f.cards[c.id] is c for c in CAT.cards)
    assert all(f.racers[r] is CAT.racers[r] for r in CAT.racers)
    for boss_id, newest in CAT.bosses.items():
        boss = f.bosses[boss_id]
        assert boss.rules is newest.rules and boss.rings == newest.rings
        assert all(boss.cards[c.id] is c for c in newest.deck)


def test_a_boss_keeps_every_deck_version_newest_first():
    from racerlab.sonic.catalog.facts import facts

    eggman = facts(CAT).bosses["eggman"]
    assert list(eggman.decks) == ["v2", "v1"]
    for version, group in CAT.boss_decks.items():
        profile = group["eggman"]
        assert eggman.deck(version) == tuple(c.id for c in profile.deck)
        assert eggman.profile_rules(version) == profile.rules
        assert all(eggman.cards[c.id] == c for c in profile.deck)
    assert eggman.deck() == eggman.deck("v2")


def test_the_plain_test_catalog_is_a_catalog_with_flat_sections():
    from racerlab.sonic.catalog import SonicCatalog
    from racerlab.sonic.scenarios import plain_catalog

    plain = plain_catalog(6)
    assert isinstance(plain, SonicCatalog)
    assert plain.cards is CAT.cards and plain.boss_decks is CAT.boss_decks
    assert [s.id for s in plain.sections[Zone.BASE]][:2] == ["start", "straight-1"]
