"""The Simulate tab: bot games from the position shown, with progress, stop and results."""

from __future__ import annotations

import re

import pytest

from racerlab.analysis.simulate import simulate
from racerlab.app.kit.session import GameSession
from racerlab.app.knights.dashboard import knights_kit
from racerlab.app.panels.simulation import MAX_GAMES, SimulationPanel, win_table
from racerlab.app.sonic.dashboard import sonic_kit


@pytest.fixture(params=["knights", "sonic"])
def session(request) -> GameSession:
    kit = knights_kit() if request.param == "knights" else sonic_kit()
    s = GameSession(kit, seed=3)
    s.step("round")  # simulate from a position in play, not the start
    return s


@pytest.fixture
def panel(session) -> SimulationPanel:
    """The Simulate tab of ``session``."""
    return SimulationPanel(session)


def _play(panel: SimulationPanel, games: int, seed: int | None = None) -> SimulationPanel:
    """Run ``games`` games (from ``seed`` if given) through the tab and wait for the end."""
    panel.games.value = games
    if seed is not None:
        panel.seed.value = seed
    panel.start()
    panel.wait(timeout=300)
    return panel


def _played_here(session, panel: SimulationPanel, games: int, seed: int):
    """The same games as the tab plays, played here by simulate() from the same position,
    seed and bot (cards nobody has seen reshuffled where they hide: the tab's default)."""
    return simulate(
        session.kit.rules(),
        session.timeline,
        games=games,
        seed=seed,
        policies=session.kit.bots[panel.bot.value],
        progress=False,
        reshuffle_unseen=session.kit.name == "sonic",
    )


def _start_long_run(panel: SimulationPanel) -> SimulationPanel:
    """Start a run of 5,000 games (far more than a test lets finish)."""
    panel.games.value = 5_000
    panel.start()
    return panel


def test_a_run_plays_the_games_asked_for_and_shows_each_seats_wins(session, panel):
    panel.games.value, panel.seed.value = 6, 11
    panel.start()
    assert panel.running and panel.run_button.disabled and not panel.stop_button.disabled
    panel.wait(timeout=300)
    assert not panel.running and not panel.run_button.disabled
    assert panel.progress.value == 6
    assert re.match(r"6 game\(s\) in [\d.]+ s\.$", panel.status.object)
    df = _played_here(session, panel, 6, seed=11)
    assert panel.reshuffle.visible == (session.kit.name == "sonic")
    assert panel.table.object == win_table(df, session.player_names)
    for seat, name in enumerate(session.player_names):
        wins = int((df["winner"] == seat).sum())
        assert f"<td>{name}</td><td>{wins}</td>" in panel.table.object


def test_stop_keeps_the_games_played_and_says_so(panel):
    _start_long_run(panel)
    panel.stop()
    panel.wait(timeout=300)
    played = panel.progress.value
    assert played < 5_000
    assert f"(stopped after {played} of 5000)" in panel.status.object
    assert not panel.running and not panel.run_button.disabled and panel.stop_button.disabled


def test_a_finished_game_is_refused_on_the_page_and_nothing_runs(session, panel):
    session.step("round")
    while not session.is_over:
        session.step("round")
    session.guarded(panel._on_run, "simulate")(None)
    assert "game is over" in session.error
    assert not panel.running and panel._future is None and not session.busy


def test_win_table_counts_games_nobody_won():
    import pandas as pd

    df = pd.DataFrame({"winner": [0, 1, 1, -1], "rounds": [3, 4, 5, 6]})
    table = win_table(df, ["Ann", "Bo"])
    assert "<td>Ann</td><td>1</td><td>25.0%</td>" in table
    assert "<td>Bo</td><td>2</td><td>50.0%</td>" in table
    assert "<td>nobody</td><td>1</td>" in table
    assert "boss" not in table and "shared" not in table
    assert "4 game(s); 4.5 rounds on average." in table


def test_only_the_outcomes_a_game_has_are_shown():
    """Racer Knights has no boss (its table has no boss column): no boss row, ever."""
    session = GameSession(knights_kit(), seed=3)
    df = simulate(session.kit.rules(), session.timeline, games=4, seed=2, progress=False)
    assert "boss_escaped" not in df
    df.loc[0, "winner"] = -1
    table = win_table(df, session.player_names)
    assert "<td>nobody</td><td>1</td>" in table and "boss" not in table
    boss = sonic_kit()
    boss_session = GameSession(boss, seed=3)
    boss_session.load_scenario("Boss: Dr. Eggman chases Sonic and Tails")
    df = simulate(boss.rules(), boss_session.timeline, games=3, seed=1, progress=False)
    df["winner"], df["winners"], df["boss_escaped"] = -1, 0, [True, False, False]
    table = win_table(df, boss_session.player_names)
    assert "<td>the boss (it got away)</td><td>1</td>" in table
    assert "<td>nobody</td><td>2</td>" in table


def test_a_second_run_keeps_the_first_beside_it_for_comparison(session, panel):
    first = _play(panel, 3, seed=1).table.object
    assert panel.previous.object == ""
    session.step("action")  # a later position, then run again
    panel.seed.value = 2
    panel.start()
    # while the new run goes, the first is shown labelled as the previous run, with its
    # settings, and the table waits for the new run's results
    assert panel.running and panel.table.object == ""
    assert panel.previous.object.startswith("<h4>Previous run</h4>")
    assert first in panel.previous.object
    assert "3 game(s), seed 1, " in panel.previous.object
    panel.wait(timeout=300)
    assert panel.previous.object.startswith("<h4>Previous run</h4>")
    assert first in panel.previous.object and panel.table.object != ""


def test_closing_the_page_stops_a_run(panel):
    _start_long_run(panel)
    panel._on_stop(None)  # what the served page's destroy hook calls
    panel.wait(timeout=300)
    assert panel.progress.value < 5_000 and "stopped after" in panel.status.object


def test_the_previous_runs_caption_says_where_it_was_played_from(session, panel):
    for _ in range(2):
        _play(panel, 2)
    caption = panel.previous.object
    assert "bound method" not in caption
    assert session.status().split(" · ")[0] in caption  # "Round N"


def test_an_empty_games_box_is_refused_with_a_clear_reason(session, panel):
    panel.games.value = None
    panel.run_button.clicks += 1
    assert not panel.running
    assert session.error == f"simulate: Games: type a whole number 1..{MAX_GAMES}"


@pytest.fixture
def long_runs_ask(monkeypatch):
    """Every run looks long after its first game (the search bot's real case, made quick)."""
    from racerlab.app.panels import simulation

    monkeypatch.setattr(simulation, "ASK_OVER_S", 0.0)
    monkeypatch.setattr(simulation, "ESTIMATE_AFTER_S", 0.0)


def _asking_run(panel: SimulationPanel, games: int = 40) -> SimulationPanel:
    panel.games.value, panel.seed.value = games, 5
    panel.start()
    estimate = panel.wait_for_question(timeout=300)
    assert estimate > 0
    assert panel.ask.visible and panel.running
    assert re.match(r"\*\*About \d+ s for 40 games\*\* \(1 played in", panel.status.object)
    assert panel.fewer_button.visible and panel.fewer_button.label == "Run 10 games instead"
    return panel


def test_a_long_run_pauses_and_asks_then_goes_on(panel, long_runs_ask):
    _asking_run(panel)
    panel.continue_button.clicks += 1
    panel.wait(timeout=600)
    assert not panel.ask.visible and panel.progress.value == 40
    assert re.match(r"40 game\(s\) in [\d.]+ s\.$", panel.status.object)


def test_a_long_run_asked_can_play_ten_games_instead_the_same_ten(session, panel, long_runs_ask):
    _asking_run(panel)
    panel.fewer_button.clicks += 1
    panel.wait(timeout=300)
    assert panel.progress.value == 10
    assert "10 game(s) in" in panel.status.object and "as chosen" in panel.status.object
    assert panel.table.object == win_table(
        _played_here(session, panel, 10, seed=5), session.player_names
    )
    assert "10 game(s), seed 5" in panel._summary and "(cut from 40)" in panel._summary


def test_a_long_run_asked_can_stop(panel, long_runs_ask):
    _asking_run(panel)
    panel.stop_now_button.clicks += 1
    panel.wait(timeout=300)
    assert not panel.running and panel.progress.value < 40
    assert "stopped after" in panel.status.object


def test_a_short_run_never_asks(panel):
    _play(panel, 3)
    assert not panel.ask.visible and panel._question == 0.0 and panel.progress.value == 3


def test_the_progress_and_results_sit_right_under_the_simulate_button(panel):
    column = panel.__panel__()
    buttons = next(i for i, o in enumerate(column) if panel.run_button in getattr(o, "objects", []))
    assert list(column)[buttons + 1 : buttons + 5] == [
        panel.progress,
        panel.status,
        panel.ask,
        panel.table,
    ]


def test_a_run_is_the_pages_one_job_and_a_step_meanwhile_is_refused(session, panel, long_runs_ask):
    from racerlab.app.server.jobs import BUSY, Busy, step_later

    _asking_run(panel)
    assert session.busy == "simulating games"
    with pytest.raises(Busy, match=BUSY):
        from racerlab.app.server import jobs

        jobs.begin_job(session, "step")
    panel.stop()
    panel.wait(timeout=300)
    assert session.busy == ""
    step_later(session, "action", "step")  # free again


def test_the_games_are_played_elsewhere_a_chunk_at_a_time(session, panel, monkeypatch):
    """The run hands its games to jobs.run_elsewhere (worker processes, in turn with other
    sessions), the first chunk one game; the table is the same as played here."""
    from racerlab.analysis.parallel import play_payload
    from racerlab.app.server import jobs

    pieces: list[tuple] = []
    real = jobs.run_elsewhere

    def spy(cancelled, fn, *args):
        pieces.append((fn, args[-1]))
        return real(cancelled, fn, *args)

    monkeypatch.setattr(jobs, "run_elsewhere", spy)
    panel = SimulationPanel(session)
    _play(panel, 4, seed=2)
    assert pieces and pieces[0][1] == [0]
    assert [i for _, chunk in pieces for i in chunk] == [0, 1, 2, 3]
    if session.kit.name == "knights":  # its game pickles: played in the worker processes
        assert all(fn is play_payload for fn, _ in pieces)
    assert panel.table.object == win_table(
        _played_here(session, panel, 4, seed=2), session.player_names
    )


def test_a_closed_pages_job_stops_its_run(session, panel):
    """Closing the page cancels the page's job (racerlab.app.server.jobs): the run stops too."""
    from racerlab.app.server import jobs

    _start_long_run(panel)
    jobs.cancel_job(session, closed=True)
    panel.wait(timeout=300)
    assert panel.progress.value < 5_000 and "stopped after" in panel.status.object
    assert session.busy == ""


def _chart_names(panel: SimulationPanel) -> list[str]:
    return [pane.object.name for pane in panel.charts.objects]


def test_the_charts_come_with_a_runs_results_and_show_its_games(session, panel):
    from racerlab.viz.simulation_charts import simulation_charts

    assert panel.charts.objects == []  # the tab shown, no run yet: no chart built
    _play(panel, 6, seed=11)
    df = _played_here(session, panel, 6, seed=11)
    expected = simulation_charts(df, session.player_names)
    assert _chart_names(panel) == [f.name for f in expected]
    if session.kit.name == "knights":  # four knights in a joust
        assert _chart_names(panel) == ["places-chart", "points-chart", "rounds-chart"]
    else:  # a solo game against a boss
        assert _chart_names(panel) == ["points-chart", "rounds-chart", "boss-chart"]
    for pane, fig in zip(panel.charts.objects, expected):
        assert pane.sizing_mode == "stretch_width" and pane.height == fig.height
        shown = pane.object.renderers[0].data_source.data
        assert shown == fig.renderers[0].data_source.data


def test_a_new_run_clears_the_last_runs_charts_until_its_own_results(panel):
    _play(panel, 3, seed=1)
    assert panel.charts.objects
    _start_long_run(panel)
    assert panel.charts.objects == []
    panel.stop()
    panel.wait(timeout=300)
    # the stopped run's games drawn, if it played any
    assert bool(panel.charts.objects) == (panel.progress.value > 0)


def test_no_chart_is_built_before_the_simulate_tab_is_first_shown():
    from racerlab.app.knights.dashboard import knights_app

    app = knights_app(seed=3)
    assert not app.is_built("simulation")
    tab = app.show_tab("simulation")
    assert app.is_built("simulation") and tab.charts.objects == []
