"""Games plug in through one descriptor each, listed once in racerlab.games.

Coin Race (the core's test game) gets ``validate``, ``simulate``, a Timeline
and a plain dashboard from its descriptor alone; a game added at run time with
a catalog kind of its own is validated and simulated the same way.
"""

from __future__ import annotations

import io
import shutil
from dataclasses import dataclass

import pandas as pd
import pytest

from racerlab.analysis import simulate
from racerlab.cli import main
from racerlab.core import registry
from racerlab.core.catalog import data_dir, read_toml, validate_file
from racerlab.core.errors import CatalogError, ScenarioError
from racerlab.core.testgame import GAME as COIN
from racerlab.core.testgame import CoinRace, CoinSetup, Flip
from racerlab.core.timeline import Timeline, rules_for
from racerlab.games import GAMES


def test_every_listed_game_loads_its_descriptor_under_its_own_name():
    for entry in GAMES:
        game = registry.descriptor(entry.name)
        assert game.name == entry.name
        assert game.make_rules().name == entry.name
        assert isinstance(game.make_rules().decode_options(None), game.options_type)
    assert registry.game_names()[:3] == ["knights", "sonic", "coin-race"]


def test_every_catalog_kind_comes_from_a_descriptor():
    kinds = registry.catalog_kinds()
    assert {"knights-parts", "knights-table", "sonic-cards", "sonic-bosses"} <= set(kinds)
    assert kinds["knights-parts"] is registry.descriptor("knights").catalog_kinds["knights-parts"]


def test_an_unknown_game_is_refused_with_the_known_ones():
    with pytest.raises(ScenarioError, match=r"unknown game 'chess' \(known games: coin-race"):
        rules_for("chess")


def test_coin_race_saved_game_is_found_through_its_descriptor(tmp_path):
    tl = Timeline.new(CoinRace(), CoinSetup(players=2, target=6), seed=2)
    tl.play(Flip())
    back = Timeline.loads(tl.dumps())
    assert isinstance(back.rules, CoinRace) and back.state == tl.state
    path = tmp_path / "coin.json"
    path.write_text(tl.dumps())
    assert main(["validate", str(path)]) == 0


def test_coin_race_simulates_by_name_from_the_command_line(capsys):
    assert main(["simulate", "coin-race", "--games", "3", "--seed", "4", "--no-progress"]) == 0
    df = pd.read_csv(io.StringIO(capsys.readouterr().out))
    expected = simulate("coin-race", games=3, seed=4, progress=False)
    assert list(df["position_0"]) == list(expected["position_0"])
    assert len(df) == 3 and set(df["finished"]) == {True}


def test_coin_race_bundled_scenario_comes_from_the_descriptor():
    scenarios = COIN.bundled_scenarios()
    tl = scenarios["Two players to 6"]()
    assert tl.state.setup == CoinSetup(players=2, target=6)


# -- a third game, plugged in at run time -----------------------------------------------------


@dataclass(frozen=True)
class Board:
    """What the toy game's catalog file loads to."""

    target: int


def load_board(path) -> Board:
    """A toy catalog kind: one ``target`` number, checked."""
    data = read_toml(path, kind="toy-board")
    target = data.get("target")
    if not isinstance(target, int) or target < 1:
        from racerlab.core.errors import Problem

        raise CatalogError([Problem(str(path), "(file)", "target", f"must be >= 1, got {target}")])
    return Board(target)


@pytest.fixture
def toy_game():
    game = registry.GameDescriptor(
        name="toy",
        title="Toy",
        rules=CoinRace,
        options_type=COIN.options_type,
        catalog_kinds={"toy-board": load_board},
        random_setup=lambda rng, players=None: CoinSetup(players=players or 3, target=4),
        bots=dict(COIN.bots),
        summarize=COIN.summarize,
    )
    registry.add_game("toy", lambda: game)
    yield game
    registry.remove_game("toy")


def test_a_new_game_is_one_descriptor_and_one_entry(toy_game, tmp_path):
    good = tmp_path / "board.toml"
    good.write_text('kind = "toy-board"\ntarget = 5\n')
    assert validate_file(good) == Board(5)
    bad = tmp_path / "bad.toml"
    bad.write_text('kind = "toy-board"\ntarget = 0\n')
    with pytest.raises(CatalogError, match="field 'target': must be >= 1, got 0"):
        validate_file(bad)
    df = simulate("toy", games=2, seed=1, progress=False)
    assert {"position_0", "position_2"} <= set(df.columns)


def test_a_rules_object_of_an_unlisted_game_gets_a_plain_descriptor():
    class Other(CoinRace):
        name = "other"

    flip = COIN.bot("flip")
    df = simulate(Other(), CoinSetup(players=2, target=3), games=2, policies=flip, progress=False)
    assert list(df.columns[:4]) == ["game", "seed", "winner", "rounds"]
    assert "position_0" not in df.columns


# -- the plain dashboard ----------------------------------------------------------------------


def test_coin_race_gets_a_plain_dashboard_from_its_descriptor_alone():
    pytest.importorskip("panel")
    from racerlab.app import DASHBOARDS, listed_dashboards

    board = DASHBOARDS["coin-race"]
    assert board.plain and not board.listed and board not in listed_dashboards()
    app = board.build(seed=1)
    s = app.session
    assert "positions</td><td>(0, 0)" in app.state_pane.object
    assert s.play(Flip())
    assert "Round 1; Player 2 to act" in app.state_pane.object
    assert "Player 1 rolled" in s.log_lines()[-1].text
    assert s.load_scenario("Two players to 6").state.setup.target == 6
    assert app.__panel__() is not None


def test_the_knights_rules_take_any_catalog(tmp_path):
    from racerlab.knights.catalog import load_catalog
    from racerlab.knights.setup import random_setup

    knights = registry.descriptor("knights")
    assert knights.make_rules(load_catalog()).name == "knights"
    shutil.copytree(
        data_dir() / "knights", tmp_path / "mine", ignore=shutil.ignore_patterns("scen*")
    )
    mine = knights.load_catalog(tmp_path / "mine")
    rules = knights.make_rules(mine)
    assert rules.initial_state(random_setup(2, seed=1, catalog=mine)).catalog is mine
    sonic = registry.descriptor("sonic")
    assert sonic.make_rules(sonic.load_catalog()).name == "sonic"
