"""One home for tolerances: no bare ``1e-...`` number in racerlab/ outside the modules that
name them (a second copy of a tolerance drifts from the first)."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "racerlab"

HOMES = {"racerlab/core/tolerance.py", "racerlab/knights/geometry/tolerance.py"}
"""The modules that define the tolerance constants (the only places a bare one may appear)."""


def bare_tolerances(package: Path = PACKAGE) -> list[str]:
    """``path:line: literal`` for every number written with a negative exponent (``1e-9``,
    ``2.5E-3``) in code outside :data:`HOMES`; strings and comments are not code."""
    found = []
    for path in sorted(package.rglob("*.py")):
        name = path.relative_to(package.parent).as_posix()
        if name in HOMES:
            continue
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
        for tok in tokens:
            if tok.type == tokenize.NUMBER and "e-" in tok.string.lower():
                found.append(f"{name}:{tok.start[0]}: {tok.string}")
    return found


def test_no_bare_tolerance_outside_its_home():
    assert bare_tolerances() == []


def test_the_homes_exist_and_name_their_numbers():
    for home in HOMES:
        assert (PACKAGE.parent / home).is_file(), home
    from racerlab.core.tolerance import SURE
    from racerlab.knights.geometry.tolerance import SURE_M, TOL_M
    from racerlab.knights.options import KnightsOptions

    assert SURE_M == SURE and KnightsOptions().contact_tolerance_m == TOL_M


def test_the_checker_finds_a_bare_number_and_skips_words(tmp_path):
    pkg = tmp_path / "racerlab"
    (pkg / "core").mkdir(parents=True)
    (pkg / "core" / "tolerance.py").write_text("SURE = 1e-9\n")
    (pkg / "near.py").write_text('"""Within 1e-6 M."""\nx = 0.5 + 2.5E-3  # not 1e-4\ny = 1e6\n')
    assert bare_tolerances(pkg) == ["racerlab/near.py:2: 2.5E-3"]
