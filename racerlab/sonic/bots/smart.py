"""The rule-aware Battle Racers bot: the greedy look-ahead with the boss and the mode in
its scoring.

:func:`smart_bot` plays every decision as :func:`~racerlab.sonic.bots.greedy_bot`
does (every option tried, paths shortlisted by a quick value, the best few
resolved with the real physics) but by weights chosen for the mode:

- **solo**: a hit on the boss is worth ``SOLO.boss_hit`` (the last one twice), a
  column out of reach of the boss (further behind it than the racer's Speed)
  costs ``SOLO.chase``, a column in front of it ``SOLO.ahead``, and crossing the
  line while the boss still races (no rank can be earned) ``SOLO.early_finish``;
  rings and badniks are the rank's score and the racer's life, so they count more
  and damage costs more than in a race;
- **boss**: scored like a race, and hits are worth ``BOSS.boss_hit`` (they drop rings
  to pick up, and the boss crossing the line makes everyone behind it lose);
- **race**: the racer with most rings and badniks wins when anyone crosses the line
  (crossing is not needed to win), so a ring or a badnik is worth more than a column
  of progress, not less as for the greedy bot.

With a live boss, a card is judged against where the boss will stand when the card
resolves (:func:`foreseen`): the boss's card is face up, so when it resolves first
(a higher priority) its moves and slows are played out on the board before the card
is valued.

The weights are ours, tuned by the bot ladder (``benchmarks/bots.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...core.dice import Dice
from ...core.frozen import fast_replace
from ..effect_names import Effect
from ..effects.primitives import apply_boss_effect
from ..options import Mode
from ..state import Phase
from .look_ahead import Weights, card_value, look_ahead_bot

if TYPE_CHECKING:
    from ...core.rules import Action, Rules
    from ..state import SonicState

__all__ = ["BOSS", "RACE", "SOLO", "foreseen", "smart_bot", "weights_for"]

_FORESEEN = (Effect.BOSS_MOVE, Effect.BOSS_SLOW_RACERS)
"""The boss effects played out before a card is judged (where it goes, how it slows)."""

SOLO = Weights(
    ring=6.0, badnik=6.0, damage=-30.0, boss_hit=80.0, chase=12.0, ahead=14.0, early_finish=-160.0
)
"""Solo weights: hunt the boss, keep rings, do not cross the line before it is destroyed."""
BOSS = Weights(ring=16.0, badnik=16.0, boss_hit=40.0)
"""Boss-mode weights: race for the score, hit the boss when the path allows."""
RACE = Weights(ring=16.0, badnik=16.0)
"""Race weights: rings and badniks decide the winner when anyone crosses the line, so
each counts more than a column of progress (16 measured best of 5, 8, 12, 16 and 24)."""

_BY_MODE = {Mode.SOLO: SOLO, Mode.BOSS: BOSS, Mode.RACE: RACE}


def weights_for(state: Any) -> Weights:
    """The smart bot's weights for the mode of ``state``'s game."""
    return _BY_MODE.get(state.setup.mode, RACE)


def smart_bot(state: Any, rules: Rules, rng: np.random.Generator) -> Action:
    """The rule-aware bot (see the module doc); ``rng`` is unused (deterministic)."""
    del rng
    w = weights_for(state)
    if state.phase is Phase.CHOOSE and w.boss_hit:
        ahead = foreseen(state, rules)
        if ahead is not None:
            return _choose(state, ahead, rules, w)
    return look_ahead_bot(state, rules, w)


def foreseen(state: SonicState, rules: Any) -> SonicState | None:
    """The state after the face-up boss card's moves and slows (and its profile's, when
    those rules are on), other effects left out; ``None`` with no live boss or card."""
    boss = state.boss
    if boss is None or boss.destroyed or boss.card is None or state.board.boss is None:
        return None
    facts = rules.facts.bosses[boss.id]
    specs = (
        *facts.cards[boss.card].actions,
        *(facts.profile_rules(state.setup.boss_deck) if state.options.boss_profile_rules else ()),
    )
    board = state.board
    racing = [s for s in range(state.players) if not state.finished[s] and not state.lost[s]]
    chance = Dice.resume(state.dice)
    for spec in specs:
        if spec.effect in _FORESEEN:
            board, _, _ = apply_boss_effect(
                board,
                boss.id,
                boss.rings,
                spec,
                racing,
                chance,
                vr_limit=rules.facts.vr_tokens,
                rules=state.options.move_rules,
            )
    return state if board is state.board else fast_replace(state, board=board)


def _choose(state: SonicState, ahead: SonicState, rules: Any, w: Weights) -> Action:
    """The card to play, each judged against the boss where it will stand when the card
    resolves (ties to the Agility Card: it resolves first)."""
    legal = rules.legal_actions(state)
    assert state.boss is not None and state.boss.card is not None
    cards = rules.facts.cards
    first = rules.facts.bosses[state.boss.id].cards[state.boss.card].priority

    memos: tuple[dict, dict] = ({}, {})  # quick values, one memo per state judged

    def value(a: Any) -> float:
        later = first > cards[a.card].priority
        return card_value(ahead if later else state, rules, a, w, memos[later])

    return max(legal, key=value)
