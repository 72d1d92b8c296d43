"""docs/rulings.md stays current: every rule option of both engines is named in it."""

import dataclasses
import re
from pathlib import Path

import pytest

from racerlab.knights.options import KnightsOptions
from racerlab.sonic.movement import MoveRules
from racerlab.sonic.options import SonicOptions

RULINGS = (Path(__file__).resolve().parents[1] / "docs" / "rulings.md").read_text()


@pytest.mark.parametrize("options", [KnightsOptions, SonicOptions, MoveRules])
def test_every_rule_option_is_named_in_the_rulings(options):
    # named in code style, alone (`name`) or with its default (`name = value`)
    missing = [
        f.name
        for f in dataclasses.fields(options)
        if not re.search(rf"`{re.escape(f.name)}(`| =)", RULINGS)
    ]
    assert not missing, f"{options.__name__} options not in docs/rulings.md: {missing}"


@pytest.mark.parametrize("options", [KnightsOptions, SonicOptions, MoveRules])
def test_every_rule_option_has_a_default(options):
    # a default means a game can always be set up without choosing every ruling
    for f in dataclasses.fields(options):
        assert f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    assert options() == options()
