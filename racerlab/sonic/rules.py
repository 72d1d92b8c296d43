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
dispatching each action to the module of its concern, in :mod:`.play` but for the
director's: :mod:`.play.start` (set-up), :mod:`.play.turns` (turn structure),
:mod:`.play.cards` (cards and Speed), :mod:`.play.moves` (paths and moving),
:mod:`.play.growth` (track growth), :mod:`.play.boss`, :mod:`.play.results` (scoring),
:mod:`.director`; race, boss and solo are variant objects (:mod:`.play.variants`). One
:class:`~.play.transition.Turn` carries what a transition needs.

>>> from racerlab.sonic import SonicRules, SonicSetup
>>> rules = SonicRules()
>>> state = rules.initial_state(SonicSetup(("sonic", "tails")), seed=1)
>>> state.phase.value, [t.speed for t in state.board.racers], len(state.hands[0])
('choose', [3, 3], 4)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ..core.rules import Action, Rules
from .actions import (
    ActionChoice,
    Move,
    PassAction,
    PlayCard,
    TakeCard,
    UseAction,
)
from .catalog.facts import facts
from .director import DIRECTOR_TYPES, apply_director, check_director, director_words
from .events import DirectorChanged
from .options import SonicOptions
from .play.cards import pass_action, take_card, use_action
from .play.choices import action_steps, check_action, legal_and_index
from .play.event_names import EventNames, name_events
from .play.moves import PathFinder, walk
from .play.start import new_game
from .play.transition import Turn
from .play.turns import choosing_seat, next_turn, play_card
from .play.variants import variant_for
from .setup import SonicSetup, saved_setup
from .state import Phase, SonicState

if TYPE_CHECKING:
    from ..core.dice import ChanceSource
    from ..core.rules import Event
    from .board.board import Board, RacerToken
    from .catalog.facts import Facts
    from .movement.vocabulary import Movement, Path

__all__ = ["SonicRules"]


class SonicRules(Rules[SonicState, Action]):
    """The rules of Sonic the Hedgehog: Battle Racers (race, boss and solo modes).

    A rules object keeps nothing between calls but its catalog (and what it derives from
    it, the same whenever asked), so one object serves any number of threads at once; the
    paths found are memoised on the boards (see :class:`~.moves.PathFinder`)."""

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
        self._facts: Facts | None = None  # derived from the catalog when first asked for
        self._names: EventNames | None = None
        # keeps nothing (see PathFinder); a partial, not a lambda: rules travel pickled (a bot
        # move worked out in a worker process)
        self._finder = PathFinder(functools.partial(getattr, self, "facts"))

    @property
    def facts(self) -> Facts:
        """The catalog as the rules see it."""
        if self._facts is None:
            self._facts = facts(self._catalog)
        return self._facts

    @property
    def catalog(self) -> Any:
        """The catalog these rules play (the bundled one when made without one)."""
        return self._catalog_obj()

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
            from .catalog.loaders import load_catalog

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
        return legal_and_index(self, state)[0]

    def choices(self, state: SonicState) -> tuple[list[Action], dict]:
        """:meth:`legal_actions` and :meth:`path_index` of ``state`` from one listing (for a
        caller that needs both, such as a bot judging the options)."""
        return legal_and_index(self, state)

    def path_index(self, state: SonicState) -> dict:
        """The movement-physics :class:`Path` of every path-carrying legal action now, keyed
        by ``(kind or choice, spaces)`` (what a bot or preview needs to resolve one)."""
        return legal_and_index(self, state)[1]

    def board_for(self, state: SonicState, token: RacerToken, reach: int) -> Board:
        """The board, with the sections still to come laid out (no tokens) when ``token``
        moving ``reach`` spaces could go past the laid track (see :class:`~.moves.PathFinder`)."""
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
        return self._finder.walked_path(state, move)

    def action_path(self, state: SonicState, action: UseAction) -> Path | None:
        """The movement-physics :class:`Path` of a run or jump ``action`` now (``None`` if it
        is not a legal path), found like :meth:`move_path` by walking just that path."""
        card = self.facts.cards[state.chosen[action.player]]
        return self._finder.walked_action_path(state, action, action_steps(card, action.choice))

    # -- checking ---------------------------------------------------------------------------
    def check(self, state: SonicState, action: Action) -> None:
        """Refuse an action that is not legal now, saying why (see :mod:`.choices`)."""
        check_action(self, state, action)

    def check_director(self, state: SonicState, action) -> None:
        """Check a director tweak."""
        if isinstance(action, DIRECTOR_TYPES):
            check_director(self.facts, state, action)
        else:
            super().check_director(state, action)

    # -- resolving ---------------------------------------------------------------------------
    def resolve(self, state: SonicState, action: Action, dice: ChanceSource):
        """Carry out a checked action; see the module doc for the round structure."""
        if isinstance(action, DIRECTOR_TYPES):
            said = DirectorChanged(director_words(self.facts, action))
            return apply_director(self.facts, state, action), [said]
        events: list[Event] = []
        t = Turn(self.facts, variant_for(state.setup.mode), dice, events)
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
        return state, name_events(events, self.event_names)

    def _action_path(self, state: SonicState, action: UseAction) -> Path | None:
        """The path a run, jump or moving Power of ``action`` takes (``None``: no path)."""
        if action.choice in (ActionChoice.RUN, ActionChoice.JUMP):
            return self.action_path(state, action)
        if action.choice is ActionChoice.POWER and action.path:
            return self.path_index(state)[(action.choice, action.path)]
        return None
