"""The racerlab command line: validate prints problems and exits 2, never a traceback."""

import subprocess
import sys

import pytest

import racerlab.core.testgame as testgame
from racerlab.cli import main
from racerlab.core.timeline import Timeline


def saved_game(tmp_path, name="game.json"):
    tl = Timeline.new(testgame.CoinRace(), testgame.CoinSetup(2, 6), seed=3)
    tl.play(testgame.Flip())
    path = tmp_path / name
    path.write_text(tl.dumps())
    return path


def test_validate_good_saved_game(tmp_path, capsys):
    path = saved_game(tmp_path)
    assert main(["validate", str(path)]) == 0
    assert f"{path}: ok" in capsys.readouterr().out


def test_validate_reports_each_bad_file(tmp_path, capsys):
    good = saved_game(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "racerlab-game", "version": 1, "game": "coin-race"}')
    toml = tmp_path / "mystery.toml"
    toml.write_text('kind = "mystery"\nversion = 1\n')
    assert main(["validate", str(good), str(bad), str(toml)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: INVALID" in err and "missing 'setup'" in err
    assert f"{toml}: INVALID" in err and "unknown catalog kind 'mystery'" in err


@pytest.mark.integration  # runs the command or another process
def test_validate_in_a_subprocess_has_no_traceback(tmp_path):
    bad = tmp_path / "broken.toml"
    bad.write_bytes(b'kind = "knights-parts"\n[[chassis]\n')
    proc = subprocess.run(
        [sys.executable, "-m", "racerlab", "validate", str(bad)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "not valid TOML" in proc.stderr and str(bad) in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.integration  # runs the command or another process
def test_help_lists_the_subcommands():
    proc = subprocess.run(
        [sys.executable, "-m", "racerlab", "--help"], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0
    for word in ("serve", "simulate", "validate"):
        assert word in proc.stdout
