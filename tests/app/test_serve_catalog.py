"""``racerlab serve --catalog DIR``: a refused folder stops the command naming file, entry and
field; a good one is what every new page plays."""

from __future__ import annotations

import pytest

from racerlab.app import knights_app, sonic_app
from racerlab.app.server.served_catalog import serve_catalog, served_catalog
from racerlab.cli import main
from racerlab.core.catalog import data_dir


@pytest.fixture(autouse=True)
def bundled_afterwards():
    yield
    serve_catalog(None)


def parts_with(old: str, new: str) -> str:
    text = (data_dir() / "knights" / "parts.toml").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_a_refused_folder_stops_the_command_before_it_serves(tmp_path, capsys):
    (tmp_path / "parts.toml").write_text(parts_with("armor = 7", 'armor = "seven"'), "utf-8")
    assert main(["serve", "knights", "--catalog", str(tmp_path), "--no-show"]) == 2
    err = capsys.readouterr().err
    assert "parts.toml" in err and "'spell_blade'" in err and "'armor'" in err
    assert served_catalog("knights") is None


def test_every_new_page_plays_the_served_catalog(tmp_path):
    (tmp_path / "parts.toml").write_text(parts_with("strength = 3", "strength = 6"), "utf-8")
    assert serve_catalog(tmp_path) == ["knights"]  # the folder holds no Battle Racers file
    page = knights_app(seed=2)
    assert page.session.rules.catalog is served_catalog("knights") is not None
    assert "your catalog" in page.show_tab("catalog").playing.object
    assert served_catalog("sonic") is None and sonic_app(seed=1).session.kit.catalog is None


def test_a_folder_as_catalog_export_writes_it_serves_each_game_its_own(tmp_path):
    assert main(["catalog", "export", str(tmp_path)]) == 0
    assert serve_catalog(tmp_path) == ["knights", "sonic"]
