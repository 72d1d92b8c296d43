"""Provenance per value: which catalog values the rulebook prints and which are ours."""

from pathlib import Path

import pytest

from racerlab.cli import main
from racerlab.core.catalog import data_dir, validate_file
from racerlab.core.errors import CatalogError
from racerlab.core.provenance import file_provenance, provenance_lines
from racerlab.knights.catalog import load_catalog
from racerlab.knights.provenance import invented_stats, provenance, stat_provenance
from racerlab.sonic.provenance import provenance as sonic_provenance

KNIGHTS = data_dir() / "knights"


@pytest.mark.parametrize(
    ("entry", "field", "where"),
    [
        ("war_hog", "speed", "rulebook"),
        ("war_hog", "armor", "ours"),  # Armor 9 is ours
        ("war_hog", "abilities:traction", "ours"),
        ("coal_king", "speed", "rulebook"),
        ("coal_king", "abilities:durable", "ours"),
        ("coal_king", "durability", "ours"),
        ("arcanus_maximus", "abilities:repair", "ours"),
        ("gem_studded_radials", "handling", "rulebook"),
        ("gem_studded_radials", "abilities:fast", "ours"),
        ("dancing_eclipse", "armor", "rulebook"),
        ("cored_gem_supercoil", "durability", "rulebook"),
        ("sunspot", "strength", "rulebook"),
        ("sunspot", "damage", "ours"),
        ("static_charger", "abilities:weakness", "rulebook"),
        ("static_charger", "arc", "ours"),
        ("tobias_stormcaller", "reflexes", "rulebook"),
        ("tobias_stormcaller", "valor", "ours"),
        ("lionheart", "speed", "ours"),  # an illustrative card: all ours
        ("jeff", "weapon", "ours"),
        ("chris", "engine", "rulebook"),
    ],
)
def test_each_rulebook_named_value_checked_against_the_rulebook(entry, field, where):
    assert provenance(entry, field) == where


def test_a_rulebook_source_never_hides_our_numbers():
    # every entry said to come from the rulebook lists what it prints; what it does not is ours
    for name in ("parts.toml", "knights.toml", "racers.toml"):
        for e in file_provenance(KNIGHTS / name):
            if e.source == "rulebook":
                assert e.printed, e.id
                assert set(e.printed) <= set(e.values), e.id
    war_hog = {e.id: e for e in file_provenance(KNIGHTS / "parts.toml")}["war_hog"]
    assert war_hog.ours() == (
        "abilities:traction",
        "armor",
        "cards",
        "ram_damage",
        "rarity",
        "species",
    )


def test_totals_are_printed_only_when_every_card_adding_to_them_is():
    cat = load_catalog()
    cindy = cat.racer("cindy")
    assert stat_provenance(cindy, "speed") == "rulebook"  # 5 + 2, both printed
    assert stat_provenance(cindy, "armor") == "rulebook"
    assert stat_provenance(cindy, "ram_damage") == "ours"
    assert stat_provenance(cat.racer("chris"), "armor") == "ours"
    assert "armor" in invented_stats(cindy, (("armor", 1),))  # a tweak is ours


def test_battle_racers_prints_names_actions_and_boss_rings_only():
    assert sonic_provenance("brake-1", "action") == "rulebook"
    assert sonic_provenance("brake-1", "priority") == "ours"
    assert sonic_provenance("sonic", "ring_stacks") == "ours"
    assert sonic_provenance("eggman", "base", table="racer") == "rulebook"
    assert sonic_provenance("eggman", "rules", table="boss") == "ours"
    with pytest.raises(CatalogError, match="several tables"):
        sonic_provenance("eggman", "name")


def test_the_cards_header_marks_the_split_per_action_as_ours():
    header = (data_dir() / "sonic" / "cards.toml").read_text().split("[[card]]")[0]
    assert "8 of each here: the rulebook gives no" in header
    assert "Everything else is ours" in header


def test_unknown_entries_and_fields_are_refused_by_name():
    with pytest.raises(CatalogError, match="nosuch"):
        provenance("nosuch", "speed")
    with pytest.raises(CatalogError, match=r"'armour'.*not a value"):
        provenance("war_hog", "armour")


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "parts.toml"
    path.write_text('kind = "knights-parts"\nversion = 1\n\n' + body)
    return path


PART = """[[engine]]
id = "x"
name = "X"
species = "human"
card = "4"
rarity = "C"
source = "{source}"
speed = 1
durability = 5
{printed}
"""


def test_printed_names_are_checked(tmp_path):
    bad = _write(tmp_path, PART.format(source="rulebook", printed='printed = ["armor"]'))
    with pytest.raises(CatalogError, match=r"entry 'x', field 'printed'.*'armor'"):
        validate_file(bad)
    none = _write(tmp_path, PART.format(source="rulebook", printed=""))
    with pytest.raises(CatalogError, match="must list the fields the rulebook prints"):
        validate_file(none)
    ok = _write(tmp_path, PART.format(source="rulebook", printed='printed = ["speed"]'))
    validate_file(ok)
    assert provenance_lines(ok) == [
        "engine x (rulebook): printed: speed; ours: card, durability, name, rarity, species"
    ]


def test_validate_provenance_lists_each_entry(capsys):
    assert main(["validate", "--provenance", str(KNIGHTS / "parts.toml")]) == 0
    out = capsys.readouterr().out
    assert (
        "chassis war_hog (rulebook): printed: name, speed; ours: abilities:traction, armor" in out
    )
    assert main(["validate", "--provenance", str(data_dir() / "knights" / "table.toml")]) == 2
    assert "no entries with an id" in capsys.readouterr().err
