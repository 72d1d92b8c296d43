"""The Battle Racers rules engine: :class:`SonicRules`.

A round: each player in seat order puts a card face down (:class:`PlayCard`,
hidden in the events until all have chosen); the cards are revealed and
resolve from the highest priority down (a boss card after Agility Cards of
equal priority). On a player's turn: use or pass on the card's action, make the
card's movement along a chosen path, then discard and take a face-up card (the
row is refilled from the deck, reshuffling the discards when it runs out).
When a racer crosses the Finish Line the round is finished and the game ends;
most rings plus badniks wins.

This module plugs the game into the core: who acts, what is legal, checking, and
dispatching each action to the module of its concern: :mod:`.start` (set-up),
:mod:`.turns` (turn structure), :mod:`.cards` (cards and Speed), :mod:`.moves`
(paths and moving), :mod:`.growth` (track growth), :mod:`.boss`, :mod:`.results`
(scoring), :mod:`.director`; race, boss and solo are variant objects
(:mod:`.variants`, :mod:`.solo`). One :class:`~.transition.Turn` carries what a
transition needs.

>>> from racerlab.sonic import SonicRules, SonicSetup
>>> rules = SonicRules()
>>> state = rules.initial_state(SonicSetup(("sonic", "tails")), seed=1)
>>> state.phase.value, [t.speed for t in state.board.racers], len(state.hands[0])
('choose', [3, 3], 4)
"""

from __future__ import annotations

import functools
from typing import Any

from ..core.dice import ChanceSource
from ..core.rules import Action, Event, Rules
from .actions import (
    ActionChoice,
    Move,
    PassAction,
    PlayCard,
    TakeCard,
    UseAction,
)
from .board import Board, RacerToken
from .cards import pass_action, take_card, use_action
from .choices import action_steps, check_action, legal_and_index
from .director import DIRECTOR_TYPES, apply_director, check_director, director_words
from .event_names import EventNames, name_events
from .events import DirectorChanged
from .facts import Facts, facts
from .modes import variant_for
from .movement import Movement, Path
from .moves import PathFinder, slice_path, walk
from .options import SonicOptions
from .rounds import CardMovement, movement_kinds
from .setup import SonicSetup, saved_setup
from .start import new_game
from .state import Phase, SonicState
from .transition import Turn
from .turns import choosing_seat, next_turn, play_card

__all__ = ["SonicRules"]

_SET_DICE = SonicState.__dict__["dice"].__set__

_slice = slice_path  # the old private name, still imported by queries


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
        *DIRECTOR_TYPES,
    )

    def __init__(self, catalog: Any = None) -> None:
        super().__init__()
        self._catalog = catalog
        self._facts: Facts | None = None
        self._names: EventNames | None = None
        self._legal_for: tuple[Any, list[Action], dict] | None = None
        self._listed: tuple[Any, frozenset[int]] | None = None
        # a partial, not a lambda: rules travel pickled (a bot move worked out elsewhere)
        self._finder = PathFinder(functools.partial(getattr, self, "facts"))
        self._mode_variant: tuple[Any, Any] | None = None
        self._made: SonicState | None = None  # the state the last resolve made (see _with_dice)

    @property
    def facts(self) -> Facts:
        """The catalog as the rules see it."""
        if self._facts is None:
            self._facts = facts(self._catalog)
        return self._facts

    @property
    def event_names(self) -> EventNames:
        """The catalog's racer and boss names, as the events' lines show them."""
        if self._names is None:
            self._names = EventNames.of(self.facts)
        return self._names

    # -- set-up -------------------------------------------------------------------
    def decode_setup(self, data: Any, where: str = "setup") -> SonicSetup:
        """A set-up from its JSON form; one saved without a ``boss_deck`` plays the first
        boss decks (:func:`~racerlab.sonic.setup.saved_setup`)."""
        return super().decode_setup(saved_setup(data), where)

    def initial_state(self, setup: SonicSetup, options: SonicOptions | None = None, seed: int = 0):
        """Set up exactly as the rulebook says (see :mod:`.start`)."""
        components = getattr(self._catalog_obj(), "components", None)
        return new_game(self.facts, components, setup, options or SonicOptions(), seed)

    def _catalog_obj(self) -> Any:
        if self._catalog is None:
            from .catalog import load_catalog

            return load_catalog()
        return self._catalog

    # -- whose turn ------------------------------------------------------------------
    def is_over(self, state: SonicState) -> bool:
        """Whether the game has ended."""
        return state.phase is Phase.OVER

    def acting_player(self, state: SonicState) -> int | None:
        """The seat that must act now (``None``: the game is over)."""
        if state.phase is Phase.OVER:
            return None
        if state.phase is Phase.CHOOSE:
            return choosing_seat(state)
        return state.order[state.step]

    # -- legal actions ------------------------------------------------------------------
    def legal_actions(self, state: SonicState) -> list[Action]:
        """Every legal action of the acting player (each path listed separately)."""
        cached = self._legal_for
        if cached is not None and cached[0] is state:
            return cached[1]
        actions, index = legal_and_index(self, state)
        self._legal_for = (state, actions, index)
        return actions

    def path_index(self, state: SonicState) -> dict:
        """The movement-physics :class:`Path` of every path-carrying legal action now, keyed
        by ``(kind or choice, spaces)`` (what a bot or preview needs to resolve one)."""
        self.legal_actions(state)
        assert self._legal_for is not None
        return self._legal_for[2]

    def _move_kinds(self, state: SonicState, movement: CardMovement) -> tuple[Movement, ...]:
        return movement_kinds(movement, state.spin)

    def _board_for(self, state: SonicState, token: RacerToken, reach: int) -> Board:
        return self._finder.board_for(state, token, reach)

    def paths_for(
        self, state: SonicState, token, n: int, kind: Movement, *, turns: int | None = None
    ) -> list[Path]:
        """Paths from the movement physics, memoised (see :meth:`Board.path_memo`) on the
        terrain and badniks, the start, the length, the kind, the terrain the racer ignores
        and the sections still to come. ``turns`` keeps the paths with at most that many up
        or down steps (see :func:`~.movement.paths`)."""
        return self._finder.paths_for(state, token, n, kind, turns)

    def visit_paths(
        self, state: SonicState, token, n: int, kind: Movement, sink, *, turns: int | None = None
    ) -> None:
        """:meth:`paths_for`'s walk, handing each path to ``sink(ends, spaces)`` as it is
        found instead of listing them (see :func:`~.path_search.visit`; not memoised)."""
        self._finder.visit_for(state, token, n, kind, turns, sink)

    def move_path(self, state: SonicState, move: Move) -> Path | None:
        """The movement-physics :class:`Path` of ``move`` now (``None`` if it is not a legal
        path), found by walking just that path: a move is checked and resolved without
        listing every other path (their number grows exponentially with Speed)."""
        cached = self._legal_for
        if cached is not None and cached[0] is state:
            return cached[2].get((move.kind, move.path))
        return self._finder.walked_path(state, move)

    def action_path(self, state: SonicState, action: UseAction) -> Path | None:
        """The movement-physics :class:`Path` of a run or jump ``action`` now (``None`` if it
        is not a legal path), found like :meth:`move_path` by walking just that path."""
        cached = self._legal_for
        if cached is not None and cached[0] is state:
            return cached[2].get((action.choice, action.path))
        act = self.facts.cards[state.chosen[action.player]].action
        return self._finder.walked_action_path(state, action, action_steps(act, action.choice))

    # -- checking ---------------------------------------------------------------------------
    def check(self, state: SonicState, action: Action) -> None:
        """Refuse an action that is not legal now, saying why.

        An action that is one of the very objects :meth:`legal_actions` listed for this
        very state is legal by construction (the list holds exactly the actions this check
        accepts: tests/sonic/test_choices.py), so it is not checked again; any other
        action, equal or not, is checked in full."""
        if not self._was_listed(state, action):
            check_action(self, state, action)

    def _was_listed(self, state: SonicState, action: Action) -> bool:
        cached = self._legal_for
        if cached is None or cached[0] is not state:
            return False
        listed = self._listed
        if listed is None or listed[0] is not state:
            listed = self._listed = (state, frozenset(map(id, cached[1])))
        return id(action) in listed[1]

    def check_director(self, state: SonicState, action) -> None:
        """Check a director tweak."""
        if isinstance(action, DIRECTOR_TYPES):
            check_director(self.facts, state, action)
        else:
            super().check_director(state, action)

    # -- resolving ---------------------------------------------------------------------------
    def resolve(self, state: SonicState, action: Action, dice: ChanceSource):
        """Carry out a checked action; see the module doc for the round structure."""
        self._made = None
        if isinstance(action, DIRECTOR_TYPES):
            said = DirectorChanged(director_words(self.facts, action))
            return apply_director(self.facts, state, action), [said]
        events: list[Event] = []
        t = Turn(self.facts, self._variant(state.setup.mode), dice, events, self._finder)
        if isinstance(action, PlayCard):
            state = play_card(t, state, action)
        elif isinstance(action, PassAction):
            state = pass_action(t, state, action)
        elif isinstance(action, UseAction):
            state = use_action(t, state, action, self._action_path(state, action))
            if state.phase is not Phase.OVER:
                state = t.change(state, phase=Phase.MOVE)
        elif isinstance(action, Move):
            if action.path:
                p = self.move_path(state, action)
                assert p is not None  # checked
                state = walk(t, state, action.player, p, action.kind, action.back_first)
            if state.phase is not Phase.OVER:
                state = t.change(state, phase=Phase.TAKE)
                if not state.face_up:
                    state = next_turn(t, state, discard=True)
        elif isinstance(action, TakeCard):
            state = next_turn(t, take_card(t, state, action), discard=False)
        self._made = t.made
        return state, name_events(events, self.event_names)

    def _with_dice(self, new: SonicState, dice: Any) -> SonicState:
        """Set the dice of the state just resolved: written into it when the transition
        made it (see :meth:`~.transition.Turn.change`: not handed out yet), else a copy."""
        made, self._made = self._made, None
        if new is made:
            _SET_DICE(new, dice)
            return new
        return super()._with_dice(new, dice)

    def _variant(self, mode: Any) -> Any:
        """:func:`~.modes.variant_for` ``mode``, kept for the last mode seen (a Mode member
        hashes in Python; members are lasting singletons)."""
        seen = self._mode_variant
        if seen is None or seen[0] is not mode:
            seen = self._mode_variant = (mode, variant_for(mode))
        return seen[1]

    def _action_path(self, state: SonicState, action: UseAction) -> Path | None:
        """The path a run, jump or moving Power of ``action`` takes (``None``: no path)."""
        if action.choice in (ActionChoice.RUN, ActionChoice.JUMP):
            return self.action_path(state, action)
        if action.choice is ActionChoice.POWER and action.path:
            return self.path_index(state)[(action.choice, action.path)]
        return None
