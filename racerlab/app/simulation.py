"""The "Simulate" tab of every dashboard: many bot games from the position shown, with progress.

:class:`SimulationPanel` plays seeded games with
:func:`racerlab.analysis.simulate.simulate` from the session's current position
(every game with fresh dice and, where a game has them, its unseen cards
reshuffled; the same seed giving the same games) and shows each
seat's share of wins with a 95% Wilson interval. The games run in a worker
thread so the page stays live: a progress bar follows them, *Stop* ends the run
keeping the games already played, and the results of a stopped run are shown
for what they are.

Widgets are only touched on the server's event loop: the worker writes its
progress to plain attributes and a periodic callback copies them to the page.
Outside a served page (a test, a script) :meth:`SimulationPanel.poll` does that
copy when called.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import panel as pn
import param

from ..analysis.compare import wilson
from ..analysis.simulate import simulate
from ..core.errors import RacerlabError
from .controls import _SessionView, set_text
from .escape import text as esc
from .session import GameSession

__all__ = ["MAX_GAMES", "POLL_MS", "SimulationPanel"]

MAX_GAMES = 20_000
"""Most games one run may ask for (a run can be stopped at any time)."""
POLL_MS = 250
"""How often (ms) the page copies the worker's progress while a run is going."""


class SimulationPanel(_SessionView):
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
        self.status = pn.pane.Markdown("", **wide)
        self.table = pn.pane.HTML("", **wide)
        self.previous = pn.pane.HTML("", **wide)
        self._summary = ""  # what the table shows, to keep as the previous run's
        self._context = ""  # the position and settings of the run going or shown
        self._stop = threading.Event()
        self._done = 0
        self._total = 0
        self._started = 0.0
        self._result: Any = None
        self._failure: BaseException | None = None
        self._thread: threading.Thread | None = None
        self._poller: Any = None
        self._hooked = False  # whether closing the page stops a run (served pages only)
        self._names: list[str] = []
        self.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(
            pn.pane.Markdown(
                "Play many games on from the position shown (as it is when you press "
                "*Simulate*), with fresh dice each game, and see how often each seat wins."
            ),
            pn.Row(self.games, self.seed, self.bot),
            self.reshuffle,
            pn.Row(self.run_button, self.stop_button),
            self.progress,
            self.status,
            self.table,
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
        self._names = s.player_names
        self._context = f"{s.status()}; {total} game(s), seed {seed}, {self.bot.value} bots" + (
            ", unseen cards reshuffled" if reshuffle else ""
        )
        self._stop.clear()
        self._done, self._total, self._started = 0, total, time.perf_counter()
        self._result = self._failure = None

        def work() -> None:
            try:
                self._result = simulate(
                    rules,
                    timeline,
                    games=total,
                    seed=seed,
                    policies=policy,
                    progress=self._count,
                    stop=self._stop.is_set,
                    reshuffle_unseen=reshuffle,
                )
            except BaseException as exc:  # shown on the page by poll()
                self._failure = exc

        self.running = True
        self.progress.max, self.progress.value = total, 0
        self.run_button.disabled, self.stop_button.disabled = True, False
        set_text(self.status, f"Playing {total} game(s)...")
        self._thread = threading.Thread(target=work, name="racerlab-simulate", daemon=True)
        self._thread.start()
        doc = pn.state.curdoc
        if doc is not None and doc.session_context is not None:
            self._poller = pn.state.add_periodic_callback(self.poll, period=POLL_MS)
            if not self._hooked:  # a closed page stops its run instead of playing on unseen
                doc.on_session_destroyed(self._on_stop)
                self._hooked = True

    def stop(self) -> None:
        """Ask the run to stop after the game being played (the games played are kept)."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the worker (scripts and tests), then :meth:`poll` once."""
        if self._thread is not None:
            self._thread.join(timeout)
        self.poll()

    def _count(self, done: int, total: int) -> None:
        self._done = done  # the worker only writes plain attributes

    def poll(self) -> None:
        """Copy the worker's progress (and, when it has finished, its results) to the page."""
        if not self.running:
            return
        self.progress.value = min(self._done, self.progress.max)
        elapsed = time.perf_counter() - self._started
        if self._thread is not None and self._thread.is_alive():
            set_text(self.status, f"{self._done} of {self._total} game(s), {elapsed:.1f} s")
            return
        self.running = False
        if self._poller is not None:
            self._poller.stop()
            self._poller = None
        self.run_button.disabled, self.stop_button.disabled = False, True
        if self._failure is not None:
            set_text(self.status, "The run failed (see the message above).")
            self.session.report(self._failure, "simulate")
            return
        df = self._result
        played = 0 if df is None else len(df)
        stopped = df is not None and df.attrs.get("interrupted")
        self.progress.value = min(played, self.progress.max)
        set_text(
            self.status,
            f"{played} game(s) in {elapsed:.1f} s"
            + (f" (stopped after {played} of {self._total})" if stopped else "")
            + ".",
        )
        table = win_table(df, self._names)
        if self._summary:  # change a stat or a ruling, run again, and compare
            set_text(self.previous, f"<h4>Previous run</h4>{self._summary}")
        self._summary = f"<p><em>{esc(self._context)}</em></p>" + table
        set_text(self.table, table)

    def _on_run(self, _event: Any) -> None:
        self.start()

    def _on_stop(self, _event: Any) -> None:
        """The Stop button, and the served page's session being destroyed."""
        self.stop()


def win_table(df: Any, names: list[str]) -> str:
    """An HTML table of each seat's wins, share and 95% Wilson interval over the games in
    ``df`` (a :func:`~racerlab.analysis.simulate.simulate` table), plus games nobody won."""
    if df is None or len(df) == 0:
        return "<p>No games were played.</p>"
    n = len(df)
    rows = []
    for seat, name in enumerate(names):
        wins = int((df["winner"] == seat).sum())
        p, low, high = wilson(wins, n)
        rows.append((esc(name), wins, p, low, high))
    nobody = int((df["winner"] < 0).sum())
    body = "".join(
        f"<tr><td>{name}</td><td>{wins}</td><td>{p:.1%}</td><td>{low:.1%} to {high:.1%}</td></tr>"
        for name, wins, p, low, high in rows
    )
    if nobody:
        p, low, high = wilson(nobody, n)
        body += (
            f"<tr><td>nobody (or the boss)</td><td>{nobody}</td><td>{p:.1%}</td>"
            f"<td>{low:.1%} to {high:.1%}</td></tr>"
        )
    rounds = df["rounds"].mean()
    return (
        '<table class="racerlab-sim"><thead><tr><th>seat</th><th>wins</th><th>share</th>'
        f"<th>95% interval</th></tr></thead><tbody>{body}</tbody></table>"
        f"<p>{n} game(s); {rounds:.1f} rounds on average.</p>"
    )
