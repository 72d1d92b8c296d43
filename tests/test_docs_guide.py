"""The user's guide (docs/, outside docs/history/) stays a guide: its code runs, it names no
issue or commit, and every page is in the site's table of contents.

Every fenced ``python`` block of a guide page runs, the page's blocks in order in one
namespace, from the repository's root (a page that shows a fragment shows one that runs).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GUIDE = sorted(p for p in DOCS.glob("*.md"))
"""The guide's pages (docs/history/ holds the history, which may name past work)."""

_FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
_NAMES_PAST_WORK = re.compile(
    r"\bissues? #?\d+|\bPR #?\d+|\bcommit\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b"
)


def python_blocks(text: str) -> list[str]:
    """The fenced ``python`` blocks of a Markdown page, in order.

    >>> python_blocks("a\\n```python\\nx = 1\\n```\\n```text\\nno\\n```\\n")
    ['x = 1\\n']
    """
    return _FENCE.findall(text)


def names_past_work(text: str) -> list[str]:
    """Mentions of an issue, a pull request or a commit hash in ``text``.

    >>> names_past_work("as of issue 25, at 98f0cec; a face value of 1000000")
    ['issue 25', '98f0cec']
    """
    return [m.group(0) for m in _NAMES_PAST_WORK.finditer(text)]


@pytest.mark.parametrize("page", [p for p in GUIDE if python_blocks(p.read_text())], ids=str)
def test_every_code_example_of_the_guide_runs(page, monkeypatch):
    monkeypatch.chdir(ROOT)
    namespace: dict = {"__name__": f"docs_{page.stem}"}
    for i, block in enumerate(python_blocks(page.read_text(encoding="utf-8"))):
        code = compile(block, f"{page.name} (python block {i + 1})", "exec")
        exec(code, namespace)


def test_no_guide_page_names_an_issue_or_a_commit():
    found = {p.name: names_past_work(p.read_text(encoding="utf-8")) for p in GUIDE}
    assert {k: v for k, v in found.items() if v} == {}, "move it to docs/history/"


def test_every_guide_page_is_in_a_table_of_contents():
    listed = set()
    for page in [*GUIDE, *(DOCS / "history").glob("*.md")]:
        for block in re.findall(r"^```\{toctree\}\n(.*?)^```", page.read_text(), re.S | re.M):
            here = page.parent.relative_to(DOCS)
            for line in block.splitlines():
                if line.strip() and not line.startswith(":"):
                    listed.add(os.path.normpath(here / line.strip()).removesuffix("*"))
    pages = {p.relative_to(DOCS).with_suffix("").as_posix() for p in DOCS.rglob("*.md")}
    pages -= {"index"} | {p for p in pages if p.startswith(("_build", "generated"))}
    assert sorted(pages - listed) == []


def test_the_guide_checker_finds_a_named_issue_and_a_failing_example(tmp_path):
    assert names_past_work("the walk (issue 25) was cut at 8ec4361") == ["issue 25", "8ec4361"]
    page = "# A page\n\n```python\nx = 1\n```\n\n```python\nassert x == 2\n```\n"
    blocks = python_blocks(page)
    namespace: dict = {}
    exec(blocks[0], namespace)
    with pytest.raises(AssertionError):
        exec(blocks[1], namespace)
