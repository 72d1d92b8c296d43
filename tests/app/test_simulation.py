"""The Simulate tab: bot games from the position shown, with progress, stop and results."""

from __future__ import annotations

import re

import pytest

from racerlab.analysis.simulate import simulate
from racerlab.app.knights_dashboard import knights_kit
from racerlab.app.session import GameSession
from racerlab.app.simulation import MAX_GAMES, SimulationPanel, win_table
from racerlab.app.sonic_dashboard import sonic_kit


@pytest.fixture(params=["knights", "sonic"])
def session(request) -> GameSession:
    kit = knights_kit() if request.param == "knights" else sonic_kit()
    s = GameSession(kit, seed=3)
    s.step("round")  # simulate from a position in play, not the start
    return s


def test_a_run_plays_the_games_asked_for_and_shows_each_seats_wins(session):
    panel = SimulationPanel(session)
    panel.games.value, panel.seed.value = 6, 11
    panel.start()
    assert panel.running and panel.run_button.disabled and not panel.stop_button.disabled
    panel.wait(timeout=300)
    assert not panel.running and not panel.run_button.disabled
    assert panel.progress.value == 6
    assert re.match(r"6 game\(s\) in [\d.]+ s\.$", panel.status.object)
    # the same games as simulate() from the same position, seed and bot
    df = simulate(
        session.kit.rules(),
        session.timeline,
        games=6,
        seed=11,
        policies=session.kit.bots[panel.bot.value],
        progress=False,
        reshuffle_unseen=session.kit.name == "sonic",  # the tab's default where cards hide
    )
    assert panel.reshuffle.visible == (session.kit.name == "sonic")
    assert panel.table.object == win_table(df, session.player_names)
    for seat, name in enumerate(session.player_names):
        wins = int((df["winner"] == seat).sum())
        assert f"<td>{name}</td><td>{wins}</td>" in panel.table.object


def test_stop_keeps_the_games_played_and_says_so(session):
    panel = SimulationPanel(session)
    panel.games.value = 5_000
    panel.start()
    panel.stop()
    panel.wait(timeout=300)
    played = panel.progress.value
    assert played < 5_000
    assert f"(stopped after {played} of 5000)" in panel.status.object
    assert not panel.running and not panel.run_button.disabled and panel.stop_button.disabled


def test_a_finished_game_is_refused_on_the_page_and_nothing_runs(session):
    session.step("round")
    while not session.is_over:
        session.step("round")
    panel = SimulationPanel(session)
    session.guarded(panel._on_run, "simulate")(None)
    assert "game is over" in session.error
    assert not panel.running and panel._thread is None


def test_win_table_counts_games_nobody_won():
    import pandas as pd

    df = pd.DataFrame({"winner": [0, 1, 1, -1], "rounds": [3, 4, 5, 6]})
    table = win_table(df, ["Ann", "Bo"])
    assert "<td>Ann</td><td>1</td><td>25.0%</td>" in table
    assert "<td>Bo</td><td>2</td><td>50.0%</td>" in table
    assert "<td>nobody (or the boss)</td><td>1</td>" in table
    assert "4 game(s); 4.5 rounds on average." in table


def test_a_second_run_keeps_the_first_beside_it_for_comparison(session):
    panel = SimulationPanel(session)
    panel.games.value, panel.seed.value = 3, 1
    panel.start()
    panel.wait(timeout=300)
    first = panel.table.object
    assert panel.previous.object == ""
    session.step("action")  # a later position, then run again
    panel.seed.value = 2
    panel.start()
    panel.wait(timeout=300)
    assert panel.previous.object.startswith("<h4>Previous run</h4>")
    assert first in panel.previous.object
    assert "3 game(s), seed 1, " in panel.previous.object


def test_closing_the_page_stops_a_run(session):
    panel = SimulationPanel(session)
    panel.games.value = 5_000
    panel.start()
    panel._on_stop(None)  # what the served page's destroy hook calls
    panel.wait(timeout=300)
    assert panel.progress.value < 5_000 and "stopped after" in panel.status.object


def test_the_previous_runs_caption_says_where_it_was_played_from(session):
    panel = SimulationPanel(session)
    panel.games.value = 2
    for _ in range(2):
        panel.start()
        panel.wait(timeout=300)
    caption = panel.previous.object
    assert "bound method" not in caption
    assert session.status().split(" · ")[0] in caption  # "Round N"


def test_an_empty_games_box_is_refused_with_a_clear_reason(session):
    panel = SimulationPanel(session)
    panel.games.value = None
    panel.run_button.clicks += 1
    assert not panel.running
    assert session.error == f"simulate: Games: type a whole number 1..{MAX_GAMES}"
