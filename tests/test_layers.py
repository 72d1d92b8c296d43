"""The layering holds: engines and analysis never pull in Panel or Bokeh; games stay apart."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "racerlab"


def imported_modules(folder: str) -> set[str]:
    """Absolute names every module under ``racerlab/<folder>`` imports."""
    names: set[str] = set()
    for path in (PACKAGE / folder).rglob("*.py"):
        package = ["racerlab", *path.relative_to(PACKAGE).parent.parts]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                names.add(".".join([*base, node.module or ""]).strip("."))
    return names


@pytest.mark.parametrize(
    ("folder", "forbidden"),
    [
        ("core", ("panel", "bokeh", "racerlab.knights", "racerlab.sonic", "racerlab.app")),
        ("knights", ("panel", "bokeh", "racerlab.sonic", "racerlab.app", "racerlab.viz")),
        ("sonic", ("panel", "bokeh", "racerlab.knights", "racerlab.app", "racerlab.viz")),
        ("analysis", ("panel", "bokeh", "racerlab.app", "racerlab.viz")),
        ("viz", ("panel", "racerlab.app")),
    ],
)
def test_imports_point_one_way(folder, forbidden):
    bad = sorted(
        name
        for name in imported_modules(folder)
        if any(name == f or name.startswith(f + ".") for f in forbidden)
    )
    assert not bad, f"racerlab/{folder} imports {bad}"


def test_importing_the_engines_loads_no_dashboard_library():
    code = (
        "import sys, racerlab, racerlab.knights, racerlab.sonic\n"
        "from racerlab.knights import KnightsRules\n"
        "from racerlab.sonic import SonicRules\n"
        "print(sorted(m for m in ('panel', 'bokeh') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "[]"
