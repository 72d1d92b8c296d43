"""Sonic the Hedgehog: Battle Racers: track, cards, rules engine, modes and bots.

>>> from racerlab.sonic import SonicRules, random_setup, random_bot
>>> from racerlab.core.timeline import Timeline
>>> import numpy as np
>>> tl = Timeline.new(SonicRules(), random_setup(1), seed=1)
>>> rng = np.random.default_rng(0)
>>> while not tl.rules.is_over(tl.state):
...     _ = tl.play(random_bot(tl.state, tl.rules, rng))
>>> tl.state.phase.value
'over'
"""

from ..core.timeline import register_game
from . import catalog as _catalog  # noqa: F401  (registers the catalog kinds for `validate`)
from .actions import (
    ActionChoice,
    Move,
    PassAction,
    PlayCard,
    SetAbility,
    SetDeck,
    SetRings,
    SetSpeed,
    TakeCard,
    UseAction,
)
from .bots import greedy_bot, random_bot
from .movement import Movement
from .options import BossHitRule, DeckOut, Mode, SonicOptions, TieBreak, WinnerTie
from .rules import SonicRules
from .setup import SonicSetup, random_setup
from .solo import solo_rank
from .state import BossState, Phase, SonicState

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

register_game(SonicRules.name, SonicRules)
