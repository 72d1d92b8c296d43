"""The "Simulate" tab of every dashboard: many bot games from the position shown, with progress.

:class:`SimulationPanel` plays seeded games with
:func:`racerlab.analysis.simulate.simulate` from the session's current position
(every game with fresh dice and, where a game has them, its unseen cards
reshuffled; the same seed giving the same games) and shows each seat's share of
wins with a 95% Wilson interval, and the other outcomes the game has (nobody, a
shared win, the boss), with charts of the distributions behind those rates under the table
(:func:`racerlab.viz.simulation_charts.simulation_charts`: places, Glory or rings per seat,
rounds, the boss's damage), built from a run's results when it ends. The run is the
session's one job (:mod:`racerlab.app.server.jobs`): a thread of the server hands its games, a short
chunk at a time, to the shared worker processes in turn with other sessions'
heavy work (:func:`racerlab.app.server.jobs.run_elsewhere`), so the server's own
interpreter only waits; a progress bar follows them, *Stop* (or the page
closing) ends the run after the chunk being played, keeping the games played,
and the results of a stopped run are shown for what they are. A run whose
first games say it would take more than :data:`ASK_OVER_S` pauses and asks: go
on, stop, or play :data:`FEWER_GAMES` games instead. While a run goes, the last
run's table stays below it, labelled with its settings.

Widgets are only touched on the server's event loop: the worker writes its
progress to plain attributes and a periodic callback copies them to the page
(every :data:`POLL_MS`, one number and one line, only what changed). Outside
a served page (a test, a script) :meth:`SimulationPanel.poll` does that copy when called.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future
from typing import Any

import panel as pn
import param

from ...analysis.compare import wilson
from ...analysis.simulate import simulate
from ...core.errors import RacerlabError
from ...viz.simulation_charts import simulation_charts
from ..kit.escape import fill, html_pane, markdown_pane
from ..kit.escape import text as esc
from ..kit.redraw import SessionView, set_text
from ..kit.session import GameSession
from ..server import jobs

__all__ = [
    "ASK_OVER_S",
    "ESTIMATE_AFTER_S",
    "FEWER_GAMES",
    "MAX_GAMES",
    "POLL_MS",
    "SimulationPanel",
    "duration",
    "other_outcomes",
    "win_table",
]

MAX_GAMES = 20_000
"""Most games one run may ask for (a run can be stopped at any time)."""
POLL_MS = 500
"""How often (ms) the page copies the worker's progress while a run is going."""
ASK_OVER_S = 120.0
"""A run estimated to take longer than this (seconds) pauses after its first games and asks."""
ESTIMATE_AFTER_S = 1.0
"""The estimate is made once the run has played a game and worked this long (seconds)."""
FEWER_GAMES = 10
"""The smaller run offered instead of a long one."""

_CONTINUE, _STOP, _FEWER = "continue", "stop", "fewer"


def duration(seconds: float) -> str:
    """A duration in words, rounded for a person.

    >>> duration(42), duration(2040), duration(7300)
    ('42 s', '34 min', '2.0 h')
    """
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 3600 * 1.5:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class SimulationPanel(SessionView):
    """Run bot games from the current position and show who wins how often."""

    running = param.Boolean(default=False, doc="Whether a run is going.")

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(session, **params)
        g = session.guarded
        wide = {"sizing_mode": "stretch_width"}
        self.games = pn.widgets.IntInput(
            label="Games", value=100, start=1, end=MAX_GAMES, step=50, **wide
        )
        self.seed = pn.widgets.IntInput(label="Seed", value=0, start=0, **wide)
        self.bot = pn.widgets.Select(label="Bot for every seat", options=[], **wide)
        self.reshuffle = pn.widgets.Checkbox(
            label="Shuffle the cards nobody has seen (the decks) for each game", value=True
        )
        self.run_button = pn.widgets.Button(label="Simulate", color="primary", **wide)
        self.stop_button = pn.widgets.Button(label="Stop", disabled=True, **wide)
        self.run_button.on_click(g(self._on_run, "simulate"))
        self.stop_button.on_click(g(self._on_stop, "stop the simulation"))
        self.progress = pn.indicators.Progress(
            label="Games played", value=0, max=100, bar_color="primary", **wide
        )
        self.status = markdown_pane("", **wide)
        self.continue_button = pn.widgets.Button(label="Continue", color="primary")
        self.stop_now_button = pn.widgets.Button(label="Stop")
        self.fewer_button = pn.widgets.Button(label=f"Run {FEWER_GAMES} games instead")
        self.continue_button.on_click(g(lambda e: self.answer(_CONTINUE), "simulate"))
        self.stop_now_button.on_click(g(lambda e: self.answer(_STOP), "simulate"))
        self.fewer_button.on_click(g(lambda e: self.answer(_FEWER), "simulate"))
        self.ask = pn.Row(
            self.continue_button, self.stop_now_button, self.fewer_button, visible=False
        )
        self.table = html_pane("", **wide)
        self.charts = pn.Column(**wide)  # the last run's charts (none before a run ends)
        self.previous = html_pane("", **wide)
        self._summary = ""  # what the table shows, to keep as the previous run's
        self._context = ""  # the position and settings of the run going or shown
        self._stop = threading.Event()
        self._answered = threading.Event()
        self._answer = _CONTINUE
        self._question = 0.0  # the estimate (s) the worker asks about; 0 when not asking
        self._limit = 0  # games the run plays at most (fewer than asked, if so chosen)
        self._done = 0
        self._total = 0
        self._started = 0.0
        self._result: Any = None
        self._failure: BaseException | None = None
        self._future: Future | None = None
        self._job: Any = None  # the run's job (racerlab.app.server.jobs)
        self._finished = threading.Event()
        self._poller: Any = None
        self._hooked = False  # whether closing the page stops a run (served pages only)
        self._names: list[str] = []
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(
            markdown_pane(
                "Play many games on from the position shown (as it is when you press "
                "*Simulate*), with fresh dice each game, and see how often each seat wins."
            ),
            pn.Row(self.games, self.seed, self.bot),
            self.reshuffle,
            pn.Row(self.run_button, self.stop_button),
            # the run's progress, its question and its results right under the button
            self.progress,
            self.status,
            self.ask,
            self.table,
            self.charts,
            self.previous,
            sizing_mode="stretch_width",
        )

    def refresh(self) -> None:
        """Keep the bot choice in step with the session's bots; offer the shuffle of unseen
        cards only for a game that has some."""
        self.reshuffle.visible = hasattr(self.session.state, "unseen_shuffled")
        bots = list(self.session.kit.bots)
        if self.bot.options != bots:
            self.bot.options = bots
        if self.bot.value not in bots:
            self.bot.value = self.session.bot if self.session.bot in bots else bots[0]

    # -- running -------------------------------------------------------------------------------
    def start(self) -> None:
        """Start a run in a worker thread (see the module doc)."""
        if self.running:
            return
        s = self.session
        if s.is_over:
            raise RacerlabError("the game is over: go back to a position still in play")
        if self.games.value is None or not 1 <= int(self.games.value) <= MAX_GAMES:
            raise RacerlabError(f"Games: type a whole number 1..{MAX_GAMES}")
        if self.seed.value is None:
            raise RacerlabError("Seed: type a whole number (0 or more)")
        total = int(self.games.value)
        seed = int(self.seed.value)
        reshuffle = bool(self.reshuffle.value and self.reshuffle.visible)
        policy = s.kit.bots[self.bot.value]
        rules, timeline = s.kit.rules(), s.timeline  # own rules: no caches shared across threads
        job = jobs.begin_job(s, "simulating games")  # refused while another job of this page runs
        self._names = s.player_names
        self._settings = (s.status(), seed, self.bot.value, reshuffle)
        self._context = self._describe(total)
        self._stop.clear()
        self._answered.clear()
        self._answer, self._question, self._limit = _CONTINUE, 0.0, total
        self._done, self._total, self._started = 0, total, time.perf_counter()
        self._result = self._failure = None
        self._finished.clear()

        self._job = job

        def elsewhere(fn: Any, *args: Any) -> Any:
            return jobs.run_elsewhere(self._cancelled, fn, *args)

        def work() -> None:
            try:
                self._result = simulate(
                    rules,
                    timeline,
                    games=total,
                    seed=seed,
                    policies=policy,
                    progress=self._count,
                    stop=self._should_stop,
                    reshuffle_unseen=reshuffle,
                    runner=elsewhere,
                )
            except BaseException as exc:  # shown on the page by poll()
                self._failure = exc
            finally:
                self._finished.set()

        self.running = True
        self.progress.max, self.progress.value = total, 0
        self.run_button.disabled, self.stop_button.disabled = True, False
        if self._summary:  # the last run stays in view, labelled, while this one goes
            set_text(self.previous, f"<h4>Previous run</h4>{self._summary}")
            self._summary = ""
        set_text(self.table, "")
        self.charts.objects = []  # the charts show the run the table shows
        set_text(self.status, f"Playing {total} game(s)...")
        self._future = jobs.submit_job(work)
        doc = pn.state.curdoc
        if doc is not None and doc.session_context is not None:
            self._poller = pn.state.add_periodic_callback(self.poll, period=POLL_MS)
            if not self._hooked:  # a closed page stops its run instead of playing on unseen
                doc.on_session_destroyed(self._on_stop)
                self._hooked = True

    def _describe(self, games: int) -> str:
        where, seed, bot, reshuffle = self._settings
        return f"{where}; {games} game(s), seed {seed}, {bot} bots" + (
            ", unseen cards reshuffled" if reshuffle else ""
        )

    def stop(self) -> None:
        """Ask the run to stop after the game being played (the games played are kept)."""
        self._stop.set()
        self._answered.set()  # a run waiting for an answer stops too

    def answer(self, choice: str) -> None:
        """Answer the question a long run asks: ``"continue"``, ``"stop"`` or ``"fewer"``
        (play :data:`FEWER_GAMES` games in all)."""
        if choice not in (_CONTINUE, _STOP, _FEWER):
            raise ValueError(f"unknown answer {choice!r}")
        self._answer = choice
        if choice == _STOP:
            self._stop.set()
        self._answered.set()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the worker (scripts and tests), then :meth:`poll` once."""
        if self._future is not None:
            self._finished.wait(timeout)
        self.poll()

    def wait_for_question(self, timeout: float | None = None) -> float:
        """Wait until the run asks about its length (tests); the estimate in seconds."""
        deadline = time.monotonic() + (timeout or 1e9)
        while not self._question and not self._finished.is_set():
            if time.monotonic() > deadline:
                break
            time.sleep(0.01)
        self.poll()
        return self._question

    def _cancelled(self) -> bool:
        """Stop pressed, or the run's job cancelled (its page closed)."""
        return self._stop.is_set() or (self._job is not None and self._job.cancelled)

    def _should_stop(self) -> bool:
        return self._cancelled() or self._done >= self._limit

    def _count(self, done: int, total: int) -> None:
        """After each chunk of games (in the run's thread): note it, and ask once if the run
        looks long."""
        self._done = done  # the worker only writes plain attributes
        elapsed = time.perf_counter() - self._started
        undecided = self._answer == _CONTINUE and not self._answered.is_set()
        if undecided and done < total and elapsed >= ESTIMATE_AFTER_S:
            estimate = elapsed / done * total
            if estimate > ASK_OVER_S:
                self._ask(estimate)
            else:
                self._answered.set()  # short enough: never ask

    def _ask(self, estimate: float) -> None:
        """Pause the run (holding no slot: chunks take one each) until the page answers."""
        self._question = estimate
        asked = time.perf_counter()
        while not self._answered.wait(0.25):
            pass
        self._started += time.perf_counter() - asked  # the time waiting is not the run's
        self._question = 0.0
        if self._answer == _FEWER:
            self._limit = min(self._limit, FEWER_GAMES)

    def poll(self) -> None:
        """Copy the worker's progress (and, when it has finished, its results) to the page."""
        if not self.running:
            return
        done = min(self._done, self._limit, self.progress.max)
        if self.progress.value != done:
            self.progress.value = done
        elapsed = time.perf_counter() - self._started
        if not self._finished.is_set():
            asking = bool(self._question)
            if asking:
                fewer = self._done < FEWER_GAMES < self._total
                self.fewer_button.visible = fewer
                set_text(
                    self.status,
                    f"**About {duration(self._question)} for {self._total} games** "
                    f"({self._done} played in {elapsed:.0f} s). Go on?",
                )
            else:
                set_text(self.status, f"{done} of {self._total} game(s), {elapsed:.1f} s")
            if self.ask.visible != asking:
                self.ask.visible = asking
            return
        self._finish(elapsed)

    def _finish(self, elapsed: float) -> None:
        self.running = False
        self.ask.visible = False
        jobs.end_job(self.session)
        if self._poller is not None:
            self._poller.stop()
            self._poller = None
        self.run_button.disabled, self.stop_button.disabled = False, True
        if self._failure is not None:
            set_text(self.status, "The run failed (see the message above).")
            self.session.report(self._failure, "simulate")
            return
        df = self._result
        if df is not None and len(df) > self._limit:  # a chunk went past the games chosen
            df = _first_games(df, self._limit)
        played = 0 if df is None else len(df)
        fewer = self._limit < self._total and played == self._limit and not self._stop.is_set()
        stopped = df is not None and df.attrs.get("interrupted") and not fewer
        self.progress.value = min(played, self.progress.max)
        if fewer:
            self._context = self._describe(played) + f" (cut from {self._total})"
        set_text(
            self.status,
            f"{played} game(s) in {elapsed:.1f} s"
            + (f" (stopped after {played} of {self._total})" if stopped else "")
            + (f" ({played} of the {self._total} asked for, as chosen)" if fewer else "")
            + ".",
        )
        table = win_table(df, self._names)
        self._summary = fill("<p><em>{context}</em></p>", context=self._context) + table
        set_text(self.table, table)
        self._draw_charts(df)

    def _draw_charts(self, df: Any) -> None:
        """The charts of the run's results under its table (a chart that cannot be drawn
        is reported; the table stays)."""
        try:
            figures = simulation_charts(df, self._names)
        except Exception as exc:
            self.session.report(exc, "draw the simulation's charts")
            return
        self.charts.objects = [
            pn.pane.Bokeh(fig, sizing_mode="stretch_width", height=fig.height) for fig in figures
        ]

    def _on_run(self, _event: Any) -> None:
        self.start()

    def _on_stop(self, _event: Any) -> None:
        """The Stop button, and the served page's session being destroyed."""
        self.stop()


def _first_games(df: Any, n: int) -> Any:
    """The first ``n`` games of a run's table: the same games as an ``n``-game run with its
    seed (game ``i`` depends only on the seed and ``i``)."""
    first = df.head(n).copy()
    first.attrs = dict(df.attrs)
    return first


def win_table(df: Any, names: list[str]) -> str:
    """An HTML table of each seat's wins, share and 95% Wilson interval over the games in
    ``df`` (a :func:`~racerlab.analysis.simulate.simulate` table), plus the games no single
    seat won, by the outcomes the game has (:func:`other_outcomes`)."""
    if df is None or len(df) == 0:
        return "<p>No games were played.</p>"
    n = len(df)
    rows = [(esc(name), int((df["winner"] == seat).sum())) for seat, name in enumerate(names)]
    rows += [(label, count) for label, count in other_outcomes(df) if count]
    body = ""
    for label, count in rows:
        p, low, high = wilson(count, n)
        body += (
            f"<tr><td>{label}</td><td>{count}</td><td>{p:.1%}</td>"
            f"<td>{low:.1%} to {high:.1%}</td></tr>"
        )
    rounds = df["rounds"].mean()
    return (
        '<table class="racerlab-sim"><thead><tr><th>seat</th><th>wins</th><th>share</th>'
        f"<th>95% interval</th></tr></thead><tbody>{body}</tbody></table>"
        f"<p>{n} game(s); {rounds:.1f} rounds on average.</p>"
    )


def other_outcomes(df: Any) -> list[tuple[str, int]]:
    """The games no single seat won, by outcome: only those the game's table can tell
    (the columns come from the game's descriptor): ``boss_escaped`` says a boss got away,
    ``winners`` counts a shared win; the rest nobody won.

    >>> import pandas as pd
    >>> other_outcomes(pd.DataFrame({"winner": [0, -1, -1]}))
    [('nobody', 2)]
    >>> other_outcomes(pd.DataFrame({"winner": [-1, -1, -1, 1], "winners": [2, 0, 0, 1],
    ...                              "boss_escaped": [False, True, False, False]}))
    [('a shared win', 1), ('the boss (it got away)', 1), ('nobody', 1)]
    """
    left = df["winner"] < 0
    out = []
    if "winners" in df:
        shared = left & (df["winners"] > 1)
        out.append(("a shared win", int(shared.sum())))
        left &= ~shared
    if "boss_escaped" in df:
        boss = left & df["boss_escaped"].astype(bool)
        out.append(("the boss (it got away)", int(boss.sum())))
        left &= ~boss
    out.append(("nobody", int(left.sum())))
    return out
