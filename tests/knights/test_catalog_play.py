"""Any catalog that passes validation plays: ``KnightsRules(catalog)`` and the joust's states
carry it, so every rule reads its cards and table measures from there."""

import pickle
import re
import shutil
from dataclasses import replace

import pytest

from racerlab.analysis.simulate import simulate
from racerlab.core.catalog import data_dir, validate_file
from racerlab.core.errors import ScenarioError
from racerlab.core.rules import ForceRolls
from racerlab.knights import queries
from racerlab.knights.actions import Fire, SetBlocker, SwapPart, Target
from racerlab.knights.catalog import KnightsCatalog, load_catalog
from racerlab.knights.events import ShotFired
from racerlab.knights.rules import KnightsRules
from racerlab.knights.scenarios import lesson_state, placed, staged
from racerlab.knights.setup import random_setup
from racerlab.knights.state import PendingAttack

CAT = load_catalog()
BODY_HALF = 0.7


def changed(part_id: str, **stats) -> KnightsCatalog:
    """A copy of the bundled catalog with one card's numbers changed (``weapon_*`` for the
    weapon's, the rest the stat strip's)."""
    part = CAT.parts[part_id]
    weapon = {k[len("weapon_") :]: v for k, v in stats.items() if k.startswith("weapon_")}
    strip = {k: v for k, v in stats.items() if not k.startswith("weapon_")}
    new = replace(
        part,
        stats=replace(part.stats, **strip),
        weapon=replace(part.weapon, **weapon) if weapon else part.weapon,
    )
    return KnightsCatalog({**CAT.parts, part_id: new}, CAT.racers, CAT.table)


def duel(catalog=None):
    """Jeff at (10, 2) facing north, acting; Cindy 1M ahead, her rear to him, no Valor."""
    s = lesson_state(("jeff", "cindy"), catalog=catalog)
    s = staged(s, 0, speed_points=6)
    s = placed(s, 1, 10.0, 2.0 + BODY_HALF + 1.0 + BODY_HALF, 90.0)
    return replace(s, racers=(s.racers[0], replace(s.racers[1], valor=0)))


def hit(state, rules):
    state = rules.apply(state, ForceRolls((2, 3))).state  # 2d6 = 5 + 4 Strength > Armor 8
    step = rules.apply(state, Fire(Target.racer(1)))
    assert [e.hit for e in step.events if isinstance(e, ShotFired)] == [True]
    return step.state


def test_a_weapon_with_more_damage_takes_more_durability():
    weapon = CAT.racers["jeff"].weapon
    harder = changed(weapon, weapon_damage=CAT.parts[weapon].weapon.damage + 1)
    assert hit(duel(), KnightsRules()).racers[1].durability == 5 - 2
    after = hit(duel(harder), KnightsRules(harder))
    assert after.catalog is harder
    assert after.racers[1].durability == 5 - 3


def test_an_engine_with_more_durability_starts_the_racer_with_more():
    engine = CAT.racers["cindy"].engine
    tougher = changed(engine, durability=CAT.parts[engine].stats.durability + 2)
    s = lesson_state(("jeff", "cindy"), catalog=tougher)
    assert (s.racers[1].durability, s.racers[1].start_durability) == (7, 7)
    assert queries.seat_racer(s, 1).stats.durability == 7
    assert queries.seat_racer(lesson_state(("jeff", "cindy")), 1).stats.durability == 5


def test_the_table_numbers_come_from_the_catalog():
    table = replace(CAT.table, blocker_armor=3, blocker_durability=2)
    cat = KnightsCatalog(CAT.parts, CAT.racers, table)
    s = duel(cat)
    assert s.blockers == (2, 2, 2)
    attack = PendingAttack(0, Target.blocker(1), False)
    assert queries.attack_numbers(s, attack)[1] == 3
    assert queries.attack_numbers(duel(), attack)[1] == 7
    rules = KnightsRules(cat)
    assert rules.apply(s, SetBlocker(1, 2)).state.blockers[1] == 2
    with pytest.raises(Exception, match="0 to 2"):
        rules.apply(s, SetBlocker(1, 3))


def _renamed_folder(tmp_path):
    """The bundled catalog's files with every card id renamed (``x`` -> ``x_mk2``)."""
    folder = tmp_path / "mine"
    shutil.copytree(data_dir() / "knights", folder, ignore=shutil.ignore_patterns("scen*"))
    ids = "|".join(sorted(map(re.escape, CAT.parts), key=len, reverse=True))
    for name in ("parts.toml", "knights.toml", "racers.toml"):
        path = folder / name
        path.write_text(re.sub(rf'"({ids})"', r'"\1_mk2"', path.read_text()))
    return folder


class _Setups:
    """Random set-ups drawn from one catalog's racers (picklable, for ``simulate``)."""

    def __init__(self, catalog):
        self.catalog = catalog

    def __call__(self, rng):
        return random_setup(3, seed=int(rng.integers(2**31)), catalog=self.catalog)


def test_a_catalog_from_a_folder_plays_bot_games(tmp_path):
    folder = _renamed_folder(tmp_path)
    for name in ("parts.toml", "knights.toml", "racers.toml", "table.toml"):
        validate_file(folder / name)  # what `racerlab validate` does
    mine = load_catalog(folder)
    assert "sunspot_mk2" in mine.parts and "sunspot" not in mine.parts
    setup = random_setup(3, seed=2, catalog=mine)
    with pytest.raises(ScenarioError, match="no card with id"):
        KnightsRules().initial_state(setup)  # these cards are not the bundled ones
    df = simulate(KnightsRules(mine), _Setups(mine), games=3, seed=4, progress=False)
    assert len(df) == 3 and df["finished"].all()
    assert (df["steps"] > 10).all()
    two = simulate(KnightsRules(mine), _Setups(mine), games=3, seed=4, workers=2, progress=False)
    assert two.equals(df)  # the catalog travels to the worker processes and back


def test_a_folder_catalog_answers_the_queries_and_the_director(tmp_path):
    mine = load_catalog(_renamed_folder(tmp_path))
    rules = KnightsRules(mine)
    s = staged(rules.initial_state(random_setup(2, seed=5, catalog=mine), seed=1), 0)
    assert queries.seat_racer(s, 0).weapon.range >= 1
    region, reach = queries.firing_arc(s, 0)
    assert reach >= 1 and region.area > 0
    assert queries.table(s).r_per_m == mine.table.r_per_m
    chassis = next(p.id for p in mine.by_kind(CAT.parts["spell_blade"].kind))
    swapped = rules.apply(s, SwapPart(0, "chassis", chassis)).state
    assert swapped.racers[0].build.chassis == chassis
    with pytest.raises(Exception, match="no part with id 'spell_blade'"):
        rules.apply(s, SwapPart(0, "chassis", "spell_blade"))


def test_states_with_their_catalog_pickle():
    cat = changed("spell_blade", armor=9)
    s = lesson_state(("jeff", "cindy"), catalog=cat)
    back = pickle.loads(pickle.dumps(s))
    assert back.catalog is not cat and back.catalog.parts["spell_blade"].stats.armor == 9
    assert queries.seat_racer(back, 0).stats.armor == queries.seat_racer(s, 0).stats.armor
    plain = lesson_state(("jeff", "cindy"))
    assert pickle.loads(pickle.dumps(plain)).catalog is CAT


def test_the_rules_refuse_what_is_not_a_catalog():
    with pytest.raises(ScenarioError, match="plays a KnightsCatalog, got str"):
        KnightsRules("mine")


def test_the_descriptors_random_setup_draws_from_a_given_catalog(tmp_path):
    import numpy as np

    from racerlab.knights.game import GAME

    mine = load_catalog(_renamed_folder(tmp_path))
    setup = GAME.random_setup(np.random.default_rng(3), 3, catalog=mine)
    state = KnightsRules(mine).initial_state(setup)
    assert len(state.racers) == 3
    with pytest.raises(ScenarioError, match="no card with id"):
        KnightsRules().initial_state(setup)  # drawn from the renamed cards, not the bundled ones
