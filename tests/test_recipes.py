"""The recipes for a new ability and a new boss hold: each touches few files, and following
it on a copy of the bundled files gives the game the change it promises.

Each recipe page lists the files it touches in a ``text`` block under "The files"; its
``python`` blocks follow its steps on a copy (a temporary folder, the new rule registered in
the run instead of in its module), and the test checks what that play gave.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from racerlab.knights.abilities import added_ability
from racerlab.sonic.effect_names import Effect, effect_named

ROOT = Path(__file__).resolve().parents[1]
ABILITY = ROOT / "docs" / "new-ability.md"
BOSS = ROOT / "docs" / "new-boss.md"


def files_of(page: Path) -> list[str]:
    """The paths in the ``text`` block under the page's "The files" heading."""
    text = page.read_text(encoding="utf-8")
    found = re.search(r"^## The files\n+```text\n(.*?)^```", text, re.S | re.M)
    assert found, f"{page.name} has no ```text block under '## The files'"
    return [line.strip() for line in found.group(1).splitlines() if line.strip()]


def follow(page: Path) -> dict:
    """Run the page's python blocks in order in one namespace (from the repository's root)."""
    namespace: dict = {"__name__": f"recipe_{page.stem}"}
    for i, block in enumerate(re.findall(r"^```python\n(.*?)^```", page.read_text(), re.S | re.M)):
        exec(compile(block, f"{page.name} (python block {i + 1})", "exec"), namespace)
    return namespace


def _is_test(path: str) -> bool:
    return path.startswith("tests/") and Path(path).name.startswith("test_")


@pytest.mark.parametrize(("page", "most"), [(ABILITY, 4), (BOSS, 2)], ids=["ability", "boss"])
def test_a_recipe_touches_few_files_and_names_ones_that_are_there(page, most):
    files = files_of(page)
    others = [f for f in files if not _is_test(f)]
    tests = [f for f in files if _is_test(f)]
    assert len(tests) == 1, f"{page.name}: one test file, got {tests}"
    assert len(others if page is BOSS else files) <= most, files
    for path in others:  # the test is new; every other file is one the recipe edits
        assert (ROOT / path).is_file(), f"{page.name} names {path}, which is not there"
    assert (ROOT / tests[0]).parent.is_dir()


def test_the_ability_recipe_makes_a_shot_that_missed_hit(monkeypatch):
    monkeypatch.chdir(ROOT)
    played = follow(ABILITY)
    plain, honed = played["plain_shot"], played["honed_shot"]
    assert not plain.hit and honed.hit
    assert honed.strength == plain.strength + 1
    assert ("Honed Edge", 1) in honed.strength_parts
    assert played["honed_cindy"].durability == played["plain_cindy"].durability - 2
    assert added_ability("honed_edge") is None  # the page removes what it added


def test_the_boss_recipe_plays_a_boss_whose_rule_gives_rings(monkeypatch):
    monkeypatch.chdir(ROOT)
    played = follow(BOSS)
    assert [e.boss for e in played["gifts"]] == ["ring-king", "ring-king"]
    before = [t.rings for t in played["before"].board.racers]
    assert [t.rings for t in played["state"].board.racers] == [n + 1 for n in before]
    profile = played["rules"].facts.bosses["ring-king"]
    assert [spec.effect.value for spec in profile.rules] == ["boss_gift_rings"]
    assert not isinstance(profile.rules[0].effect, Effect)
    with pytest.raises(ValueError):
        effect_named("boss_gift_rings")  # the page removes what it added
