"""Hostile saved-game files: each is refused with a RacerlabError naming the file and the problem.

The corpus is ``tests/hostile/scenarios/*.json`` (truncated JSON, wrong types, an
unknown game, unknown action kinds, illegal action sequences, huge numbers, deeply
nested junk, non-UTF-8 bytes, ...). Every file is listed below with a pattern its
problem must match; each is checked through the library
(:func:`racerlab.core.catalog.validate_file` and :meth:`Timeline.loads`) and through
``python -m racerlab validate`` (exit status 2, the problem printed, no traceback).
A multi-megabyte file is generated at test time.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from racerlab.core.catalog import validate_file
from racerlab.core.errors import RacerlabError
from racerlab.core.limits import MAX_ACTIONS, MAX_SAVED_GAME_BYTES
from racerlab.core.timeline import Timeline

CORPUS = Path(__file__).resolve().parents[1] / "hostile" / "scenarios"

EXPECTED: dict[str, str] = {
    "empty.json": r"not valid JSON",
    "truncated.json": r"not valid JSON \(Expecting value: line \d+",
    "non_utf8.json": r"not valid JSON \('utf-8' codec can't decode byte 0xff",
    "not_an_object.json": r"a saved game must be a JSON object",
    "wrong_format.json": r"not a racerlab saved game \(its format is 'racerlab-replay'",
    "version_zero.json": r"format version 0 is not supported",
    "version_newer.json": r"saved by a newer racerlab \(format version 99\)",
    "missing_setup.json": r"missing 'setup'",
    "wrong_type_seed.json": r"seed must be a whole number 0 to \d+, got 'seven'",
    "wrong_type_actions.json": r"actions must be a list",
    "wrong_type_setup.json": r"setup\.racers: expected a list, got int",
    "unknown_option.json": r"options: unknown rule option 'warp_drive'",
    "knights_unknown_action_kind.json": r"actions\[2\]: unknown kind 'Teleport'",
    "sonic_unknown_action_kind.json": r"actions\[1\]: unknown kind 'StealRings'",
    "knights_second_shot.json": r"actions\[12\] cannot be replayed: .*already used the weapon",
    "knights_huge_move.json": r"actions\[4\] cannot be replayed: one move goes at most 1M",
    "sonic_card_not_in_hand.json": r"actions\[0\] cannot be replayed: .*not in Player 1's hand",
    "sonic_two_cards_in_a_round.json": r"actions\[1\] cannot be replayed: .*Player 2's turn",
    "sonic_huge_player.json": r"actions\[0\].player: a whole number of 100 bits is too large",
    "deeply_nested.json": r"not valid JSON \(nested too deeply\)",
    "huge_integer.json": r"not valid JSON \(Exceeds the limit \(4300 digits\)",
    "unknown_game.json": r"unknown game 'chess'",
}
"""File -> pattern its problem must match (after the file's name)."""


def test_the_corpus_is_complete():
    files = {p.name for p in CORPUS.glob("*.json")}
    assert len(files) >= 12
    assert files == set(EXPECTED)


def _refused(path: Path, pattern: str, load) -> None:
    with pytest.raises(RacerlabError) as info:
        load(path)
    message = str(info.value)
    assert message.startswith(f"{path}: "), message
    assert re.search(pattern, message), message


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_validate_file_refuses(name):
    _refused(CORPUS / name, EXPECTED[name], validate_file)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_timeline_loads_refuses(name):
    _refused(
        CORPUS / name,
        EXPECTED[name],
        lambda p: Timeline.loads(p.read_bytes(), source=str(p)),
    )


def _cli(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "racerlab", "validate", *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def _reports(stderr: str) -> dict[str, str]:
    """``path: INVALID`` blocks of the validate command's output, by path."""
    out: dict[str, str] = {}
    current = None
    for line in stderr.splitlines():
        if line.endswith(": INVALID"):
            current = line[: -len(": INVALID")]
            out[current] = ""
        elif current is not None:
            out[current] += line.strip() + "\n"
    return out


@pytest.mark.integration  # runs the command or another process
def test_the_validate_command_refuses_every_file():
    paths = [CORPUS / n for n in sorted(EXPECTED)]
    done = _cli(*paths)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    reports = _reports(done.stderr)
    for p in paths:
        assert str(p) in reports, f"{p} not reported:\n{done.stderr[-2000:]}"
        assert re.search(EXPECTED[p.name], reports[str(p)]), reports[str(p)]


@pytest.mark.integration  # runs the command or another process
def test_the_validate_command_passes_a_good_save(tmp_path):
    """The refusals above are about the files: a well-formed save validates (exit 0)."""
    good = json.loads((CORPUS / "knights_second_shot.json").read_text())
    good["actions"] = good["actions"][:-1]
    path = tmp_path / "good.json"
    path.write_text(json.dumps(good))
    done = _cli(path)
    assert done.returncode == 0 and f"{path}: ok" in done.stdout


# -- a multi-megabyte file ------------------------------------------------------------------------
@pytest.fixture
def huge_save(tmp_path) -> Path:
    """A ~6 MB saved game: the second-shot joust with its illegal shot repeated 60,000 times."""
    data = json.loads((CORPUS / "knights_second_shot.json").read_text())
    shot = data["actions"][12]
    assert shot["type"] == "Fire" and len(data["actions"]) == 13
    data["actions"] += [shot] * 60_000
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(data))
    assert path.stat().st_size > MAX_SAVED_GAME_BYTES
    return path


@pytest.mark.integration  # runs the command or another process
def test_a_multi_megabyte_file_is_refused_by_size(huge_save):
    _refused(huge_save, rf"\(size\).*bytes; the limit is {MAX_SAVED_GAME_BYTES}", validate_file)
    done = _cli(huge_save)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{huge_save}: INVALID" in done.stderr and "the limit is" in done.stderr


def test_a_multi_megabyte_text_is_refused_by_its_action_count(huge_save):
    """Timeline.loads refuses more than MAX_ACTIONS actions before replaying any."""
    _refused(
        huge_save,
        rf"60013 actions; a saved game may hold at most {MAX_ACTIONS}",
        lambda p: Timeline.loads(p.read_text(), source=str(p)),
    )
