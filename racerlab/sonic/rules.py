"""The Battle Racers rules engine: set-up, rounds of cards, actions, movement, boss, end.

A round: each player in seat order puts a card face down (:class:`PlayCard`,
hidden in the events until all have chosen); the cards are revealed and
resolve from the highest priority down (a boss card after Agility Cards of
equal priority). On a player's turn: use or pass on the card's action, make the
card's movement along a chosen path, then discard and take a face-up card (the
row is refilled from the deck, reshuffling the discards when it runs out).
When a racer crosses the Finish Line the round is finished and the game ends;
most rings plus badniks wins.

>>> from racerlab.sonic import SonicRules, SonicSetup
>>> rules = SonicRules()
>>> state = rules.initial_state(SonicSetup(("sonic", "tails")), seed=1)
>>> state.phase.value, [t.speed for t in state.board.racers], len(state.hands[0])
('choose', [3, 3], 4)
"""

from __future__ import annotations

from typing import Any

from ..core.dice import ChanceSource, Dice
from ..core.errors import IllegalActionError, ScenarioError
from ..core.frozen import fast_replace
from ..core.rules import Action, Event, Rules
from . import director
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
from .board import BADNIK_ORDER, Board
from .boss import boss_across, boss_card_turn, hit_boss, next_boss_card, place_boss
from .effects import (
    apply_power,
    power_movement,
    power_options,
    racer_token,
    speed_cap,
    spread_rings,
)
from .events import (
    ActionPassed,
    ActionUsed,
    BossFinished,
    CardChosen,
    CardRevealed,
    CardTaken,
    DeckReshuffled,
    DirectorChanged,
    GameEnded,
    RacerFinished,
    RacerLost,
    ResolutionOrder,
    RoundStarted,
    SpeedSet,
    TrackPlaced,
)
from .expansions import end_of_round
from .facts import Facts, facts
from .move_events import BossHit
from .movement import Movement, Path, landing_orders, paths, resolve_move, speed_cap_at
from .options import BossHitRule, Mode, SonicOptions, WinnerTie
from .rounds import (
    ACTION_STEPS,
    SPEED_DELTA,
    SPINS,
    CardAction,
    CardMovement,
    card_speed,
    draw_card,
    movement_kinds,
    resolution_order,
)
from .setup import SonicSetup, zone_boss
from .solo import ringless_damage, solo_rank
from .state import BOSS_SEAT, NO_CARD, Phase, SonicState
from .track import SectionType, Track, Zone

__all__ = ["SonicRules"]

_GROUND = (Movement.RUN, Movement.SPIN)
_GROWTH = 3
"""Sections laid when a racer first enters a Turn (2 Straights and a Turn or the Finish)."""
_STRAIGHTS = 6
"""Straights a full track uses: 2 at set-up and 2 after each Turn (rulebook)."""


class SonicRules(Rules[SonicState, Action]):
    """The rules of Sonic the Hedgehog: Battle Racers (race, boss and solo modes)."""

    name = "sonic"
    setup_type = SonicSetup
    options_type = SonicOptions
    action_types = (
        PlayCard,
        PassAction,
        UseAction,
        Move,
        TakeCard,
        SetSpeed,
        SetRings,
        SetAbility,
        SetDeck,
        *director.ACTIONS,
    )

    def __init__(self, catalog: Any = None) -> None:
        super().__init__()
        self._catalog = catalog
        self._facts: Facts | None = None
        self._legal_for: tuple[Any, list[Action], dict] | None = None
        self._walked: tuple[Any, Move, Path | None] | None = None
        self._previews: dict[tuple, Track] = {}

    @property
    def facts(self) -> Facts:
        """The catalog as the rules see it."""
        if self._facts is None:
            self._facts = facts(self._catalog)
        return self._facts

    # -- set-up -------------------------------------------------------------------
    def initial_state(self, setup: SonicSetup, options: SonicOptions | None = None, seed: int = 0):
        """Set up exactly as the rulebook says (see the module doc)."""
        options = options or SonicOptions()
        setup.validate()
        f = self.facts
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
            pool = [
                s for z in dict.fromkeys(setup.zones) for s in f.of_type(z, SectionType.STRAIGHT)
            ]
            straights = list(dice.shuffle(pool, "shuffle the track sections"))
        if len(straights) < _STRAIGHTS:
            raise ScenarioError(
                f"setup: {len(straights)} straight sections in play; a track needs {_STRAIGHTS}"
            )
        s = straights
        yellow = setup.players <= options.yellow_max_players
        comps = getattr(self._catalog_obj(), "components", None)
        board = Board.new(
            Track(()),
            ring_pile=getattr(comps, "rings", 50),
            bag=tuple(comps.bag) if comps is not None else (10, 10, 10, 10),
            rock_supply=getattr(comps, "rocks", 15),
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
        for _ in range(options.hand_size):
            for hand in hands:
                hand.append(deck[k])
                k += 1
        face_up = tuple(deck[k : k + options.face_up])
        deck = deck[k + options.face_up :]
        boss = None
        if setup.mode is not Mode.RACE:
            boss_id = setup.boss or zone_boss(setup.zones)
            if boss_id not in f.bosses:
                raise ScenarioError(
                    f"setup: unknown boss {boss_id!r} (known: {', '.join(sorted(f.bosses))})"
                )
            board, boss = place_boss(board, f.bosses[boss_id], dice)
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

    def _catalog_obj(self) -> Any:
        if self._catalog is None:
            from .catalog import load_catalog

            return load_catalog()
        return self._catalog

    # -- whose turn ------------------------------------------------------------------
    def is_over(self, state: SonicState) -> bool:
        return state.phase is Phase.OVER

    def acting_player(self, state: SonicState) -> int | None:
        if state.phase is Phase.OVER:
            return None
        if state.phase is Phase.CHOOSE:
            for seat, card in enumerate(state.chosen):
                if card == NO_CARD and not state.lost[seat] and state.hands[seat]:
                    return seat
            return None
        return state.order[state.step]

    # -- legal actions ------------------------------------------------------------------
    def legal_actions(self, state: SonicState) -> list[Action]:
        """Every legal action of the acting player (each path listed separately)."""
        cached = self._legal_for
        if cached is not None and cached[0] is state:
            return cached[1]
        actions, index = self._legal(state)
        self._legal_for = (state, actions, index)
        return actions

    def path_index(self, state: SonicState) -> dict:
        """The movement-physics :class:`Path` of every path-carrying legal action now, keyed
        by ``(kind or choice, spaces)`` (what a bot or preview needs to resolve one)."""
        self.legal_actions(state)
        assert self._legal_for is not None
        return self._legal_for[2]

    def _legal(self, state: SonicState) -> tuple[list[Action], dict]:
        seat = self.acting_player(state)
        index: dict = {}
        if seat is None:
            return [], index
        f = self.facts
        if state.phase is Phase.CHOOSE:
            return [PlayCard(seat, c) for c in sorted(set(state.hands[seat]))], index
        card = f.cards[state.chosen[seat]]
        token = state.token(seat)
        if state.phase is Phase.ACTION:
            out: list[Action] = [PassAction(seat)]
            act = card.action
            if act in SPEED_DELTA:
                out.append(UseAction(seat, ActionChoice.SPEED))
            if act in SPINS:
                out.append(UseAction(seat, ActionChoice.SPIN))
            seen = set()
            for how, n in ACTION_STEPS.get(act, ()):
                kind = Movement.RUN if how == "run" else Movement.JUMP
                choice = ActionChoice.RUN if how == "run" else ActionChoice.JUMP
                for p in self.paths_for(state, token, n, kind):
                    key = (choice, p.spaces)
                    if p.spaces and key not in seen:
                        seen.add(key)
                        index[key] = p
                        out.append(UseAction(seat, choice, p.spaces))
            if act is CardAction.POWER:
                racer = f.racers[state.abilities[seat]]
                moves = power_options(
                    self._board_for(state, token, 9), token, racer, state.options.move_rules
                )
                for p in moves:
                    index[(ActionChoice.POWER, p.spaces)] = p
                    out.append(UseAction(seat, ActionChoice.POWER, p.spaces))
                if not moves:
                    out.append(UseAction(seat, ActionChoice.POWER))
            return out, index
        if state.phase is Phase.MOVE:
            kinds = self._move_kinds(state, card.movement)
            out = []
            for kind in kinds:
                for p in self.paths_for(state, token, token.speed, kind):
                    key = (kind, p.spaces)
                    if key in index:
                        continue
                    index[key] = p
                    for back_first in landing_orders(token, kind, p.spaces):
                        out.append(Move(seat, kind, p.spaces, back_first=back_first))
            return out, index
        # TAKE
        return [TakeCard(seat, c) for c in sorted(set(state.face_up))], index

    def _move_kinds(self, state: SonicState, movement: CardMovement) -> tuple[Movement, ...]:
        return movement_kinds(movement, state.spin)

    def _board_for(self, state: SonicState, token, reach: int) -> Board:
        """The board, with the sections still to come laid out (no tokens) when the racer
        could reach past the laid track, so paths into them can be listed."""
        board = state.board
        if not _may_leave_laid_track(state, token, reach):
            return board
        key = (tuple(s.id for s in board.track.sections), state.pending)
        track = self._previews.get(key)
        if track is None:
            track = Track(
                board.track.sections + tuple(self.facts.section(i) for i in state.pending)
            )
            self._previews[key] = track
        return fast_replace(board, track=track)

    def _path_board(self, state: SonicState, token, reach: int) -> Board:
        """:meth:`_board_for` for finding paths: a preview is kept in the path memo and
        reused while the terrain and badniks stay the same (paths depend on nothing else)."""
        if not _may_leave_laid_track(state, token, reach):
            return state.board
        memo = state.board.path_memo()
        key = ("preview", state.pending)
        board = memo.get(key)
        if board is None:
            board = memo[key] = self._board_for(state, token, reach)
        return board

    def paths_for(
        self, state: SonicState, token, n: int, kind: Movement, *, turns: int | None = None
    ) -> list[Path]:
        """Paths from the movement physics, memoised (see :meth:`Board.path_memo`) on the
        terrain and badniks, the start, the length, the kind, the terrain the racer ignores
        and the sections still to come. ``turns`` keeps the paths with at most that many up
        or down steps (see :func:`~.movement.paths`)."""
        memo = state.board.path_memo()
        rules = state.options.move_rules
        key = (token.pos, n, kind, token.ignore, token.large, turns, state.pending, rules)
        found = memo.get(key)
        if found is None:
            board = self._path_board(state, token, n)
            found = memo[key] = paths(
                board,
                token.pos,
                n,
                kind,
                token.large,
                rules=rules,
                ignore=token.ignore,
                turns=turns,
            )
        return found

    def move_path(self, state: SonicState, move: Move) -> Path | None:
        """The movement-physics :class:`Path` of ``move`` now (``None`` if it is not a legal
        path), found by walking just that path: a move is checked and resolved without
        listing every other path (their number grows exponentially with Speed)."""
        cached = self._legal_for
        if cached is not None and cached[0] is state:
            return cached[2].get((move.kind, move.path))
        walked = self._walked
        if walked is not None and walked[0] is state and walked[1] == move:
            return walked[2]  # checked a moment ago: resolve finds it here
        token = state.token(move.player)
        board = self._path_board(state, token, token.speed)
        found = paths(
            board,
            token.pos,
            token.speed,
            move.kind,
            token.large,
            rules=state.options.move_rules,
            ignore=token.ignore,
            along=move.path,
        )
        path = found[0] if found else None
        self._walked = (state, move, path)
        return path

    def _check_move(self, state: SonicState, seat: int, move: Move) -> None:
        """Refuse a movement the card, the racer or the track does not allow."""
        card = self.facts.cards[state.chosen[seat]]
        kinds = self._move_kinds(state, card.movement)
        token = state.token(seat)
        if move.kind not in kinds:
            raise IllegalActionError(
                f"{card.name} moves by {' or '.join(k.value for k in kinds)}, "
                f"not {move.kind.value}",
                action=move,
            )
        if move.back_first not in landing_orders(token, move.kind, move.path):
            raise IllegalActionError(
                "only a large-base racer jumping somewhere can land back space first",
                action=move,
            )
        if self.move_path(state, move) is None:
            raise IllegalActionError(
                f"{move.kind.value} along {move.path} is not a legal path at Speed {token.speed}",
                action=move,
            )

    # -- checking ---------------------------------------------------------------------------
    def check(self, state: SonicState, action: Action) -> None:
        """Refuse an action that is not legal now, saying why."""
        if state.phase is Phase.OVER:
            raise IllegalActionError("the game is over", action=action)
        seat = self.acting_player(state)
        player = getattr(action, "player", None)
        if player is None:
            raise IllegalActionError(
                f"{type(action).__name__} is not a Battle Racers action", action=action
            )
        if player != seat:
            raise IllegalActionError(
                f"it is Player {seat + 1}'s turn, not Player {player + 1}'s"
                if seat is not None
                else "nobody can act now",
                action=action,
            )
        want = {
            Phase.CHOOSE: PlayCard,
            Phase.ACTION: (UseAction, PassAction),
            Phase.MOVE: Move,
            Phase.TAKE: TakeCard,
        }[state.phase]
        if not isinstance(action, want):
            raise IllegalActionError(
                f"now is the {state.phase.value} step, not {type(action).__name__}", action=action
            )
        if isinstance(action, PlayCard) and action.card not in state.hands[seat]:
            raise IllegalActionError(
                f"card {action.card} is not in Player {seat + 1}'s hand", action=action
            )
        if isinstance(action, TakeCard) and action.card not in state.face_up:
            raise IllegalActionError(f"card {action.card} is not face up", action=action)
        if isinstance(action, PlayCard | TakeCard):
            return  # any card in hand (or face up) may be played (or taken): checked above
        if isinstance(action, Move):
            self._check_move(state, seat, action)
            return
        if action not in self.legal_actions(state):
            if isinstance(action, UseAction):
                card = self.facts.cards[state.chosen[seat]]
                raise IllegalActionError(
                    f"{card.name} does not allow {action.choice.value}"
                    + (f" along {action.path}" if action.path else ""),
                    action=action,
                )
            raise IllegalActionError("that action is not legal now", action=action)

    def check_director(self, state: SonicState, action) -> None:
        """Check a director tweak."""
        n = state.players
        if isinstance(action, SetSpeed | SetRings | SetAbility) and not 0 <= action.player < n:
            raise IllegalActionError(f"there is no Player {action.player + 1}", action=action)
        if isinstance(action, SetSpeed):
            o = state.options
            if not o.speed_min <= action.value <= o.speed_max:
                raise IllegalActionError(
                    f"speed must be {o.speed_min}..{o.speed_max}, got {action.value}", action=action
                )
        elif isinstance(action, SetRings):
            have = state.token(action.player).rings
            if action.count < 0:
                raise IllegalActionError("rings cannot be negative", action=action)
            if action.count - have > state.board.ring_pile:
                raise IllegalActionError(
                    f"only {state.board.ring_pile} ring(s) left in the pile", action=action
                )
        elif isinstance(action, SetAbility):
            if action.racer not in self.facts.racers:
                raise IllegalActionError(f"unknown racer {action.racer!r}", action=action)
        elif isinstance(action, SetDeck):
            bad = [c for c in action.cards if c not in self.facts.cards]
            if bad:
                raise IllegalActionError(
                    f"unknown card id(s): {', '.join(map(str, bad))}", action=action
                )
        elif isinstance(action, director.ACTIONS):
            director.check(state, action)
        else:
            super().check_director(state, action)

    # -- resolving ---------------------------------------------------------------------------
    def resolve(self, state: SonicState, action: Action, dice: ChanceSource):
        """Carry out a checked action; see the module doc for the round structure."""
        events: list[Event] = []
        if isinstance(action, SetSpeed | SetRings | SetAbility | SetDeck):
            return self._director(state, action), [DirectorChanged(action.describe())]
        if isinstance(action, director.ACTIONS):
            return director.apply(state, action)
        if isinstance(action, PlayCard):
            state = self._play(state, action, dice, events)
        elif isinstance(action, PassAction):
            card = self.facts.cards[state.chosen[action.player]]
            events.append(ActionPassed(action.player, card.name))
            state = fast_replace(state, phase=Phase.MOVE)
        elif isinstance(action, UseAction):
            state = self._use(state, action, dice, events)
            if state.phase is not Phase.OVER:
                state = fast_replace(state, phase=Phase.MOVE)
        elif isinstance(action, Move):
            if action.path:
                p = self.move_path(state, action)
                assert p is not None  # checked
                state = self._walk(
                    state, action.player, p, action.kind, dice, events, action.back_first
                )
            if state.phase is not Phase.OVER:
                state = fast_replace(state, phase=Phase.TAKE)
                if not state.face_up:
                    state = self._next(state, dice, events, discard=True)
        elif isinstance(action, TakeCard):
            state = self._take(state, action, dice, events)
        return state, events

    # choose and reveal
    def _play(self, state: SonicState, action: PlayCard, dice, events) -> SonicState:
        seat = action.player
        hand = list(state.hands[seat])
        hand.remove(action.card)
        hands = _set(state.hands, seat, tuple(hand))
        chosen = _set(state.chosen, seat, action.card)
        state = fast_replace(state, hands=hands, chosen=chosen)
        events.append(CardChosen(seat))
        if self.acting_player(state) is not None:
            return state
        f = self.facts
        prios = {}
        for s, c in enumerate(chosen):
            if c != NO_CARD:
                card = f.cards[c]
                prios[s] = card.priority
                events.append(CardRevealed(s, c, card.name, card.priority))
        boss_prio = None
        if state.boss is not None and not state.boss.destroyed and state.boss.card is not None:
            bc = f.bosses[state.boss.id].cards[state.boss.card]
            boss_prio = bc.priority
        toks = state.board.racers
        order = resolution_order(
            prios, boss_prio, tie_break=state.options.tie_break, progress=lambda s: toks[s].col
        )
        pr = tuple(boss_prio if s == BOSS_SEAT else prios[s] for s in order)
        events.append(ResolutionOrder(order, pr))
        state = fast_replace(state, order=order, step=0)
        return self._enter(state, dice, events)

    def _enter(self, state: SonicState, dice, events) -> SonicState:
        """Resolve boss entries automatically until a player must act or the round ends."""
        while state.step < len(state.order) and state.order[state.step] == BOSS_SEAT:
            state = self._boss_turn(state, dice, events)
            if state.phase is Phase.OVER:
                return state
            state = fast_replace(state, step=state.step + 1)
        if state.step >= len(state.order):
            return self._end_round(state, dice, events)
        return fast_replace(state, phase=Phase.ACTION, spin=False, moved=False)

    # actions
    def _use(self, state: SonicState, action: UseAction, dice, events) -> SonicState:
        seat = action.player
        f = self.facts
        card = f.cards[state.chosen[seat]]
        token = state.token(seat)
        ability = f.racers[state.abilities[seat]]
        events.append(ActionUsed(seat, card.name, action.choice.value))
        o = state.options
        cap = speed_cap(ability, o.card_speed_max)
        turn_cap = speed_cap_at(state.board, token.pos)
        if action.choice is ActionChoice.SPEED:
            new = card_speed(
                token.speed, SPEED_DELTA[card.action], cap=cap, lo=o.speed_min, turn_cap=turn_cap
            )
            return self._set_speed(state, seat, new, card.name, events)
        if action.choice is ActionChoice.SPIN:
            state = fast_replace(state, spin=True)
            if card.action is CardAction.SPIN_DASH and token.speed <= o.spin_dash_low:
                new = card_speed(
                    token.speed, o.spin_dash_bonus, cap=cap, lo=o.speed_min, turn_cap=turn_cap
                )
                state = self._set_speed(state, seat, new, card.name, events)
            return state
        if action.choice in (ActionChoice.RUN, ActionChoice.JUMP):
            p = self.path_index(state)[(action.choice, action.path)]
            kind = Movement.RUN if action.choice is ActionChoice.RUN else Movement.JUMP
            return fast_replace(self._walk(state, seat, p, kind, dice, events, False), moved=True)
        # POWER: its own effects, then the path of a moving Power
        kind = power_movement(ability)
        path = self.path_index(state)[(ActionChoice.POWER, action.path)] if action.path else None
        board, more = apply_power(state.board, token.id, ability, dice, seat=seat)
        events.extend(more)
        state = fast_replace(state, board=board)
        if path is not None and kind is not None:
            state = self._walk(state, seat, path, kind, dice, events, False)
        return state

    def _set_speed(self, state: SonicState, seat: int, new: int, why: str, events) -> SonicState:
        token = state.token(seat)
        if new != token.speed:
            events.append(SpeedSet(seat, token.speed, new, why))
        return fast_replace(state, board=state.board.with_racer(fast_replace(token, speed=new)))

    # movement with track growth, boss hits, finishing
    def _walk(self, state, seat, path: Path, kind, dice, events, back_first) -> SonicState:
        token = state.token(seat)
        spaces = path.spaces
        start = 0
        board = state.board
        while start < len(spaces):
            laid = board.track.n_columns
            beyond = next((i for i in range(start, len(spaces)) if spaces[i][0] >= laid), None)
            if beyond is not None and state.pending:
                k_here = path.kinds[beyond - 1] if path.kinds and beyond > 0 else kind
                k_next = path.kinds[beyond] if path.kinds else kind
                if beyond == start or k_here not in _GROUND or k_next not in _GROUND:
                    # a jump over the edge of the laid track: lay the sections as it sets off
                    state = self._grow(fast_replace(state, board=board), seat, dice, events)
                    board = state.board
                    continue
                end = beyond
            else:
                end = len(spaces)
            chunk = _slice(path, start, end)
            k = path.kinds[start] if path.kinds else kind
            result = resolve_move(
                board,
                token.id,
                chunk,
                k,
                rules=state.options.move_rules,
                chance=dice,
                back_first=back_first,
            )
            board = result.board
            events.extend(result.events)
            state = fast_replace(state, board=board)
            state = self._after_move(state, seat, result, dice, events)
            if (
                state.phase is Phase.OVER
                or result.stopped
                or result.spaces_moved < len(chunk.spaces)
            ):
                return state
            board = state.board
            if end < len(spaces):
                state = self._grow(state, seat, dice, events)
                board = state.board
            start = end
        return self._check_growth(state, seat, dice, events)

    def _check_growth(self, state, seat, dice, events) -> SonicState:
        """The first racer into the last-laid Turn has the next sections laid."""
        track = state.board.track
        if not state.pending or track.sections[-1].type is not SectionType.TURN:
            return state
        first = track.offsets[-1]
        if any(t.col >= first for t in state.board.racers):
            return self._grow(state, seat, dice, events)
        return state

    def _grow(self, state: SonicState, seat: int, dice, events) -> SonicState:
        board = state.board
        pile, bag = board.ring_pile, board.bag
        yellow = state.players <= state.options.yellow_max_players
        laid = state.pending[:_GROWTH]
        for sid in laid:
            board = board.appended(self.facts.section(sid), dice, yellow=yellow)
        drawn = tuple(
            b.value
            for b, n0, n1 in zip(BADNIK_ORDER, bag, board.bag, strict=True)
            for _ in range(n0 - n1)
        )
        events.append(
            TrackPlaced(
                tuple(self.facts.section(s).name for s in laid), pile - board.ring_pile, drawn, seat
            )
        )
        return fast_replace(state, board=board, pending=state.pending[_GROWTH:])

    def _after_move(self, state: SonicState, seat: int, result, dice, events) -> SonicState:
        o = state.options
        # racers damaged without rings in solo lose at once
        by = ringless_damage(result.events)
        if state.setup.mode is Mode.SOLO and by is not None:
            return self._lose_solo(state, events, f"damaged by {by} with no rings")
        # the boss
        if state.boss is not None and not state.boss.destroyed:
            for ev in result.events:
                if isinstance(ev, BossHit) and (
                    o.boss_hit is BossHitRule.SPIN_OR_LAND or ev.kind == "landing"
                ):
                    state = self._hit_boss(state, seat, dice, events)
                    break
            if state.phase is Phase.OVER:
                return state
        return self._check_finish(state, events)

    def _check_finish(self, state: SonicState, events) -> SonicState:
        line = state.board.track.finish_line_col
        if line is None:
            return state
        finished = list(state.finished)
        order = list(state.finish_order)
        for s, t in enumerate(state.board.racers):
            if not finished[s] and not state.lost[s] and t.col >= line:
                finished[s] = state.round
                order.append(s)
                events.append(RacerFinished(s, state.round))
        if tuple(finished) == state.finished:
            return state
        return fast_replace(state, finished=tuple(finished), finish_order=tuple(order), ending=True)

    # the boss
    def _hit_boss(self, state: SonicState, seat: int, dice, events) -> SonicState:
        assert state.boss is not None
        board, boss, more = hit_boss(state.board, state.boss, seat, state.options, dice)
        events.extend(more)
        state = fast_replace(state, board=board, boss=boss)
        if state.setup.mode is Mode.SOLO and ringless_damage(more):
            return self._lose_solo(state, events, "damaged by the boss with no rings")
        return self._check_boss_finish(state, events)

    def _check_boss_finish(self, state: SonicState, events) -> SonicState:
        boss = state.boss
        if boss is None or not boss_across(state.board, boss):
            return state
        losers = tuple(s for s in range(state.players) if not state.finished[s])
        events.append(BossFinished(boss.id, losers))
        lost = tuple(state.lost[s] or s in losers for s in range(state.players))
        for s in losers:
            events.append(RacerLost(s, f"boss {boss.id} crossed the Finish Line first"))
        state = fast_replace(state, lost=lost, boss=fast_replace(boss, finished=True))
        return self._game_over(state, events, f"boss {boss.id} crossed the Finish Line")

    def _boss_turn(self, state: SonicState, dice, events) -> SonicState:
        boss = state.boss
        if boss is None:
            return state
        racing = [s for s in range(state.players) if not state.finished[s] and not state.lost[s]]
        board, boss, more = boss_card_turn(
            state.board,
            boss,
            self.facts.bosses[boss.id],
            racing,
            dice,
            vr_limit=self.facts.vr_tokens,
            profile_rules=state.options.boss_profile_rules,
            move_rules=state.options.move_rules,
        )
        events.extend(more)
        state = fast_replace(state, board=board, boss=boss)
        by = ringless_damage(more)
        if state.setup.mode is Mode.SOLO and by is not None:
            return self._lose_solo(state, events, f"damaged by {by} with no rings")
        state = self._check_boss_finish(state, events)
        if state.phase is Phase.OVER:
            return state
        return self._check_finish(state, events)

    def _lose_solo(self, state: SonicState, events, reason: str) -> SonicState:
        events.append(RacerLost(0, reason))
        state = fast_replace(state, lost=(True,) * state.players)
        return self._game_over(state, events, reason)

    # take a card, next player, end of round
    def _take(self, state: SonicState, action: TakeCard, dice, events) -> SonicState:
        seat = action.player
        face = list(state.face_up)
        face.remove(action.card)
        played = state.chosen[seat]
        discard = (*state.discard, played)
        refill, deck, discard, reshuffled = draw_card(
            state.deck, discard, dice, state.options.deck_out
        )
        if reshuffled:
            events.append(DeckReshuffled(reshuffled))
        if refill is not None:
            face.append(refill)
        names = self.facts.cards
        events.append(
            CardTaken(
                seat,
                names[played].name,
                names[action.card].name,
                names[refill].name if refill is not None else "nothing (deck empty)",
            )
        )
        hands = _set(state.hands, seat, (*state.hands[seat], action.card))
        state = fast_replace(state, hands=hands, face_up=tuple(face), deck=deck, discard=discard)
        return self._next(state, dice, events, discard=False)

    def _next(self, state: SonicState, dice, events, *, discard: bool) -> SonicState:
        if discard:
            seat = state.order[state.step]
            state = fast_replace(state, discard=(*state.discard, state.chosen[seat]))
        return self._enter(fast_replace(state, step=state.step + 1), dice, events)

    def _end_round(self, state: SonicState, dice, events) -> SonicState:
        board, more = end_of_round(state.board)
        events.extend(more)
        state = fast_replace(state, board=board)
        if state.ending:
            return self._game_over(state, events, "a racer crossed the Finish Line")
        if state.round >= state.options.max_rounds:
            return self._game_over(state, events, f"round cap {state.options.max_rounds} reached")
        if not any(state.hands):
            return self._game_over(state, events, "no player has a card left to play")
        boss = state.boss
        rnd = state.round + 1
        events.append(RoundStarted(rnd))
        if boss is not None:
            boss = next_boss_card(boss, dice, state.options.deck_out)
        return fast_replace(
            state,
            round=rnd,
            boss=boss,
            phase=Phase.CHOOSE,
            chosen=(NO_CARD,) * state.players,
            order=(),
            step=0,
            spin=False,
            moved=False,
        )

    def _game_over(self, state: SonicState, events, reason: str) -> SonicState:
        n = state.players
        scores = tuple(state.score(s) for s in range(n))
        o = state.options
        rank = ""
        if state.setup.mode is Mode.SOLO:
            beat = state.boss is not None and state.boss.destroyed
            ok = beat and state.finished[0] > 0 and not state.lost[0]
            rank = solo_rank(scores[0], o) if ok else ""
            winners: tuple[int, ...] = (0,) if ok else ()
        else:
            eligible = [
                s
                for s in range(n)
                if not state.lost[s] and (state.finished[s] or not o.winner_must_finish)
            ]
            winners = ()
            if eligible:
                best = max(scores[s] for s in eligible)
                tied = [s for s in eligible if scores[s] == best]
                if len(tied) > 1 and o.winner_tie is WinnerTie.FIRST_ACROSS:
                    across = [s for s in state.finish_order if s in tied]
                    tied = across[:1] or tied
                winners = tuple(tied)
        events.append(GameEnded(scores, winners, reason, rank))
        return fast_replace(state, phase=Phase.OVER, winners=winners, rank=rank, end_reason=reason)

    # director
    def _director(self, state: SonicState, action) -> SonicState:
        f = self.facts
        if isinstance(action, SetDeck):
            return fast_replace(state, deck=tuple(action.cards))
        seat = action.player
        token = state.token(seat)
        board = state.board
        if isinstance(action, SetSpeed):
            return fast_replace(
                state, board=board.with_racer(fast_replace(token, speed=action.value))
            )
        if isinstance(action, SetRings):
            diff = action.count - token.rings
            stacks = spread_rings(action.count, len(token.stacks))
            board = fast_replace(board, ring_pile=board.ring_pile - diff)
            return fast_replace(state, board=board.with_racer(fast_replace(token, stacks=stacks)))
        # SetAbility
        body = f.racers[state.setup.racers[seat]]
        new = racer_token(
            token.id,
            token.pos,
            body,
            f.racers[action.racer],
            default_speed=state.options.start_speed,
            stacks=token.stacks,
            speed=token.speed,
            badniks=token.badniks,
            shield=token.shield,
        )
        return fast_replace(
            state, board=board.with_racer(new), abilities=_set(state.abilities, seat, action.racer)
        )


def _set(t: tuple, i: int, v: Any) -> tuple:
    return (*t[:i], v, *t[i + 1 :])


def _may_leave_laid_track(state: SonicState, token, reach: int) -> bool:
    """Whether ``token`` moving ``reach`` spaces could go past the laid track while
    sections are still to come."""
    return bool(state.pending) and token.col + reach + 2 >= state.board.track.n_columns


def _slice(path: Path, a: int, b: int) -> Path:
    if a == 0 and b == len(path.spaces):
        return path
    ends = path.ends if b == len(path.spaces) else "complete"
    kinds = path.kinds[a:b] if path.kinds else ()
    landings = tuple(i - a for i in path.landings if a <= i < b)
    return Path(path.steps[a:b], path.spaces[a:b], path.pushes[a:b], ends, kinds, landings)
