"""The layering holds: engines and analysis never pull in Panel or Bokeh; games stay apart.

Also checked: no lower layer names a higher one in a string (``importlib.import_module(
"racerlab.knights")`` is an import the ``import`` statements do not show), no two modules
import each other (directly or round a longer circle), and the code above the games uses
only each game's public faces.
"""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "racerlab"


def _module_name(path: Path) -> str:
    parts = ["racerlab", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}

_DOTTED = re.compile(r"^racerlab(\.[A-Za-z_]\w*)+(:[A-Za-z_]\w*)?$")
_IMPORTERS = {"import_module", "__import__", "find_spec"}


def _type_checking_only(tree: ast.AST) -> set[int]:
    """ids of nodes inside ``if TYPE_CHECKING:`` blocks (imports for type hints only)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skip.update(id(n) for n in ast.walk(inner))
    return skip


def _imports_of(
    path: Path, *, module: str | None = None, strings: bool = True, runtime: bool = False
) -> set[str]:
    """Absolute module names ``path`` imports (submodules named in ``from x import y`` too).

    With ``strings``, also every string that names a racerlab module (an
    ``importlib`` call's argument, or a ``"module:attribute"`` reference).
    With ``runtime``, imports only for type checkers are left out.
    """
    tree = ast.parse(path.read_text())
    skip = _type_checking_only(tree) if runtime else set()
    package = (module or _module_name(path)).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, node.module or ""]).strip(".")
            subs = [f"{module}.{a.name}" for a in node.names if f"{module}.{a.name}" in MODULES]
            names.update(subs or [module])
        elif strings and isinstance(node, ast.Constant) and isinstance(node.value, str):
            if _DOTTED.match(node.value):
                names.add(node.value.partition(":")[0])
        elif strings and isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in _IMPORTERS and node.args and isinstance(node.args[0], ast.Constant):
                names.add(str(node.args[0].value))
    return names


def imported_modules(folder: str) -> set[str]:
    """Absolute names every module under ``racerlab/<folder>`` imports, strings included."""
    names: set[str] = set()
    for path in (PACKAGE / folder).rglob("*.py"):
        names |= _imports_of(path)
    return names


@pytest.mark.parametrize(
    ("folder", "forbidden"),
    [
        (
            "core",
            (
                "panel",
                "bokeh",
                "racerlab.knights",
                "racerlab.sonic",
                "racerlab.analysis",
                "racerlab.viz",
                "racerlab.app",
                "racerlab.games",
            ),
        ),
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


def test_string_imports_are_seen(tmp_path):
    doctored = tmp_path / "errors.py"
    doctored.write_text(
        (PACKAGE / "core" / "errors.py").read_text()
        + '\nimport importlib\nimportlib.import_module("racerlab.sonic")\n'
        + 'WHERE = "racerlab.app.kit.plain_dashboard:plain_app"\n'
    )
    found = _imports_of(doctored, module="racerlab.core.errors")
    assert {"racerlab.sonic", "racerlab.app.kit.plain_dashboard"} <= found


# -- no circles ---------------------------------------------------------------------------------


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        deps = set()
        for imported in _imports_of(path, strings=False, runtime=True):
            while imported and imported not in MODULES:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                deps.add(imported)
        graph[name] = deps
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Groups of modules that import one another, directly or round a circle (Tarjan's SCC)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return circles


def test_no_two_modules_import_each_other():
    graph = _graph()
    # a package's __init__ re-exporting its own modules is not a circle of the code
    for name in graph:
        graph[name] = {d for d in graph[name] if not name.startswith(d + ".")}
    assert import_circles(graph) == []


def test_the_circle_finder_finds_circles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_circles(graph) == [["a", "b", "c"]]


# -- closed faces of the games ------------------------------------------------------------------

FACES = (
    "queries",
    "state",
    "actions",
    "director",
    "events",
    "options",
    "game",
    "procedure",
    "provenance",
)
"""The modules of a game that code above it (analysis, viz, app) may import, besides the
package itself (its ``__all__``). ``director`` holds the director's edit actions, which are
actions like any other."""

STILL_OPEN: dict[str, set[str]] = {}
"""Imports past the faces that are known and still to be closed (the list may only shrink)."""


def _past_the_faces(path: Path) -> set[str]:
    out = set()
    for name in _imports_of(path):
        parts = name.split(".")
        if len(parts) > 2 and parts[1] in ("knights", "sonic") and parts[2] not in FACES:
            out.add(".".join(parts[:3]))
    return out


def test_code_above_the_games_uses_only_their_public_faces():
    found = {}
    for folder in ("analysis", "viz", "app"):
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            past = _past_the_faces(path)
            if past:
                found[str(path.relative_to(PACKAGE.parent))] = past
    new = {k: sorted(v - STILL_OPEN.get(k, set())) for k, v in found.items()}
    assert {k: v for k, v in new.items() if v} == {}, "imports past a game's public faces"
    closed = {k: sorted(v - found.get(k, set())) for k, v in STILL_OPEN.items()}
    assert {k: v for k, v in closed.items() if v} == {}, "now closed: remove from STILL_OPEN"


def test_the_knights_odds_tables_are_closed():
    assert _past_the_faces(PACKAGE / "analysis" / "knights_exact.py") == set()


# -- engines stay light -------------------------------------------------------------------------


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


# -- packages cut by concern: no circle even for types (private names: tests/test_privates.py) --

STRICT = ("racerlab.sonic", "racerlab.app")
"""Packages held to the stricter rules below (type-only imports count as imports)."""


def _strict(name: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in STRICT)


def test_no_circle_even_through_imports_for_type_hints():
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        if not _strict(name):
            continue
        deps = set()
        for imported in _imports_of(path, strings=False, runtime=False):
            while imported and imported not in MODULES:
                imported = imported.rpartition(".")[0]
            if imported and imported != name and not name.startswith(imported + "."):
                deps.add(imported)
        graph[name] = deps
    assert import_circles(graph) == []
