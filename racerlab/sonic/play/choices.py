"""What a player may do now: listing the legal actions, and checking a chosen one.

Every path is listed as its own action (each landing order of a large base jumping
too); the movement-physics :class:`~.movement.Path` of each is kept in an index so
a bot, a preview or resolving the action can use it without walking it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ...core.errors import IllegalActionError
from ..actions import ActionChoice, Move, PassAction, PlayCard, TakeCard, UseAction
from ..effects.primitives import power_options
from ..movement.vocabulary import Movement, landing_orders
from ..rounds import CardAction, movement_kinds
from ..state import Phase

if TYPE_CHECKING:
    from ...core.rules import Action
    from ..board.board import Board, RacerToken
    from ..movement.vocabulary import Path
    from ..rounds import CardFacts
    from ..state import SonicState

__all__ = ["RulesView", "action_steps", "check_action", "legal_and_index"]


class RulesView(Protocol):
    """What listing and checking ask of the rules (:class:`~.rules.SonicRules` answers it;
    declared here so this module does not import the rules, which import it)."""

    @property
    def facts(self) -> Any:
        """The catalog as the rules see it."""

    def acting_player(self, state: SonicState) -> int | None:
        """The seat that must act now."""

    def legal_actions(self, state: SonicState) -> list[Action]:
        """Every legal action now."""

    def paths_for(self, state: SonicState, token: RacerToken, n: int, kind: Movement) -> list:
        """Every path of ``n`` steps of ``kind`` for ``token``."""

    def board_for(self, state: SonicState, token: RacerToken, reach: int) -> Board:
        """The board with the sections still to come laid out when ``reach`` gets there."""

    def move_path(self, state: SonicState, move: Move) -> Path | None:
        """The path of ``move`` (``None``: not a legal path)."""

    def action_path(self, state: SonicState, action: UseAction) -> Path | None:
        """The path of a run or jump ``action`` (``None``: not a legal path)."""


_WANT = {
    Phase.CHOOSE: PlayCard,
    Phase.ACTION: (UseAction, PassAction),
    Phase.MOVE: Move,
    Phase.TAKE: TakeCard,
}
_WANT_BY_ID = {id(phase): want for phase, want in _WANT.items()}
""":data:`_WANT` keyed by the phase's identity (a Phase member hashes in Python; members
are lasting singletons)."""


def legal_and_index(rules: RulesView, state: SonicState) -> tuple[list[Action], dict]:
    """The acting player's legal actions, and the index of their paths."""
    seat = rules.acting_player(state)
    index: dict = {}
    if seat is None:
        return [], index
    if state.phase is Phase.CHOOSE:
        return [PlayCard(seat, c) for c in sorted(set(state.hands[seat]))], index
    if state.phase is Phase.ACTION:
        return _action_choices(rules, state, seat, index), index
    if state.phase is Phase.MOVE:
        card = rules.facts.cards[state.chosen[seat]]
        token = state.token(seat)
        out: list[Action] = []
        for kind in movement_kinds(card.movement, state.spin):
            for p in rules.paths_for(state, token, token.speed, kind):
                key = (kind, p.spaces)
                if key in index:
                    continue
                index[key] = p
                for back_first in landing_orders(token, kind, p.spaces):
                    out.append(Move(seat, kind, p.spaces, back_first=back_first))
        return out, index
    return [TakeCard(seat, c) for c in sorted(set(state.face_up))], index


def _action_choices(rules: RulesView, state: SonicState, seat: int, index: dict) -> list[Action]:
    f = rules.facts
    card = f.cards[state.chosen[seat]]
    token = state.token(seat)
    out: list[Action] = [PassAction(seat)]
    if card.speed:
        out.append(UseAction(seat, ActionChoice.SPEED))
    if card.spin:
        out.append(UseAction(seat, ActionChoice.SPIN))
    seen = set()
    for how, n in card.steps:
        kind = Movement.RUN if how == "run" else Movement.JUMP
        choice = ActionChoice.RUN if how == "run" else ActionChoice.JUMP
        for p in rules.paths_for(state, token, n, kind):
            key = (choice, p.spaces)
            if p.spaces and key not in seen:
                seen.add(key)
                index[key] = p
                out.append(UseAction(seat, choice, p.spaces))
    if card.action is CardAction.POWER:
        racer = f.racers[state.abilities[seat]]
        board = rules.board_for(state, token, 9)
        moves = power_options(board, token, racer, state.options.move_rules)
        for p in moves:
            index[(ActionChoice.POWER, p.spaces)] = p
            out.append(UseAction(seat, ActionChoice.POWER, p.spaces))
        if not moves:
            out.append(UseAction(seat, ActionChoice.POWER))
    return out


def check_action(rules: RulesView, state: SonicState, action: Action) -> None:
    """Refuse a player action that is not legal now, saying why."""
    if state.phase is Phase.OVER:
        raise IllegalActionError("the game is over", action=action)
    seat = rules.acting_player(state)
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
    if not isinstance(action, _WANT_BY_ID[id(state.phase)]):
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
        _check_move(rules, state, seat, action)
        return
    if _plainly_allowed(rules, state, action):
        return
    if isinstance(action, UseAction) and rules.action_path(state, action) is not None:
        return  # a run or jump along a path the card allows (walked just that path)
    if action not in rules.legal_actions(state):
        if isinstance(action, UseAction):
            card = rules.facts.cards[state.chosen[seat]]
            raise IllegalActionError(
                f"{card.name} does not allow {action.choice.value}"
                + (f" along {action.path}" if action.path else ""),
                action=action,
            )
        raise IllegalActionError("that action is not legal now", action=action)


def action_steps(card: CardFacts, choice: ActionChoice) -> tuple[tuple[Movement, int], ...]:
    """The runs or jumps (kind, spaces) ``card``'s action offers as ``choice``, in the
    order the legal list offers their paths (none for other choices)."""
    if choice is ActionChoice.RUN:
        how, kind = "run", Movement.RUN
    elif choice is ActionChoice.JUMP:
        how, kind = "jump", Movement.JUMP
    else:
        return ()
    return tuple((kind, n) for h, n in card.steps if h == how)


def _plainly_allowed(rules: RulesView, state: SonicState, action: Action) -> bool:
    """Whether ``action`` is in the legal list without listing it: passing, or a Speed or
    Spin the card allows (the list offers exactly these, with no path)."""
    if isinstance(action, PassAction):
        return True
    if not isinstance(action, UseAction) or action.path:
        return False
    card = rules.facts.cards[state.chosen[action.player]]
    if action.choice is ActionChoice.SPEED:
        return card.speed != 0
    return action.choice is ActionChoice.SPIN and card.spin


def _check_move(rules: RulesView, state: SonicState, seat: int, move: Move) -> None:
    """Refuse a movement the card, the racer or the track does not allow."""
    card = rules.facts.cards[state.chosen[seat]]
    kinds = movement_kinds(card.movement, state.spin)
    token = state.token(seat)
    if move.kind not in kinds:
        raise IllegalActionError(
            f"{card.name} moves by {' or '.join(k.value for k in kinds)}, not {move.kind.value}",
            action=move,
        )
    if move.back_first not in landing_orders(token, move.kind, move.path):
        raise IllegalActionError(
            "only a large-base racer jumping somewhere can land back space first", action=move
        )
    if rules.move_path(state, move) is None:
        raise IllegalActionError(
            f"{move.kind.value} along {move.path} is not a legal path at Speed {token.speed}",
            action=move,
        )
