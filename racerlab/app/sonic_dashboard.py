"""The Battle Racers dashboard: track, step controls, log, hand play, live tweaks and odds.

:func:`sonic_app` builds a fresh dashboard (a new game) each time it is
called: once per browser session under ``racerlab serve``, once per notebook
cell, once per ``pn.ipywidget(...)``. Everything hangs off one
:class:`~racerlab.app.session.GameSession`; every widget callback is guarded
so a refused action or a bad file shows a message and the page keeps working.

The panels:

* the track (:class:`~racerlab.viz.track.TrackPlot`) with the path the acting
  racer would take for the card and path chosen in the hand panel, the spaces
  where something acts on it marked;
* standings (Speed, rings, badniks, score, column, card, status) and the event log;
* **Play by hand**: the acting player's card, action (or pass), path and face-up
  card, all from the engine's legal actions; a typed path is checked by the
  engine, which says why it refuses one;
* **Tweak racer**: Speed, rings, Ability and Power, and the draw deck, each a
  logged director action;
* **Odds**: the resolution order (or, while cards are hidden, each seat's exact
  chance to resolve first), each card's chance to go first and the Speeds it
  can give.

>>> app = sonic_app(seed=3)
>>> isinstance(app, SonicDashboard), app.session.kit.name
(True, 'sonic')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import panel as pn
import param

from ..core.errors import RacerlabError
from ..core.rules import Action
from ..core.timeline import Timeline
from ..sonic import (
    ActionChoice,
    Mode,
    Move,
    PassAction,
    PlayCard,
    SetAbility,
    SetDeck,
    SetRings,
    SetSpeed,
    SonicRules,
    SonicSetup,
    TakeCard,
    UseAction,
    queries,
    random_setup,
)
from ..sonic.catalog import load_catalog
from ..sonic.game import GAME, scenario_timeline
from ..sonic.movement import Movement
from ..sonic.procedure import order_of
from ..sonic.provenance import provenance
from ..sonic.queries import PathPreview
from ..sonic.scenarios import scenario_files
from ..sonic.setup import zone_boss
from ..sonic.state import BOSS_SEAT, NO_CARD, Phase, SonicState
from ..sonic.track import Zone
from ..viz.style import player_colour
from ..viz.track import TRACK_HEIGHT, TrackPlot
from .controls import (
    EventLog,
    MessageBanner,
    RefusalNote,
    ScenarioControls,
    StepControls,
    redraw_guard,
    set_slider,
)
from .editor_view import sonic_editor
from .escape import text as esc
from .naming import PageWords
from .offline import use_local_resources
from .presenter import presenter_for
from .session import HUMAN, GameKit, GameSession
from .simulation import SimulationPanel

__all__ = [
    "RandomSettings",
    "SonicDashboard",
    "bundled_scenarios",
    "parse_path",
    "sonic_app",
    "sonic_kit",
    "standings_html",
]

SIDE_PANEL_WIDTH = 400
"""Width (px) of the column beside the track: racer picker, standings, log."""

SONIC_OVERLAYS = ("path",)
"""Overlay switches of the track: the path preview."""

_GROUND = (Movement.RUN, Movement.SPIN)

MAX_PATH_OPTIONS = 200
"""At most this many paths are listed in a path picker (the engine may offer more)."""


# -- the game as the framework sees it ------------------------------------------------------
@dataclass
class RandomSettings:
    """What a "New random game" deals: the mode, the number of players and the zones.

    ``players`` 0 and empty ``zones`` leave the choice to the seed.

    >>> RandomSettings(Mode.SOLO).setup(4).players
    1
    >>> RandomSettings(Mode.BOSS, 3, (Zone.BASE, Zone.OIL_OCEAN)).setup(1).boss
    'shadow'
    """

    mode: Mode | None = None
    players: int = 0
    zones: tuple[Zone, ...] = field(default_factory=tuple)

    def setup(self, seed: int) -> SonicSetup:
        """A random set-up from ``seed`` following these settings."""
        players = None if self.mode is Mode.SOLO or not self.players else self.players
        setup = random_setup(seed, players=players, mode=self.mode)
        if self.zones:
            zones = tuple(dict.fromkeys((Zone.BASE, *self.zones)))
            boss = zone_boss(zones) if setup.mode is not Mode.RACE else ""
            setup = replace(setup, zones=zones, boss=boss)
        return setup


_SCENARIO_SETUPS: dict[str, tuple[SonicSetup, int]] = {
    "Race: Sonic, Tails and Knuckles on the base track": (
        SonicSetup(("sonic", "tails", "knuckles")),
        1,
    ),
    "Race: four racers in Green Hill Zone": (
        SonicSetup(("sonic", "amy", "shadow", "big"), zones=(Zone.BASE, Zone.GREEN_HILL)),
        2,
    ),
    "Boss: Dr. Eggman chases Sonic and Tails": (
        SonicSetup(("sonic", "tails"), Mode.BOSS, "eggman", (Zone.BASE, Zone.GREEN_HILL)),
        3,
    ),
    "Boss: Shadow in Oil Ocean Zone": (
        SonicSetup(
            ("knuckles", "rouge", "cream"), Mode.BOSS, "shadow", (Zone.BASE, Zone.OIL_OCEAN)
        ),
        4,
    ),
    "Solo: Sonic against Metal Sonic in Metallic Madness": (
        SonicSetup(("sonic",), Mode.SOLO, "metal-sonic", (Zone.BASE, Zone.METALLIC_MADNESS)),
        5,
    ),
    "Race: springs and VR tokens in Studiopolis": (
        SonicSetup(("silver", "blaze", "tails"), zones=(Zone.BASE, Zone.STUDIOPOLIS)),
        6,
    ),
}
"""Ready-made set-ups offered as bundled scenarios (title: set-up and seed)."""


def _setup_loader(setup: SonicSetup, seed: int) -> Callable[[], Timeline]:
    return lambda: Timeline.new(SonicRules(), setup, None, seed)


def _file_loader(path: Any) -> Callable[[], Timeline]:
    return lambda: scenario_timeline(path)


def bundled_scenarios() -> dict[str, Callable[[], Timeline]]:
    """Scenario title -> a function returning its game: the ready-made set-ups, then every
    scenario file bundled with the engine (``data/sonic/scenarios``), played out."""
    out = {title: _setup_loader(setup, seed) for title, (setup, seed) in _SCENARIO_SETUPS.items()}
    for path in scenario_files():
        out[f"File: {path.stem.replace('-', ' ')}"] = _file_loader(path)
    return out


def racer_name(racer_id: str) -> str:
    """A racer's printed name (its id if the catalog does not know it).

    >>> racer_name("metal-sonic")
    'Metal Sonic'
    """
    racer = load_catalog().racers.get(racer_id)
    return racer.name if racer is not None else racer_id


def _names(state: SonicState) -> list[str]:
    return [racer_name(r) for r in state.setup.racers]


def _ours_mark(entry_id: str, table: str = "racer"):
    """A † with a tooltip after a catalog value that is ours (not printed in the rulebook)."""
    note = esc("ours: the rulebook does not print this (illustrative)")

    def mark(field: str) -> str:
        if provenance(entry_id, field, table=table) == "rulebook":
            return ""
        return f' <span title="{note}" class="rl-ours">†</span>'

    return mark


def sonic_kit(settings: RandomSettings | None = None) -> GameKit:
    """The Battle Racers game as the dashboard framework sees it.

    ``settings`` (mode, players, zones) shapes every "New random game"; the
    dashboard changes it through its own widgets.
    """
    settings = settings if settings is not None else RandomSettings()
    return GameKit(
        name="sonic",
        title="Sonic the Hedgehog: Battle Racers",
        rules=SonicRules,
        random_setup=settings.setup,
        bots=dict(GAME.bots),
        scenarios=bundled_scenarios(),
        player_names=_names,
        overlays=SONIC_OVERLAYS,
        default_overlays=SONIC_OVERLAYS,
        setup_notes=lambda state: order_of(state).describe(_names(state)),
    )


# -- words for choices -----------------------------------------------------------------------
def _space(pos: tuple[int, int]) -> str:
    return f"({pos[0]},{pos[1] + 1})"


def path_words(spaces: tuple[tuple[int, int], ...]) -> str:
    """A path as the board numbers it: ``(column,lane)`` with lanes 1..5.

    >>> path_words(((3, 0), (4, 0)))
    '(3,1) → (4,1)'
    """
    return " → ".join(_space(p) for p in spaces) if spaces else "stay"


_ENGINE_PAIR = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")
_ENGINE_PATH = re.compile(
    rf"\(\s*{_ENGINE_PAIR.pattern}(?:\s*,\s*{_ENGINE_PAIR.pattern})*\s*,?\s*\)"
)


def engine_paths_as_board(text: str) -> str:
    """Engine text with its paths (lanes 0..4) written as the board numbers them (lanes 1..5).

    >>> engine_paths_as_board("Spring does not allow run along ((20, 0), (21, 0))")
    'Spring does not allow run along (20,1) → (21,1)'
    """

    def board(m: re.Match[str]) -> str:
        pairs = _ENGINE_PAIR.findall(m.group(0))
        return path_words(tuple((int(c), int(lane)) for c, lane in pairs))

    return _ENGINE_PATH.sub(board, text)


def _board_words(session: GameSession) -> Callable[[str], str]:
    cards = {c: f.name for c, f in session.rules.facts.cards.items()}
    page = PageWords(session.player_names, cards)
    return lambda text: page(engine_paths_as_board(text))


def sonic_words(session: GameSession) -> Callable[[str], str]:
    """Engine text in the page's words: seat names, card names, board-numbered paths.

    The names are read when a text is rewritten, so one rewriter serves every game.
    """
    return lambda text: _board_words(session)(text)


_PAIR = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")


def parse_path(text: str) -> tuple[tuple[int, int], ...]:
    """Read a typed path ``(column,lane) (column,lane) ...`` (lanes numbered 1..5 as on the
    board) into engine spaces (lanes 0..4); :class:`RacerlabError` if it cannot be read.

    >>> parse_path("(3,1) -> (4, 2)")
    ((3, 0), (4, 1))
    >>> parse_path("nowhere")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    racerlab.core.errors.RacerlabError: could not read a path from 'nowhere': ...
    """
    pairs = _PAIR.findall(text or "")
    if not pairs:
        raise RacerlabError(
            f"could not read a path from {text!r}: write spaces as (column,lane), e.g. (5,3) (6,3)"
        )
    return tuple((int(c), int(lane) - 1) for c, lane in pairs)


def _preview_words(p: PathPreview) -> str:
    bits = [f"{p.kind.value} to {_space(p.end)}", f"Speed {p.speed_after}"]
    if p.rings:
        bits.append(f"{p.rings:+d} rings")
    if p.badniks:
        bits.append(f"+{p.badniks} badnik")
    if p.damaged:
        bits.append("DAMAGED")
    return ", ".join(bits) + f" · {path_words(p.spaces)}"


# -- hand play ---------------------------------------------------------------------------------
class HandPanel(pn.viewable.Viewer):
    """The acting player's choices, from the engine's legal actions; a typed path is checked
    by the engine (its reason shows in the banner when it refuses)."""

    def __init__(
        self, session: GameSession, on_preview: Callable[[], None] | None = None, **params: Any
    ) -> None:
        super().__init__(**params)
        self.session = session
        self.on_preview = on_preview or (lambda: None)
        self._syncing = False
        self._previews: list[PathPreview] = []
        self._actions: list[Action] = []
        g = session.guarded
        wide = dict(sizing_mode="stretch_width")
        btn = dict(color="primary", sizing_mode="stretch_width", min_width=90)
        self.header = pn.pane.Markdown("", **wide)
        # choose a card
        self.card_select = pn.widgets.Select(label="Card from the hand", options={}, **wide)
        self.card_select.param.watch(g(self._on_pick, "pick a card"), "value")
        self.play_button = pn.widgets.Button(label="Play this card face down", **btn)
        words = sonic_words(session)
        self.note = RefusalNote(session, "rl-hand-note", words)
        self.path_note = RefusalNote(session, "rl-typed-path-note", words)
        self.play_button.on_click(self.note.attempt(self._play_card, "play a card"))
        self.choose_box = pn.Column(self.card_select, self.play_button, **wide)
        # use or pass on the action; make the movement
        self.action_select = pn.widgets.Select(label="Choice", options={}, **wide)
        self.action_select.param.watch(g(self._on_pick, "pick a choice"), "value")
        self.do_button = pn.widgets.Button(label="Do it", **btn)
        self.do_button.on_click(self.note.attempt(self._do_choice, "play"))
        self.act_box = pn.Column(self.action_select, self.do_button, **wide)
        # the previewed (and, when moving, chosen) path
        self.path_select = pn.widgets.Select(label="Path shown on the track", options={}, **wide)
        self.path_select.param.watch(g(self._on_pick, "pick a path"), "value")
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
        self.typed_box = pn.Column(
            pn.Row(self.typed_path, self.typed_kind, self.try_button, **wide),
            self.path_note,
            **wide,
        )
        # take a face-up card
        self.take_select = pn.widgets.Select(label="Face-up card to take", options={}, **wide)
        self.take_button = pn.widgets.Button(label="Discard and take it", **btn)
        self.take_button.on_click(self.note.attempt(self._take, "take a card"))
        self.take_box = pn.Column(self.take_select, self.take_button, **wide)
        self.legal = pn.pane.Markdown("", styles={"color": "#555", "font-size": "12px"}, **wide)
        self._layout = pn.Column(
            self.header,
            self.choose_box,
            self.act_box,
            self.path_select,
            self.typed_box,
            self.take_box,
            self.note,
            self.legal,
            **wide,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # -- what the plot shows -------------------------------------------------------------------
    def preview(self) -> tuple[int | None, PathPreview | None]:
        """The seat whose path is previewed and the path chosen in the path picker."""
        i = self.path_select.value
        acting = self.session.acting
        if acting is None or i is None or not 0 <= i < len(self._previews):
            return acting, None
        return acting, self._previews[i]

    def _card_now(self, state: SonicState, seat: int) -> str | None:
        if state.phase is Phase.CHOOSE:
            return self.card_select.value
        card = state.card_of(seat)
        return None if card == NO_CARD else card

    def _speed_now(self, state: SonicState, seat: int) -> int | None:
        """The Speed the movement will have if the chosen action is a speed change."""
        if state.phase is not Phase.ACTION:
            return None
        i = self.action_select.value
        if i is None or not 0 <= i < len(self._actions):
            return None
        action = self._actions[i]
        if isinstance(action, UseAction) and action.choice is ActionChoice.SPEED:
            return _speed_after(self.session.rules, state, action)
        return None

    def _on_pick(self, _event: Any) -> None:
        if self._syncing:
            return
        self._refresh_paths()
        self.on_preview()

    # -- playing ---------------------------------------------------------------------------------
    def _play(self, action: Action) -> None:
        self.session.play(action)

    def _play_card(self) -> None:
        seat = self.session.acting
        card = self.card_select.value
        if seat is None or card is None:
            raise RacerlabError("there is no card to play now")
        self._play(PlayCard(seat, card))

    def _do_choice(self) -> None:
        s = self.session
        state: SonicState = s.state
        if state.phase is Phase.MOVE:
            i = self.path_select.value
            moves = self._moves
            if i is None or not 0 <= i < len(moves):
                raise RacerlabError("choose a path first")
            self._play(moves[i])
            return
        i = self.action_select.value
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

    def _take(self) -> None:
        seat = self.session.acting
        card = self.take_select.value
        if seat is None or card is None:
            raise RacerlabError("there is no face-up card to take")
        self._play(TakeCard(seat, card))

    # -- refresh -------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Offer the acting player's legal choices for the phase the game is in."""
        s = self.session
        state: SonicState = s.state
        rules = s.rules
        facts = rules.facts
        acting = s.acting
        for box in (self.choose_box, self.act_box, self.take_box, self.typed_box):
            box.visible = False
        self.path_select.visible = False
        self._moves: list[Move] = []
        if acting is None or state.phase is Phase.OVER:
            self.header.object = "**The race is over.** Step back or fork to play a line again."
            self.legal.object = ""
            self._previews = []
            return
        name = esc(s.player_names[acting])
        by = (
            ""
            if s.controllers[acting] == HUMAN
            else " *(a bot seat: choices made here are still played)*"
        )
        token = state.token(acting)
        card_id = state.card_of(acting)
        card = esc(facts.cards[card_id].name) if card_id != NO_CARD else ""
        what = {
            Phase.CHOOSE: "chooses a card to play face down",
            Phase.ACTION: f"resolves **{card}**: use its action or pass",
            Phase.MOVE: f"makes **{card}**'s movement at Speed {token.speed}",
            Phase.TAKE: "discards the card and takes a face-up card",
        }[state.phase]
        self.header.object = f"**{name}** (Speed {token.speed}, {token.rings} rings) {what}.{by}"
        legal = rules.legal_actions(state)
        self._syncing = True
        try:
            if state.phase is Phase.CHOOSE:
                opts = {}
                for c in dict.fromkeys(state.hands[acting]):
                    f = facts.cards[c]
                    opts[f"{f.name} · priority {f.priority} · {f.movement.value}"] = c
                keep = self.card_select.value if self.card_select.value in opts.values() else None
                self.card_select.param.update(
                    options=opts, value=keep or next(iter(opts.values()), None)
                )
                self.choose_box.visible = True
            elif state.phase is Phase.ACTION:
                self._actions = [a for a in legal if isinstance(a, UseAction | PassAction)]
                opts = {self._action_words(state, a): i for i, a in enumerate(self._actions)}
                keep = self.action_select.value
                if keep not in opts.values():
                    keep = 0 if opts else None
                self.action_select.param.update(options=opts, value=keep)
                self.act_box.visible = True
                self.typed_box.visible = True
            elif state.phase is Phase.MOVE:
                self._moves = [a for a in legal if isinstance(a, Move)]
                self.act_box.visible = True
                self.action_select.param.update(
                    options={"Make the movement along the path below": 0}, value=0
                )
                self.typed_box.visible = True
            else:
                opts = {}
                for c in dict.fromkeys(state.face_up):
                    f = facts.cards[c]
                    opts[f"{f.name} · priority {f.priority}"] = c
                keep = self.take_select.value if self.take_select.value in opts.values() else None
                self.take_select.param.update(
                    options=opts, value=keep or next(iter(opts.values()), None)
                )
                self.take_box.visible = True
        finally:
            self._syncing = False
        self._refresh_paths()
        kinds = sorted({type(a).__name__ for a in legal})
        self.legal.object = f"The engine offers {len(legal)} choices now ({', '.join(kinds)})."

    def _action_words(self, state: SonicState, a: Action) -> str:
        if isinstance(a, PassAction):
            return "Pass on the action"
        assert isinstance(a, UseAction)
        if a.choice is ActionChoice.SPEED:
            after = _speed_after(self.session.rules, state, a)
            return f"Speed change: {state.token(a.player).speed} → {after}"
        if a.choice is ActionChoice.SPIN:
            return "Spin this turn"
        if a.choice is ActionChoice.POWER:
            where = f" along {path_words(a.path)}" if a.path else ""
            return f"Use the Power{where}"
        return f"{a.choice.value.capitalize()} {path_words(a.path)}"

    def _refresh_paths(self) -> None:
        s = self.session
        state: SonicState = s.state
        acting = s.acting
        self._previews = []
        if acting is None or state.phase in (Phase.OVER, Phase.TAKE):
            self.path_select.visible = False
            return
        card = self._card_now(state, acting)
        if card is None:
            self.path_select.visible = False
            return
        previews = queries.path_preview(
            state, acting, card, s.rules, speed=self._speed_now(state, acting)
        )
        label = "Path shown on the track"
        if state.phase is Phase.MOVE:
            # the paths offered are the engine's legal moves; the preview marks come from
            # the preview of the same spaces
            # the paths offered are the engine's legal moves; each one's marks come from the
            # engine's preview of the same spaces moved the same way (run/spin or jump)
            by_move = {(p.kind in _GROUND, p.spaces): p for p in previews}
            token = state.token(acting)
            chosen: list[PathPreview] = []
            for m in self._moves:
                p = by_move.get((m.kind in _GROUND, m.path))
                if p is None:  # not previewed (e.g. a High Jump): show the bare path
                    end = m.path[-1] if m.path else token.pos
                    p = PathPreview(m.kind, m.path, end, token.speed, 0, 0, False, ())
                chosen.append(replace(p, kind=m.kind) if p.kind is not m.kind else p)
            previews = chosen
            label = "Path to move along"
        else:
            label = "Path shown on the track (the movement after the action)"
        self._previews = previews[:MAX_PATH_OPTIONS]
        moving = state.phase is Phase.MOVE
        opts = {}
        for i, p in enumerate(self._previews):
            back = moving and self._moves[i].back_first
            opts[
                f"{i + 1}. {_preview_words(p)}" + (" (large base: back first)" if back else "")
            ] = i
        keep = self.path_select.value if self.path_select.value in opts.values() else None
        if keep is None and self._previews:
            keep = max(range(len(self._previews)), key=lambda i: _path_score(self._previews[i]))
        was = self._syncing
        self._syncing = True
        try:
            self.path_select.param.update(options=opts, value=keep, label=label)
        finally:
            self._syncing = was
        self.path_select.visible = bool(opts)


def _path_score(p: PathPreview) -> tuple:
    """How good a path looks at a glance (used only to pick the one shown first)."""
    return (not p.damaged, p.rings + p.badniks, p.end[0])


def _speed_after(rules: SonicRules, state: SonicState, action: UseAction) -> int:
    """The Speed a speed-change action gives, from the engine itself (applied to a copy)."""
    try:
        return rules.apply(state, action).state.token(action.player).speed
    except RacerlabError:
        return state.token(action.player).speed


# -- tweaks ----------------------------------------------------------------------------------
class TweakPanel(pn.viewable.Viewer):
    """Speed, rings, Ability/Power and the draw deck for the selected racer (logged director
    actions: the steps after the cursor are dropped and the bots play on)."""

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self._syncing = False
        g = session.guarded
        wide = dict(sizing_mode="stretch_width")
        self.header = pn.pane.Markdown("", **wide)
        self.speed = pn.widgets.IntSlider(label="Speed", start=1, end=9, value=3, **wide)
        self.speed.param.watch(g(self._on_speed, "set speed"), "value_throttled")
        self.rings = pn.widgets.IntSlider(label="Rings", start=0, end=50, value=0, **wide)
        self.rings.param.watch(g(self._on_rings, "set rings"), "value_throttled")
        cat = load_catalog()
        self.ability = pn.widgets.Select(
            label="Ability and Power of",
            options={r.name: r.id for r in sorted(cat.racers.values(), key=lambda r: r.name)},
            **wide,
        )
        self.ability.param.watch(g(self._on_ability, "swap ability"), "value")
        self.ability_text = pn.pane.Markdown("", styles={"font-size": "12px"}, **wide)
        self.deck = pn.widgets.TextAreaInput(
            label="Draw deck, top first (card ids)", value="", height=110, **wide
        )
        self.deck_button = pn.widgets.Button(label="Set the draw deck", **wide)
        self.deck_note = RefusalNote(session, "rl-deck-note", sonic_words(session))
        self.deck_button.on_click(self.deck_note.attempt(self._on_deck, "set deck"))
        self.deck_summary = pn.pane.Markdown("", styles={"font-size": "12px"}, **wide)
        self._layout = pn.Column(
            self.header,
            pn.Row(
                pn.Column(self.speed, self.rings, self.ability, self.ability_text, **wide),
                pn.Column(self.deck, self.deck_button, self.deck_note, self.deck_summary, **wide),
                **wide,
            ),
            pn.pane.Markdown(
                "Each change is a logged director action applied at the current step; the "
                "steps after it are dropped and the bots play on from the new numbers.",
                styles={"color": "#555", "font-size": "12px"},
                **wide,
            ),
            **wide,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _seat(self) -> int:
        return min(self.session.selected, len(self.session.state.board.racers) - 1)

    def _on_speed(self, event: Any) -> None:
        if self._syncing or event.new is None:
            return
        now = self.session.state.token(self._seat()).speed
        if int(event.new) != now and not self.session.direct(
            SetSpeed(self._seat(), int(event.new))
        ):
            self.refresh()

    def _on_rings(self, event: Any) -> None:
        if self._syncing or event.new is None:
            return
        now = self.session.state.token(self._seat()).rings
        if int(event.new) != now and not self.session.direct(
            SetRings(self._seat(), int(event.new))
        ):
            self.refresh()

    def _on_ability(self, event: Any) -> None:
        if self._syncing or not event.new:
            return
        now = self.session.state.abilities[self._seat()]
        if event.new != now and not self.session.direct(SetAbility(self._seat(), event.new)):
            self.refresh()

    def _on_deck(self) -> None:
        cards = tuple(c for c in re.split(r"[\s,]+", self.deck.value or "") if c)
        if not self.session.direct(SetDeck(cards)):
            self.refresh()

    def refresh(self) -> None:
        """Put the selected racer's numbers and the deck in the widgets."""
        s = self.session
        state: SonicState = s.state
        seat = self._seat()
        t = state.token(seat)
        cat = load_catalog()
        self._syncing = True
        try:
            self.header.object = f"**Tweak {esc(s.player_names[seat])}** (seat {seat + 1})"
            o = state.options
            set_slider(self.speed, o.speed_min, o.speed_max, t.speed)
            set_slider(self.rings, 0, max(1, t.rings + state.board.ring_pile), t.rings)
            self.ability.value = state.abilities[seat]
            prof = cat.racers.get(state.abilities[seat])
            if prof is not None:
                mark = _ours_mark(prof.id)
                self.ability_text.object = (
                    f"**Ability:** {esc(prof.ability_text)}{mark('ability')}  \n"
                    f"**Power:** {esc(prof.power_text)}{mark('power')}"
                )
            self.deck.value = ", ".join(state.deck)
            facts = s.rules.facts.cards
            counts = Counter(facts[c].name for c in state.deck)
            parts = ", ".join(f"{n}× {esc(name)}" for name, n in sorted(counts.items()))
            self.deck_summary.object = f"{len(state.deck)} cards: {parts or 'empty'}"
        finally:
            self._syncing = False


# -- odds --------------------------------------------------------------------------------------
def _pct(p: Any) -> str:
    return f"{float(p):.1%}"


class OddsPanel(pn.viewable.Viewer):
    """Who resolves first this round (exact), each card's chance to go first, Speed spread."""

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.active = False
        wide = dict(sizing_mode="stretch_width")
        self.order = pn.pane.HTML("", stylesheets=[_TABLE_CSS], **wide)
        self.cards = pn.pane.HTML("", stylesheets=[_TABLE_CSS], **wide)
        self._layout = pn.Column(
            pn.pane.Markdown("#### Priority order this round", **wide),
            self.order,
            pn.pane.Markdown("#### The selected racer's cards", **wide),
            self.cards,
            **wide,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def refresh(self) -> None:
        """Recompute for the cursor (only while the tab is shown)."""
        if not self.active:
            return
        s = self.session
        state: SonicState = s.state
        self.order.object = order_html(state, s.rules, s.player_names)
        self.cards.object = cards_html(state, s.rules, min(s.selected, state.players - 1))


def _who(seat: int, names: list[str], state: SonicState) -> str:
    if seat == BOSS_SEAT:
        boss = state.boss
        return f"Boss {esc(boss.id if boss else '')}"
    chip = f'<span style="color:{player_colour(seat)}">■</span>'
    return f"{chip} {esc(names[seat])}"


def order_html(state: SonicState, rules: SonicRules, names: list[str]) -> str:
    """The round's resolution order once cards are revealed; before that each seat's exact
    chance to resolve first (every hand known, each unchosen card equally likely)."""
    if state.phase is Phase.OVER:
        return "<i>The game is over.</i>"
    cards = rules.facts.cards
    if state.order:
        rows = []
        for k, seat in enumerate(state.order):
            if seat == BOSS_SEAT and state.boss is not None and state.boss.card:
                bc = rules.facts.bosses[state.boss.id].cards[state.boss.card]
                card, prio = bc.name, bc.priority
            else:
                f = cards[state.chosen[seat]]
                card, prio = f.name, f.priority
            done = "done" if k < state.step else ("now" if k == state.step else "")
            rows.append(
                f"<tr><td>{k + 1}. {_who(seat, names, state)}</td><td>{esc(card)}</td>"
                f"<td>{prio}</td><td>{done}</td></tr>"
            )
        return (
            '<table class="rl-table" id="rl-order"><caption>Cards revealed: the order is '
            "fixed</caption><tr><th>Order</th><th>Card</th><th>Priority</th><th></th></tr>"
            + "".join(rows)
            + "</table>"
        )
    odds = queries.first_odds(state, rules)
    rows = []
    for seat in [*range(state.players), BOSS_SEAT]:
        if seat not in odds and seat == BOSS_SEAT:
            continue
        p = odds.get(seat, 0)
        chosen = "card chosen" if seat >= 0 and state.card_of(seat) != NO_CARD else ""
        rows.append(
            f"<tr><td>{_who(seat, names, state)}</td><td>{_pct(p)}</td><td>{chosen}</td></tr>"
        )
    return (
        '<table class="rl-table" id="rl-order"><caption>Chance to resolve first (every hand '
        "known, each card still to choose equally likely)</caption><tr><th>Who</th>"
        "<th>P(first)</th><th></th></tr>" + "".join(rows) + "</table>"
    )


def cards_html(state: SonicState, rules: SonicRules, seat: int) -> str:
    """Each card in ``seat``'s hand: priority, the chance it resolves first (seen from the
    seat: other cards unknown) and the Speeds it can give before the movement."""
    if state.phase is Phase.OVER:
        return ""
    cards = rules.facts.cards
    odds = queries.priority_odds(state, seat, rules)
    spread = queries.speed_spread(state, seat, rules)
    rows = []
    for c, p in sorted(odds.items(), key=lambda kv: -cards[kv[0]].priority):
        f = cards[c]
        speeds = ", ".join(map(str, spread.get(c, ())))
        rows.append(
            f"<tr><td>{esc(f.name)} <small>({esc(c)})</small></td>"
            f"<td>{f.priority}</td><td>{_pct(p)}</td><td>{speeds}</td>"
            f"<td>{f.movement.value}</td></tr>"
        )
    mark = _ours_mark(next(iter(odds)), "card") if odds else (lambda field: "")
    return (
        '<table class="rl-table" id="rl-cards"><tr><th>Card</th>'
        f"<th>Priority{mark('priority')}</th>"
        f"<th>P(first)</th><th>Speeds it can give</th><th>Movement{mark('movement')}</th></tr>"
        + "".join(rows)
        + "</table>"
    )


_TABLE_CSS = """
.rl-table { border-collapse: collapse; font-size: 12px; width: 100%; }
.rl-table th, .rl-table td { border-bottom: 1px solid #e2e2e2; padding: 3px 6px;
                             text-align: right; }
.rl-table th:first-child, .rl-table td:first-child { text-align: left; }
.rl-table caption { text-align: left; font-style: italic; color: #555; }
"""


def standings_html(state: SonicState, rules: SonicRules, names: list[str], selected: int) -> str:
    """Each racer's Speed, rings, badniks, score, column, card this round and status."""
    cards = rules.facts.cards
    rows = []
    for i, t in enumerate(state.board.racers):
        card = state.card_of(i)
        if card == NO_CARD:
            shown = ""
        elif state.phase is Phase.CHOOSE:
            shown = "face down"
        else:
            shown = cards[card].name if card in cards else card
        status = []
        if state.finished and state.finished[i]:
            status.append(f"finished (round {state.finished[i]})")
        if state.lost and state.lost[i]:
            status.append("lost")
        if i in state.winners:
            status.append("winner")
        style = ' style="font-weight:600;background:#fff6db"' if i == selected else ""
        rows.append(
            f'<tr{style}><td><span style="color:{player_colour(i)}">■</span> {i + 1}. '
            f"{esc(names[i])}</td><td>{t.speed}</td><td>{t.rings}</td>"
            f"<td>{len(t.badniks)}</td><td>{t.rings + len(t.badniks)}</td><td>{t.col}</td>"
            f"<td>{esc(shown)}</td><td>{', '.join(status)}</td></tr>"
        )
    boss = state.boss
    if boss is not None:
        where = state.board.boss
        status = "destroyed" if boss.destroyed else ("finished" if boss.finished else "")
        rows.append(
            f"<tr><td>■ Boss {esc(boss.id)}</td><td></td><td>{boss.rings}</td><td></td>"
            f"<td></td><td>{where[0] if where else ''}</td><td></td><td>{status}</td></tr>"
        )
    return (
        '<table class="rl-table" id="rl-standings"><tr><th>Racer</th><th>Speed</th>'
        "<th>Rings</th><th>Badniks</th><th>Score</th><th>Column</th><th>Card</th>"
        "<th>Status</th></tr>" + "".join(rows) + "</table>"
    )


# -- the dashboard -----------------------------------------------------------------------------
class SonicDashboard(pn.viewable.Viewer):
    """The whole Battle Racers dashboard for one session."""

    template = param.Boolean(default=False, doc="Wrap in the racerlab page template.")

    def __init__(
        self,
        session: GameSession,
        settings: RandomSettings | None = None,
        template: bool = False,
        **params: Any,
    ) -> None:
        super().__init__(template=template, **params)
        self.session = session
        self.settings = settings if settings is not None else RandomSettings()
        s = session
        g = s.guarded
        wide = dict(sizing_mode="stretch_width")
        self.track = TrackPlot(s.state, names=s.player_names, selected=s.selected)
        self.track_pane = pn.pane.Bokeh(self.track.figure, height=TRACK_HEIGHT, **wide)
        self.racer_select = pn.widgets.Select(label="Selected racer", options={}, **wide)
        self.racer_select.param.watch(g(self._on_select, "select racer"), "value")
        self.path_toggle = pn.widgets.Checkbox(
            label="Show the path preview on the track", value="path" in s.overlays
        )
        self.path_toggle.param.watch(g(self._on_overlay, "path preview"), "value")
        self.standings = pn.pane.HTML("", stylesheets=[_TABLE_CSS], **wide)
        self.result = pn.pane.Markdown("", **wide)
        self.banner = MessageBanner(s)
        self.steps = StepControls(s)
        self.scenarios = ScenarioControls(s)
        self.mode = pn.widgets.Select(
            label="Random game: mode",
            options={"any (by seed)": None, **{m.value: m for m in Mode}},
            value=self.settings.mode,
            **wide,
        )
        self.players = pn.widgets.IntSlider(
            label="Players (0: by seed)", start=0, end=4, value=self.settings.players, **wide
        )
        self.zones = pn.widgets.MultiChoice(
            label="Expansion zones (none: by seed)",
            options={z.value: z for z in Zone if z is not Zone.BASE},
            value=list(self.settings.zones),
            **wide,
        )
        for w in (self.mode, self.players, self.zones):
            w.param.watch(g(self._on_settings, "random game settings"), "value")
        self.log = EventLog(
            s,
            height=360,
            words=lambda state: _board_words(s),
        )
        self.hand = HandPanel(s, on_preview=g(self._redraw_track, "preview"))
        self.tweak = TweakPanel(s)
        self.odds = OddsPanel(s)
        self.simulation = SimulationPanel(s)
        self.tabs = pn.Tabs(
            ("Play by hand", self.hand),
            ("Tweak racer", self.tweak),
            ("Odds", self.odds),
            ("Simulate", self.simulation),
            ("Edit position", sonic_editor(s, self.track.figure)),
            dynamic=False,  # updates to panels of a lazily rendered tab pulled CSS from a CDN
            **wide,
        )
        self.tabs.param.watch(g(self._on_tab, "switch tab"), "active")
        s.param.watch(redraw_guard(s, self.refresh), ["version", "selected", "overlays"])
        self.presenter = presenter_for(self)
        self._syncing = False
        self.refresh()

    # -- layout ----------------------------------------------------------------------------------
    def _sidebar(self) -> list[Any]:
        return [
            pn.pane.Markdown("### Steps", margin=(0, 5)),
            self.steps,
            pn.pane.Markdown("### Game", margin=(10, 5, 0, 5)),
            self.scenarios,
            self.mode,
            self.players,
            self.zones,
        ]

    def _main(self) -> list[Any]:
        side = pn.Column(
            self.racer_select,
            self.path_toggle,
            self.result,
            self.log,
            width=SIDE_PANEL_WIDTH,
        )
        return [
            self.presenter,
            self.banner,
            self.track_pane,
            pn.Row(
                pn.Column(self.standings, self.tabs, sizing_mode="stretch_width"),
                side,
                sizing_mode="stretch_width",
            ),
        ]

    def __panel__(self) -> pn.viewable.Viewable:
        title = "Sonic the Hedgehog: Battle Racers"
        if self.template:
            from .landing import dashboard_template

            return dashboard_template(title, main=self._main(), sidebar=self._sidebar())
        return pn.Row(
            pn.Column(*self._sidebar(), width=320),
            pn.Column(
                pn.pane.Markdown(f"## {title}", margin=(0, 5)),
                *self._main(),
                sizing_mode="stretch_width",
            ),
            sizing_mode="stretch_width",
        )

    # -- callbacks -------------------------------------------------------------------------------
    def _on_select(self, event: Any) -> None:
        if not self._syncing and event.new is not None:
            self.session.selected = int(event.new)

    def _on_overlay(self, event: Any) -> None:
        if not self._syncing:
            self.session.overlays = ["path"] if event.new else []

    def _on_settings(self, _event: Any) -> None:
        self.settings.mode = self.mode.value
        self.settings.players = int(self.players.value or 0)
        self.settings.zones = tuple(self.zones.value or ())

    def _on_tab(self, event: Any) -> None:
        self.odds.active = event.new == 2
        self.odds.refresh()

    def _redraw_track(self) -> None:
        s = self.session
        state: SonicState = s.state
        mover, preview = self.hand.preview()
        if "path" not in s.overlays:
            preview = None
        boss_name, boss_card = "", ""
        if state.boss is not None:
            bf = s.rules.facts.bosses.get(state.boss.id)
            if bf is not None:
                boss_name = bf.name
                if state.boss.card in bf.cards:
                    bc = bf.cards[state.boss.card]
                    boss_card = f"{bc.name} (priority {bc.priority})"
        self.track.update(
            state,
            selected=min(s.selected, state.players - 1),
            preview=preview,
            mover=mover,
            names=s.player_names,
            boss_name=boss_name,
            boss_card=boss_card,
        )

    def refresh(self) -> None:
        """Redraw the track and every panel for the session's state."""
        s = self.session
        state: SonicState = s.state
        sel = min(s.selected, state.players - 1)
        self.hand.refresh()
        self._redraw_track()
        self._syncing = True
        try:
            self.racer_select.param.update(
                options={f"{i + 1}. {n}": i for i, n in enumerate(s.player_names)}, value=sel
            )
            self.path_toggle.value = "path" in s.overlays
        finally:
            self._syncing = False
        self.standings.object = standings_html(state, s.rules, s.player_names, sel)
        if s.is_over:
            ended = state.end_reason or "the game is over"
            win = ", ".join(s.player_names[w] for w in state.winners) or "nobody"
            rank = f" · solo rank **{state.rank}**" if state.rank else ""
            self.result.object = f"🏁 {esc(ended)} · winner: **{esc(win)}**{rank}"
        else:
            self.result.object = ""
        self.tweak.refresh()
        self.odds.refresh()


def sonic_app(
    seed: int = 0,
    *,
    scenario: str | None = None,
    mode: Mode | str | None = None,
    players: int = 0,
    zones: tuple[Zone | str, ...] = (),
    template: bool = False,
    game: str | None = None,
) -> SonicDashboard:
    """A fresh Battle Racers dashboard with its own game.

    ``scenario`` starts from a bundled scenario title, ``game`` from a share
    token; otherwise a random game from ``seed`` (``mode``, ``players`` and
    ``zones`` shape it; left empty, the seed chooses). Served pages also read
    ``?game=<token>`` from the URL; a bad token shows an error on the page and
    the default game is used.
    """
    use_local_resources()
    settings = RandomSettings(
        Mode(mode) if mode is not None else None,
        int(players),
        tuple(Zone(z) for z in zones),
    )
    session = GameSession(sonic_kit(settings), seed=seed)
    if scenario is not None:
        session.load_scenario(scenario)
    token = game
    if token is None:
        args = getattr(pn.state, "session_args", None) or {}
        raw = args.get("game")
        if raw:
            token = (
                raw[0].decode("utf-8", errors="replace")
                if isinstance(raw[0], bytes)
                else str(raw[0])
            )
    if token is not None:
        session.guarded(session.load_share_token)(token)  # its errors already say "share link"
    return SonicDashboard(session, settings, template=template)
