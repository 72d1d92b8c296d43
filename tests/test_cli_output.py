"""Where the command line's tables go: the format follows the extension, a missing extra is
named, the README's example works after the plain install, and a closed pipe is quiet."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from racerlab.cli import CLOSED_PIPE, main

ROOT = Path(__file__).resolve().parents[1]
COIN = ("simulate", "coin-race", "--seed", "3", "--no-progress")


def without_pyarrow(monkeypatch) -> None:
    """As after ``pip install .``: the parquet extra is not there."""
    monkeypatch.setitem(sys.modules, "pyarrow", None)


@pytest.mark.parametrize("suffix", [".csv", ".json", ".parquet"])
def test_the_extension_picks_the_format(tmp_path, capsys, suffix):
    out = tmp_path / f"runs{suffix}"
    assert main([*COIN, "--games", "6", "-o", str(out)]) == 0
    assert main([*COIN, "--games", "6"]) == 0
    want = pd.read_csv(__import__("io").StringIO(capsys.readouterr().out))
    if suffix == ".csv":
        got = pd.read_csv(out)
    elif suffix == ".json":
        rows = json.loads(out.read_text())
        assert isinstance(rows, list) and set(rows[0]) == set(want.columns)
        got = pd.DataFrame(rows)
    else:
        got = pd.read_parquet(out)
    pd.testing.assert_frame_equal(got, want, check_dtype=False)


def test_parquet_without_the_extra_names_it_and_exits_2(monkeypatch, tmp_path, capsys):
    without_pyarrow(monkeypatch)
    for argv in (
        [*COIN, "--games", "2"],
        ["balance", "knights", "cindy", "--games", "1", "--no-progress"],
    ):
        out = tmp_path / "runs.parquet"
        assert main([*argv, "-o", str(out)]) == 2
        err = capsys.readouterr().err
        assert "writing .parquet needs the 'parquet' extra: pip install 'racerlab[parquet]'" in err
        assert not out.exists() and "Traceback" not in err


def test_the_readme_example_works_after_the_plain_install(tmp_path):
    readme = (ROOT / "README.md").read_text()
    match = re.search(r"`(racerlab simulate knights --games\s+\d+[^`]*-o [^`]+)`", readme)
    assert match, "the README shows a simulate command that writes a file"
    argv = shlex.split(match.group(1).replace("\n", " "))[1:]
    out = argv[argv.index("-o") + 1]
    argv[argv.index("--games") + 1] = "3"  # the same command, fewer games
    # a fresh process in which pyarrow cannot be imported, as after `pip install .`
    code = (
        "import sys; sys.modules['pyarrow'] = None\n"
        "from racerlab.cli import main\n"
        f"raise SystemExit(main({[*argv, '--no-progress']!r}))\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert len(pd.read_csv(tmp_path / out)) == 3


def racerlab(*args: str, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "racerlab", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        **kw,
    )


def quiet(stderr: bytes) -> None:
    text = stderr.decode()
    for word in ("error", "Traceback", "Exception ignored", "BrokenPipe"):
        assert word not in text, text


def test_a_reader_that_stops_at_once_ends_the_output_quietly():
    proc = racerlab(*COIN, "--games", "50")
    proc.stdout.close()  # the reader is gone before the first line: every write fails
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == CLOSED_PIPE == 141
    quiet(err)


def test_head_dash_1_reads_the_header_and_the_command_ends_quietly():
    proc = racerlab(*COIN, "--games", "4000")  # about 160 KB: more than a pipe holds
    head = subprocess.Popen(["head", "-1"], stdin=proc.stdout, stdout=subprocess.PIPE)
    proc.stdout.close()  # head holds the only reading end
    first, _ = head.communicate(timeout=120)
    err = proc.stderr.read()
    proc.wait(timeout=120)
    assert first.decode().startswith("game,seed,winner")
    assert proc.returncode in (0, CLOSED_PIPE)
    quiet(err)


def test_balance_to_a_closed_pipe_is_quiet_too():
    proc = racerlab("balance", "knights", "cindy", "--slot", "weapon", "--games", "1")
    proc.stdout.close()
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == CLOSED_PIPE
    text = err.decode()
    assert "Traceback" not in text and "BrokenPipe" not in text and "error" not in text
