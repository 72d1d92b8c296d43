"""Issue 17 items 1 and 10 through the command line: exit 2, a plain message, no traceback."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest


def racerlab(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "racerlab", *args], capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.parametrize(
    "args, says",
    [
        (("serve", "--port", "99999", "--no-show"), "a port is from 1 to 65535"),
        (("serve", "--port", "0", "--no-show"), "a port is from 1 to 65535"),
        (("simulate", "knights", "--players", "0", "--no-progress"), "players must be"),
        (("simulate", "sonic", "--players", "99", "--no-progress"), "players must be"),
        (
            ("simulate", "knights", "--option", "move_step_m=0", "--no-progress"),
            "rule option move_step_m must be from",
        ),
        (
            ("simulate", "knights", "--option", "turn_step_degrees=0", "--no-progress"),
            "rule option turn_step_degrees must be from",
        ),
        (("simulate", "sonic", "--option", "hand_size=1000", "--no-progress"), "hand_size"),
    ],
)
def test_bad_flags_exit_2_without_a_traceback(args, says):
    done = racerlab(*args, timeout=60)
    assert done.returncode == 2, done.stderr
    assert says in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_validating_a_folder_says_so(tmp_path):
    done = racerlab("validate", str(tmp_path))
    assert done.returncode == 2
    assert "cannot be read: a folder" in done.stderr and "Traceback" not in done.stderr


def test_an_output_in_a_missing_folder_is_refused_before_any_game(tmp_path):
    out = tmp_path / "missing" / "x.csv"
    started = time.monotonic()
    done = racerlab("simulate", "sonic", "--games", "100000", "--no-progress", "-o", str(out))
    assert done.returncode == 2
    assert "does not exist" in done.stderr and "Traceback" not in done.stderr
    assert time.monotonic() - started < 60  # 100,000 races would take hours


def test_an_unexpected_error_is_one_line(monkeypatch, capsys):
    from racerlab import cli

    def boom(args):
        raise OSError("disk on fire")

    monkeypatch.setattr(cli, "_validate", boom)
    parser = cli.build_parser()
    monkeypatch.setattr(cli, "build_parser", lambda: parser)
    parser._subparsers._group_actions[0].choices["validate"].set_defaults(func=boom)
    assert cli.main(["validate", "x.toml"]) == 2
    err = capsys.readouterr().err
    assert "OSError: disk on fire" in err and "Traceback" not in err
