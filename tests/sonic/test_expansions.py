"""Expansions at round level: traps flip each round, breakaway platforms, VR tokens, springs."""

from __future__ import annotations

from dataclasses import replace

from racerlab.core.dice import Dice
from racerlab.sonic import Mode, PassAction, PlayCard, SonicRules, SonicSetup
from racerlab.sonic.actions import Move
from racerlab.sonic.effects import move_boss
from racerlab.sonic.events import BossRule, TrapsFlipped
from racerlab.sonic.movement import Movement
from racerlab.sonic.movement.move_events import PlatformRemoved, Sprung
from racerlab.sonic.rounds import CardAction, CardMovement
from racerlab.sonic.scenarios import at_turn, give_cards, place, put
from racerlab.sonic.state import Phase
from racerlab.sonic.track import Zone

RULES = SonicRules()
CARDS = RULES.facts.cards
RUN = next(
    c
    for c in sorted(CARDS)
    if CARDS[c].action is CardAction.SPRINT and CARDS[c].movement is CardMovement.RUN
)


def game(first, zone, **kw):
    rest = [s.id for s in RULES.facts.sections[Zone.BASE] if s.type.value == "straight"][:5]
    setup = SonicSetup(("sonic", "tails"), zones=(Zone.BASE, zone), sections=(first, *rest), **kw)
    return put(RULES.initial_state(setup, seed=3), clear=True)


def play_round(s):
    events = []
    for seat in range(s.players):
        st = RULES.apply(s, PlayCard(seat, s.hands[seat][0]))
        s = st.state
        events.extend(st.events)
    while s.phase not in (Phase.CHOOSE, Phase.OVER):
        st = RULES.apply(s, RULES.legal_actions(s)[0])
        s = st.state
        events.extend(st.events)
    return s, events


def test_traps_flip_at_the_end_of_every_round():
    s = game("mm-2", Zone.METALLIC_MADNESS)
    trap_col = s.board.track.offsets[1] + 2
    assert s.board.flipped_traps == ()
    s, events = play_round(s)
    assert s.board.flipped_traps == (trap_col,)
    assert any(isinstance(e, TrapsFlipped) for e in events)
    s, _ = play_round(s)
    assert s.board.flipped_traps == ()


def test_no_trap_no_flip_event():
    s = game("oo-2", Zone.OIL_OCEAN)
    _, events = play_round(s)
    assert not any(isinstance(e, TrapsFlipped) for e in events)


def test_a_racer_leaving_a_breakaway_platform_removes_it():
    s = game("oo-2", Zone.OIL_OCEAN)
    off = s.board.track.offsets[1]
    key = (off + 1, 0)
    assert s.board.platform_at(off + 2, 0) == key
    s = place(s, 0, (off + 2, 0), speed=3)
    s = RULES.apply(at_turn(s, 0, RUN), PassAction(0)).state
    move = next(
        m for m in RULES.legal_actions(s) if isinstance(m, Move) and m.path[-1] == (off + 5, 0)
    )
    step = RULES.apply(s, move)
    assert any(isinstance(e, PlatformRemoved) and e.at == key for e in step.events)
    assert key in step.state.board.removed_platforms


def test_a_boss_leaving_a_breakaway_platform_removes_it():
    s = game("oo-2", Zone.OIL_OCEAN)
    off = s.board.track.offsets[1]
    board = s.board.with_boss((off + 2, 0))
    board, _ = move_boss(board, "shadow", (off + 6, 0), "test", Dice.seeded(1))
    assert (off + 1, 0) in board.removed_platforms


def test_infinite_places_virtual_reality_tokens():
    s = game("sp-2", Zone.STUDIOPOLIS, mode=Mode.BOSS, boss="infinite")
    s = replace(s, boss=replace(s.boss, card="infinite-2"))
    low = sorted(CARDS, key=lambda c: CARDS[c].priority)[:2]
    for seat, c in enumerate(low):
        s = give_cards(s, seat, (c, *[h for h in s.hands[seat] if h != c][1:]))
    events = []
    for seat, c in enumerate(low):
        st = RULES.apply(s, PlayCard(seat, c))
        s = st.state
        events.extend(st.events)
    boss_col = s.board.boss[0]
    first = s.board.track.offsets[s.board.track.section_index(boss_col)]
    assert first in s.board.vr_tokens
    assert any(isinstance(e, BossRule) and "Virtual Reality" in e.text for e in events)
    # a VR token covers the first column of the boss's section and the last of the previous
    assert s.board.terrain(first - 1, 0).feature is None


def test_running_onto_a_spring_launches_a_high_jump():
    s = game("sp-1", Zone.STUDIOPOLIS)
    off = s.board.track.offsets[1]
    s = place(s, 0, (off - 1, 1), speed=4)
    s = RULES.apply(at_turn(s, 0, RUN), PassAction(0)).state
    path = ((off, 1), (off + 1, 1), (off + 2, 1), (off + 3, 1))  # the spring is at off + 1
    step = RULES.apply(s, Move(0, Movement.RUN, path))
    sprung = next(e for e in step.events if isinstance(e, Sprung))
    assert sprung.at == (off + 1, 1) and sprung.spaces == 2
    assert step.state.board.racers[0].pos == (off + 3, 1)
    assert step.state.board.racers[0].speed == 1  # 4 - 3
