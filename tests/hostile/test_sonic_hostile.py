"""Bad Battle Racers catalog files: each names file, entry and field, in the library and CLI."""

import subprocess
import sys
from pathlib import Path

import pytest

import racerlab.sonic  # noqa: F401  (importing the engine registers its catalog kinds)
from racerlab.core.catalog import validate_file
from racerlab.core.errors import CatalogError

HERE = Path(__file__).parent / "sonic"

# file -> (entry, field, words in the reason) of the first problem reported
EXPECTED = {
    "bosses_bad_lane_rule.toml": ("eggman.e1", "actions[0]", "unknown value 'sideways'"),
    "bosses_missing_card.toml": ("eggman", "card", "missing"),
    "bosses_racer_effect.toml": ("eggman.e1", "actions[0].effect", "racer effect"),
    "cards_duplicate_id.toml": ("brake-1", "id", "duplicate"),
    "cards_duplicate_priority.toml": ("brake-2", "priority", "also 'brake-1'"),
    "cards_negative_priority.toml": ("brake-1", "priority", "at least 1"),
    "cards_priority_wrong_type.toml": ("brake-1", "priority", "whole number"),
    "cards_unknown_action.toml": ("brake-1", "action", "'teleport'"),
    "components_missing.toml": ("buzz-bomber", "count", "missing"),
    "non_utf8.toml": ("(file)", "(encoding)", "UTF-8"),
    "platform_off_section.toml": ("s1.platform[0]", "col", "past column"),
    "racers_bad_param_type.toml": ("sonic", "power", "whole number"),
    "racers_boss_effect.toml": ("sonic", "power.effect", "boss effect"),
    "racers_huge_stacks.toml": ("sonic", "ring_stacks", "at most 6"),
    "racers_param_out_of_range.toml": ("sonic", "power", "between 1 and 9"),
    "racers_unknown_base.toml": ("sonic", "base", "'huge'"),
    "racers_unknown_effect.toml": ("sonic", "ability.effect", "'super_speed'"),
    "racers_unknown_param.toml": ("sonic", "ability", "'colour'"),
    "section_bad_elevation.toml": ("s1", "lanes", "elevation '3'"),
    "section_extra_field.toml": ("s1", "color", "not a known field"),
    "section_lanes_not_strings.toml": ("s1", "lanes[0]", "must be text"),
    "section_missing_lanes.toml": ("s1", "lanes", "missing"),
    "section_ragged_grid.toml": ("s1", "lanes", "has 4 spaces"),
    "section_too_long.toml": ("s1", "lanes", "2..12 columns"),
    "section_unknown_feature.toml": ("s1", "lanes", "feature 'q'"),
    "section_unknown_type.toml": ("s1", "type", "'loop'"),
    "section_wrong_lane_count.toml": ("s1", "lanes", "5 lane strings"),
    "section_wrong_type_name.toml": ("s1", "name", "must be text"),
    "start_line_out_of_range.toml": ("s1", "line_col", "got 9"),
    "straight_with_turn_lanes.toml": ("s1", "turn_lanes", "only Turns"),
    "trap_wrong_size.toml": ("s1.trap[0]", "face_b", "3 columns"),
    "truncated.toml": ("(file)", "(syntax)", "not valid TOML"),
    "turn_lane_speed_huge.toml": ("s1", "turn_lanes", "1..9"),
    "turn_without_lanes.toml": ("s1", "turn_lanes", "missing"),
    "unknown_zone.toml": ("(file)", "zone", "'chemical-plant'"),
    "wrong_version.toml": ("(file)", "version", "must be 1"),
}


def test_every_hostile_file_has_an_expectation():
    assert {p.name for p in HERE.glob("*.toml")} == set(EXPECTED)
    assert len(EXPECTED) >= 20


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_library_names_file_entry_and_field(name):
    entry, field, words = EXPECTED[name]
    with pytest.raises(CatalogError) as info:
        validate_file(HERE / name)
    first = info.value.problems[0]
    assert first.file.endswith(name)
    assert (first.entry, first.field) == (entry, field)
    assert words in first.reason


# A fresh `python -m racerlab validate` process: the engine registers its own catalog kinds.
CLI = ["-m", "racerlab"]


@pytest.mark.parametrize(
    "name", ["cards_unknown_action.toml", "section_ragged_grid.toml", "non_utf8.toml"]
)
@pytest.mark.integration  # runs the command or another process
def test_cli_exits_2_without_traceback(name):
    entry, field, words = EXPECTED[name]
    done = subprocess.run(
        [sys.executable, *CLI, "validate", str(HERE / name)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert name in done.stderr and f"entry {entry!r}" in done.stderr
    assert f"field {field!r}" in done.stderr and words in done.stderr


@pytest.mark.integration  # runs the command or another process
def test_cli_checks_many_files_at_once():
    files = [str(HERE / n) for n in sorted(EXPECTED)]
    done = subprocess.run(
        [sys.executable, *CLI, "validate", *files], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("INVALID") == len(files)
