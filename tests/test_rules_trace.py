"""docs/rules-trace.md stays honest: every rule names code that imports and tests that exist.

The trace lists each rule of both rulebooks (in our words) with the function that
implements it and the test that would fail without it. This test parses the table,
imports every listed function and finds every listed test by name (a function of that
test file, read with ``ast`` so nothing runs), and refuses a row marked missing.
"""

import ast
import functools
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TRACE = ROOT / "docs" / "rules-trace.md"
ROW = re.compile(r"^\|\s*([KS]\d+)\s*\|(.*)\|(.*)\|(.*)\|\s*$")
CODE = re.compile(r"`([^`]+)`")


def rows():
    out = []
    for line in TRACE.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            rid, rule, impl, tests = (g.strip() for g in m.groups())
            out.append((rid, rule, CODE.findall(impl), CODE.findall(tests)))
    return out


ROWS = rows()


def _resolve(dotted: str):
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            obj = getattr(obj, name)
        return obj
    raise ImportError(dotted)


@functools.cache
def _test_names(path: str) -> frozenset[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names |= {f"{node.name}::{f.name}" for f in node.body if isinstance(f, ast.FunctionDef)}
    return frozenset(names)


def test_the_trace_covers_both_rulebooks():
    ids = [r[0] for r in ROWS]
    assert len(ids) == len(set(ids)), "rule ids repeat"
    knights = [i for i in ids if i.startswith("K")]
    sonic = [i for i in ids if i.startswith("S")]
    assert len(knights) >= 100 and len(sonic) >= 88 and len(ids) >= 188


def test_no_rule_is_marked_missing_and_each_has_code_and_a_test():
    for rid, rule, impl, tests in ROWS:
        assert rule and "missing" not in rule.lower(), rid
        assert impl, f"{rid}: no implementing function"
        assert tests, f"{rid}: no test"


@pytest.mark.parametrize("dotted", sorted({f for r in ROWS for f in r[2]}))
def test_every_listed_function_imports(dotted):
    assert dotted.startswith("racerlab."), dotted
    obj = _resolve(dotted)
    assert callable(obj) or isinstance(obj, property), dotted


@pytest.mark.parametrize("ref", sorted({t for r in ROWS for t in r[3]}))
def test_every_listed_test_exists(ref):
    path, _, name = ref.partition("::")
    assert path.startswith("tests/") and (ROOT / path).is_file(), ref
    assert name.startswith("test_") or "::test_" in name, ref
    assert name in _test_names(path), f"{ref}: no such test"
