"""Catalog reading and checking: every problem reported with file, entry and field."""

import pytest

from racerlab.core.catalog import MAX_FILE_BYTES, Checker, Field, Schema, read_toml
from racerlab.core.errors import CatalogError, RacerlabError

SCHEMA = Schema(
    {
        "id": Field(str),
        "speed": Field(int, min=0, max=12),
        "arc": Field(str, choices={"A", "B", "C"}),
        "tags": Field(list, required=False, default=(), item=str),
    }
)


def test_read_good_file(tmp_path):
    f = tmp_path / "parts.toml"
    f.write_text('kind = "demo"\nversion = 1\n[[part]]\nid = "a"\nspeed = 2\narc = "A"\n')
    data = read_toml(f, kind="demo")
    checker = Checker(str(f))
    rows = checker.entries(data, "part", SCHEMA)
    checker.raise_if_any()
    assert rows == {"a": {"id": "a", "speed": 2, "arc": "A", "tags": ()}}


def test_every_problem_is_reported_at_once(tmp_path):
    checker = Checker("parts.toml")
    data = {
        "part": [
            {"id": "a", "speed": -1, "arc": "Z"},
            {"id": "b", "speed": "fast", "arc": "A", "colour": "red"},
            {"id": "a", "speed": 1, "arc": "A"},
            {"speed": 1, "arc": "A"},
            "junk",
            {"id": "c", "speed": 1, "arc": "A", "tags": ["x", 3]},
        ]
    }
    checker.entries(data, "part", SCHEMA)
    with pytest.raises(CatalogError) as info:
        checker.raise_if_any()
    found = {(p.entry, p.field) for p in info.value.problems}
    assert found == {
        ("a", "speed"),
        ("a", "arc"),
        ("b", "speed"),
        ("b", "colour"),
        ("a", "id"),
        ("part[3]", "id"),
        ("part[4]", "(entry)"),
        ("c", "tags[1]"),
    }
    assert all(p.file == "parts.toml" for p in info.value.problems)
    assert "entry 'b', field 'speed': must be a whole number, got 'fast'" in str(info.value)


def test_missing_table(tmp_path):
    checker = Checker("f.toml")
    checker.entries({}, "part", SCHEMA)
    assert checker.problems[0].field == "part"


@pytest.mark.parametrize(
    ("content", "field", "reason"),
    [
        (b'kind = "demo"\n[[part]\n', "(syntax)", "not valid TOML"),
        (b'kind = "demo"\nname = "\xff\xfe"\n', "(encoding)", "not UTF-8"),
        (b'kind = "other"\n', "kind", "must be 'demo'"),
    ],
)
def test_unreadable_files(tmp_path, content, field, reason):
    f = tmp_path / "bad.toml"
    f.write_bytes(content)
    with pytest.raises(CatalogError) as info:
        read_toml(f, kind="demo")
    assert info.value.field == field and reason in str(info.value)
    assert str(f) in str(info.value)


def test_huge_file_refused_without_parsing(tmp_path):
    f = tmp_path / "huge.toml"
    f.write_bytes(b"# x\n" * (MAX_FILE_BYTES // 4 + 10))
    with pytest.raises(CatalogError, match="limit"):
        read_toml(f)


def test_missing_file():
    with pytest.raises(CatalogError, match="cannot be read"):
        read_toml("/nonexistent/parts.toml")


def test_catalog_error_is_a_racerlab_error_and_value_error():
    assert issubclass(CatalogError, RacerlabError) and issubclass(CatalogError, ValueError)
