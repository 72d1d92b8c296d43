"""The shared rules-engine core both games stand on.

Dice and exact chance, immutable states with actions and events, the timeline
(history, forks, saving), catalog checking, errors, and the conformance check.
"""

from .catalog import Checker, Field, Schema, data_dir, read_toml, register_kind, validate_file
from .chance import check_distribution, d6_outcomes, exact, expectation, probability, sum_outcomes
from .dice import ChanceSource, Dice, DiceState, Roll
from .errors import CatalogError, IllegalActionError, Problem, RacerlabError, ScenarioError
from .rules import (
    Action,
    DirectorAction,
    Event,
    ForceRolls,
    Reseed,
    Rules,
    Step,
    options_from_mapping,
)
from .timeline import Entry, Timeline, register_game, rules_for

__all__ = [
    "Action",
    "CatalogError",
    "ChanceSource",
    "Checker",
    "Dice",
    "DiceState",
    "DirectorAction",
    "Entry",
    "Event",
    "Field",
    "ForceRolls",
    "IllegalActionError",
    "Problem",
    "RacerlabError",
    "Reseed",
    "Roll",
    "Rules",
    "ScenarioError",
    "Schema",
    "Step",
    "Timeline",
    "check_distribution",
    "d6_outcomes",
    "data_dir",
    "exact",
    "expectation",
    "options_from_mapping",
    "probability",
    "read_toml",
    "register_game",
    "register_kind",
    "rules_for",
    "sum_outcomes",
    "validate_file",
]
