"""Catalog files: loading a game's catalog from given files, and the exported template."""

from __future__ import annotations

import tomllib

import pytest

import racerlab  # noqa: F401  (registers the games)
from racerlab.cli import main
from racerlab.core.catalog import MAX_FILE_BYTES, data_dir, validate_file
from racerlab.core.catalog_files import (
    OURS_NOTE,
    catalog_file_names,
    catalog_games,
    export_catalog,
    load_catalog_files,
    provenance_index,
)
from racerlab.core.errors import CatalogError, ScenarioError
from racerlab.core.printed import entry_provenance
from racerlab.core.registry import descriptor
from racerlab.knights.provenance import invented_stats
from racerlab.sonic.provenance import provenance


def bundled(game: str, name: str) -> str:
    return (data_dir() / game / name).read_text(encoding="utf-8")


def same_catalog(game: str, a, b) -> bool:
    if game == "knights":  # no equality of its own: compare what it holds
        return (dict(a.parts), dict(a.racers), a.table) == (dict(b.parts), dict(b.racers), b.table)
    return a == b


def test_the_games_with_catalog_files():
    assert catalog_games() == ["knights", "sonic"]
    assert "parts.toml" in catalog_file_names("knights")
    assert "bosses-v1.toml" in catalog_file_names("sonic")


@pytest.mark.parametrize("game", ["knights", "sonic"])
def test_the_exported_template_validates_and_loads_back_to_the_bundled_catalog(game, tmp_path):
    written = export_catalog(game, tmp_path / game)
    assert sorted(p.name for p in written) == list(catalog_file_names(game))
    for path in written:
        validate_file(path)  # raises on any problem
    loaded = descriptor(game).load_catalog(tmp_path / game)
    assert same_catalog(game, loaded, descriptor(game).load_catalog())


@pytest.mark.parametrize("game", ["knights", "sonic"])
def test_every_value_of_ours_is_marked_above_its_entry(game, tmp_path):
    marked = 0
    for path in export_catalog(game, tmp_path):
        lines = path.read_text(encoding="utf-8").splitlines()
        data = tomllib.loads("\n".join(lines))
        seen: dict[str, int] = {}
        for i, line in enumerate(lines):
            table = line.strip()[2:-2] if line.startswith("[[") and "." not in line else None
            if table is None or not isinstance(data.get(table), list):
                continue
            row = data[table][seen.get(table, 0)]
            seen[table] = seen.get(table, 0) + 1
            ours = entry_provenance(table, row).ours() if "id" in row else ()
            if ours:
                assert lines[i - 1] == f"{OURS_NOTE} {', '.join(ours)}", (path.name, row["id"])
                marked += 1
            else:
                assert not lines[i - 1].startswith(OURS_NOTE)
    assert marked > 20


def test_a_file_without_entries_is_marked_all_ours(tmp_path):
    export_catalog("knights", tmp_path)
    assert "Every value in this file is ours" in (tmp_path / "table.toml").read_text()


def test_export_refuses_a_folder_that_is_not_empty_unless_forced(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ScenarioError, match="not empty"):
        export_catalog("knights", tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    export_catalog("knights", tmp_path, force=True)
    assert (tmp_path / "parts.toml").is_file() and (tmp_path / "notes.txt").read_text() == "mine"


def test_the_command_writes_one_folder_per_game_and_refuses_to_write_over_it(tmp_path, capsys):
    assert main(["catalog", "export", str(tmp_path / "cards")]) == 0
    assert (tmp_path / "cards" / "knights" / "parts.toml").is_file()
    assert (tmp_path / "cards" / "sonic" / "cards.toml").is_file()
    assert main(["catalog", "export", str(tmp_path / "cards")]) == 2
    assert "not empty" in capsys.readouterr().err
    assert main(["catalog", "export", str(tmp_path / "one"), "--game", "sonic"]) == 0
    assert (tmp_path / "one" / "racers.toml").is_file()


def test_a_subset_of_files_replaces_only_those_files():
    text = bundled("sonic", "racers.toml").replace('name = "Sonic"', 'name = "Sonic Zed"', 1)
    loaded = load_catalog_files("sonic", {"racers.toml": text.encode()})
    assert loaded.files == ("racers.toml",)
    assert loaded.catalog.racers["sonic"].name == "Sonic Zed"
    assert loaded.catalog.cards == descriptor("sonic").load_catalog().cards
    assert descriptor("sonic").load_catalog().racers["sonic"].name == "Sonic"


def test_a_wrong_field_is_refused_naming_the_file_entry_and_field():
    text = bundled("sonic", "racers.toml").replace("ring_stacks = 3", 'ring_stacks = "x"', 1)
    with pytest.raises(CatalogError) as err:
        load_catalog_files("sonic", {"racers.toml": text.encode()})
    p = err.value.problems[0]
    assert (p.file, p.entry, p.field) == ("racers.toml", "sonic", "ring_stacks")
    assert "whole number" in p.reason


def test_a_problem_across_files_names_the_bundled_file():
    text = bundled("knights", "parts.toml").replace('id = "spell_blade"', 'id = "spell_sword"')
    with pytest.raises(CatalogError) as err:
        load_catalog_files("knights", {"parts.toml": text.encode()})
    assert {p.file for p in err.value.problems} == {"racers.toml (bundled)"}


def test_paths_in_the_reasons_are_written_as_the_file_names():
    v2 = bundled("sonic", "bosses.toml").replace('id = "eggman-1-v2"', 'id = "eggman-1"', 1)
    with pytest.raises(CatalogError) as err:
        load_catalog_files("sonic", {"bosses.toml": v2.encode()})
    p = err.value.problems[0]
    assert (p.file, p.entry, p.field) == ("bosses-v1.toml (bundled)", "eggman.eggman-1", "id")
    assert p.reason.endswith("in bosses.toml: give it a new id")


def test_unknown_names_big_files_and_empty_sets_are_refused():
    with pytest.raises(CatalogError, match="is not a file of the knights catalog"):
        load_catalog_files("knights", {"cards.toml": b""})
    with pytest.raises(CatalogError, match="the limit is"):
        load_catalog_files("knights", {"parts.toml": b"#" * (MAX_FILE_BYTES + 1)})
    with pytest.raises(CatalogError, match="no files given"):
        load_catalog_files("knights", {})
    with pytest.raises(CatalogError, match="not UTF-8"):
        load_catalog_files("knights", {"table.toml": b"\xff\xfe"})
    with pytest.raises(ScenarioError, match="has no catalog files"):
        load_catalog_files("coin-race", {"x.toml": b""})


def test_the_provenance_marks_follow_the_loaded_files():
    text = bundled("sonic", "racers.toml").replace(
        'printed = ["name"]', 'printed = ["name", "ability"]', 1
    )
    loaded = load_catalog_files("sonic", {"racers.toml": text.encode()})
    assert provenance_index(loaded.catalog) is loaded.provenance
    assert provenance("sonic", "ability", catalog=loaded.catalog) == "rulebook"
    assert provenance("sonic", "ability") == "ours"  # the bundled files are unchanged
    assert provenance_index(descriptor("sonic").load_catalog()) is None


def test_the_knights_stats_marked_ours_follow_the_loaded_files():
    bundled_cat = descriptor("knights").load_catalog()
    build = bundled_cat.racer("cindy")
    assert "weapon.damage" in invented_stats(build)
    assert build.weapon == "sunspot"
    text = bundled("knights", "parts.toml").replace(
        'printed = ["name", "range", "strength"]\narc = "A"',
        'printed = ["name", "range", "strength", "damage"]\narc = "A"',
    )
    assert '"strength", "damage"]' in text
    loaded = load_catalog_files("knights", {"parts.toml": text.encode()})
    ours = invented_stats(loaded.catalog.racer("cindy"), (), loaded.catalog)
    assert "weapon.damage" not in ours
    assert "weapon.damage" in invented_stats(build)
