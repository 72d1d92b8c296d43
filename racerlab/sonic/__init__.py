"""Sonic the Hedgehog: Battle Racers: track, cards, rules engine, modes and bots.

The public names below load lazily, so ``import racerlab.sonic`` stays light. The game
describes itself to racerlab in :mod:`racerlab.sonic.game`, which also lists its catalog
kinds (for ``racerlab validate``) and its bots.

>>> from racerlab.sonic import SonicRules, random_setup, random_bot
>>> from racerlab.core.timeline import Timeline
>>> import numpy as np
>>> tl = Timeline.new(SonicRules(), random_setup(1), seed=1)
>>> rng = np.random.default_rng(0)
>>> while not tl.rules.is_over(tl.state):
...     _ = tl.play(random_bot(tl.state, tl.rules, rng))
>>> tl.state.phase.value
'over'

The map
-------
A newcomer starts at ``rules.py`` (:class:`SonicRules`: who acts, what is legal, and which
module each action goes to), then ``state.py``, ``board/`` and ``play/``, where the rules
themselves are, one concern a module.

The public faces, the only modules the code above the game (analysis, viz, app) imports
besides this package itself (``FACES`` in tests/test_layers.py):

* ``actions.py``: what players (and the director) can do;
* ``director.py``: the director's tweaks (Speed, rings, Ability, deck, placement, shields);
* ``events.py``: what happens in a game, as events that carry their numbers;
* ``game.py``: the game's descriptor (catalog kinds, scenarios, bots, result columns);
* ``options.py``: the rule options, every number and ruling a table may change;
* ``procedure.py``: the set-up order (who chooses a racer first, who places first);
* ``provenance.py``: which values the rulebook prints and which are ours;
* ``queries.py``: read-only questions about a position, for dashboards and analysis;
* ``state.py``: the state of a game, one frozen value.

The engine, and the vocabulary every part of it speaks:

* ``rules.py``: :class:`SonicRules`, the rules engine;
* ``setup.py``: the set-up (racers, mode, boss, zones), and a random one;
* ``track.py``: the printed track: spaces, sections, grid codes, the laid track;
* ``rounds.py``: the card model (:class:`~.rounds.CardFacts`) and a round's arithmetic
  (priority order, drawing, card Speed limits);
* ``effect_names.py``: the vocabulary of effect primitives the catalog's Abilities,
  Powers and boss rules are written in;
* ``scenarios.py``: positions to study (a plain test track, placing tokens) and scenario
  files;
* ``search_bot.py``: the search bot (each game keeps its own at
  ``racerlab.<game>.search_bot``); the other bots are in ``bots/``.

The sub-packages, from the bottom up, each with its own map in its ``__init__``:

* ``board/``: the board (the laid track and every token on it), its lookups, ring stacks;
* ``movement/``: the movement physics: paths, the walk space by space, damage, move events;
* ``catalog/``: reading and checking ``data/sonic``, and the catalog as the rules read it;
* ``effects/``: what the effect primitives do (Abilities, Powers, boss rules), and the
  expansions' round-level hooks;
* ``play/``: the rules of play: set-up, turns, cards, moves, growth, the boss, results,
  the modes;
* ``bots/``: the random, greedy and rule-aware bots and the search bot's determinization.

A package imports ``racerlab.core``, the packages before it in this list and the
vocabulary modules (``track.py``, ``effect_names.py``, ``rounds.py``, ``options.py``,
``setup.py``, ``state.py``, ``actions.py``, ``events.py``), never the modules that put the
game together (``rules.py``, ``director.py``, ``queries.py``, ``game.py``,
``scenarios.py``, ``search_bot.py``); each map says which it uses. Imports for type hints
only sit under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "ActionChoice",
    "BossHitRule",
    "BossState",
    "DeckOut",
    "Mode",
    "Move",
    "Movement",
    "PassAction",
    "Phase",
    "PlayCard",
    "SetAbility",
    "SetDeck",
    "SetRings",
    "SetSpeed",
    "SonicOptions",
    "SonicRules",
    "SonicSetup",
    "SonicState",
    "TakeCard",
    "TieBreak",
    "UseAction",
    "WinnerTie",
    "greedy_bot",
    "random_bot",
    "random_setup",
    "solo_rank",
]

_WHERE = {
    **dict.fromkeys(
        (
            "ActionChoice",
            "Move",
            "PassAction",
            "PlayCard",
            "SetAbility",
            "SetDeck",
            "SetRings",
            "SetSpeed",
            "TakeCard",
            "UseAction",
        ),
        "actions",
    ),
    **dict.fromkeys(
        ("BossHitRule", "DeckOut", "Mode", "SonicOptions", "TieBreak", "WinnerTie"), "options"
    ),
    **dict.fromkeys(("BossState", "Phase", "SonicState"), "state"),
    **dict.fromkeys(("SonicSetup", "random_setup"), "setup"),
    "Movement": "movement.vocabulary",
    "SonicRules": "rules",
    "greedy_bot": "bots.look_ahead",
    "random_bot": "bots.look_ahead",
    "solo_rank": "play.solo",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        module = importlib.import_module(f".{_WHERE[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
