"""The size rule: no module over 600 lines and no function over 80 lines in racerlab/.

Long rooms are where a newcomer gets lost; this test keeps them from coming back.
Known offenders still to be split are listed in ``STILL_LARGE``; the list may only
shrink (an entry that is fine now must be removed).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "racerlab"
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80

STILL_LARGE: set[str] = set()
"""``path`` or ``path:function`` known to be over the limit and still to be split."""


def oversized(package: Path = PACKAGE) -> set[str]:
    """Every module over :data:`MAX_MODULE_LINES` and function over :data:`MAX_FUNCTION_LINES`."""
    found = set()
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(package.parent).as_posix()
        if text.count("\n") > MAX_MODULE_LINES:
            found.add(name)
        for node in ast.walk(ast.parse(text)):
            is_function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            if is_function and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES:
                found.add(f"{name}:{node.name}")
    return found


def test_no_module_or_function_is_over_the_limit():
    assert sorted(oversized() - STILL_LARGE) == []


def test_the_list_of_known_offenders_only_shrinks():
    assert sorted(STILL_LARGE - oversized()) == [], "now within the limit: remove from STILL_LARGE"


def test_the_checker_finds_a_long_function(tmp_path):
    pkg = tmp_path / "racerlab"
    pkg.mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    (pkg / "long.py").write_text(f"def f():\n{body}\n")
    (pkg / "short.py").write_text("def g():\n    return 1\n")
    assert oversized(pkg) == {"racerlab/long.py:f"}
