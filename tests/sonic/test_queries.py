"""Read-only questions for dashboards: order, priority odds, path previews, speed spread."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import comb

from racerlab.sonic import Mode, PlayCard, SonicRules, SonicSetup
from racerlab.sonic.board import Badnik
from racerlab.sonic.queries import (
    first_odds,
    invariants,
    path_preview,
    priority_odds,
    resolution_order,
    speed_spread,
)
from racerlab.sonic.rounds import CardAction, CardMovement
from racerlab.sonic.scenarios import give_cards, place, plain_catalog, put

RULES = SonicRules(plain_catalog(8))
CARDS = RULES.facts.cards
BY_PRIORITY = sorted(CARDS, key=lambda c: CARDS[c].priority)
BASE = put(RULES.initial_state(SonicSetup(("sonic", "tails", "amy")), seed=8), clear=True)


def card(action, movement):
    return next(
        c for c in sorted(CARDS) if CARDS[c].action is action and CARDS[c].movement is movement
    )


def test_resolution_order_of_the_cards_chosen_so_far():
    s = give_cards(BASE, 0, (BY_PRIORITY[10],))
    s = give_cards(s, 1, (BY_PRIORITY[50],))
    s = RULES.apply(s, PlayCard(0, BY_PRIORITY[10])).state
    s = RULES.apply(s, PlayCard(1, BY_PRIORITY[50])).state
    assert resolution_order(s, RULES) == (1, 0)


def test_priority_odds_exact_formula():
    s = give_cards(BASE, 0, (BY_PRIORITY[63], BY_PRIORITY[0], BY_PRIORITY[40]))
    odds = priority_odds(s, 0, RULES)
    assert odds[BY_PRIORITY[63]] == 1  # the top card always goes first
    assert odds[BY_PRIORITY[0]] == 0
    unseen = [CARDS[c].priority for c in (*s.deck, *s.hands[1], *s.hands[2])]
    k = sum(1 for p in unseen if p < CARDS[BY_PRIORITY[40]].priority)
    assert odds[BY_PRIORITY[40]] == Fraction(comb(k, 2), comb(len(unseen), 2))


def test_priority_odds_respect_the_boss_card():
    s = RULES.initial_state(SonicSetup(("sonic", "tails"), Mode.BOSS, "eggman"), seed=1)
    s = replace(s, boss=replace(s.boss, card="eggman-7"))  # priority 55
    below = next(c for c in BY_PRIORITY if CARDS[c].priority == 54)
    s = give_cards(s, 0, (below, BY_PRIORITY[63]))
    odds = priority_odds(s, 0, RULES)
    assert odds[below] == 0 and odds[BY_PRIORITY[63]] == 1


def test_first_odds_enumerate_every_hand():
    s = give_cards(BASE, 0, (BY_PRIORITY[63], BY_PRIORITY[0]))
    s = give_cards(s, 1, (BY_PRIORITY[62],))
    s = give_cards(s, 2, (BY_PRIORITY[1],))
    odds = first_odds(s, RULES)
    assert odds == {0: Fraction(1, 2), 1: Fraction(1, 2)}


def test_path_preview_marks_where_things_act():
    s = place(BASE, 0, (6, 2), speed=2)
    s = put(s, rings={(7, 2): 2}, badniks={(8, 2): Badnik.MOTO_BUG})
    previews = path_preview(s, 0, card(CardAction.SPRINT, CardMovement.RUN), RULES)
    straight = next(p for p in previews if p.spaces == ((7, 2), (8, 2)))
    assert straight.damaged and straight.rings == 0  # the 2 rings taken are dropped again
    marks: dict = {}
    for m in straight.marks:
        marks[m.at] = marks.get(m.at, "") + m.what + "; "
    assert "collected 2 ring(s)" in marks[(7, 2)]
    assert "damaged by moto-bug" in marks[(8, 2)]
    spin = path_preview(s, 0, card(CardAction.SPIN, CardMovement.RUN), RULES)
    spun = next(p for p in spin if p.spaces == ((7, 2), (8, 2)))
    assert spun.badniks == 1 and not spun.damaged


def test_speed_spread_per_card():
    s = place(BASE, 1, (6, 2), speed=3)
    sprint = card(CardAction.SPRINT, CardMovement.RUN)
    brake = card(CardAction.BRAKE, CardMovement.RUN)
    dash = card(CardAction.SPIN_DASH, CardMovement.RUN)
    s = give_cards(s, 1, (sprint, brake, dash))
    assert speed_spread(s, 1, RULES) == {sprint: (3, 5), brake: (1, 3), dash: (3,)}
    s = place(s, 1, speed=2)
    assert speed_spread(s, 1, RULES)[dash] == (2, 5)


def test_invariants_catch_a_lost_ring():
    assert invariants(BASE, RULES) == []
    broken = replace(BASE, board=replace(BASE.board, ring_pile=BASE.board.ring_pile - 1))
    assert any("rings not conserved" in p for p in invariants(broken, RULES))
    fast = place(BASE, 0, speed=10)
    assert any("speed 10" in p for p in invariants(fast, RULES))


def test_zone_boss_is_that_of_the_last_expansion_listed():
    from racerlab.sonic.queries import Zone, zone_boss

    assert zone_boss((Zone.BASE,)) == "eggman"
    assert zone_boss((Zone.BASE, Zone.OIL_OCEAN)) == "shadow"
    assert zone_boss((Zone.BASE, Zone.OIL_OCEAN, Zone.METALLIC_MADNESS)) == "metal-sonic"
