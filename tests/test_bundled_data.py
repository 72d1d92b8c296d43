"""Every bundled catalog and scenario passes the same checks `racerlab validate` runs."""

from pathlib import Path

import pytest

from racerlab.core.catalog import data_dir, validate_file

FILES = sorted(p for p in data_dir().rglob("*") if p.suffix in (".toml", ".json"))


def test_there_is_bundled_data_for_both_games():
    names = {p.relative_to(data_dir()).parts[0] for p in FILES}
    assert names == {"knights", "sonic"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(Path(p).relative_to(data_dir())))
def test_bundled_file_validates(path):
    assert validate_file(path) is not None
