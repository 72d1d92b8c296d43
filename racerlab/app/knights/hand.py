"""The Racer Knights "Play by hand" tab: the acting player's choices as widgets.

The widgets start on the bot's suggestion (:mod:`~racerlab.app.kit.suggestion`: what the
bot set for bot seats would play here, worked out off the loop while the tab is shown):
a line under the heading says it in words, the phase's boxes hold its numbers and target,
and in the list of every legal choice it is chosen and marked "(suggested)"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from ...core.errors import RacerlabError
from ...core.rules import Action
from ...knights.actions import (
    Bid,
    Direction,
    Discharge,
    DriveRoll,
    EndTurn,
    Fire,
    Move,
    Ram,
    Repair,
    SurgeChoice,
    Turn,
)
from ...knights.queries import turn_pivots
from ...knights.state import KnightsState, Phase
from ...viz.arena_facts import speed_points_words
from ..kit.controls import offer, set_text, show_only
from ..kit.escape import text as esc
from ..kit.messages import RefusalNote
from ..kit.naming import PageWords
from ..kit.session import HUMAN, GameSession
from ..kit.suggestion import SUGGESTED, BotSuggestion
from .tables import page_words, target_choices

__all__ = ["HandPanel"]


class HandPanel(pn.viewable.Viewer):
    """The acting player's choices as widgets; the engine refuses illegal ones with a reason."""

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        wide = dict(sizing_mode="stretch_width")
        self.note = RefusalNote(session, "rl-hand-note", lambda text: self._words()(text))
        self.header = pn.pane.HTML("", **wide)
        self.suggested = pn.pane.HTML("", css_classes=["rl-suggested"], **wide)
        self._active = False
        self._options: dict[str, int] = {}
        self.hint = BotSuggestion(session, self._show_suggestion)
        self._roll_widgets()
        self._act_widgets()
        # every legal choice, listed by the engine, in words
        self.choice_select = pn.widgets.Select(label="Every legal choice now", options={}, **wide)
        self.choice_button = self._button(
            "Play this choice", "play a listed choice", self._play_listed
        )
        self.choice_box = pn.Row(self.choice_select, self.choice_button, **wide)
        self._listed: list[Action] = []
        self.legal = pn.pane.HTML("", **wide, styles={"color": "#555", "font-size": "12px"})
        self._layout = pn.Column(
            self.header,
            self.suggested,
            self.drive_box,
            self.surge_box,
            self.bid_box,
            self.act_box,
            self.note,
            self.choice_box,
            self.legal,
            **wide,
        )

    def _button(
        self, label: str, doing: str, play: Callable[[], None], **style: Any
    ) -> pn.widgets.Button:
        """A button that plays ``play`` through the refusal note (a refusal shows beside it)."""
        style = style or dict(color="primary", min_width=90)
        button = pn.widgets.Button(label=label, sizing_mode="stretch_width", **style)
        button.on_click(self.note.attempt(play, doing))
        return button

    def _roll_widgets(self) -> None:
        """The drive roll, the Surge choice and the Valor bid (one box each)."""
        wide = dict(sizing_mode="stretch_width")
        self.valor_reflexes = pn.widgets.IntInput(
            label="Valor on Reflexes", value=0, start=0, width=140
        )
        self.valor_speed = pn.widgets.IntInput(label="Valor on Speed", value=0, start=0, width=140)
        self.drive_button = self._button(
            "Roll to drive",
            "drive roll",
            lambda: self._play(
                DriveRoll(int(self.valor_reflexes.value or 0), int(self.valor_speed.value or 0))
            ),
        )
        self.drive_box = pn.Row(self.valor_reflexes, self.valor_speed, self.drive_button, **wide)
        self.keep_button = self._button(
            "Keep the roll", "surge", lambda: self._play(SurgeChoice(False))
        )
        self.reroll_button = self._button(
            "Surge: roll again", "surge", lambda: self._play(SurgeChoice(True))
        )
        self.surge_box = pn.Row(self.keep_button, self.reroll_button, **wide)
        self.bid_valor = pn.widgets.IntInput(label="Valor to add", value=1, start=0, width=140)
        self.bid_button = self._button(
            "Add Valor", "bid", lambda: self._play(Bid(int(self.bid_valor.value or 0)))
        )
        self.pass_button = self._button("Pass", "pass", lambda: self._play(Bid(0)), color="default")
        self.bid_box = pn.Row(self.bid_valor, self.bid_button, self.pass_button, **wide)

    def _act_widgets(self) -> None:
        """Move, Turn, Fire/Ram at a target, Discharge, Repair and End turn (the act box)."""
        wide = dict(sizing_mode="stretch_width")
        self.move_distance = pn.widgets.FloatSlider(
            label="Distance (M)", start=0.05, end=1.0, step=0.05, value=1.0, **wide
        )
        self.move_direction = pn.widgets.Select(
            label="Direction", options={d.value.capitalize(): d for d in Direction}, width=130
        )
        self.move_button = self._button(
            "Move",
            "move",
            lambda: self._play(Move(float(self.move_distance.value), self.move_direction.value)),
        )
        self.turn_degrees = pn.widgets.IntSlider(
            label="Turn (degrees, + is left)", start=-180, end=180, step=15, value=45, **wide
        )
        self.turn_pivot = pn.widgets.Select(
            label="About the mark on",
            options={f"{name.capitalize()} side": side for name, side in turn_pivots().items()},
            width=130,
        )
        self.turn_button = self._button(
            "Turn",
            "turn",
            lambda: self._play(Turn(float(self.turn_degrees.value), self.turn_pivot.value)),
        )
        self.target = pn.widgets.Select(label="Target", options={}, **wide)
        self.attack_valor = pn.widgets.IntInput(label="Opening Valor", value=0, start=0, width=120)
        self.heavy = pn.widgets.Checkbox(label="Heavy shot (4 SP, +1 Damage)", value=False)
        self.fire_button = self._button(
            "Fire", "fire", lambda: self._attack(ram=False), color="danger"
        )
        self.ram_button = self._button(
            "Ram", "ram", lambda: self._attack(ram=True), color="warning"
        )
        self.discharge = pn.widgets.IntInput(
            label="Discharge back (M)", value=1, start=1, end=3, width=140
        )
        self.discharge_button = self._button(
            "Discharge",
            "discharge",
            lambda: self._play(Discharge(float(self.discharge.value or 1))),
            color="default",
        )
        self.repair = pn.widgets.IntInput(label="Repair amount", value=1, start=1, width=140)
        self.repair_button = self._button(
            "Repair (whole round)",
            "repair",
            lambda: self._play(Repair(int(self.repair.value or 1))),
            color="default",
        )
        self.end_button = self._button(
            "End turn", "end turn", lambda: self._play(EndTurn()), color="default"
        )
        self.act_box = pn.Column(
            pn.Row(self.move_distance, self.move_direction, self.move_button, **wide),
            pn.Row(self.turn_degrees, self.turn_pivot, self.turn_button, **wide),
            pn.Row(self.target, self.attack_valor, **wide),
            pn.Row(self.heavy, self.fire_button, self.ram_button, **wide),
            pn.Row(self.discharge, self.discharge_button, self.repair, self.repair_button, **wide),
            self.end_button,
            **wide,
        )
        self._phase_boxes = (self.drive_box, self.surge_box, self.bid_box, self.act_box)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    @property
    def active(self) -> bool:
        """Whether the tab is shown (the shell says so): the bot's suggestion is worked out
        then."""
        return self._active

    @active.setter
    def active(self, on: bool) -> None:
        self._active = bool(on)
        if on:
            self.session.guarded(self._suggest, "suggest a choice")()

    def _words(self) -> PageWords:
        return page_words(self.session.state)

    def _play(self, action: Action) -> None:
        self.session.play(action)

    def _play_listed(self) -> None:
        i = self.choice_select.value
        if i is None or not 0 <= i < len(self._listed):
            raise RacerlabError("choose one of the listed choices first")
        self._play(self._listed[i])

    def _attack(self, ram: bool) -> None:
        target = self.target.value
        if target is None:
            raise RacerlabError("there is no legal target to aim at now")
        valor = int(self.attack_valor.value or 0)
        if ram:
            self._play(Ram(target, valor=valor))
        else:
            self._play(Fire(target, valor=valor, heavy=bool(self.heavy.value)))

    def refresh(self) -> None:
        """Show the widgets the acting player's phase needs."""
        s = self.session
        state: KnightsState = s.state
        acting = s.acting
        phase = state.phase
        if acting is None or phase is Phase.OVER:
            show_only(self._phase_boxes)
            set_text(
                self.header, "<b>The race is over.</b> Step back or fork to play a line again."
            )
            set_text(self.legal, "")
            set_text(self.suggested, "")
            return
        name = esc(state.name(acting))
        human = s.controllers[acting] == HUMAN
        by = (
            ""
            if human
            else (
                " <i>(a bot seat: choices here are still played; set the seat to Hand to stop "
                "the bot)</i>"
            )
        )
        rs = state.racers[acting]
        what = {
            Phase.DRIVE: "makes the drive roll",
            Phase.SURGE: "may re-roll the drive roll (Surge)",
            Phase.BIDDING: "bids Valor on the attack",
            Phase.ACT: f"acts: {speed_points_words(rs)} Speed Points left",
        }[phase]
        set_text(self.header, f"<b>{name}</b> {what}.{by}")
        shown = {
            Phase.DRIVE: self.drive_box,
            Phase.SURGE: self.surge_box,
            Phase.BIDDING: self.bid_box,
            Phase.ACT: self.act_box,
        }[phase]
        show_only(self._phase_boxes, shown)
        refused: list[str] = []
        if phase is Phase.ACT:
            opts, refused = target_choices(s.rules, state, acting)
            offer(self.target, opts)
        self.choice_box.visible = human
        set_text(self.suggested, "")
        if not human:  # listing every legal choice costs time: only for a seat played by hand
            set_text(self.legal, "")
            self._listed, self._options = [], {}
        else:
            self._list_choices(refused)
        self._suggest()

    def _list_choices(self, refused: list[str]) -> None:
        """Every legal action in words, and why the targets left out cannot be attacked."""
        s = self.session
        words = self._words()
        self._listed = list(s.rules.legal_actions(s.state))
        opts = {f"{i + 1}. {words(a.describe())}": i for i, a in enumerate(self._listed)}
        self._options = opts
        first = next((i for i, a in enumerate(self._listed) if not _passes(a)), 0)
        self.choice_select.param.update(options=opts, value=first)  # never a pass first
        lines = "".join(f"<li>{esc(r)}</li>" for r in refused)
        set_text(
            self.legal,
            f"{len(self._listed)} legal choices now (all in the list above)."
            + (f"<br>Not a legal target now:<ul>{lines}</ul>" if refused else ""),
        )

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

    def _show_suggestion(self, action: Action) -> None:
        """Say the bot's suggestion, put its numbers in the phase's boxes and choose it in the
        list of every legal choice (marked)."""
        words = self._words()(action.describe())
        bot = esc(self.session.bot or "bot")
        set_text(self.suggested, f"<i>The {bot} bot suggests:</i> {esc(words)}")
        _fill_boxes(self, action)
        if not self._options:
            return  # no list (a bot seat's)
        if action not in self._listed:  # a legal choice the list leaves out (a move's length)
            self._listed.append(action)
            self._options[f"{len(self._listed)}. {words}"] = len(self._listed) - 1
        i = self._listed.index(action)
        marked = {(k + SUGGESTED if v == i else k): v for k, v in self._options.items()}
        self.choice_select.param.update(options=marked, value=i)


def _passes(action: Action) -> bool:
    """Whether ``action`` lets the chance go (no Valor bid, the turn ended at once)."""
    return isinstance(action, EndTurn) or (isinstance(action, Bid) and action.valor == 0)


def _fill_boxes(hand: HandPanel, action: Action) -> None:
    """Put ``action``'s numbers and target in the hand's boxes (those that can hold them)."""
    if isinstance(action, DriveRoll):
        hand.valor_reflexes.value = action.valor_reflexes
        hand.valor_speed.value = action.valor_speed
    elif isinstance(action, Bid) and action.valor > 0:
        hand.bid_valor.value = action.valor
    elif isinstance(action, Fire | Ram):
        if action.target in hand.target.options.values():
            hand.target.value = action.target
        hand.attack_valor.value = action.valor
        if isinstance(action, Fire):
            hand.heavy.value = action.heavy
    elif isinstance(action, Move):
        slider = hand.move_distance
        if slider.start <= action.distance <= slider.end:
            slider.value = round(action.distance / slider.step) * slider.step
        hand.move_direction.value = action.direction
    elif isinstance(action, Turn):
        slider = hand.turn_degrees
        if slider.start <= action.degrees <= slider.end and action.degrees % slider.step == 0:
            slider.value = int(action.degrees)
        hand.turn_pivot.value = action.pivot
    elif isinstance(action, Discharge):
        hand.discharge.value = int(action.distance)
    elif isinstance(action, Repair):
        hand.repair.value = action.amount
