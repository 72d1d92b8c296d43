"""No private names across modules: an underscore name belongs to the module or object that has it.

The rule, checked over the syntax trees of racerlab/ and tests/:

* No module imports another module's underscore name (``from x import _y``), nor reads one
  through the module (``x._y``).
* No code reads or calls another object's underscore attribute (``obj._y``), unless ``obj``
  is ``self``, ``cls``, ``super()`` or a class defined in the same module, or ``_y`` is a
  name the same module defines (its own objects' privates, e.g. ``other._seed`` in
  ``Dice.__eq__``).
* Dunder names (``__y__``) are not private; nor are the public methods of named tuples
  (``_replace``, ``_asdict``, ``_fields``, ``_make``).
* A test file may touch the privates of the module(s) it is named after: the racerlab modules
  whose name ``m`` makes the file ``test_m.py`` or ``test_m_<more>.py``. Through an object
  (``obj._y``) it may touch a private name those modules define.

Whatever else touches a private is listed in :data:`KNOWN`, which may only shrink: each
entry becomes a public name with a docstring, and leaves the list.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "racerlab"
TESTS = ROOT / "tests"

PUBLIC_UNDERSCORE = {"_replace", "_asdict", "_fields", "_make", "_field_defaults"}
"""Underscore names that are a public API (named tuples)."""

KNOWN: dict[str, set[str]] = {
    "racerlab/app/kit/landing.py": {"_resources"},
    "racerlab/app/kit/redraw.py": {"_models", "_unblocked", "_views"},
    "racerlab/app/server/offline.py": {"_template_variables"},
    "racerlab/app/server/patches.py": {
        "_change_callbacks",
        "_server_event",
        "_template_variables",
        "_unblocked",
    },
    "racerlab/app/server/worker_pool.py": {"_exit"},
    "racerlab/balance_cli.py": {"_SubParsersAction"},
    "racerlab/cli.py": {"_SubParsersAction"},
    "tests/app/test_editor.py": {"_layout"},
    "tests/app/test_knights_dashboard.py": {"_play", "_process_events", "_saved"},
    "tests/app/test_link_replay.py": {"_replayer", "_replayer_ready"},
    "tests/app/test_page_load.py": {"_pages", "_views"},
    "tests/app/test_refusals_and_names.py": {"_process_events"},
    "tests/app/test_serve.py": {"_add_busy_event", "_remove_busy_event"},
    "tests/app/test_shell.py": {"_names"},
    "tests/app/test_sonic_dashboard.py": {
        "_actions",
        "_card_now",
        "_moves",
        "_previews",
        "_process_events",
        "_speed_now",
    },
    "tests/binder/test_binder.py": {"_launch_command"},
    "tests/hostile/test_app_hostile.py": {"_process_events"},
    "tests/hostile/test_cli_hostile.py": {"_actions", "_group_actions", "_subparsers"},
    "tests/hostile/test_escape_property.py": {"_transform_object"},
    "tests/hostile/test_fair_jobs.py": {
        "_heavy",
        "_move_elsewhere",
        "_move_times",
        "_movers_pool",
        "_next_move",
        "_running",
        "_timed",
        "_travelling",
        "_travels",
    },
    "tests/knights/test_hot_paths.py": {"_with_dice"},
    "tests/sonic/test_movement.py": {"_resolve"},
    "tests/test_cli_args.py": {
        "_AppendAction",
        "_StoreTrueAction",
        "_SubParsersAction",
        "_actions",
    },
}
"""``file -> private names`` it still touches across modules (may only shrink)."""


def is_private(name: str) -> bool:
    """``_y`` is private; ``__y__`` and the named-tuple methods are not.

    >>> is_private("_cache"), is_private("__init__"), is_private("_replace"), is_private("x")
    (True, False, False, False)
    """
    if name.startswith("__") and name.endswith("__"):
        return False
    return name.startswith("_") and name not in PUBLIC_UNDERSCORE


@functools.cache
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _source_module(node: ast.ImportFrom, me: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    here = me.split(".") if is_package else me.split(".")[:-1]
    base = here[: len(here) - node.level + 1]
    return ".".join([*base, node.module or ""]).strip(".")


def defined_names(tree: ast.AST) -> set[str]:
    """Every name a module defines: functions, classes, assignments, ``self.x = ...`` attributes."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def private_uses(path: Path, root: Path, subjects: dict[str, set[str]] | None = None) -> set[str]:
    """Private names ``path`` touches that are not its own (or its subjects', for a test).

    ``subjects`` maps each module the file may open (its tested modules) to the names
    those modules define.
    """
    tree = _parsed(path)
    me = module_name(path, root)
    subjects = subjects or {}
    may_open = defined_names(tree).union(*subjects.values())
    own_classes = {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    modules: dict[str, str] = {}  # local name -> module it is bound to
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                local = alias.asname or alias.name.split(".")[0]
                modules[local] = alias.name if alias.asname else alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            source = _source_module(node, me, path.name == "__init__.py")
            for alias in node.names:
                modules.setdefault(alias.asname or alias.name, f"{source}.{alias.name}")
                if is_private(alias.name) and source != "__future__" and source not in subjects:
                    found.add(alias.name)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and is_private(node.attr)):
            continue
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls", *own_classes):
            continue
        if isinstance(owner, ast.Call) and getattr(owner.func, "id", "") in ("super", "type"):
            continue
        if isinstance(owner, ast.Name) and owner.id in modules:
            if modules[owner.id] in subjects:
                continue
        elif node.attr in may_open:
            continue
        found.add(node.attr)
    return found


def _defined_by_module(root: Path) -> dict[str, set[str]]:
    return {
        module_name(p, root): defined_names(_parsed(p)) for p in (root / "racerlab").rglob("*.py")
    }


def subjects_of(test: Path, defined: dict[str, set[str]]) -> dict[str, set[str]]:
    """The racerlab modules a test file is named after, with the names each defines.

    >>> subjects_of(Path("tests/test_dice_rolls.py"), {"racerlab.core.dice": {"_x"}, "a.b": set()})
    {'racerlab.core.dice': {'_x'}}
    """
    stem = test.stem.removeprefix("test_")
    return {
        m: names
        for m, names in defined.items()
        if stem == m.rpartition(".")[2] or stem.startswith(m.rpartition(".")[2] + "_")
    }


def all_private_uses(root: Path = ROOT) -> dict[str, set[str]]:
    """``file -> private names`` touched across modules, for racerlab/ and tests/ under ``root``."""
    defined = _defined_by_module(root)
    found = {}
    for path in sorted((root / "racerlab").rglob("*.py")):
        uses = private_uses(path, root)
        if uses:
            found[path.relative_to(root).as_posix()] = uses
    for path in sorted((root / "tests").rglob("*.py")):
        uses = private_uses(path, root, subjects_of(path, defined))
        if uses:
            found[path.relative_to(root).as_posix()] = uses
    return found


@pytest.fixture(scope="module")
def found() -> dict[str, set[str]]:
    return all_private_uses()


def test_no_new_private_name_is_touched_across_modules(found):
    new = {f: sorted(u - KNOWN.get(f, set())) for f, u in found.items()}
    assert {f: u for f, u in new.items() if u} == {}, "make these public (with a docstring)"


def test_the_list_of_known_uses_only_shrinks(found):
    gone = {f: sorted(u - found.get(f, set())) for f, u in KNOWN.items()}
    assert {f: u for f, u in gone.items() if u} == {}, "no longer used: remove from KNOWN"


def test_the_checker_catches_each_kind_of_private_use(tmp_path):
    pkg = tmp_path / "racerlab"
    tests = tmp_path / "tests"
    pkg.mkdir()
    tests.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "dice.py").write_text(
        "class Dice:\n"
        "    def __init__(self):\n        self._seed = 1\n"
        "    def same(self, other):\n        return self._seed == other._seed != other._peek()\n"
        "    @classmethod\n    def make(cls):\n        return cls._fresh(), Dice._fresh()\n"
        "def _roll():\n    return 4\n"
    )
    (pkg / "game.py").write_text(
        "from . import dice\nfrom .dice import _roll, Dice\n"
        "import racerlab.dice as d\n"
        "x = dice._roll() + d._roll()\n"
        "y = Dice()._seed\n"
        "z = Dice()._replace\n"
        "w = Dice().__init__\n"
    )
    (tests / "test_dice.py").write_text(
        "from racerlab.dice import _roll\nfrom racerlab import dice\n"
        "def test():\n    dice._roll()\n    dice.Dice()._seed\n    dice.Dice()._other\n"
    )
    (tests / "test_game.py").write_text(
        "from racerlab.dice import _roll\n\ndef test(g):\n    g._seed\n"
    )
    assert all_private_uses(tmp_path) == {
        "racerlab/dice.py": {"_peek"},
        "racerlab/game.py": {"_roll", "_seed"},
        "tests/test_dice.py": {"_other"},
        "tests/test_game.py": {"_roll", "_seed"},
    }
