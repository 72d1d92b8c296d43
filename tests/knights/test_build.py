"""Building racers: legality, stat totals, abilities by side, Perfect Racer and Valor."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racerlab.core.codec import Codec
from racerlab.knights.build import SLOTS, BuildError, Racer, RacerBuild, slot_choices
from racerlab.knights.catalog import KnightsCatalog, TableSpec, load_catalog
from racerlab.knights.parts import Ability, PartKind, Side, Species, Stats


@pytest.fixture(scope="module")
def cat() -> KnightsCatalog:
    return load_catalog()


def racer(cat: KnightsCatalog, rid: str) -> Racer:
    return cat.racers[rid].resolve(cat)


# -- the rulebook's worked example ------------------------------------------------------
def test_cindy_totals(cat):
    cindy = racer(cat, "cindy")
    assert (cindy.stats.speed, cindy.stats.armor, cindy.stats.durability) == (7, 8, 5)
    assert cindy.stats.handling == 2  # Gem-Studded Radials: one turn is 90 degrees
    assert 6 + cindy.stats.speed == 13  # her drive roll of 6 gives 13 Speed Points
    assert cindy.weapon.range == 1 and cindy.weapon.strength == 3
    # her shot at the blocker: 6 on two dice + Strength 3 = 9, beating Armor 7
    assert 6 + cindy.weapon.strength > cat.table.blocker_armor


def test_jeff_speed_total_is_nine_from_a_roll_of_five(cat):
    jeff = racer(cat, "jeff")
    assert jeff.stats.speed == 4
    assert 5 + jeff.stats.speed == 9


def test_chris_speed_total_is_five_from_a_roll_of_two(cat):
    chris = racer(cat, "chris")
    assert chris.stats.speed == 3
    assert 2 + chris.stats.speed == 5
    assert chris.weapon.range == 2 and chris.has(Ability.WEAKNESS)


def test_chris_needs_seven_to_hurt_cindy(cat):
    """Strength 2 against Armor 8: a 7 on two dice hits (9 > 8), a 6 does not."""
    chris, cindy = racer(cat, "chris"), racer(cat, "cindy")
    needed = min(t for t in range(2, 13) if t + chris.weapon.strength > cindy.stats.armor)
    assert needed == 7
    assert cindy.stats.durability - chris.weapon.damage == 3


def test_round_order_totals_come_from_the_knights(cat):
    rolls = {"jeff": 5, "cindy": 6, "chris": 2}
    totals = {rid: roll + racer(cat, rid).stats.reflexes for rid, roll in rolls.items()}
    assert totals == {"jeff": 9, "cindy": 9, "chris": 4}
    for rid in rolls:
        r = racer(cat, rid)
        assert r.stats.reflexes == r.knight.stats.reflexes
        assert all(p.stats.reflexes == 0 for p in r.parts if p.kind is not PartKind.KNIGHT)


def test_example_racers_use_the_named_cards(cat):
    assert cat.racers["cindy"].part_ids()[:5] == (
        "dancing_eclipse",
        "cored_gem_supercoil",
        "gem_studded_radials",
        "sunspot",
        "vermillion",
    )
    assert racer(cat, "jeff").knight.name == "Tobias Stormcaller"
    assert cat.racers["jeff"].chassis == "spell_blade"
    assert cat.racers["jeff"].engine == "arcanus_maximus"
    assert cat.racers["chris"].chassis == "war_hog"
    assert cat.racers["chris"].engine == "coal_king"
    assert cat.racers["chris"].weapon == "static_charger"
    assert racer(cat, "chris").knight.name == "Reggie Chewbone"


# -- totals ----------------------------------------------------------------------------
def test_totals_add_every_strip_column_by_column(cat):
    r = racer(cat, "perfect_ogre")
    expected = Stats()
    for p in r.parts:
        expected = expected + p.stats
    assert r.stats == expected
    assert r.stat_rows()[-1] == ("Total", r.stats)
    assert len(r.stat_rows()) == len(r.parts) + 1


@pytest.mark.parametrize(
    "rid", ["cindy", "jeff", "chris", *(f"perfect_{s.value}" for s in Species)]
)
def test_bundled_racers_are_legal_and_sensible(cat, rid):
    r = racer(cat, rid)
    assert 3 <= r.stats.speed <= 8
    assert 5 <= r.stats.armor <= 10
    assert 3 <= r.stats.durability <= 7
    assert r.name in r.describe()


# -- legality --------------------------------------------------------------------------
NEEDS = ["a chassis", "an engine", "tires", "a weapon", "a Knight"]


@pytest.mark.parametrize(("slot", "needs"), list(zip([s for s, _ in SLOTS], NEEDS, strict=True)))
def test_each_required_slot_is_checked(cat, slot, needs):
    bad = replace(cat.racers["cindy"], **{slot: ""})
    assert bad.check(cat) == (f"{slot}: is missing: a racer needs {needs}",)
    with pytest.raises(BuildError, match=f"needs {needs}") as info:
        bad.resolve(cat)
    assert len(info.value.reasons) == 1


def test_unknown_and_wrong_kind_cards_are_refused(cat):
    bad = replace(cat.racers["cindy"], engine="warp_drive", tires="sunspot")
    fields = dict(bad.problems(cat))
    assert "warp_drive" in fields["engine"]
    assert "is a weapon, not tires" in fields["tires"]


def test_shields_are_optional(cat):
    assert cat.racers["cindy"].shields == ()
    assert cat.racers["cindy"].is_legal(cat)


def test_one_shield_per_side(cat):
    b = cat.racers["cindy"]
    two = replace(b, shields=((Side.LEFT, "academy_crest"), (Side.LEFT, "veil_of_leaves")))
    assert two.check(cat) == ("shields.left: a second shield on the left: one per side",)


def test_a_shield_only_mounts_on_its_sides(cat):
    b = replace(cat.racers["cindy"], shields=((Side.REAR, "arcanus_ward"),))
    assert b.check(cat) == ("shields.rear: 'Arcanus Ward' mounts only on: front",)
    b = replace(cat.racers["cindy"], shields=((Side.FRONT, "sunspot"),))
    assert "not a shield" in b.check(cat)[0]
    b = replace(cat.racers["cindy"], shields=((Side.FRONT, "nothing"),))
    assert "no card" in b.check(cat)[0]


def test_every_problem_is_listed(cat):
    bad = RacerBuild("Junk", "", "sunspot", "nope", "war_hog", "coal_king")
    assert [f for f, _ in bad.problems(cat)] == ["chassis", "engine", "tires", "weapon", "knight"]


# -- abilities and sides ------------------------------------------------------------------
def test_abilities_name_their_card_and_side(cat):
    r = racer(cat, "perfect_human")
    assert next(g for g in r.abilities if g[0].ability is Ability.REPAIR)[1:] == (
        "arcanus_maximus",
        None,
    )
    ward = r.side_abilities(Side.FRONT)
    assert {g[0].ability for g in ward} == {Ability.DAMAGE_PREVENTION, Ability.PROTECTION}
    assert all(g[1] == "arcanus_ward" and g[2] is Side.FRONT for g in ward)
    assert r.side_abilities(Side.REAR) == ()


def test_shield_abilities_count_only_on_their_side(cat):
    r = racer(cat, "perfect_alfar")  # Veil of Leaves (Evasive) on the right
    veil = [g for g in r.abilities if g[1] == "veil_of_leaves"]
    assert veil and all(g[2] is Side.RIGHT for g in veil)
    cindy = racer(cat, "cindy").build.with_part(cat, "veil_of_leaves", Side.LEFT).resolve(cat)
    assert not cindy.has(Ability.EVASIVE)
    assert Ability.EVASIVE in {g[0].ability for g in cindy.side_abilities(Side.LEFT)}
    assert not cindy.side_abilities(Side.RIGHT)


def test_protection_by_side_and_type(cat):
    r = racer(cat, "perfect_ogre")  # Hog Snout Plate front (Ram 3), Iron Bulwark left (Metal 1)
    assert r.protection(Side.FRONT, "ram") == 3
    assert r.protection(Side.LEFT, "ram") == 0
    assert r.protection(Side.LEFT, "metal") == 1
    assert r.protection(Side.RIGHT, "metal") == 0


def test_knight_bonus_by_weapon_type(cat):
    jeff = racer(cat, "jeff")
    assert jeff.knight_bonus("lightning", "strength") == 1
    assert jeff.knight_bonus("fire", "strength") == 0
    assert jeff.knight_bonus("lightning", "damage") == 0
    assert racer(cat, "chris").knight_bonus("lightning", "strength") == 0


def test_uses_lists_non_shield_grants(cat):
    chris = racer(cat, "chris")
    assert [g[1] for g in chris.uses(Ability.WEAKNESS)] == ["static_charger"]
    assert chris.uses(Ability.EVASIVE) == ()


# -- Perfect Racer and Valor --------------------------------------------------------------
@pytest.mark.parametrize("species", list(Species))
def test_one_perfect_racer_per_species(cat, species):
    r = racer(cat, f"perfect_{species.value}")
    assert r.perfect and r.species is species
    assert {p.species for p in r.parts} == {species}
    assert r.build.shields, "a perfect racer here shows off a shield of its species"


@pytest.mark.parametrize("rid", ["cindy", "jeff", "chris"])
def test_mixed_racers_are_not_perfect(cat, rid):
    r = racer(cat, rid)
    assert not r.perfect and r.species is None


def test_a_foreign_shield_or_knight_spoils_a_perfect_racer(cat):
    b = cat.racers["perfect_human"]
    assert not b.with_part(cat, "veil_of_leaves", Side.RIGHT).resolve(cat).perfect
    assert not b.with_part(cat, "vermillion").resolve(cat).perfect
    assert b.with_part(cat, "roslyn_ashford").resolve(cat).perfect


def test_valor_pool_adds_racer_and_knight(cat):
    jeff = racer(cat, "jeff")
    assert jeff.valor_pool == sum(p.stats.valor for p in jeff.parts) == 3
    assert jeff.knight.stats.valor < jeff.valor_pool  # the Spell Blade chassis adds one


def test_veterans_may_spend_five_valor_an_action(cat):
    assert racer(cat, "jeff").max_valor_per_action == 3
    ogre = racer(cat, "perfect_ogre")
    assert ogre.knight.has(Ability.VETERAN)
    assert ogre.max_valor_per_action == 5
    swapped = cat.racers["jeff"].with_part(cat, "roslyn_ashford").resolve(cat)
    assert swapped.max_valor_per_action == 5


def test_valor_limits_come_from_the_table(cat):
    table = replace(cat.table, valor_per_action=2, veteran_valor_per_action=4)
    other = KnightsCatalog(cat.parts, cat.racers, table)
    assert racer(other, "jeff").max_valor_per_action == 2
    assert racer(other, "perfect_ogre").max_valor_per_action == 4
    assert TableSpec().valor_per_action == 3


# -- swapping parts ------------------------------------------------------------------------
def test_with_part_swaps_the_matching_slot(cat):
    b = cat.racers["cindy"].with_part(cat, "starwind_coil")
    assert b.engine == "starwind_coil" and b.chassis == "dancing_eclipse"
    r = b.resolve(cat)
    assert r.stats.speed == 5 + 3 and r.stats.durability == 4 and r.has(Ability.TURBO)


def test_with_part_puts_a_one_sided_shield_on_its_side(cat):
    b = cat.racers["cindy"].with_part(cat, "gemlight_aegis")
    assert b.shields == ((Side.FRONT, "gemlight_aegis"),)
    b = b.with_part(cat, "academy_crest", Side.RIGHT)
    assert b.shields == ((Side.FRONT, "gemlight_aegis"), (Side.RIGHT, "academy_crest"))
    b = b.with_shield(Side.RIGHT, "veil_of_leaves")
    assert dict(b.shields)[Side.RIGHT] == "veil_of_leaves" and len(b.shields) == 2
    assert b.without_shield(Side.FRONT).shields == ((Side.RIGHT, "veil_of_leaves"),)


def test_with_part_refuses_what_it_cannot_place(cat):
    with pytest.raises(BuildError, match="which side"):
        cat.racers["cindy"].with_part(cat, "academy_crest")
    with pytest.raises(BuildError, match="no card"):
        cat.racers["cindy"].with_part(cat, "warp_drive")


def test_builds_are_frozen_and_round_trip_through_json(cat):
    b = cat.racers["perfect_gremlin"]
    with pytest.raises(AttributeError):
        b.engine = "x"  # type: ignore[misc]
    codec = Codec([RacerBuild])
    data = codec.encode(b)
    assert data["shields"] == [["rear", "tin_can_bumper"], ["left", "junk_plating"]]
    assert codec.decode(data, RacerBuild) == b


# -- any build from the catalog ---------------------------------------------------------
CATALOG = load_catalog()


def _ids(kind: PartKind) -> list[str]:
    return [p.id for p in CATALOG.by_kind(kind)]


@st.composite
def builds(draw) -> RacerBuild:
    """A legal build: any card for each slot and shields on sides they fit."""
    slots = {slot: draw(st.sampled_from(_ids(kind))) for slot, kind in SLOTS}
    shields = []
    for side in Side:
        fitting = [p.id for p in CATALOG.by_kind(PartKind.SHIELD) if p.fits(side)]
        choice = draw(st.one_of(st.none(), st.sampled_from(fitting)))
        if choice is not None:
            shields.append((side, choice))
    return RacerBuild(name="Any", shields=tuple(shields), **slots)


@settings(max_examples=150, deadline=None)
@given(builds())
def test_any_legal_build_adds_up(build):
    assert build.check(CATALOG) == ()
    r = build.resolve(CATALOG)
    cards = [CATALOG.parts[pid] for pid in build.part_ids()]
    for column in ("speed", "reflexes", "handling", "armor", "durability", "valor", "ram_damage"):
        assert getattr(r.stats, column) == sum(getattr(p.stats, column) for p in cards)
    assert r.perfect == (len({p.species for p in cards}) == 1)
    assert r.valor_pool == r.stats.valor
    assert r.stats.reflexes == r.knight.stats.reflexes
    assert r.max_valor_per_action == (5 if r.knight.has(Ability.VETERAN) else 3)
    shield_ids = {pid for _, pid in build.shields}
    for use, pid, side in r.abilities:
        assert (side is not None) == (pid in shield_ids)
        if side is None:
            assert r.has(use.ability)
    for side, pid in build.shields:
        assert {g[1] for g in r.side_abilities(side)} <= {pid}


@settings(max_examples=100, deadline=None)
@given(builds(), st.sampled_from(sorted(CATALOG.parts)))
def test_with_part_keeps_a_build_legal_or_says_why(build, part_id):
    part = CATALOG.parts[part_id]
    if part.kind is PartKind.SHIELD and part.side is None:
        with pytest.raises(BuildError, match="which side"):
            build.with_part(CATALOG, part_id)
        swapped = build.with_part(CATALOG, part_id, part.mounts[0])
    else:
        swapped = build.with_part(CATALOG, part_id)
    assert swapped.check(CATALOG) == ()
    assert part_id in swapped.part_ids()


def test_slot_choices_list_what_fits(cat):
    assert {p.id for p in slot_choices(cat, "engine")} == {
        p.id for p in cat.parts.values() if p.kind is PartKind.ENGINE
    }
    front = {p.id for p in slot_choices(cat, Side.FRONT)}
    assert "arcanus_ward" in front and "academy_crest" not in front
    assert "academy_crest" in {p.id for p in slot_choices(cat, Side.LEFT)}
    with pytest.raises(KeyError, match="no slot 'wings'"):
        slot_choices(cat, "wings")
    build = cat.racers["chris"]
    for side in Side:
        for shield in slot_choices(cat, side):
            assert build.with_shield(side, shield.id).is_legal(cat)


def test_a_weapon_card_without_weapon_numbers_is_refused(cat):
    broken = replace(cat.parts["sunspot"], weapon=None)
    other = KnightsCatalog({**cat.parts, "sunspot": broken}, {}, cat.table)
    assert cat.racers["cindy"].check(other) == (
        "weapon: 'Sunspot' has no weapon numbers (arc, range, ...)",
    )
