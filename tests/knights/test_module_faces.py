"""Racer Knights modules meet through public names only, and import one another plainly."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "racerlab" / "knights"


def _trees():
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def test_no_private_name_or_module_is_imported_across_modules():
    found = []
    for name, tree in _trees():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            module = node.module or ""
            if any(part.startswith("_") and part != "__future__" for part in module.split(".")):
                found.append(f"{name}: from {module}")
            found += [
                f"{name}: {a.name} from {module}"
                for a in node.names
                if a.name.startswith("_") and a.name != "__future__"
            ]
    assert found == []


def test_no_import_is_for_type_checking_only():
    # an import hidden behind TYPE_CHECKING is how a circle between modules hides
    found = [
        name
        for name, tree in _trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
    ]
    assert found == []
