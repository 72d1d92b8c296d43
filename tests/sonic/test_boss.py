"""Boss mode: boss cards by priority, boss movement, damaging and destroying the boss."""

from __future__ import annotations

from dataclasses import replace

from racerlab.sonic import (
    ActionChoice,
    BossHitRule,
    Mode,
    PlayCard,
    SonicOptions,
    SonicRules,
    SonicSetup,
    UseAction,
)
from racerlab.sonic.actions import Move
from racerlab.sonic.board import Badnik
from racerlab.sonic.events import (
    BossCardRevealed,
    BossDamaged,
    BossDestroyed,
    BossFinished,
    BossMoved,
    GameEnded,
)
from racerlab.sonic.movement.move_events import RacerDamaged
from racerlab.sonic.rounds import CardAction, CardMovement
from racerlab.sonic.scenarios import at_turn, give_cards, place, plain_catalog, put
from racerlab.sonic.state import BOSS_SEAT, Phase

RULES = SonicRules(plain_catalog(8))
CARDS = RULES.facts.cards
SETUP = SonicSetup(("sonic", "tails"), Mode.BOSS, "eggman")
BASE = put(RULES.initial_state(SETUP, seed=2), clear=True)
SPIN_RUN = next(
    c
    for c in sorted(CARDS)
    if CARDS[c].action is CardAction.SPIN and CARDS[c].movement is CardMovement.RUN
)


def with_boss_card(state, card_id, boss_at=None):
    s = replace(state, boss=replace(state.boss, card=card_id))
    return put(s, boss=boss_at) if boss_at else s


def total_rings(state):
    return state.board.ring_total() + (state.boss.rings if state.boss else 0)


def reveal(state, cards):
    for seat, c in enumerate(cards):
        state = give_cards(state, seat, (c, *[h for h in state.hands[seat] if h != c][1:]))
    events = []
    for seat, c in enumerate(cards):
        step = RULES.apply(state, PlayCard(seat, c))
        state = step.state
        events.extend(step.events)
    return state, events


def test_boss_resolves_by_priority_after_equal_agility_cards():
    low = min(CARDS, key=lambda c: CARDS[c].priority)
    high = max(CARDS, key=lambda c: CARDS[c].priority)
    s = with_boss_card(BASE, "eggman-1")  # priority 23: between the two
    s, events = reveal(s, (low, high))
    assert s.order == (1, BOSS_SEAT, 0)
    assert not any(isinstance(e, BossCardRevealed) for e in events)  # the boss waits its turn


def test_boss_first_resolves_at_once_and_moves_ignoring_terrain_and_tokens():
    low = sorted(CARDS, key=lambda c: CARDS[c].priority)[:2]
    start = BASE.board.boss
    s = with_boss_card(BASE, "eggman-12")  # priority 58: move 4, steal rings
    s = put(s, badniks={(start[0] + 4, start[1]): Badnik.MOTO_BUG}, rings={(start[0] + 2, 2): 3})
    s, events = reveal(s, low)
    moved = next(e for e in events if isinstance(e, BossMoved))
    assert s.board.boss == (start[0] + 4, start[1]) and moved.spaces == 4
    assert s.board.rings_at((start[0] + 2, 2)) == 3  # rings are ignored
    assert s.board.badnik_at((start[0] + 4, start[1])) is Badnik.MOTO_BUG
    assert RULES.acting_player(s) in (0, 1) and s.phase is Phase.ACTION


def test_boss_ending_on_a_racer_damages_it():
    low = sorted(CARDS, key=lambda c: CARDS[c].priority)[:2]
    bx, by = BASE.board.boss
    s = place(BASE, 1, (bx + 4, by), rings=3, speed=5)
    s = with_boss_card(s, "eggman-12")
    s, events = reveal(s, low)
    hit = [e for e in events if isinstance(e, RacerDamaged)]
    assert hit and hit[0].racer == "tails" and hit[0].by == "the boss"
    assert s.board.racers[1].speed == 1


def test_spinning_into_the_boss_knocks_it_back_and_drops_two_rings():
    bx, by = BASE.board.boss
    s = place(BASE, 0, (bx - 2, by), speed=2)
    s = at_turn(s, 0, SPIN_RUN)
    s = RULES.apply(s, UseAction(0, ActionChoice.SPIN)).state
    before = total_rings(s)
    move = next(m for m in RULES.legal_actions(s) if m.path == ((bx - 1, by), (bx, by)))
    step = RULES.apply(s, move)
    after = step.state
    dmg = next(e for e in step.events if isinstance(e, BossDamaged))
    assert (dmg.dropped, dmg.rings_left) == (2, 8)
    assert after.board.boss == (bx + 4, by)
    # the two rings land on the boss's old space, where the spinning racer stands: collected
    assert after.board.racers[0].rings == 2
    assert total_rings(after) == before


def spin_through_boss(extra):
    """Racer 0 spins from two columns behind the boss, through its space and ``extra``
    columns on, in the boss's lane."""
    bx, by = BASE.board.boss
    s = place(BASE, 0, (bx - 2, by), speed=2 + extra)
    s = RULES.apply(at_turn(s, 0, SPIN_RUN), UseAction(0, ActionChoice.SPIN)).state
    path = tuple((bx - 1 + i, by) for i in range(2 + extra))
    move = next(m for m in RULES.legal_actions(s) if m.path == path)
    return s, RULES.apply(s, move)


def test_a_racer_spinning_through_the_boss_collects_the_rings_it_drops():
    # the hit happens as the racer enters the boss's space: the rings fall where it stands
    s, step = spin_through_boss(2)
    bx, by = BASE.board.boss
    after = step.state
    assert after.board.boss == (bx + 4, by) and after.board.racers[0].pos == (bx + 2, by)
    assert after.board.racers[0].rings == 2 and after.board.rings_at((bx, by)) == 0
    assert total_rings(after) == total_rings(s)


def test_the_knockback_never_damages_the_racer_that_hit_the_boss():
    # the spin carries the racer on to where the boss was knocked: it was behind the boss
    # when the boss moved, so the boss did not end its move on it
    _, step = spin_through_boss(4)
    bx, by = BASE.board.boss
    after = step.state
    assert after.board.boss == (bx + 4, by) == after.board.racers[0].pos
    assert not any(isinstance(e, RacerDamaged) for e in step.events)
    assert after.board.racers[0].rings == 2


def test_jumping_onto_the_boss_damages_it_but_not_with_land_only_for_spins():
    bx, by = BASE.board.boss
    rules = SonicRules(plain_catalog(8))
    s = place(BASE, 0, (bx - 2, by), speed=2)
    s = replace(s, options=SonicOptions(boss_hit=BossHitRule.LAND_ONLY))
    s = rules.apply(at_turn(s, 0, SPIN_RUN), UseAction(0, ActionChoice.SPIN)).state
    move = next(m for m in rules.legal_actions(s) if m.path == ((bx - 1, by), (bx, by)))
    step = rules.apply(s, move)
    assert not any(isinstance(e, BossDamaged) for e in step.events)
    assert step.state.boss.rings == 10


def test_boss_without_rings_is_destroyed():
    bx, by = BASE.board.boss
    s = replace(BASE, boss=replace(BASE.boss, rings=2))
    s = place(s, 0, (bx - 2, by), speed=2)
    s = RULES.apply(at_turn(s, 0, SPIN_RUN), UseAction(0, ActionChoice.SPIN)).state
    move = next(m for m in RULES.legal_actions(s) if m.path == ((bx - 1, by), (bx, by)))
    step = RULES.apply(s, move)
    assert any(isinstance(e, BossDestroyed) for e in step.events)
    assert step.state.board.boss is None and step.state.boss.destroyed
    assert step.state.boss.destroyed_by == 0


def test_boss_crossing_the_finish_line_makes_everyone_not_across_lose():
    s = BASE
    # lay the whole track quickly by moving a racer through both turns
    s = replace(
        s,
        board=_full_track(s),
        pending=(),
    )
    line = s.board.track.finish_line_col
    s = with_boss_card(s, "eggman-12", boss_at=(line - 2, 2))
    low = sorted(CARDS, key=lambda c: CARDS[c].priority)[:2]
    s, events = reveal(s, low)
    assert any(isinstance(e, BossFinished) and e.losers == (0, 1) for e in events)
    end = next(e for e in events if isinstance(e, GameEnded))
    assert end.winners == () and s.phase is Phase.OVER


def _full_track(state):
    from racerlab.core.dice import Dice

    board = state.board
    for sid in state.pending:
        board = board.appended(RULES.facts.section(sid), Dice.seeded(0), yellow=True)
    return board


def test_the_boss_moves_in_a_full_random_game_without_breaking_conservation():
    import numpy as np

    from racerlab.sonic import random_bot

    s = RULES.initial_state(SETUP, seed=9)
    rng = np.random.default_rng(9)
    moved = 0
    while s.phase is not Phase.OVER:
        step = RULES.apply(s, random_bot(s, RULES, rng))
        s = step.state
        moved += sum(isinstance(e, BossMoved) for e in step.events)
        assert total_rings(s) == 50
    assert moved > 0


def test_move_actions_list_includes_the_boss_space():
    bx, by = BASE.board.boss
    s = place(BASE, 0, (bx - 1, by), speed=1)
    s = RULES.apply(at_turn(s, 0, SPIN_RUN), UseAction(0, ActionChoice.SPIN)).state
    assert Move in {type(a) for a in RULES.legal_actions(s)}
    assert any(m.path == ((bx, by),) for m in RULES.legal_actions(s))
