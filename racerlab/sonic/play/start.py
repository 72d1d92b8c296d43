"""Setting up a Battle Racers game exactly as the rulebook says.

The Agility deck is shuffled; the Start, two Straights and the first Turn are laid (the
other sections wait in order: two Straights, the final Turn, two Straights, the Finish);
racers take the starting grid from the last player to pick backwards; each player is
dealt a hand and a row of cards is turned face up; a boss (boss and solo modes) is set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.dice import Dice
from ...core.errors import ScenarioError
from ..board.board import Board
from ..effects.primitives import racer_token
from ..state import NO_CARD, Phase, SonicState
from ..track import SectionType, Track, Zone
from .boss import place_boss
from .growth import STRAIGHTS
from .variants import variant_for

if TYPE_CHECKING:
    from ..catalog.facts import Facts
    from ..options import SonicOptions
    from ..setup import SonicSetup
    from ..track import Section

__all__ = ["new_game"]


def new_game(
    f: Facts, components: Any, setup: SonicSetup, options: SonicOptions, seed: int
) -> SonicState:
    """The state at the start of a game (``components``: the catalog's supplies, if any)."""
    setup.validate()
    for r in setup.racers:
        if r not in f.racers:
            raise ScenarioError(
                f"setup: unknown racer {r!r} (known: {', '.join(sorted(f.racers))})"
            )
    dice = Dice.seeded(seed)
    deck = dice.shuffle(sorted(f.cards), "shuffle the Agility deck")
    start = f.of_type(Zone.BASE, SectionType.START)
    finish = f.of_type(Zone.BASE, SectionType.FINISH)
    turns = f.of_type(Zone.BASE, SectionType.TURN)
    if not start or not finish or len(turns) < 2:
        raise ScenarioError("catalog: the base zone needs a Start, a Finish and 2 Turns")
    s = _straights(f, setup, dice)
    yellow = setup.players <= options.yellow_max_players
    board = Board.new(
        Track(()),
        ring_pile=getattr(components, "rings", 50),
        bag=tuple(components.bag) if components is not None else (10, 10, 10, 10),
        rock_supply=getattr(components, "rocks", 15),
    )
    for section in (start[0], s[0], s[1], turns[0]):
        board = board.appended(section, dice, yellow=yellow)
    pending = tuple(x.id for x in (s[2], s[3], turns[1], s[4], s[5], finish[0]))
    grid = board.track.grid_spaces()
    if len(grid) < setup.players:
        raise ScenarioError("catalog: the starting grid has too few spaces")
    # the last player to pick places first, going back round the table
    places = {seat: grid[i] for i, seat in enumerate(reversed(range(setup.players)))}
    for seat, rid in enumerate(setup.racers):
        body = f.racers[rid]
        board = board.with_racer(
            racer_token(rid, places[seat], body, body, default_speed=options.start_speed)
        )
    hands: list[list[str]] = [[] for _ in setup.racers]
    k = 0
    if len(deck) < options.hand_size * setup.players + options.face_up:
        raise ScenarioError(
            f"the deck has {len(deck)} cards: too few to deal {options.hand_size} to each "
            f"of {setup.players} players and {options.face_up} face up"
        )
    for _ in range(options.hand_size):
        for hand in hands:
            hand.append(deck[k])
            k += 1
    face_up = tuple(deck[k : k + options.face_up])
    deck = deck[k + options.face_up :]
    boss = None
    boss_id = variant_for(setup.mode).boss_id(setup)
    if boss_id is not None:
        if boss_id not in f.bosses:
            raise ScenarioError(
                f"setup: unknown boss {boss_id!r} (known: {', '.join(sorted(f.bosses))})"
            )
        board, boss = place_boss(board, f.bosses[boss_id], dice, setup.boss_deck)
    n = setup.players
    return SonicState(
        setup=setup,
        options=options,
        round=1,
        dice=dice.snapshot(),
        board=board,
        abilities=tuple(setup.racers),
        hands=tuple(tuple(h) for h in hands),
        deck=tuple(deck),
        discard=(),
        face_up=face_up,
        phase=Phase.CHOOSE,
        chosen=(NO_CARD,) * n,
        pending=pending,
        finished=(0,) * n,
        lost=(False,) * n,
        boss=boss,
    )


def _straights(f: Facts, setup: SonicSetup, dice: Dice) -> list[Section]:
    """The straight sections in play, in the order they will be laid."""
    if setup.sections:
        straights = []
        for sid in setup.sections:
            try:
                s = f.section(sid)
            except KeyError:
                raise ScenarioError(f"setup: unknown section {sid!r}") from None
            if s.type is not SectionType.STRAIGHT:
                raise ScenarioError(f"setup: section {sid!r} is not a straight")
            straights.append(s)
    else:
        pool = [s for z in dict.fromkeys(setup.zones) for s in f.of_type(z, SectionType.STRAIGHT)]
        straights = list(dice.shuffle(pool, "shuffle the track sections"))
    if len(straights) < STRAIGHTS:
        raise ScenarioError(
            f"setup: {len(straights)} straight sections in play; a track needs {STRAIGHTS}"
        )
    return straights
