"""Table measures: M and R from the card, footprint, waypoints, arena, blockers, Valor limits."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from racerlab.core.catalog import data_dir
from racerlab.core.errors import CatalogError
from racerlab.knights.catalog import TableSpec, load_catalog, load_table

TABLE = data_dir() / "knights" / "table.toml"


@pytest.fixture(scope="module")
def table() -> TableSpec:
    return load_catalog().table


def test_m_and_r_come_from_the_card(table):
    assert (table.m_in, table.r_in) == (2.5, 3.5)
    assert table.r_per_m == pytest.approx(1.4)
    assert table.r_per_m == pytest.approx(table.r_in / table.m_in)


def test_r_per_m_follows_other_card_sizes():
    assert TableSpec(m_in=2.0, r_in=3.0).r_per_m == pytest.approx(1.5)


def test_blocker_matches_the_rulebook_example(table):
    """Cindy's 9 beats the blocker's Armor 7 and its Durability 1 is gone in one hit."""
    assert (table.blocker_armor, table.blocker_durability) == (7, 1)
    assert table.blocker_armor < 9 and table.blocker_armor < 8 and not table.blocker_armor < 7


def test_placement_measures(table):
    assert table.start_distance_r == 5
    assert table.waypoint_gap_m == 1
    assert table.racer_gap_r == 1


def test_valor_limits(table):
    assert (table.valor_per_action, table.veteran_valor_per_action) == (3, 5)
    assert table.perfect_valor_per_round == 1


def test_footprint_and_waypoint_sizes_are_plausible(table):
    assert 0 < table.racer_width_m < table.racer_length_m <= 2 * table.r_per_m
    assert 0 < table.waypoint_diameter_m < table.waypoint_gap_m + table.racer_length_m


def test_the_default_arena_holds_the_starting_ring(table):
    """Racers start 5R from the centre: the ring and a racer must fit inside the arena."""
    reach = table.start_distance_r * table.r_per_m + math.hypot(
        table.racer_length_m, table.racer_width_m
    )
    assert reach < table.arena_width_m / 2
    assert reach < table.arena_height_m / 2


def test_the_bundled_file_loads_to_the_catalog_table(table):
    assert load_table(TABLE) == table


def _edit(tmp_path: Path, old: str, new: str) -> Path:
    text = TABLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "table.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_an_edited_measure_is_used(tmp_path):
    spec = load_table(_edit(tmp_path, "long_in = 3.5", "long_in = 3.75"))
    assert spec.r_per_m == pytest.approx(1.5)


@pytest.mark.parametrize(
    ("old", "new", "entry", "field"),
    [
        ("long_in = 3.5", "long_in = 2.0", "card", "long_in"),
        ("short_in = 2.5", 'short_in = "2.5in"', "card", "short_in"),
        ("blocker_durability = 1", "blocker_durability = 0", "waypoint", "blocker_durability"),
        ("width_m = 20.0", "width_m = 20.0\ncolour = 1", "arena", "colour"),
        ("[valor]", "[valour]", "(file)", "valour"),
        ("version = 1", "version = 2", "(file)", "version"),
    ],
)
def test_bad_measures_are_named(tmp_path, old, new, entry, field):
    path = _edit(tmp_path, old, new)
    with pytest.raises(CatalogError) as info:
        load_table(path)
    assert any(
        p.file == str(path) and p.entry == entry and p.field == field for p in info.value.problems
    ), info.value.problems


def test_a_missing_section_is_named(tmp_path):
    path = _edit(tmp_path, "[placement]", "[placement_old]")
    with pytest.raises(CatalogError) as info:
        load_table(path)
    assert ("placement", "(section)") in {(p.entry, p.field) for p in info.value.problems}
