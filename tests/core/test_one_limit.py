"""One limit per kind of file, one rule per kind of value: what the command line accepts
is what the dashboards accept, from the same constant or function in ``core``."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from racerlab.cli import main
from racerlab.core.catalog import PLAYER_NAME, Checker, Schema, data_dir, validate_file
from racerlab.core.catalog_files import export_catalog, load_catalog_files
from racerlab.core.errors import CatalogError, ScenarioError
from racerlab.core.limits import MAX_NAME_CHARS, MAX_SAVED_GAME_BYTES, check_name, name_problem

SAVED = data_dir() / "knights" / "scenarios" / "worked-example.json"


def padded_save(tmp_path: Path, size: int) -> Path:
    """The worked example, made ``size`` bytes long with JSON whitespace (still valid)."""
    raw = SAVED.read_bytes().rstrip()
    path = tmp_path / f"save-{size}.json"
    path.write_bytes(raw + b" " * (size - len(raw)))
    assert path.stat().st_size == size
    return path


def test_the_dashboards_load_limit_is_the_core_constant():
    from racerlab.app.kit import session

    assert session.MAX_SAVED_GAME_BYTES == MAX_SAVED_GAME_BYTES == 5_000_000


def test_validate_accepts_a_saved_game_the_dashboard_accepts(tmp_path, capsys):
    path = padded_save(tmp_path, 4_990_000)  # 4.99 MB: Load takes it
    assert validate_file(path).rules.name == "knights"
    assert main(["validate", str(path)]) == 0
    assert f"{path}: ok" in capsys.readouterr().out


def test_validate_refuses_a_saved_game_over_the_limit(tmp_path, capsys):
    path = padded_save(tmp_path, MAX_SAVED_GAME_BYTES + 1)
    with pytest.raises(CatalogError, match=f"the limit is {MAX_SAVED_GAME_BYTES}"):
        validate_file(path)
    assert main(["validate", str(path)]) == 2
    assert "(size)" in capsys.readouterr().err


def test_simulate_reads_a_scenario_up_to_the_same_limit(tmp_path):
    from racerlab.analysis import simulate

    ok = simulate("knights", padded_save(tmp_path, 4_990_000), games=1, progress=False)
    assert len(ok) == 1
    with pytest.raises(ScenarioError, match=f"the limit is {MAX_SAVED_GAME_BYTES}"):
        simulate("knights", padded_save(tmp_path, MAX_SAVED_GAME_BYTES + 1), games=1)


def test_the_name_rule_is_one_function():
    assert name_problem("x" * MAX_NAME_CHARS) is None
    assert name_problem("") == f"must be 1 to {MAX_NAME_CHARS} characters, got 0"
    assert name_problem(7) == "must be text, got 7"
    with pytest.raises(ScenarioError) as info:
        check_name("x" * 10_000, "player name")
    assert str(info.value) == f"player name: {name_problem('x' * 10_000)}"


def test_a_catalog_field_with_a_check_runs_it():
    checker = Checker("racers.toml")
    schema = Schema({"name": PLAYER_NAME})
    assert checker.entry("ok", {"name": "Cindy"}, schema) == {"name": "Cindy"}
    assert checker.entry("long", {"name": "x" * 61}, schema) is None
    (problem,) = checker.problems
    assert (problem.entry, problem.field, problem.reason) == (
        "long",
        "name",
        name_problem("x" * 61),
    )


def long_racer_name(tmp_path: Path, length: int) -> Path:
    folder = tmp_path / "cards"
    export_catalog("knights", folder)
    path = folder / "racers.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('name = "Cindy\'s Dancing Eclipse"', f'name = "{"x" * length}"'))
    return path


def test_validate_refuses_a_racer_name_the_dashboard_refuses(tmp_path, capsys):
    path = long_racer_name(tmp_path, 10_000)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    reason = name_problem("x" * 10_000)
    assert f"{path}: entry 'cindy', field 'name': {reason}" in err
    # the dashboard's Catalog tab (load_catalog_files) refuses it with the same words
    with pytest.raises(CatalogError) as info:
        load_catalog_files("knights", {"racers.toml": path.read_bytes()})
    assert [(p.file, p.entry, p.field, p.reason) for p in info.value.problems] == [
        ("racers.toml", "cindy", "name", reason)
    ]
    # and a set-up (what a new game in the dashboard makes) with that name says the same
    with pytest.raises(ScenarioError, match=reason):
        check_name("x" * 10_000, "player name")


def test_a_racer_name_of_sixty_characters_plays(tmp_path):
    from racerlab.analysis import simulate

    path = long_racer_name(tmp_path, MAX_NAME_CHARS)
    assert validate_file(path)
    df = simulate("knights", games=2, progress=False, catalog=path.parent)
    assert len(df) == 2


def test_a_racer_drawn_twice_keeps_a_name_within_the_limit():
    """The random set-up numbers a racer drawn more than once ("Name 2"); a name already at
    the limit is cut short so that its number still fits, and the names stay distinct."""
    from racerlab.knights.catalog.loaders import KnightsCatalog, load_catalog
    from racerlab.knights.setup import random_setup

    bundled = load_catalog()
    ((key, racer),) = [
        (k, r) for k, r in bundled.racers.items() if r.name == "Cindy's Dancing Eclipse"
    ]
    long_named = dataclasses.replace(racer, name="C" * MAX_NAME_CHARS)
    one_racer = KnightsCatalog(bundled.parts, {key: long_named}, bundled.table)
    names = [p.name for p in random_setup(3, seed=1, catalog=one_racer).players]
    assert names == ["C" * 58 + " 1", "C" * 58 + " 2", "C" * 58 + " 3"]
    assert all(name_problem(n) is None for n in names)
