"""Racer Knights of Falconus: catalog, geometry, rules engine and bots.

The public names load lazily, so ``import racerlab.knights`` stays light. The
game describes itself to racerlab in :mod:`racerlab.knights.game`.

>>> from racerlab.knights import KnightsRules, example_setup
>>> KnightsRules().initial_state(example_setup()).round
1

Where to start: ``rules.py`` (:class:`KnightsRules`: who may act, and which rule area
resolves each action), then ``state.py`` (a joust at one moment) and ``draft.py`` (the
working copy one action edits). The rule areas are the sub-packages ``joust/``,
``movement/`` and ``combat/``; each package's ``__init__`` maps its own modules.

The faces: code above the game (``racerlab.app``, ``viz``, ``analysis``) imports only
these modules, besides this package's names:

- ``actions.py``: what a player or the director can do, as small frozen values.
- ``events.py``: what happens in a joust, as frozen events carrying the numbers behind
  each ruling.
- ``state.py``: the set-up of a joust and its state at one moment, frozen.
- ``options.py``: the rule options: every place the rulebook leaves a choice, named.
- ``queries.py``: the read-only questions the dashboards and analysis ask (exact odds from
  the engine's own code), and the shape functions a drawing needs.
- ``director.py``: the director's edits of a joust's counters.
- ``procedure.py``: the set-up procedure (who places what, in which order) and the Falcons
  pot.
- ``provenance.py``: which values the rulebook prints and which are ours.
- ``game.py``: the game's descriptor for racerlab (its bots named, loaded on first use).

The engine and its vocabulary:

- ``parts.py``: the vocabulary of cards: species, rarities, stats, abilities, parts.
- ``abilities.py``: abilities added to the rulebook's, each named with its rule in one place.
- ``geometry/``: table geometry (footprints, moves, turns, arcs, range, contact); no rule.
- ``build.py``: building a racer from cards: legality, stat totals, Perfect Racer, Valor,
  and which of its cards carry an ability.
- ``catalog/``: the card files in ``data/knights`` (parts, Knights, racers, table) read
  and checked.
- ``setup.py``: setting up a joust: the placement checks, random set-ups, the rulebook's
  example, and the table a set-up is played on.
- ``draft.py``: the scratch copy of a state one action's resolution edits, then freezes,
  and the per-game cached card lookups.
- ``joust/``: the round (drive rolls, order of play, turns) and what decides the joust
  (Durability, wrecks, Glory, the end).
- ``movement/``: moving, turning and crossing waypoints, and what a racer would touch.
- ``combat/``: attacks: Fire and Ram, the Valor bidding, the roll and what a hit does.
- ``rules.py``: the rules engine, :class:`KnightsRules`.
- ``bots/``: the bots (random, greedy, rule-aware, search) and the determinization.
- ``scenarios.py``: the bundled saved games (the rulebook's worked example, a greedy
  joust) and the small states the lessons and tests start from.

What may import what: the layers from the bottom up are parts, events, geometry, build,
options, actions, catalog, provenance, state, setup, draft, joust, procedure, movement,
combat, director, rules, queries, bots, scenarios, game; a module imports only from the
layers before its own, an import for type hints (under ``TYPE_CHECKING``) too. Two wait
until used: ``game.py`` names its bots by ``"module:attribute"``, and ``scenarios.py``
imports the rules and the greedy bot inside the functions that play them.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "KnightsOptions",
    "KnightsRules",
    "KnightsSetup",
    "KnightsState",
    "PlayerSetup",
    "example_setup",
    "greedy_bot",
    "random_bot",
    "random_setup",
    "result",
]

_WHERE = {
    "KnightsOptions": "options",
    "KnightsRules": "rules",
    "KnightsSetup": "state",
    "PlayerSetup": "state",
    "KnightsState": "state",
    "example_setup": "setup",
    "random_setup": "setup",
    "random_bot": "bots.greedy",
    "greedy_bot": "bots.greedy",
    "result": "joust.results",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        module = importlib.import_module(f".{_WHERE[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
