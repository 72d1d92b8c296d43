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


def _module_name(path: Path) -> str:
    parts = ["racerlab", "knights", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports_with_type_hints(path: Path, tree: ast.AST) -> set[str]:
    """Absolute names of the knights modules ``path`` imports, those for type hints included."""
    module = _module_name(path).split(".")
    package = module if path.name == "__init__.py" else module[:-1]
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - node.level + 1]
            target = ".".join([*base, node.module or ""]).strip(".")
            names |= {f"{target}.{a.name}" for a in node.names} | {target}
    return {n for n in names if n.startswith("racerlab.knights")}


def test_no_circle_hides_behind_type_checking():
    # an import for type hints only (under TYPE_CHECKING) is how a circle between modules
    # hides: counted as imports, the modules still import one another one way only
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {
        name: {
            dep
            for dep in _imports_with_type_hints(path, ast.parse(path.read_text(encoding="utf-8")))
            if dep in paths and dep != name and not name.startswith(dep + ".")
        }
        for name, path in paths.items()
    }
    done: set[str] = set()

    def visit(name: str, stack: tuple[str, ...]) -> None:
        assert name not in stack, " -> ".join((*stack[stack.index(name) :], name))
        if name in done:
            return
        for dep in sorted(graph[name]):
            visit(dep, (*stack, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())
