"""A house a newcomer can read: maps on every door, short corridors, rooms of a sane size.

* Every package's ``__init__`` docstring is its map: it names every module and sub-package
  in it (in code markup: ``name``, ``name.py`` or a ``:mod:`` reference).
* No chain of load-time imports inside a game package (:mod:`racerlab.knights`,
  :mod:`racerlab.sonic`) is longer than :data:`MAX_IMPORT_DEPTH` modules. Load-time imports
  are the ones at module level (class bodies included), outside ``if TYPE_CHECKING:`` blocks
  and function bodies; importing a submodule loads its parent packages first.
* No module is over :data:`MAX_MODULE_LINES` lines and no function over
  :data:`MAX_FUNCTION_LINES` lines.

Each check is a plain function of a folder, so the tests below can also run it on a doctored
copy in a temporary folder and watch it fail.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "racerlab"
GAMES = ("knights", "sonic")
MAX_IMPORT_DEPTH = 12
MAX_MODULE_LINES = 1000
MAX_FUNCTION_LINES = 80


# -- maps ---------------------------------------------------------------------------------------


def names_in_markup(doc: str) -> set[str]:
    """Every identifier inside a backquoted span of ``doc`` (``x``, `x`, :mod:`a.b.x`).

    >>> sorted(names_in_markup("see :mod:`~racerlab.core.dice` and ``game.py``; not chance"))
    ['core', 'dice', 'game', 'py', 'racerlab']
    """
    found: set[str] = set()
    for span in re.findall(r"`+([^`]+)`+", doc):
        found.update(re.findall(r"\w+", span))
    return found


def unmapped(package: Path = PACKAGE) -> dict[str, list[str]]:
    """For each package under ``package`` (itself included), the children its map leaves out."""
    missing = {}
    for init in sorted(package.rglob("__init__.py")):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        named = names_in_markup(doc)
        folder = init.parent
        children = [p.stem for p in folder.glob("*.py") if p.name != "__init__.py"]
        children += [d.name for d in folder.iterdir() if (d / "__init__.py").is_file()]
        left_out = sorted(c for c in children if c not in named)
        if left_out:
            missing[init.parent.relative_to(package.parent).as_posix()] = left_out
    return missing


def test_every_package_map_names_everything_in_it():
    assert unmapped() == {}, "add these to the package's __init__ docstring"


def test_a_map_that_forgets_a_module_is_caught(tmp_path):
    pkg = tmp_path / "racerlab"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text('"""Map: ``alpha`` and :mod:`racerlab.sub`."""\n')
    (pkg / "alpha.py").write_text("")
    (pkg / "beta.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text('"""The beta of it, named in prose only."""\n')
    (pkg / "sub" / "beta.py").write_text("")
    assert unmapped(pkg) == {"racerlab": ["beta"], "racerlab/sub": ["beta"]}


# -- import depth -------------------------------------------------------------------------------


def module_name(path: Path, package: Path) -> str:
    parts = [package.name, *path.relative_to(package).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _load_time_statements(body: list[ast.stmt]):
    """The statements of ``body`` that run when the module loads (imports for types excluded)."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from _load_time_statements(node.orelse)
            continue
        yield node
        for field in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from _load_time_statements(inner)


def load_time_imports(path: Path, package: Path, modules: set[str]) -> set[str]:
    """Modules of ``modules`` that loading ``path`` loads directly (parent packages included)."""
    me = module_name(path, package).split(".")
    here = me if path.name == "__init__.py" else me[:-1]
    named: set[str] = set()
    for node in _load_time_statements(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ExceptHandler):
            continue
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            source = ".".join([*base, node.module or ""]).strip(".")
            named.add(source)
            named.update(f"{source}.{a.name}" for a in node.names)
    loaded = set()
    for name in named:
        parts = name.split(".")
        loaded.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return {m for m in loaded if m in modules} - {".".join(me)}


def longest_import_chain(package: Path, prefix: str) -> list[str]:
    """The longest chain of load-time imports among the modules named ``prefix...``."""
    paths = {module_name(p, package): p for p in package.rglob("*.py")}
    inside = {m for m in paths if m == prefix or m.startswith(prefix + ".")}
    graph = {m: load_time_imports(paths[m], package, inside) for m in inside}
    best: dict[str, list[str]] = {}

    def chain(m: str, seen: frozenset[str]) -> list[str]:
        if m in best:
            return best[m]
        longest: list[str] = []
        for n in sorted(graph[m] - seen):
            candidate = chain(n, seen | {m})
            if len(candidate) > len(longest):
                longest = candidate
        best[m] = [m, *longest]
        return best[m]

    return max((chain(m, frozenset()) for m in sorted(inside)), key=len, default=[])


def test_no_import_chain_in_a_game_is_deeper_than_the_limit():
    for game in GAMES:
        chain = longest_import_chain(PACKAGE, f"racerlab.{game}")
        assert 2 <= len(chain) <= MAX_IMPORT_DEPTH, f"{game}: {' -> '.join(chain)}"


def test_a_deep_chain_is_caught_and_type_hints_and_functions_do_not_count(tmp_path):
    pkg = tmp_path / "racerlab"
    game = pkg / "game"
    game.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (game / "__init__.py").write_text("")
    for i in range(14):
        (game / f"m{i}.py").write_text(f"from . import m{i + 1}\n" if i < 13 else "")
    (game / "typed.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .m0 import x\n"
        "def f():\n    from . import m0\n"
    )
    (game / "sub").mkdir()
    (game / "sub" / "__init__.py").write_text("from .. import m12\n")
    (game / "sub" / "leaf.py").write_text("X = 1\n")
    (game / "top.py").write_text("from .sub.leaf import X\n")
    chain = longest_import_chain(pkg, "racerlab.game")
    # m0 -> m1 -> ... -> m13: 14 modules
    assert chain[0] == "racerlab.game.m0" and len(chain) == 14 > MAX_IMPORT_DEPTH
    assert len(longest_import_chain(pkg, "racerlab.game.typed")) == 1
    # top loads sub (a parent package), which loads m12 -> m13 -> the game package
    paths = {module_name(p, pkg): p for p in pkg.rglob("*.py")}
    assert load_time_imports(game / "top.py", pkg, set(paths)) == {
        "racerlab",
        "racerlab.game",
        "racerlab.game.sub",
        "racerlab.game.sub.leaf",
    }


# -- sizes --------------------------------------------------------------------------------------


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
    assert sorted(oversized()) == []


def test_the_size_checker_finds_a_long_module_and_a_long_function(tmp_path):
    pkg = tmp_path / "racerlab"
    pkg.mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    (pkg / "long.py").write_text(f"def f():\n{body}\n")
    (pkg / "short.py").write_text("def g():\n    return 1\n")
    (pkg / "big.py").write_text("X = 1\n" * (MAX_MODULE_LINES + 1))
    (pkg / "fits.py").write_text("X = 1\n" * MAX_MODULE_LINES)
    assert oversized(pkg) == {"racerlab/long.py:f", "racerlab/big.py"}
