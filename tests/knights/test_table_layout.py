"""``racerlab validate`` refuses a table no joust can be laid out on, as a game start would.

A table file with an arena 2M wide, or placement gaps no racer or waypoint can keep,
once passed ``validate`` and was refused only when a game started. Now validate runs the
same layout checks (:func:`~racerlab.knights.setup.random_setup`, then
:func:`~racerlab.knights.setup.check_setup`) for the fewest and the most players and names
the file, the table section and the measure.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from racerlab.cli import main
from racerlab.core.catalog import data_dir, validate_file
from racerlab.core.errors import CatalogError
from racerlab.core.limits import MAX_PLAYERS
from racerlab.knights.setup import load_table_checked

TABLE = data_dir() / "knights" / "table.toml"


def edited(tmp_path: Path, old: str, new: str) -> Path:
    text = TABLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "table.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_the_bundled_table_lays_out_every_joust():
    assert load_table_checked(TABLE).arena_width_m == 20.0
    assert validate_file(TABLE) is not None


@pytest.mark.parametrize(
    "old, new, entry, field, says",
    [
        ("width_m = 20.0", "width_m = 2.0", "arena", "width_m", "must be more than 2M, got 2"),
        (
            "width_m = 20.0",
            "width_m = 2.5",
            "arena",
            "width_m",
            f"a joust of {MAX_PLAYERS} players cannot start on this table",
        ),
        (
            "racer_gap_r = 1.0",
            "racer_gap_r = 20.0",
            "placement",
            "racer_gap_r",
            "found no room for waypoint 2 at least 20R from every racer",
        ),
        ("height_m = 20.0", "height_m = 2.0", "arena", "height_m", "must be more than 2M"),
    ],
)
def test_an_impossible_table_is_refused_naming_file_entry_and_field(
    tmp_path, old, new, entry, field, says
):
    path = edited(tmp_path, old, new)
    with pytest.raises(CatalogError) as info:
        validate_file(path)
    problem = info.value.problems[0]
    assert (problem.file, problem.entry, problem.field) == (str(path), entry, field)
    assert says in problem.reason


def test_validate_prints_the_layout_problem(tmp_path, capsys):
    path = edited(tmp_path, "width_m = 20.0", "width_m = 2.0")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: INVALID" in err and "entry 'arena', field 'width_m'" in err


def saved_game_with(tmp_path: Path, edit) -> Path:
    """The rulebook example as a saved game, its set-up changed by ``edit(setup)``."""
    import json

    from racerlab.core.timeline import Timeline
    from racerlab.knights import KnightsRules, example_setup

    data = json.loads(Timeline.new(KnightsRules(), example_setup(), seed=3).dumps())
    edit(data["setup"])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "edit, says",
    [
        (
            lambda s: s["waypoints"].__setitem__(1, [40.0, 8.0]),
            "setup: waypoint 2 at (40.00, 8.00) is off the arena",
        ),
        (
            lambda s: s["poses"].__setitem__(1, s["poses"][0]),
            "setup: racer 2 (Cindy) is 0.00R from racer 1; racers start at least",
        ),
        (lambda s: s.__setitem__("arena_width", 2.0), "setup: the arena must be more than 2M"),
    ],
)
def test_validate_refuses_a_saved_game_whose_layout_could_not_start(tmp_path, capsys, edit, says):
    path = saved_game_with(tmp_path, edit)
    assert main(["validate", str(path)]) == 2
    assert f"{path}: {says}" in capsys.readouterr().err
