"""The Battle Racers "Play by hand" tab: the acting player's card, action, path and
face-up card, all from the engine's legal actions, and a typed path the engine checks.

The picker starts on the bot's suggestion, marked "(suggested)": what the bot set for bot
seats would play here (:mod:`~racerlab.app.kit.suggestion`, worked out off the loop while
the tab is shown or the seat is played by hand). Passing on a card's action is listed
last, so "Do it" never passes unless the bot would or nothing else is legal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from ...core.errors import RacerlabError
from ...core.rules import Action
from ...sonic import ActionChoice, Move, Movement, PassAction, PlayCard, TakeCard, UseAction
from ...sonic.queries import PathPreview
from ...sonic.state import NO_CARD, Phase, SonicState
from ..kit.controls import offer, set_text
from ..kit.escape import html_pane
from ..kit.escape import text as esc
from ..kit.messages import BUSY_LINE_DELAY_MS, RefusalNote
from ..kit.session import HUMAN, GameSession
from ..kit.suggestion import SUGGESTED, BotSuggestion
from ..server import offload
from .paths import (
    PathListing,
    action_words,
    list_paths,
    parse_path,
    sonic_words,
    speed_after,
)

__all__ = ["CHOICE_WORDS", "PATHS_WORKING", "PATH_WORDS", "HandPanel"]

CHOICE_WORDS = ("What to do", "Do it")
"""The choice picker's title and its button's label, the same in every phase: the heading
says what the phase asks, the options say what each choice does. (Changing a title or a
label makes the browser lay the whole page out again, as showing or hiding does.)"""
PATH_WORDS = "Path on the track (the one moved along when moving)"
"""The path picker's title."""
PATHS_WORKING = "Working out the paths…"
"""The path picker's one line while a served page works its paths out in a worker (shown
once that has taken :data:`~racerlab.app.kit.messages.BUSY_LINE_DELAY_MS`, as the busy line)."""
_WORKING = -1  # the value of that line: no path


class HandPanel(pn.viewable.Viewer):
    """The acting player's choices, from the engine's legal actions; a typed path is checked
    by the engine (its reason shows in the banner when it refuses)."""

    def __init__(
        self, session: GameSession, on_preview: Callable[[], None] | None = None, **params: Any
    ) -> None:
        super().__init__(**params)
        self.session = session
        self.on_preview = on_preview or (lambda: None)
        self._previews: list[PathPreview] = []
        self._paths_for: tuple[Any, ...] | None = None  # what the paths are wanted for
        self._listed: tuple[Any, ...] | None = None  # what the picker's paths were listed for
        self._pending: tuple[Any, ...] | None = None  # asked of a worker, not answered yet
        self._actions: list[Action] = []
        self._options: dict[str, Any] = {}  # the choice picker's options, unmarked
        self._path_options: dict[str, int] = {}  # the path picker's, unmarked
        self._active = False
        self._offered: Any = None
        self.hint = BotSuggestion(session, self._show_suggestion)
        g = session.guarded
        wide = dict(sizing_mode="stretch_width")
        btn = dict(color="primary", sizing_mode="stretch_width", min_width=90)
        self.header = html_pane("", **wide)
        words = sonic_words(session)
        self.note = RefusalNote(session, "rl-hand-note", words)
        self.path_note = RefusalNote(session, "rl-typed-path-note", words)
        # one picker and one button for the phase's choice (a card, an action or pass, the
        # movement, a face-up card): only the options change with the phase; nothing is
        # shown, hidden or retitled, since each makes the browser lay the whole page out again
        self.choice_select = pn.widgets.Select(label=CHOICE_WORDS[0], options={}, **wide)
        self.choice_select.param.watch(g(self._on_pick, "pick a choice"), "value")
        self.choice_button = pn.widgets.Button(label=CHOICE_WORDS[1], **btn)
        self.choice_button.on_click(self.note.attempt(self._do_choice, "play"))
        # the previewed (and, when moving, chosen) path
        self.path_select = pn.widgets.Select(label=PATH_WORDS, options={}, **wide)
        self.path_select.param.watch(g(self._on_path, "pick a path"), "value")
        # typed path, checked by the engine
        self.typed_path = pn.widgets.TextInput(
            label="Type a path: (column,lane) (column,lane) …", placeholder="(5,3) (6,3)", **wide
        )
        self.typed_kind = pn.widgets.Select(
            label="as",
            options={m.value: m for m in Movement},
            value=Movement.RUN,
            width=120,
        )
        self.try_button = pn.widgets.Button(label="Try this path", width=130, margin=(24, 5, 5, 5))
        self.try_button.on_click(self.path_note.attempt(self._try_typed, "typed path"))
        self.legal = html_pane("", styles={"color": "#555", "font-size": "12px"}, **wide)
        self._layout = pn.Column(
            self.header,
            self.choice_select,
            self.choice_button,
            self.path_select,
            pn.Row(self.typed_path, self.typed_kind, self.try_button, **wide),
            self.path_note,
            self.note,
            self.legal,
            **wide,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    @property
    def active(self) -> bool:
        """Whether the tab is shown (the shell says so): the bot's suggestion is worked out
        while it is, or while the acting seat is played by hand."""
        return self._active

    @active.setter
    def active(self, on: bool) -> None:
        self._active = bool(on)
        if on:
            self.session.guarded(self._suggest, "suggest a choice")()

    # -- what the plot shows -------------------------------------------------------------------
    def drawing_waits(self, state: SonicState) -> bool:
        """Whether a drawing of ``state`` should wait for its path: a worker is listing the
        paths of ``state`` and has not answered, nor has the picker said it is slow (either
        one asks for the preview, see ``on_preview``)."""
        pending = self._pending
        return pending is not None and pending[0] is state

    def preview(self) -> tuple[int | None, PathPreview | None]:
        """The seat whose path is previewed and the path chosen in the path picker (none
        until the paths of the state shown are listed)."""
        i = self.path_select.value
        acting = self.session.acting
        listed = self._paths_for
        if listed is None or listed[0] is not self.session.state:
            return acting, None
        if acting is None or i is None or not 0 <= i < len(self._previews):
            return acting, None
        return acting, self._previews[i]

    def _card_now(self, state: SonicState, seat: int) -> str | None:
        if state.phase is Phase.CHOOSE:
            return self.choice_select.value
        card = state.card_of(seat)
        return None if card == NO_CARD else card

    def _speed_now(self, state: SonicState, seat: int) -> int | None:
        """The Speed the movement will have if the chosen action is a speed change."""
        if state.phase is not Phase.ACTION:
            return None
        i = self.choice_select.value
        if i is None or not 0 <= i < len(self._actions):
            return None
        action = self._actions[i]
        if isinstance(action, UseAction) and action.choice is ActionChoice.SPEED:
            return speed_after(self.session.rules, state, action)
        return None

    # A pick set by refresh fires these too: the paths are worked out once per state and card
    # (see _refresh_paths) and the track draws a preview it already shows once, so there is
    # no echo to guard against.
    def _on_pick(self, _event: Any) -> None:
        self._refresh_paths()
        self.on_preview()

    def _on_path(self, _event: Any) -> None:
        self.on_preview()

    # -- playing ---------------------------------------------------------------------------------
    def _play(self, action: Action) -> None:
        self.session.play(action)

    def _seat_and(self, missing: str) -> tuple[int, str]:
        """The acting seat and the card picked; ``missing`` if either is not."""
        seat, card = self.session.acting, self.choice_select.value
        if seat is None or card is None:
            raise RacerlabError(missing)
        return seat, card

    def _do_choice(self) -> None:
        """Play what the picker (and, when moving, the path picker) holds for the phase."""
        s = self.session
        state: SonicState = s.state
        if state.phase is Phase.CHOOSE:
            self._play(PlayCard(*self._seat_and("there is no card to play now")))
        elif state.phase is Phase.TAKE:
            self._play(TakeCard(*self._seat_and("there is no face-up card to take")))
        elif state.phase is Phase.MOVE:
            i = self.path_select.value
            moves = self._moves
            if self._listed is not self._paths_for:  # the picker still holds the last ones
                raise RacerlabError("the paths are still being worked out: try again in a moment")
            if i is None or not 0 <= i < len(moves):
                raise RacerlabError("choose a path first")
            self._play(moves[i])
        else:
            i = self.choice_select.value
            if i is None or not 0 <= i < len(self._actions):
                raise RacerlabError("choose what to do first")
            self._play(self._actions[i])

    def _try_typed(self) -> None:
        s = self.session
        state: SonicState = s.state
        seat = s.acting
        if seat is None:
            raise RacerlabError("nobody can move now")
        path = parse_path(self.typed_path.value)
        kind: Movement = self.typed_kind.value
        if state.phase is Phase.ACTION:
            choice = ActionChoice.JUMP if kind is Movement.JUMP else ActionChoice.RUN
            self._play(UseAction(seat, choice, path))
        else:
            self._play(Move(seat, kind, path))

    # -- refresh -------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Offer the acting player's legal choices for the phase the game is in."""
        s = self.session
        state: SonicState = s.state
        rules = s.rules
        facts = rules.facts
        acting = s.acting
        self._moves: list[Move] = []
        if acting is None or state.phase is Phase.OVER:
            self._offer_choices(Phase.OVER, {})
            set_text(
                self.header, "<b>The race is over.</b> Step back or fork to play a line again."
            )
            set_text(self.legal, "")
            self._previews, self._paths_for = [], None
            self._refresh_paths()
            return
        name = esc(s.player_names[acting])
        by = (
            ""
            if s.controllers[acting] == HUMAN
            else " <i>(a bot seat: choices made here are still played)</i>"
        )
        token = state.token(acting)
        card_id = state.card_of(acting)
        card = esc(facts.cards[card_id].name) if card_id != NO_CARD else ""
        what = {
            Phase.CHOOSE: "chooses a card to play face down",
            Phase.ACTION: f"resolves <b>{card}</b>: use its action or pass",
            Phase.MOVE: f"makes <b>{card}</b>'s movement at Speed {token.speed}",
            Phase.TAKE: "discards the card and takes a face-up card",
        }[state.phase]
        set_text(
            self.header, f"<b>{name}</b> (Speed {token.speed}, {token.rings} rings) {what}.{by}"
        )
        legal = rules.legal_actions(state)
        opts: dict[str, Any] = {}
        if state.phase is Phase.CHOOSE:
            for c in dict.fromkeys(state.hands[acting]):
                f = facts.cards[c]
                opts[f"Play face down: {f.name} · priority {f.priority} · {f.movement.value}"] = c
        elif state.phase is Phase.ACTION:
            uses = [a for a in legal if isinstance(a, UseAction)]  # passing last: never first
            self._actions = uses + [a for a in legal if isinstance(a, PassAction)]
            opts = {action_words(rules, state, a): i for i, a in enumerate(self._actions)}
        elif state.phase is Phase.MOVE:
            self._moves = [a for a in legal if isinstance(a, Move)]
            opts = {"Move along the path chosen below": 0}
        else:
            for c in dict.fromkeys(state.face_up):
                f = facts.cards[c]
                opts[f"Discard and take: {f.name} · priority {f.priority}"] = c
        self._options = {}  # the suggestion is offered with the options, not before them
        self._suggest()
        hinted = self.hint.current()
        pick = None if hinted is None else self._choice_value(state, hinted)
        self._offer_choices(state.phase, opts, pick)  # once: the path is drawn once
        self._refresh_paths()
        kinds = sorted({type(a).__name__ for a in legal})
        set_text(self.legal, f"The engine offers {len(legal)} choices now ({', '.join(kinds)}).")

    def _offer_choices(self, phase: Phase, options: dict[str, Any], pick: Any = None) -> None:
        """The phase's ``options`` in the choice picker, ``pick`` (the bot's suggestion, if
        known) chosen and marked (picker and button off when there are none); the typed
        path is tried only in the action and movement phases."""
        self._options = dict(options)
        if pick is not None and pick in options.values():
            self.choice_select.param.update(options=_marked(options, pick), value=pick)
        else:
            offer(self.choice_select, options)
        self._offered = self.choice_select.value  # a pick made since is the reader's own
        closed = not options
        for widget in (self.choice_select, self.choice_button):
            if widget.disabled != closed:
                widget.disabled = closed
        typed = phase not in (Phase.ACTION, Phase.MOVE)
        if self.try_button.disabled != typed:
            self.try_button.disabled = typed

    def _refresh_paths(self) -> None:
        """Offer the paths of the card (and Speed) chosen; worked out once per choice.

        Listing them resolves every path with the engine (a Battle Racers move can have a
        hundred), so a served page does it in a worker thread. Until the answer comes, no
        path of the picker is previewed or played ("Do it" says why); the picker says the
        paths are being worked out only if that takes :data:`BUSY_LINE_DELAY_MS` (a quick
        answer then changes the picker once, not twice, and the track draws the state once).
        An answer that comes after the page has moved on is dropped."""
        s = self.session
        state: SonicState = s.state
        acting = s.acting
        over = acting is None or state.phase in (Phase.OVER, Phase.TAKE)
        card = None if over else self._card_now(state, acting)
        speed = None if card is None else self._speed_now(state, acting)
        done = self._paths_for
        if done is not None and done[0] is state and done[1:] == (acting, card, speed):
            return
        key = self._paths_for = (state, acting, card, speed)
        picked = self.path_select.value
        self._previews = []
        if card is None:
            self._offer_paths({}, None, key)
            return
        moves = list(self._moves) if state.phase is Phase.MOVE else None
        rules = s.rules

        def show(listing: PathListing) -> None:
            if self._paths_for is not key:  # another state or card asked meanwhile
                return
            self._previews = list(listing.previews)
            keep = picked if picked in listing.options.values() else listing.best
            hinted = self._suggested_path(state)
            keep = hinted if hinted in listing.options.values() else keep
            self._answer(listing.options, keep, key)

        def failed(exc: BaseException) -> None:
            if self._paths_for is key:
                self._answer({}, None, key)
                s.report(exc, "list the paths")

        worker = offload.off_loop(
            lambda: list_paths(state, acting, card, rules, speed, moves),
            show,
            failed,
            what="listing the paths",
        )
        page = offload.in_server() if worker is not None else None
        if page is not None:  # served: ``show`` runs on this loop later, never before this

            def still_working() -> None:
                if self._paths_for is key and self._listed is not key:
                    self._answer({PATHS_WORKING: _WORKING}, _WORKING, None)

            self._pending = key
            page.add_timeout_callback(still_working, BUSY_LINE_DELAY_MS)

    def _answer(self, options: dict[str, int], keep: int | None, listed: Any) -> None:
        """Offer paths on a later turn of the loop (a worker's answer, or the waiting line);
        the preview follows (the pick's own event asks for it when the pick changes)."""
        before = self.path_select.value
        self._offer_paths(options, keep, listed)
        if self.path_select.value == before:
            self.on_preview()

    def _offer_paths(
        self, options: dict[str, int], keep: int | None = None, listed: Any = None
    ) -> None:
        """The path picker with ``options`` (off when there are none), listed for ``listed``
        (the state and choice they belong to; ``None`` for no paths, or not yet)."""
        self._listed, self._pending = listed, None
        self._path_options = dict(options)
        hinted = self._suggested_path(self.session.state) if listed is not None else None
        options = _marked(options, hinted)
        update: dict[str, Any] = {"options": options, "value": keep}
        if self.path_select.disabled == bool(options):
            update["disabled"] = not options
        self.path_select.param.update(**update)

    # -- the bot's suggestion --------------------------------------------------------------------
    def _suggest(self) -> None:
        """Show the bot's suggestion for the state shown, or ask for it (while the tab is
        shown or the acting seat is played by hand)."""
        s = self.session
        acting = s.acting
        if acting is None or s.is_over:
            return
        action = self.hint.current()
        if action is not None:
            self._show_suggestion(action)
        elif self._active or s.controllers[acting] == HUMAN:
            self.hint.ask()

    def _choice_value(self, state: SonicState, action: Action) -> Any:
        """The choice picker's value that plays ``action`` (``None``: not one of them)."""
        if isinstance(action, PlayCard | TakeCard):
            return action.card
        if isinstance(action, Move):
            return 0 if state.phase is Phase.MOVE else None
        if action in self._actions:
            return self._actions.index(action)
        return None

    def _suggested_path(self, state: SonicState) -> int | None:
        """The path picker's value of the suggested move, if it is one and known."""
        action = self.hint.current()
        if state.phase is not Phase.MOVE or not isinstance(action, Move):
            return None
        return self._moves.index(action) if action in self._moves else None

    def _show_suggestion(self, action: Action) -> None:
        """Choose ``action`` in the pickers (the bot's suggestion) and mark it."""
        state: SonicState = self.session.state
        value = self._choice_value(state, action)
        if value is not None and value in self._options.values():
            mine = self.choice_select.value != self._offered  # picked while the bot thought
            pick = self.choice_select.value if mine else value
            self.choice_select.param.update(options=_marked(self._options, value), value=pick)
            self._offered = pick
        path = self._suggested_path(state)
        if path is not None and self._listed is self._paths_for and self._path_options:
            self.path_select.param.update(options=_marked(self._path_options, path), value=path)


def _marked(options: dict[str, Any], value: Any) -> dict[str, Any]:
    """``options`` with the one whose value is ``value`` marked as suggested."""
    if value is None:
        return options
    return {(k + SUGGESTED if v == value else k): v for k, v in options.items()}
