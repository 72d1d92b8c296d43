"""Bad Racer Knights catalog files: each is refused with the file, entry and field named.

Every file in ``tests/hostile/knights`` is listed in ``EXPECTED`` with the entry and field
its (first) problem must name. Each is checked through the library
(:func:`racerlab.core.catalog.validate_file`) and through the command line
(``python -m racerlab validate FILE``: exit status 2, the problem printed, no traceback).
A file over the size limit is generated at test time.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import racerlab.knights.catalog  # noqa: F401  (registers the Racer Knights file kinds)
from racerlab.core.catalog import MAX_FILE_BYTES, data_dir, validate_file
from racerlab.core.errors import CatalogError

CORPUS = Path(__file__).parent / "knights"

EXPECTED: dict[str, tuple[str, str]] = {
    "knights_bad_bonus.toml": ("bad_knight", "abilities[0]"),
    "knights_bool_reflexes.toml": ("bad_knight", "reflexes"),
    "knights_weapon_effect.toml": ("bad_knight", "abilities[0]"),
    "parts_ability_bad_amount.toml": ("bad_shield", "abilities[0]"),
    "parts_ability_not_text.toml": ("bad_tires", "abilities[1]"),
    "parts_ability_wrong_kind.toml": ("bad_tires", "abilities[0]"),
    "parts_bad_chassis_cards.toml": ("bad_body", "cards"),
    "parts_bad_id.toml": ("Bad Gun!", "id"),
    "parts_bad_rarity.toml": ("bad_gun", "rarity"),
    "parts_deep_nesting.toml": ("(file)", "(syntax)"),
    "parts_duplicate_id.toml": ("bad_gun", "id"),
    "parts_duplicate_id_across_tables.toml": ("same_id", "id"),
    "parts_entry_not_table.toml": ("weapon[0]", "(entry)"),
    "parts_extra_field.toml": ("bad_gun", "colour"),
    "parts_float_stat.toml": ("bad_tires", "handling"),
    "parts_huge_stat.toml": ("bad_body", "speed"),
    "parts_huge_name.toml": ("bad_gun", "name"),
    "parts_protection_twice.toml": ("bad_shield", "abilities"),
    "parts_missing_name.toml": ("bad_gun", "name"),
    "parts_missing_source.toml": ("bad_gun", "source"),
    "parts_negative_stat.toml": ("bad_body", "armor"),
    "parts_nested_junk.toml": ("bad_tires", "abilities[0]"),
    "parts_non_utf8.toml": ("(file)", "(encoding)"),
    "parts_protection_bad_type.toml": ("bad_shield", "abilities[0]"),
    "parts_shield_bad_side.toml": ("bad_shield", "sides[0]"),
    "parts_shield_no_side.toml": ("bad_shield", "sides"),
    "parts_truncated.toml": ("(file)", "(syntax)"),
    "parts_unknown_ability.toml": ("bad_tires", "abilities[0]"),
    "parts_unknown_arc.toml": ("bad_gun", "arc"),
    "parts_unknown_species.toml": ("bad_gun", "species"),
    "parts_unknown_table.toml": ("(file)", "wheels"),
    "parts_unknown_weapon_type.toml": ("bad_gun", "type"),
    "parts_wrong_type_speed.toml": ("bad_body", "speed"),
    "parts_wrong_version.toml": ("(file)", "version"),
    "racers_missing_knight.toml": ("bad_racer", "knight"),
    "racers_shield_bad_side.toml": ("bad_racer", "shields.roof"),
    "racers_shield_wrong_side.toml": ("bad_racer", "shields.rear"),
    "racers_unknown_part.toml": ("bad_racer", "engine"),
    "racers_wrong_kind.toml": ("bad_racer", "tires"),
    "table_long_side_shorter.toml": ("card", "long_in"),
    "table_missing_section.toml": ("valor", "(section)"),
    "table_wrong_type.toml": ("card", "short_in"),
}

CASES = sorted(EXPECTED)


@pytest.fixture(scope="module")
def huge_file(tmp_path_factory) -> Path:
    """A parts file just over the size limit (made here, never committed)."""
    path = tmp_path_factory.mktemp("huge") / "parts_huge_file.toml"
    filler = "# " + "x" * 98 + "\n"
    with path.open("w", encoding="utf-8") as fh:
        fh.write('kind = "knights-parts"\nversion = 1\n')
        fh.write(filler * (MAX_FILE_BYTES // len(filler) + 10))
    assert path.stat().st_size > MAX_FILE_BYTES
    return path


def test_the_corpus_is_big_and_every_file_has_an_expectation():
    files = sorted(p.name for p in CORPUS.iterdir() if p.is_file())
    assert files == CASES
    assert len(files) >= 25


def _problems(path: Path):
    with pytest.raises(CatalogError) as info:
        validate_file(path)
    return info.value.problems


@pytest.mark.parametrize("name", CASES)
def test_library_names_file_entry_and_field(name):
    path = CORPUS / name
    entry, field = EXPECTED[name]
    problems = _problems(path)
    assert all(p.file == str(path) for p in problems)
    assert (entry, field) in {(p.entry, p.field) for p in problems}, problems
    assert all(p.reason for p in problems)


def test_library_refuses_a_huge_file(huge_file):
    problems = _problems(huge_file)
    assert [(p.file, p.entry, p.field) for p in problems] == [(str(huge_file), "(file)", "(size)")]


def _cli(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "racerlab", "validate", *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


UNREGISTERED = "unknown catalog kind 'knights-"
"""What ``racerlab validate`` says when ``import racerlab.knights`` did not load the catalog."""


def _skip_if_unregistered(text: str) -> None:
    """Skip a check the missing registration makes impossible (that fault has its own test)."""
    if UNREGISTERED in text:
        pytest.skip("racerlab.knights does not import .catalog: see test_validate_knows_knights")


@pytest.mark.integration  # runs the command or another process
def test_validate_knows_knights_files():
    """``racerlab validate`` imports ``racerlab.knights``; that must register the file kinds.

    The fix, if this fails: ``from . import catalog`` in ``racerlab/knights/__init__.py``
    (the catalog module is light: no numpy, shapely or Panel).
    """
    done = _cli(data_dir() / "knights" / "table.toml")
    assert UNREGISTERED not in done.stderr, (
        "racerlab/knights/__init__.py must import racerlab.knights.catalog so that "
        "`racerlab validate` knows Racer Knights files: " + done.stderr
    )
    assert done.returncode == 0


@pytest.fixture(scope="module")
def cli_run(huge_file) -> subprocess.CompletedProcess[str]:
    """The real command run once over the whole corpus and the huge file."""
    return _cli(*(CORPUS / name for name in CASES), huge_file)


def _blocks(stderr: str) -> dict[str, str]:
    """The command's report split per file: ``{path: its INVALID line and problems}``."""
    blocks: dict[str, list[str]] = {}
    current = None
    for line in stderr.splitlines():
        if line.endswith(": INVALID") and not line.startswith(" "):
            current = line.removesuffix(": INVALID")
            blocks[current] = []
        elif current is not None:
            blocks[current].append(line)
    return {k: "\n".join(v) for k, v in blocks.items()}


@pytest.mark.integration  # runs the command or another process
def test_cli_fails_the_run_without_a_traceback(cli_run):
    assert cli_run.returncode == 2
    assert "Traceback" not in cli_run.stderr + cli_run.stdout
    assert ": ok" not in cli_run.stdout


@pytest.mark.integration  # runs the command or another process
@pytest.mark.parametrize("name", CASES)
def test_cli_names_file_entry_and_field(cli_run, name):
    path = str(CORPUS / name)
    block = _blocks(cli_run.stderr).get(path)
    assert block is not None, cli_run.stderr[:2000]
    _skip_if_unregistered(block)
    entry, field = EXPECTED[name]
    assert f"{path}: entry {entry!r}, field {field!r}" in block, block


@pytest.mark.integration  # runs the command or another process
def test_cli_refuses_a_huge_file(cli_run, huge_file):
    block = _blocks(cli_run.stderr)[str(huge_file)]
    assert "entry '(file)', field '(size)'" in block


@pytest.mark.parametrize(
    "name",
    [
        "parts_truncated.toml",
        "knights_bad_bonus.toml",
        "racers_shield_wrong_side.toml",
        "table_missing_section.toml",
    ],
)
@pytest.mark.integration  # runs the command or another process
def test_cli_exits_2_for_one_bad_file(name):
    done = _cli(CORPUS / name)
    entry, field = EXPECTED[name]
    assert done.returncode == 2
    _skip_if_unregistered(done.stderr)
    assert f"entry {entry!r}, field {field!r}" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


@pytest.mark.integration  # runs the command or another process
def test_cli_accepts_the_bundled_files_and_fails_if_any_file_is_bad():
    bundled = data_dir() / "knights"
    good = [bundled / f"{n}.toml" for n in ("parts", "knights", "racers", "table")]
    done = _cli(*good)
    _skip_if_unregistered(done.stderr)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count(": ok") == 4
    done = _cli(*good, CORPUS / "parts_unknown_arc.toml")
    assert done.returncode == 2
    assert done.stdout.count(": ok") == 4 and "parts_unknown_arc.toml: INVALID" in done.stderr
