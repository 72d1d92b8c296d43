"""One person's game session: the model behind a dashboard, with no Panel in it.

A :class:`GameSession` holds the lines of play (:class:`~racerlab.core.timeline.Timeline`
objects), which one is shown, the cursor in it, the selected racer, the overlay
switches, who plays each seat (a bot or a human), the autoplay flag and the last
error. Each is a parameter, so a view watches only what it shows:
:attr:`GameSession.state_version` goes up once each time the game state shown
changes (a step, back, a new game, another line), ``selected``, ``overlays``,
``grid``, ``controllers``, ``error`` and ``notice`` change on their own, and
:attr:`GameSession.version` goes up once per change of any kind.

A game plugs in through a :class:`GameKit`: its rules, how to start a random or a
bundled game, its bots and its overlay names. The session never imports a
game engine itself, so the same model drives every dashboard (and the tests use
the core's tiny Coin Race).

>>> from racerlab.core.testgame import CoinRace, CoinSetup
>>> kit = GameKit(
...     name="coin-race",
...     title="Coin Race",
...     rules=CoinRace,
...     random_setup=lambda seed: CoinSetup(players=2, target=6),
...     bots={"first": lambda state, rules, rng: rules.legal_actions(state)[0]},
... )
>>> s = GameSession(kit, seed=1)
>>> s.step("round")
2
>>> s.round, s.cursor
(2, 2)
>>> s.back().cursor
1
>>> GameSession.from_share_token(kit, s.share_token()).timeline.dumps() == s.timeline.dumps()
True
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import param

from ...core.errors import IllegalActionError, RacerlabError, ScenarioError, clip
from ...core.limits import time_budget
from ...core.rules import Action, DirectorAction, Rules
from ...core.timeline import Timeline
from .game_catalog import kit_playing, with_catalog_record
from .share_link import (
    MAX_SAVED_GAME_BYTES,
    MAX_SHARE_TOKEN_CHARS,
    check_link_length,
    decode_share_token,
    encode_share_token,
    replay_share_token,
)

__all__ = [
    "BOT",
    "HUMAN",
    "LOAD_BUDGET_S",
    "MAX_SAVED_GAME_BYTES",
    "MAX_SHARE_TOKEN_CHARS",
    "BotMove",
    "GameKit",
    "GameSession",
    "LogLine",
    "Policy",
    "decode_share_token",
    "drive",
    "encode_share_token",
]

log = logging.getLogger(__name__)

Policy = Callable[[Any, Rules, np.random.Generator], Action]
"""A bot: ``policy(state, rules, rng) -> Action`` (the engines' bot signature)."""

BOT = "bot"
"""Seat controller: the session's bot plays this seat when stepping."""
HUMAN = "human"
"""Seat controller: the person at the dashboard plays this seat."""

MAX_STEPS_PER_CLICK = 2_000
"""Safety cap on actions one "step a turn/round" click may play."""

LOAD_BUDGET_S = 10.0
"""Longest a saved game or share link may take to replay before it is refused (seconds)."""


@dataclass(frozen=True)
class GameKit:
    """What a dashboard needs to know about one game, supplied by the game's app module.

    ``rules`` makes a fresh rules object; ``random_setup(seed)`` a legal random
    set-up; ``scenarios`` maps a title to a function returning a bundled
    :class:`Timeline`; ``bots`` maps a bot name to a policy (the first is the
    default); ``player_names(state)`` names the seats; ``overlays`` lists the
    overlay switches the game's plot offers and ``default_overlays`` those on at
    the start; ``setup_notes(state)`` the lines of its set-up procedure, if it has one.
    """

    name: str
    title: str
    rules: Callable[[], Rules]
    random_setup: Callable[[int], Any]
    bots: Mapping[str, Policy]
    scenarios: Mapping[str, Callable[[], Timeline]] = field(default_factory=dict)
    player_names: Callable[[Any], Sequence[str]] | None = None
    overlays: tuple[str, ...] = ()
    default_overlays: tuple[str, ...] = ()
    options: Any = None
    setup_notes: Callable[[Any], Sequence[str]] | None = None
    """The game's set-up procedure for a state (who places or chooses first, the pot)."""
    catalog: Any = None
    """The catalog the kit's new games play (``None``: the bundled one)."""
    with_catalog: Callable[[Any], GameKit] | None = None
    """The same kit playing another catalog (``None`` for the bundled one); ``None``: the
    game cannot play another catalog."""

    def names(self, state: Any) -> list[str]:
        """Seat names for ``state`` ("Player 1", ... unless the game says better)."""
        if self.player_names is not None:
            return list(self.player_names(state))
        n = len(getattr(state, "positions", getattr(state, "racers", ()))) or 1
        return [f"Player {i + 1}" for i in range(n)]


@dataclass(frozen=True, slots=True)
class BotMove:
    """One bot move to work out: ``move()`` is the action ``policy`` picks for ``state``,
    drawing from ``rng`` (the session's stream, so the same seed gives the same moves).
    Every field pickles for the engines' bots, so the move can be worked out in another
    process (the caller then copies the stream's new state back into ``rng``)."""

    policy: Policy
    state: Any
    rules: Rules
    rng: np.random.Generator

    def __call__(self) -> Action:
        return self.policy(self.state, self.rules, self.rng)


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the event log: the entry it belongs to, its round and its words."""

    entry: int
    round: int
    text: str
    kind: str = "event"


class GameSession(param.Parameterized):
    """The state of one dashboard: lines of play, cursor, selection, switches, errors."""

    line = param.Integer(default=0, bounds=(0, None), doc="Index of the line of play shown.")
    cursor = param.Integer(default=0, bounds=(0, None), doc="Entry shown in the current line.")
    selected = param.Integer(default=0, bounds=(0, None), doc="Selected racer (seat index).")
    overlays = param.ListSelector(default=[], objects=[], doc="Overlays switched on.")
    grid = param.Selector(default="M", objects=["M", "R", "off"], doc="Grid units of the plot.")
    autoplay = param.Boolean(default=False, doc="Step automatically (the view runs a timer).")
    autoplay_ms = param.Integer(default=800, bounds=(100, 10_000), doc="Autoplay period (ms).")
    bot = param.Selector(default=None, objects=[], doc="The bot that plays bot seats.")
    controllers = param.List(default=[], item_type=str, doc="Per seat: 'bot' or 'human'.")
    error = param.String(default="", doc="Last error to show (empty when none).")
    busy = param.String(default="", doc="What the session is working on (empty when idle).")
    notice = param.String(default="", doc="Last informational message.")
    shown = param.String(default="", doc="Where the game shown came from, in words.")
    state_version = param.Integer(
        default=0, doc="Goes up by one each time the game state shown changes."
    )
    version = param.Integer(
        default=0, doc="Goes up by one after every change (state, seats, a refusal)."
    )

    def __init__(self, kit: GameKit, *, seed: int = 0, timeline: Timeline | None = None, **kw):
        bots = list(kit.bots)
        super().__init__(**kw)
        self.kit = kit
        self.param.bot.objects = bots
        self.param.overlays.objects = list(kit.overlays)
        if self.bot is None and bots:
            self.bot = bots[0]
        if not kw.get("overlays"):
            self.overlays = list(kit.default_overlays)
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self._reporting = False
        self.lines: list[Timeline] = []
        # log lines by entry position, with the entry they were made from (cleared per game)
        self._log_cache: dict[int, tuple[Any, int, tuple[LogLine, ...]]] = {}
        self.shown = "a saved game" if timeline is not None else f"a random game from seed {seed}"
        self._start(timeline if timeline is not None else self._random_timeline(seed))

    # -- construction -------------------------------------------------------------
    @classmethod
    def from_share_token(cls, kit: GameKit, token: str, **kw: Any) -> GameSession:
        """A session on the game a share link holds (:class:`ScenarioError` if bad)."""
        with time_budget(LOAD_BUDGET_S, "share link: replaying the game"):
            tl = decode_share_token(token)
        _check_game(kit, tl)
        tl.goto(-1)
        return cls(kit_playing(kit, tl), seed=tl.seed, timeline=tl, **kw)

    def _random_timeline(self, seed: int) -> Timeline:
        rules = self.kit.rules()
        return Timeline.new(rules, self.kit.random_setup(seed), self.kit.options, seed)

    def _start(self, timeline: Timeline) -> None:
        self.lines = [with_catalog_record(timeline, self.lines)]
        self._log_cache.clear()
        with param.parameterized.discard_events(self):
            self.line = 0
        self._fit_controllers()
        self._changed()

    def _fit_controllers(self) -> None:
        n = len(self.kit.names(self.state))
        old = list(self.controllers)
        self.controllers = (old + [BOT] * n)[:n]
        if self.selected >= n:
            self.selected = 0

    # -- what is shown ------------------------------------------------------------
    @property
    def timeline(self) -> Timeline:
        """The line of play shown."""
        return self.lines[self.line]

    @property
    def rules(self) -> Rules:
        """The game's rules object."""
        return self.timeline.rules

    @property
    def state(self) -> Any:
        """The game state at the cursor."""
        return self.timeline.state

    @property
    def round(self) -> int:
        """The round at the cursor."""
        return self.rules.round_number(self.state)

    @property
    def player_names(self) -> list[str]:
        """Names of the seats."""
        return self.kit.names(self.state)

    @property
    def acting(self) -> int | None:
        """The seat that must act at the cursor, or None."""
        return self.rules.acting_player(self.state)

    @property
    def is_over(self) -> bool:
        """Whether the game at the cursor has ended."""
        return self.rules.is_over(self.state)

    def rounds(self) -> list[int]:
        """Round numbers recorded in the current line."""
        return self.timeline.rounds()

    def status(self) -> str:
        """One line saying where the game is: round, step, who acts."""
        tl = self.timeline
        where = f"Round {self.round} · step {tl.index} of {len(tl) - 1}"
        if self.is_over:
            return where + " · the game is over"
        acting = self.acting
        if acting is None:
            return where
        who = self.player_names[acting] if acting < len(self.player_names) else f"seat {acting}"
        return where + f" · {who} to act ({self.controllers[acting]})"

    # -- changes --------------------------------------------------------------------
    def _changed(self) -> None:
        tl = self.timeline
        with param.parameterized.discard_events(self):
            self.cursor = tl.index
        self.param.update(version=self.version + 1, state_version=self.state_version + 1)

    def clear_messages(self) -> None:
        """Forget the last error and notice."""
        self.error = ""
        self.notice = ""

    def report(self, exc: BaseException, doing: str = "") -> None:
        """Show an error: the reason for a refused action, a summary for a crash.

        The views that show :attr:`error` redraw once to show it. An error
        raised while reporting (a view that cannot draw this state) is recorded
        but neither logged again nor reported again, so a failing redraw ends here.
        """
        prefix = f"{doing}: " if doing else ""
        if isinstance(exc, RacerlabError):
            message = prefix + str(getattr(exc, "reason", None) or exc)
        else:
            message = clip(f"{prefix}unexpected error ({type(exc).__name__}: {exc})", 500)
        if self._reporting:
            if not self.error:
                self.error = message
            return
        if not isinstance(exc, RacerlabError):
            log.error("unexpected error %s\n%s", prefix, "".join(traceback.format_exception(exc)))
        self._reporting = True
        try:
            self.error = message
            self.version += 1
        finally:
            self._reporting = False

    def guarded(self, fn: Callable[..., Any], doing: str = "") -> Callable[..., Any]:
        """``fn`` wrapped so any error is shown on the page instead of escaping."""

        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:
                self.autoplay = False
                self.report(exc, doing)
                return None

        run.__name__ = getattr(fn, "__name__", "callback")
        run.__doc__ = fn.__doc__
        return run

    # -- moving through the history ----------------------------------------------------
    def goto(self, index: int) -> GameSession:
        """Show entry ``index`` of the current line."""
        self.timeline.goto(index)
        self._changed()
        return self

    def back(self, n: int = 1) -> GameSession:
        """Step back ``n`` entries (not before the start)."""
        self.timeline.back(n)
        self._changed()
        return self

    def goto_round(self, round_number: int) -> GameSession:
        """Show the first entry of round ``round_number`` (refused if not reached yet)."""
        reached = self.timeline.rounds()
        if round_number not in reached:
            raise ScenarioError(
                f"round {round_number} has not been reached (rounds {reached[0]} to {reached[-1]})"
            )
        self.timeline.goto_round(round_number)
        self._changed()
        return self

    def _next_move(self) -> BotMove | bool:
        """What moving one entry on takes: ``True`` (done: the entry was recorded and is
        now shown), ``False`` (nothing can move: the notice says why) or a bot's move to
        work out (a function returning the action, run wherever the caller likes)."""
        tl = self.timeline
        if not tl.at_end:
            tl.forward()
            return True
        if self.is_over:
            self.notice = "The game is over."
            return False
        acting = self.acting
        if acting is None:
            self.notice = "Nobody can act here."
            return False
        if self.controllers[acting] == HUMAN:
            self.notice = f"Waiting for {self.player_names[acting]} (played by hand)."
            return False
        return BotMove(self.kit.bots[self.bot], self.state, self.rules, self.rng)

    def stepping(self, unit: str = "action") -> Generator[BotMove, Action, int]:
        """:meth:`step` one bot move at a time, for a caller that works the moves out
        elsewhere (a worker, while the page keeps answering).

        Yields each bot move (a :class:`BotMove`: call it for the action) and
        takes the action back (``gen.send(move())``); returns the number of
        entries moved.
        Driven to the end it changes the session exactly as :meth:`step` does
        (the same moves from the same random stream). Closed early, it keeps the
        moves made and announces nothing (the caller shows the state).
        """
        if unit not in ("action", "turn", "round"):
            raise ValueError(f"unknown step unit {unit!r} (action, turn or round)")
        self.notice = ""
        start_player, start_round = self.acting, self.round
        moved = 0
        try:
            while moved < MAX_STEPS_PER_CLICK:
                move = self._next_move()
                if move is False:
                    break
                if move is not True:
                    self.timeline.play((yield move))
                moved += 1
                if unit == "action":
                    break
                if unit == "turn" and (self.acting != start_player or self.round != start_round):
                    break
                if unit == "round" and (self.round != start_round or self.is_over):
                    break
        except GeneratorExit:
            raise
        except BaseException:
            self._changed()
            raise
        self._changed()
        return moved

    def step(self, unit: str = "action") -> int:
        """Go forward one ``action``, one player's ``turn`` or one ``round``.

        Recorded history is replayed first; beyond it the bot plays bot seats.
        Stops early at a human seat or the end of the game. Returns the number
        of entries moved.
        """
        return drive(self.stepping(unit))

    # -- playing and directing -----------------------------------------------------------
    def play(self, action: Action) -> bool:
        """Play ``action`` at the cursor (by hand); later history in this line is dropped.

        A refused action sets :attr:`error` to the engine's reason, changes
        nothing, and returns False.
        """
        try:
            self.timeline.play(action)
        except IllegalActionError as exc:
            self.error = exc.reason
            self.version += 1
            return False
        self.error = ""
        self._changed()
        return True

    def direct(self, action: DirectorAction) -> bool:
        """Apply a director action (stat tweak, part swap, forced dice) at the cursor."""
        return self.play(action)

    def set_controller(self, seat: int, who: str) -> None:
        """Make ``seat`` played by ``'bot'`` or ``'human'``."""
        if who not in (BOT, HUMAN):
            raise ValueError(f"a seat is played by {BOT!r} or {HUMAN!r}, not {who!r}")
        ctl = list(self.controllers)
        ctl[seat] = who
        self.param.update(controllers=ctl, version=self.version + 1)

    # -- whole games -------------------------------------------------------------------
    def reset(self) -> GameSession:
        """Back to the start of the current line's game (history kept until a new move)."""
        self.timeline.goto(0)
        self._changed()
        return self

    def new_random(self, seed: int) -> GameSession:
        """Start a fresh random game from ``seed``."""
        if not isinstance(seed, int) or seed < 0:
            raise ScenarioError(f"a seed must be a whole number >= 0, got {seed!r}")
        tl = self._random_timeline(seed)
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.shown = f"a random game from seed {seed}"
        self._start(tl)
        self.notice = f"New random game from seed {seed}."
        return self

    def load_scenario(self, title: str) -> GameSession:
        """Start from the bundled scenario ``title``."""
        if title not in self.kit.scenarios:
            known = ", ".join(self.kit.scenarios) or "none"
            raise ScenarioError(f"no bundled scenario {title!r} (known: {known})")
        tl = self.kit.scenarios[title]()
        _check_game(self.kit, tl)
        tl.goto(0)
        self.shown = f"the bundled scenario {title}"
        self._start(tl)
        self.notice = f"Loaded scenario {title}."
        return self

    def fork(self, fresh_dice: bool = False, seed: int | None = None) -> GameSession:
        """Start a new line from the cursor (same dice, or fresh dice) and show it."""
        child = self.timeline.fork(fresh_dice=fresh_dice, seed=seed)
        self.lines.append(child)
        with param.parameterized.discard_events(self):
            self.line = len(self.lines) - 1
        how = "fresh dice" if fresh_dice else "the same dice"
        self.notice = f"Line {self.line + 1} forked at step {child.index} with {how}."
        self._changed()
        return self

    def show_line(self, index: int) -> GameSession:
        """Show line of play ``index``."""
        if not 0 <= index < len(self.lines):
            raise IndexError(f"there is no line {index + 1}")
        with param.parameterized.discard_events(self):
            self.line = index
        self._changed()
        return self

    # -- saving ------------------------------------------------------------------------
    def dumps(self) -> str:
        """The current line up to the cursor as saved-game JSON."""
        return self.timeline.fork().dumps()

    def load_text(self, text: str | bytes, source: str = "saved game") -> GameSession:
        """Load a saved game; :class:`ScenarioError` naming ``source`` if it is bad."""
        return self.adopt(self.read_text(text, source), f"Loaded {source}.", f"the {source}")

    def read_text(self, text: str | bytes, source: str = "saved game") -> Timeline:
        """The game a saved-game text holds, for this dashboard; changes nothing.

        Safe to run in a worker thread; replaying stops with a
        :class:`ScenarioError` after :data:`LOAD_BUDGET_S` seconds.
        """
        if len(text) > MAX_SAVED_GAME_BYTES:
            raise ScenarioError(f"{source}: file too large ({len(text)} bytes)")
        with time_budget(LOAD_BUDGET_S, f"{source}: replaying the game"):
            tl = Timeline.loads(text, source=source)
        _check_game(self.kit, tl)
        return tl

    def adopt(self, tl: Timeline, notice: str = "", shown: str = "a loaded game") -> GameSession:
        """Show game ``tl`` (from :meth:`read_text` or :meth:`read_share_token`) at its end;
        ``shown`` says where it came from."""
        tl.goto(-1)
        self.shown = shown
        self.kit = kit_playing(self.kit, tl)
        self._start(tl)
        self.notice = notice
        return self

    def share_token(self) -> str:
        """The current line up to the cursor as a ``?game=`` token; a game too long for a
        URL is refused (:class:`ScenarioError` pointing to the saved-game file)."""
        return check_link_length(encode_share_token(self.timeline.fork()), making=True)

    def load_share_token(self, token: str) -> GameSession:
        """Replace the game with the one a share link holds."""
        return self.adopt(
            self.read_share_token(token),
            "Loaded the game from the link.",
            "the game of a share link",
        )

    def read_share_token(self, token: str) -> Timeline:
        """The game a share link holds, for this dashboard; changes nothing (see read_text).
        A long link is replayed in a worker process (see :func:`replay_share_token`)."""
        tl = replay_share_token(token, LOAD_BUDGET_S)
        _check_game(self.kit, tl)
        return tl

    # -- the log -------------------------------------------------------------------------
    def log_lines(self, upto: int | None = None) -> list[LogLine]:
        """Event-log lines of the current line up to entry ``upto`` (the cursor)."""
        tl = self.timeline
        upto = tl.index if upto is None else upto
        rules = tl.rules
        out: list[LogLine] = []
        for i in range(1, upto + 1):
            entry = tl.entries[i]
            hit = self._log_cache.get(i)  # by position, checked against the entry there
            if hit is None or hit[0] is not entry:
                rnd = rules.round_number(tl.entries[i - 1].state)
                lines = tuple(LogLine(i, rnd, ev.describe()) for ev in entry.events)
                if not lines and isinstance(entry.action, DirectorAction):
                    lines = (LogLine(i, rnd, entry.action.describe(), "director"),)
                hit = (entry, i, lines)
                self._log_cache[i] = hit
            out.extend(hit[2])
        return out

    def round_entries(self, round_number: int | None = None) -> list[int]:
        """Indices of entries (up to the cursor) whose action was taken in the round."""
        tl = self.timeline
        rnd = self.round if round_number is None else round_number
        rules = tl.rules
        return [
            i for i in range(1, tl.index + 1) if rules.round_number(tl.entries[i - 1].state) == rnd
        ]


def drive(moves: Generator[Callable[[], Any], Any, int]) -> int:
    """Run a :meth:`GameSession.stepping` generator here and now: each move worked out at
    once; returns what the generator returns."""
    try:
        work = next(moves)
        while True:
            work = moves.send(work())
    except StopIteration as done:
        return done.value


def _check_game(kit: GameKit, tl: Timeline) -> None:
    if tl.rules.name != kit.name:
        raise ScenarioError(f"this is a {tl.rules.name!r} game; this dashboard plays {kit.name!r}")
