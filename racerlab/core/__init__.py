"""The shared rules-engine core both games stand on.

Dice and exact chance, immutable states with actions and events, the timeline
(history, forks, saving), catalog checking, errors, and the conformance check.

The map:

* :mod:`~racerlab.core.rules`: the shape of every engine (states, actions, events);
  :mod:`~racerlab.core.errors` the one family of errors; :mod:`~racerlab.core.registry`
  what a game is to the rest of racerlab.
* :mod:`~racerlab.core.dice` (seeded, recorded dice) and :mod:`~racerlab.core.chance`
  (exact probabilities from the rules themselves).
* :mod:`~racerlab.core.timeline`: one game's history, forks and saving;
  :mod:`~racerlab.core.codec` its plain-JSON encoding; :mod:`~racerlab.core.frozen` a fast
  copy-with-changes of frozen dataclasses.
* :mod:`~racerlab.core.catalog` (reading and checking catalog files),
  :mod:`~racerlab.core.catalog_files` (a catalog as a folder of files),
  :mod:`~racerlab.core.catalog_diff` (a catalog as its differences from the bundled one,
  with a hash: what a saved game or a link carries),
  :mod:`~racerlab.core.provenance` and :mod:`~racerlab.core.printed` (which values the
  rulebook prints), :mod:`~racerlab.core.limits` (what racerlab accepts).
* :mod:`~racerlab.core.search`: a search bot for any game; :mod:`~racerlab.core.memo`: a
  bounded memo owned by whoever makes it.
* :mod:`~racerlab.core.conformance`: one check for every engine, tried on
  :mod:`~racerlab.core.testgame` (a tiny game); :mod:`~racerlab.core.tolerance`: the float
  tolerance every layer shares.
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
