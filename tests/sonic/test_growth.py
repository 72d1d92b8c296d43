"""Track growth: the first racer into a Turn lays 2 Straights and the next Turn (or Finish)."""

from __future__ import annotations

from racerlab.sonic import PassAction, SonicRules, SonicSetup
from racerlab.sonic.actions import Move
from racerlab.sonic.events import TrackPlaced
from racerlab.sonic.rounds import CardAction, CardMovement
from racerlab.sonic.scenarios import at_turn, place, plain_catalog, put
from racerlab.sonic.track import Section, SectionType, Zone

RINGED = Section.from_grid(
    "ringed",
    "Ringed",
    Zone.BASE,
    SectionType.STRAIGHT,
    ["0.r 0.. 0.. 0.. 0.. 0.. 0.. 0.."] + ["0.. 0.. 0.. 0.. 0.. 0.. 0.. 0.."] * 4,
)
RULES = SonicRules(plain_catalog(8, extra=(RINGED,)))
ORDER = ("straight-1", "straight-2", "ringed", "straight-4", "straight-5", "straight-6")
BASE = put(RULES.initial_state(SonicSetup(("sonic", "tails"), sections=ORDER), seed=3), clear=True)
RUN = next(
    c
    for c in sorted(RULES.facts.cards)
    if RULES.facts.cards[c].movement is CardMovement.RUN
    and RULES.facts.cards[c].action is CardAction.SPRINT
)


def move_along(state, seat, path):
    s = RULES.apply(at_turn(state, seat, RUN), PassAction(seat)).state
    move = next(m for m in RULES.legal_actions(s) if isinstance(m, Move) and m.path == path)
    return RULES.apply(s, move)


def test_entering_the_first_turn_lays_two_straights_and_the_final_turn():
    assert BASE.board.track.n_columns == 4 + 8 + 8 + 8
    s = place(BASE, 0, (18, 4), speed=3)
    step = move_along(s, 0, ((19, 4), (20, 4), (21, 4)))
    placed = [e for e in step.events if isinstance(e, TrackPlaced)]
    assert len(placed) == 1 and placed[0].triggered_by == 0
    kinds = [sec.type for sec in step.state.board.track.sections]
    assert kinds[4:] == [SectionType.STRAIGHT, SectionType.STRAIGHT, SectionType.TURN]
    assert step.state.pending == ("straight-5", "straight-6", "finish")
    # the new sections get their rings: "ringed" has a ring mark on its first space
    assert step.state.board.rings_at((28, 0)) == 1
    assert placed[0].rings == 1


def test_no_growth_before_a_racer_enters_the_turn():
    s = place(BASE, 0, (15, 2), speed=3)
    step = move_along(s, 0, ((16, 2), (17, 2), (18, 2)))
    assert not any(isinstance(e, TrackPlaced) for e in step.events)
    assert step.state.board.track.n_columns == 28


def test_a_racer_can_run_through_the_turn_onto_sections_it_lays():
    s = place(BASE, 1, (25, 4), speed=5)  # lane 4 of a plain turn has speed number 6
    step = move_along(s, 1, ((26, 4), (27, 4), (28, 4), (29, 4), (30, 4)))
    assert step.state.board.racers[1].pos == (30, 4)
    assert step.state.board.track.n_columns == 28 + 8 + 8 + 8


def test_the_final_turn_lays_two_straights_and_the_finish_line():
    s = place(BASE, 0, (18, 4), speed=3)
    s = move_along(s, 0, ((19, 4), (20, 4), (21, 4))).state
    final = s.board.track.offsets[-1]
    s = place(s, 1, (final - 1, 4), speed=2)
    step = move_along(s, 1, ((final, 4), (final + 1, 4)))
    kinds = [sec.type for sec in step.state.board.track.sections]
    assert kinds[-3:] == [SectionType.STRAIGHT, SectionType.STRAIGHT, SectionType.FINISH]
    assert step.state.pending == ()
    assert step.state.board.track.finish_line_col is not None
