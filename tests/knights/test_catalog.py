"""The bundled Racer Knights catalog: rulebook stats, coverage, loading and user folders."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from racerlab.core.catalog import data_dir, validate_file
from racerlab.core.errors import CatalogError
from racerlab.knights.catalog import (
    ABILITY_KINDS,
    KnightsCatalog,
    load_catalog,
    load_parts,
    parse_ability,
)
from racerlab.knights.parts import (
    Ability,
    Arc,
    PartKind,
    Rarity,
    Side,
    Source,
    Species,
    Stats,
    WeaponType,
)

BUNDLED = data_dir() / "knights"


@pytest.fixture(scope="module")
def cat() -> KnightsCatalog:
    return load_catalog()


def _copy_bundled(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    shutil.copytree(BUNDLED, folder, ignore=shutil.ignore_patterns("scenarios"))
    return folder


# -- stats the rulebook states --------------------------------------------------------
RULEBOOK_STATS = [
    ("dancing_eclipse", PartKind.CHASSIS, {"speed": 5, "armor": 8}),
    ("cored_gem_supercoil", PartKind.ENGINE, {"speed": 2, "durability": 5}),
    ("gem_studded_radials", PartKind.TIRES, {"handling": 2}),
    ("spell_blade", PartKind.CHASSIS, {"speed": 2}),
    ("arcanus_maximus", PartKind.ENGINE, {"speed": 2}),
    ("war_hog", PartKind.CHASSIS, {"speed": 2}),
    ("coal_king", PartKind.ENGINE, {"speed": 1}),
    ("tobias_stormcaller", PartKind.KNIGHT, {"reflexes": 4}),
    ("vermillion", PartKind.KNIGHT, {"reflexes": 3}),
    ("reggie_chewbone", PartKind.KNIGHT, {"reflexes": 2}),
]


@pytest.mark.parametrize(("pid", "kind", "stated"), RULEBOOK_STATS)
def test_rulebook_parts_keep_their_stated_stats(cat, pid, kind, stated):
    part = cat.parts[pid]
    assert part.kind is kind
    assert part.source is Source.RULEBOOK
    for stat, value in stated.items():
        assert getattr(part.stats, stat) == value, (pid, stat)


def test_rulebook_weapons(cat):
    sunspot = cat.parts["sunspot"].weapon
    assert (sunspot.range, sunspot.strength) == (1, 3)
    charger = cat.parts["static_charger"]
    assert (charger.weapon.range, charger.weapon.strength, charger.weapon.damage) == (2, 2, 2)
    assert charger.has(Ability.WEAKNESS)
    assert charger.source is Source.RULEBOOK


def test_tobias_has_a_lightning_bonus(cat):
    tobias = cat.parts["tobias_stormcaller"]
    bonuses = [a for a in tobias.abilities if a.ability is Ability.KNIGHT_BONUS]
    assert [b.against for b in bonuses] == ["lightning"]


def test_chassis_carry_both_card_numbers(cat):
    assert cat.parts["dancing_eclipse"].card == "10a/10b"
    for part in cat.by_kind(PartKind.CHASSIS):
        a, b = part.card.split("/")
        assert a.endswith("a") and b.endswith("b") and a[:-1] == b[:-1], part.id


def test_tires_share_a_card_with_a_weapon_and_engines_with_a_shield(cat):
    weapon_cards = {p.card for p in cat.by_kind(PartKind.WEAPON)}
    shield_cards = {p.card for p in cat.by_kind(PartKind.SHIELD)}
    assert {p.card for p in cat.by_kind(PartKind.TIRES)} == weapon_cards
    assert {p.card for p in cat.by_kind(PartKind.ENGINE)} == shield_cards


# -- coverage ------------------------------------------------------------------------
@pytest.mark.parametrize("species", list(Species))
def test_every_species_has_every_kind_of_card(cat, species):
    for kind in PartKind:
        assert cat.by_kind(kind, species), f"no {kind.value} for {species.value}"


def test_every_ability_appears_on_some_card(cat):
    missing = [a.value for a in Ability if not cat.with_ability(a)]
    assert missing == []


def test_every_arc_and_weapon_type_appears(cat):
    weapons = [p.weapon for p in cat.by_kind(PartKind.WEAPON)]
    assert {w.arc for w in weapons} == set(Arc)
    assert {w.type for w in weapons} == set(WeaponType)


def test_protection_covers_ram_and_knight_bonuses_every_type(cat):
    protections = {a.against for p in cat.by_kind(PartKind.SHIELD) for a in p.abilities if a.amount}
    assert "ram" in protections
    bonuses = {
        a.against
        for p in cat.knights.values()
        for a in p.abilities
        if a.ability is Ability.KNIGHT_BONUS
    }
    assert bonuses == {t.value for t in WeaponType}


def test_illustrative_values_are_marked(cat):
    sources = {p.source for p in cat.parts.values()}
    assert sources == {Source.RULEBOOK, Source.ILLUSTRATIVE}
    for p in cat.parts.values():
        if p.source is Source.RULEBOOK:
            assert "Rulebook" in p.notes, p.id


def test_abilities_sit_on_cards_allowed_to_carry_them(cat):
    for p in cat.parts.values():
        for a in p.abilities:
            assert p.kind in ABILITY_KINDS[a.ability], (p.id, a)


def test_any_chassis_and_engine_give_sensible_totals(cat):
    """Speed from chassis + engine stays 3-8; Armor 5-10; Durability 3-7, whatever you pick."""
    for chassis in cat.by_kind(PartKind.CHASSIS):
        for engine in cat.by_kind(PartKind.ENGINE):
            total = chassis.stats + engine.stats
            assert 3 <= total.speed <= 8, (chassis.id, engine.id)
            assert 5 <= total.armor <= 10, (chassis.id, engine.id)
            assert 3 <= total.durability <= 7, (chassis.id, engine.id)


def test_only_knights_give_reflexes_and_only_tires_handling(cat):
    for p in cat.parts.values():
        if p.kind is not PartKind.KNIGHT:
            assert p.stats.reflexes == 0, p.id
        if p.kind is not PartKind.TIRES:
            assert p.stats.handling == 0, p.id


def test_shields_name_the_sides_they_fit(cat):
    ward = cat.parts["arcanus_ward"]
    assert ward.mounts == (Side.FRONT,) and ward.side is Side.FRONT
    crest = cat.parts["academy_crest"]
    assert crest.side is None and crest.fits(Side.LEFT) and not crest.fits(Side.FRONT)


# -- lookups and loading --------------------------------------------------------------
def test_lookups(cat):
    assert cat.part("sunspot").name == "Sunspot"
    with pytest.raises(KeyError, match="nope"):
        cat.part("nope")
    with pytest.raises(KeyError, match="nope"):
        cat.racer("nope")
    assert set(cat.knights) == {p.id for p in cat.by_kind(PartKind.KNIGHT)}
    ogre = cat.by_species(Species.OGRE)
    assert ogre and all(p.species is Species.OGRE for p in ogre)
    assert "war_hog" in {p.id for p in ogre}
    assert cat.parts["sunspot"].rarity in set(Rarity)
    assert f"{len(cat.parts)} parts, {len(cat.knights)} Knights" in repr(cat)


def test_bundled_catalog_is_cached_and_read_only(cat):
    assert load_catalog() is cat
    with pytest.raises(TypeError):
        cat.parts["x"] = cat.parts["sunspot"]  # type: ignore[index]


def test_a_copied_folder_loads_the_same_catalog(tmp_path, cat):
    mine = load_catalog(_copy_bundled(tmp_path))
    assert mine is not cat
    assert dict(mine.parts) == dict(cat.parts)
    assert dict(mine.racers) == dict(cat.racers)
    assert mine.table == cat.table


def test_a_person_can_add_a_part(tmp_path):
    folder = _copy_bundled(tmp_path)
    with (folder / "parts.toml").open("a", encoding="utf-8") as fh:
        fh.write(
            '\n[[weapon]]\nid = "my_cannon"\nname = "My Cannon"\nspecies = "human"\n'
            'card = "99"\nrarity = "C"\nsource = "illustrative"\narc = "C"\nrange = 2\n'
            'strength = 2\ndamage = 1\ntype = "metal"\nabilities = ["heavy"]\n'
        )
    mine = load_catalog(folder)
    cannon = mine.parts["my_cannon"]
    assert cannon.weapon.arc is Arc.C and cannon.has(Ability.HEAVY)
    assert "my_cannon" not in load_catalog().parts


def test_an_id_used_by_a_part_and_a_knight_is_refused(tmp_path):
    folder = _copy_bundled(tmp_path)
    text = (folder / "knights.toml").read_text(encoding="utf-8")
    (folder / "knights.toml").write_text(
        text.replace('id = "vermillion"', 'id = "sunspot"'), encoding="utf-8"
    )
    with pytest.raises(CatalogError) as info:
        load_catalog(folder)
    assert any(p.entry == "sunspot" and p.field == "id" for p in info.value.problems)


def test_a_missing_catalog_file_is_named(tmp_path):
    folder = _copy_bundled(tmp_path)
    (folder / "table.toml").unlink()
    with pytest.raises(CatalogError) as info:
        load_catalog(folder)
    assert info.value.file.endswith("table.toml")


def test_every_problem_of_a_file_is_reported_at_once(tmp_path):
    path = tmp_path / "two_bad.toml"
    path.write_text(
        'kind = "knights-parts"\nversion = 1\n[[tires]]\nid = "a"\nname = "A"\n'
        'species = "elf"\ncard = "1"\nrarity = "C"\nsource = "illustrative"\nhandling = -1\n',
        encoding="utf-8",
    )
    with pytest.raises(CatalogError) as info:
        load_parts(path)
    assert {(p.entry, p.field) for p in info.value.problems} == {
        ("a", "species"),
        ("a", "handling"),
    }


@pytest.mark.parametrize("name", ["parts", "knights", "racers", "table"])
def test_validate_knows_every_bundled_file(name):
    loaded = validate_file(BUNDLED / f"{name}.toml")
    assert loaded


# -- the ability mini-language ---------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "ability", "amount", "against", "stat"),
    [
        ("evasive", Ability.EVASIVE, 0, None, None),
        ("Damage Prevention(2)", Ability.DAMAGE_PREVENTION, 2, None, None),
        ("protection(ram, 3)", Ability.PROTECTION, 3, "ram", None),
        ("protection( fire ,1 )", Ability.PROTECTION, 1, "fire", None),
        ("knight_bonus(metal, damage, 1)", Ability.KNIGHT_BONUS, 1, "metal", "damage"),
    ],
)
def test_parse_ability(text, ability, amount, against, stat):
    use = parse_ability(text)
    assert (use.ability, use.amount, use.against, use.stat) == (ability, amount, against, stat)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("teleport", "unknown ability"),
        ("evasive(1)", "takes no parameters"),
        ("damage_prevention", "damage_prevention(X)"),
        ("damage_prevention(4)", "from 1 to 3"),
        ("damage_prevention(-1)", "from 1 to 3"),
        ("protection(water, 1)", "protection is against"),
        ("protection(fire)", "protection(TYPE or ram, X)"),
        ("knight_bonus(fire, speed, 1)", "the stat must be"),
        ("knight_bonus(ram, strength, 1)", "weapon type must be"),
        ("((", "cannot read ability"),
    ],
)
def test_parse_ability_refuses_bad_text(text, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_ability(text)


def test_labels_read_like_a_stat_strip():
    assert parse_ability("protection(ram, 2)").label() == "Protection (Ram 2)"
    assert parse_ability("damage_prevention(1)").label() == "Damage Prevention (1)"
    assert Stats(speed=1) + Stats(speed=2, armor=3) == Stats(speed=3, armor=3)
