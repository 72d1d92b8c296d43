"""Boss deck versions: saved games keep the boss data they were played with; scattered rings."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import pytest

from racerlab.core.catalog import data_dir, validate_file
from racerlab.core.errors import CatalogError, ScenarioError
from racerlab.core.timeline import Timeline
from racerlab.sonic import Mode, SonicRules, SonicSetup
from racerlab.sonic.catalog import EffectSpec, load_catalog
from racerlab.sonic.effect_names import Effect
from racerlab.sonic.effects import apply_boss_effect
from racerlab.sonic.effects.boss_rings import scatter_spaces
from racerlab.sonic.scenarios import load_scenario, place, run_scenario, scenario_facts
from racerlab.sonic.setup import BOSS_DECK, SAVED_BOSS_DECK

SONIC = data_dir() / "sonic"
RULES = SonicRules()


def test_the_bundled_catalog_holds_both_versions_and_plays_the_newest():
    cat = load_catalog()
    assert set(cat.boss_decks) == {"v1", "v2"} and BOSS_DECK == "v2"
    assert cat.bosses == cat.boss_decks["v2"]
    assert all(b.version == "v2" for b in cat.bosses.values())
    assert SonicSetup().boss_deck == "v2"


@pytest.mark.parametrize("name", ["bosses.toml", "bosses-v1.toml"])
def test_boss_files_validate(name):
    assert validate_file(SONIC / name) is not None


def test_a_setup_saved_without_a_deck_version_plays_v1():
    old = {"type": "SonicSetup", "racers": ["sonic"], "mode": "solo", "boss": "shadow"}
    assert RULES.decode_setup(old).boss_deck == SAVED_BOSS_DECK == "v1"
    assert RULES.decode_setup({**old, "boss_deck": "v2"}).boss_deck == "v2"
    # the field stays out of repr, so digests of games saved before it do not change
    assert "boss_deck" not in repr(RULES.decode_setup(old))


def test_a_game_saved_before_the_versions_replays_to_its_recorded_end():
    path = SONIC / "scenarios" / "boss-three-rounds.json"
    assert "boss_deck" not in json.loads(path.read_text())["setup"]
    sc = load_scenario(path)
    assert sc.setup.boss_deck == "v1"
    state, _ = run_scenario(sc)
    assert scenario_facts(state) == sc.expect
    assert sc.expect["boss_rings"] == 12  # Eggman's v1 Ring Grab put 2 rings on his profile


def test_v1_and_v2_decks_hold_their_own_cards():
    boss = RULES.facts.bosses["eggman"]
    v1 = {c.id for c in load_catalog().boss_decks["v1"]["eggman"].deck}
    v2 = {c.id for c in load_catalog().boss_decks["v2"]["eggman"].deck}
    assert set(boss.deck("v1")) == v1 and set(boss.deck("v2")) == v2 and set(boss.deck()) == v2
    state = RULES.initial_state(SonicSetup(("sonic",), Mode.SOLO, "eggman", boss_deck="v1"))
    assert {state.boss.card, *state.boss.deck} == v1
    state = RULES.initial_state(SonicSetup(("sonic",), Mode.SOLO, "eggman"))
    assert {state.boss.card, *state.boss.deck} == v2
    with pytest.raises(ScenarioError, match="no deck version 'v7'"):
        RULES.initial_state(SonicSetup(("sonic",), Mode.SOLO, "eggman", boss_deck="v7"))


def test_a_new_saved_game_records_its_deck_version():
    setup = SonicSetup(("sonic",), Mode.SOLO, "shadow", boss_deck="v1")
    tl = Timeline.new(RULES, setup, seed=3)
    data = json.loads(tl.dumps())
    assert data["setup"]["boss_deck"] == "v1"
    assert Timeline.loads(tl.dumps()).setup == setup
    fresh = json.loads(Timeline.new(RULES, SonicSetup(("sonic",), Mode.SOLO, "shadow")).dumps())
    assert fresh["setup"]["boss_deck"] == "v2"


def test_a_card_id_means_one_card_in_every_version(tmp_path):
    folder = tmp_path / "sonic"
    shutil.copytree(SONIC, folder, ignore=shutil.ignore_patterns("scenarios"))
    old = folder / "bosses-v1.toml"
    # eggman-2 (Wrecking Ball) is the same card in both versions: renamed in v1 only
    old.write_text(old.read_text().replace('name = "Wrecking Ball"', 'name = "Wrecker"', 1))
    with pytest.raises(CatalogError, match=r"eggman-2.*give it a new id"):
        load_catalog(folder)


def test_a_custom_boss_file_without_versions_plays_for_any_setup(tmp_path):
    folder = tmp_path / "sonic"
    shutil.copytree(SONIC, folder, ignore=shutil.ignore_patterns("scenarios", "bosses-*.toml"))
    path = folder / "bosses.toml"
    path.write_text(path.read_text().replace('deck = "v2"\n', "", 1))
    cat = load_catalog(folder)
    assert set(cat.boss_decks) == {"v1"}
    state = SonicRules(cat).initial_state(SonicSetup(("sonic",), Mode.SOLO, "eggman"))
    assert state.boss is not None and len(state.boss.deck) == 15


def test_scattered_rings_fall_ahead_of_the_racer_and_never_reach_the_boss():
    state = RULES.initial_state(SonicSetup(("sonic",), Mode.SOLO, "shadow"), seed=1)
    state = place(state, 0, (12, 2), rings=4)
    spec = EffectSpec(Effect.BOSS_SCATTER_RINGS, (("rings", 3), ("target", "leader")))
    board, boss_rings, events = apply_boss_effect(
        state.board, "shadow", 10, spec, [0], None, vr_limit=5
    )
    assert boss_rings == 10 and board.racers[0].rings == 1
    assert board.ring_total() == state.board.ring_total()
    spots = scatter_spaces(state.board, (12, 2))
    assert spots[:3] == [(13, 2), (13, 1), (13, 3)]
    assert [board.rings_at(s) - state.board.rings_at(s) for s in spots[:3]] == [1, 1, 1]
    assert "knocks 3 ring(s) off Player 1 onto column 13" in events[0].describe()


def test_stolen_rings_still_go_to_the_boss_in_v1():
    state = RULES.initial_state(SonicSetup(("sonic",), Mode.SOLO, "shadow"), seed=1)
    state = place(state, 0, (12, 2), rings=4)
    spec = EffectSpec(Effect.BOSS_STEAL_RINGS, (("rings", 3), ("target", "leader")))
    board, boss_rings, _ = apply_boss_effect(state.board, "shadow", 10, spec, [0], None, vr_limit=5)
    assert boss_rings == 13 and board.racers[0].rings == 1
    assert replace(state.board, racers=board.racers).rings == state.board.rings


def test_a_bad_deck_version_is_refused_naming_the_field(tmp_path):
    path = tmp_path / "bosses.toml"
    path.write_text((SONIC / "bosses.toml").read_text().replace('deck = "v2"', "deck = 2", 1))
    with pytest.raises(CatalogError, match=r"field 'deck': must be a deck version"):
        validate_file(path)
