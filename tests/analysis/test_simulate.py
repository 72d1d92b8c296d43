"""Monte Carlo runs: reproducible streams, policies, interruption, and agreement with exact odds."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from racerlab.analysis.compare import wilson
from racerlab.analysis.simulate import exact_game, game_streams, simulate
from racerlab.core.errors import ScenarioError
from racerlab.core.testgame import CoinOptions, CoinRace, CoinSetup, Flip, Wait
from racerlab.core.timeline import Timeline


def flip(state, rules, rng):
    return Flip()


def waiter(state, rules, rng):
    return Wait() if rng.random() < 0.5 else Flip()


def test_rows_columns_and_attrs():
    df = simulate("coin-race", CoinSetup(players=3, target=8), games=12, seed=4, progress=False)
    assert list(df["game"]) == list(range(12))
    assert {"seed", "winner", "rounds", "steps", "finished", "position_2"} <= set(df.columns)
    assert df["finished"].all()
    # the winner is the only player at or past the target
    for _, row in df.iterrows():
        at_target = [p for p in range(3) if row[f"position_{p}"] >= 8]
        assert at_target == [row["winner"]]
    assert df.attrs == {"interrupted": False, "seed": 4, "games": 12, "game": "coin-race"}


def test_same_seed_same_table_and_other_seed_differs():
    a = simulate("coin-race", CoinSetup(2, 12), games=30, seed=9, progress=False)
    b = simulate(CoinRace(), CoinSetup(2, 12), games=30, seed=9, progress=False)
    c = simulate("coin-race", CoinSetup(2, 12), games=30, seed=10, progress=False)
    assert a.equals(b)
    assert not a["seed"].equals(c["seed"])


def test_game_i_depends_only_on_seed_and_index():
    short = simulate("coin-race", CoinSetup(2, 12), games=5, seed=2, progress=False)
    long = simulate("coin-race", CoinSetup(2, 12), games=40, seed=2, progress=False)
    assert short.equals(long.iloc[:5])
    seeds = [game_streams(2, i)[0] for i in range(40)]
    assert long["seed"].tolist() == seeds
    assert len(set(seeds)) == 40


def test_policies_per_player_are_used():
    # player 1 only ever waits: player 0 must win every game, player 1 never moves
    df = simulate(
        "coin-race",
        CoinSetup(2, 6),
        games=20,
        seed=1,
        policies={0: flip, 1: lambda s, r, g: Wait()},
        players=2,
        progress=False,
    )
    assert (df["winner"] == 0).all() and (df["position_1"] == 0).all()
    listed = simulate(
        "coin-race", CoinSetup(2, 6), games=20, seed=1, policies=[flip, "random"], progress=False
    )
    assert listed["position_1"].max() > 0


def test_random_setup_and_options():
    df = simulate("coin-race", games=5, seed=0, players=3, progress=False)
    assert "position_2" in df.columns
    doubled = simulate(
        "coin-race",
        CoinSetup(1, 30),
        games=200,
        seed=0,
        options={"double_six": True},
        progress=False,
    )
    plain = simulate("coin-race", CoinSetup(1, 30), games=200, seed=0, progress=False)
    # a 6 moves 12: a solo race to 30 takes fewer rounds on average
    assert doubled["rounds"].mean() < plain["rounds"].mean() - 0.5


def test_scenario_start_uses_its_position_with_fresh_dice():
    tl = Timeline.new(CoinRace(), CoinSetup(2, 10), seed=0)
    tl.play(Flip())
    first = tl.state.positions[0]
    df = simulate(CoinRace(), tl, games=30, seed=3, progress=False)
    # player 0 moved already, so it can never end below where it was
    assert (df["position_0"] >= first).all()
    assert df["seed"].nunique() == 30
    again = simulate(CoinRace(), tl.dumps(), games=30, seed=3, progress=False)
    assert again.equals(df)


def test_cut_off_games_are_flagged():
    df = simulate("coin-race", CoinSetup(2, 1000), games=3, seed=0, max_steps=10, progress=False)
    assert not df["finished"].any() and (df["steps"] == 10).all() and (df["winner"] == -1).all()


def test_progress_callback_and_stop_keep_played_games():
    seen = []

    def progress(done, total):
        seen.append((done, total))

    full = simulate("coin-race", CoinSetup(2, 8), games=20, seed=5, progress=False)
    part = simulate(
        "coin-race",
        CoinSetup(2, 8),
        games=20,
        seed=5,
        progress=progress,
        stop=lambda: len(seen) >= 7,
    )
    assert seen[0] == (1, 20) and seen[-1] == (7, 20)
    assert part.attrs["interrupted"] is True
    assert part.equals(full.iloc[:7])


def test_keyboard_interrupt_keeps_played_games():
    calls = {"n": 0}

    def flaky(state, rules, rng):
        calls["n"] += 1
        if calls["n"] > 50:
            raise KeyboardInterrupt
        return Flip()

    full = simulate("coin-race", CoinSetup(2, 8), games=20, seed=5, policies=flip, progress=False)
    part = simulate("coin-race", CoinSetup(2, 8), games=20, seed=5, policies=flaky, progress=False)
    assert part.attrs["interrupted"] is True
    assert 0 < len(part) < 20
    assert part.equals(full.iloc[: len(part)])


def test_tqdm_progress_bar_runs(capsys):
    df = simulate("coin-race", CoinSetup(2, 5), games=3, seed=0, progress=True)
    assert len(df) == 3


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": -1}, "games must be"),
        ({"seed": -3}, "seed must be"),
        ({"workers": 0}, "workers must be"),
        ({"policies": "psychic"}, "no bot 'psychic'"),
        ({"options": {"triple_six": True}}, "unknown rule option 'triple_six'"),
        ({"policies": {0: flip}}, "need players="),
    ],
)
def test_bad_arguments_are_refused_clearly(kwargs, message):
    with pytest.raises(ScenarioError, match=message):
        simulate("coin-race", CoinSetup(2, 5), **{"progress": False, **kwargs})


def test_unknown_game_and_bad_scenario():
    with pytest.raises(ScenarioError, match="unknown game 'chess'"):
        simulate("chess", games=1)
    with pytest.raises(ScenarioError, match="cannot read the scenario"):
        simulate("coin-race", "/nonexistent/game.json", games=1)


def test_exact_game_by_hand():
    rules = CoinRace()
    start = rules.initial_state(CoinSetup(players=1, target=3))
    rounds = exact_game(rules, start, flip, lambda s: s.round - 1)
    # a lone racer to 3: one roll of 3+ (4/6); two rolls after a 2 (1/6) or 1 then 2+ (5/36)
    assert rounds[1] == pytest.approx(4 / 6)
    assert rounds[2] == pytest.approx(1 / 6 + 5 / 36)
    assert sum(rounds.values()) == 1
    assert rounds[3] == pytest.approx(1 / 36)  # 1 then 1, then anything


@settings(max_examples=8, deadline=None, derandomize=True)
@given(
    players=st.integers(1, 3),
    target=st.integers(2, 9),
    double_six=st.booleans(),
)
def test_monte_carlo_agrees_with_exact(players, target, double_six):
    rules = CoinRace()
    options = CoinOptions(double_six=double_six)
    start = rules.initial_state(CoinSetup(players, target), options)
    truth = exact_game(rules, start, flip, lambda s: s.winner)
    df = simulate(
        rules,
        CoinSetup(players, target),
        games=300,
        seed=target,
        policies=flip,
        options=options,
        progress=False,
    )
    for player in range(players):
        wins = int((df["winner"] == player).sum())
        _, low, high = wilson(wins, len(df), confidence=0.999)
        assert low <= float(truth.get(player, 0)) <= high


def test_simulate_does_not_touch_global_random_state():
    np.random.seed(0)
    before = np.random.get_state()[1].copy()
    simulate("coin-race", CoinSetup(2, 5), games=3, seed=0, policies=waiter, progress=False)
    assert (np.random.get_state()[1] == before).all()


def test_policy_list_must_cover_the_players():
    with pytest.raises(ScenarioError, match="2 given, but player 2 must act"):
        simulate("coin-race", CoinSetup(3, 5), games=1, policies=[flip, flip], progress=False)


def test_reshuffle_unseen_gives_each_game_a_fresh_deck_order_and_nothing_else():
    from racerlab.core.timeline import Timeline
    from racerlab.sonic import SonicRules, SonicSetup, greedy_bot

    rules = SonicRules()
    tl = Timeline.new(rules, SonicSetup(("sonic", "tails", "knuckles")), seed=4)
    start = tl.state
    seen: list[tuple] = []

    def recording(state, rules, rng):
        first = (state.round, state.phase, state.chosen) == (start.round, start.phase, start.chosen)
        if first:  # each game's first decision: its starting cards
            seen.append((state.deck, state.hands, state.face_up))
        return greedy_bot(state, rules, rng)

    simulate(rules, tl, games=5, seed=2, policies=recording, progress=False)
    plain = list(seen)
    seen.clear()
    simulate(rules, tl, games=5, seed=2, policies=recording, progress=False, reshuffle_unseen=True)
    shuffled = list(seen)
    assert len(plain) == len(shuffled) == 5
    assert all(deck == start.deck for deck, _, _ in plain)
    decks = {deck for deck, _, _ in shuffled}
    assert len(decks) == 5 and start.deck not in decks
    assert all(sorted(deck) == sorted(start.deck) for deck in decks)
    assert all(h == start.hands and f == start.face_up for _, h, f in shuffled)


def test_rows_are_packed_into_blocks_and_come_back_in_order(monkeypatch):
    from racerlab.analysis.simulate import _Rows

    monkeypatch.setattr(_Rows, "BLOCK", 7)
    rows = _Rows()
    for start in range(0, 30, 4):
        rows.extend([{"game": i, "x": i * 2} for i in range(start, min(30, start + 4))])
    assert rows.count == 30 and len(rows.frames) == 3 and len(rows.loose) < 7
    df = rows.frame()
    assert list(df["game"]) == list(range(30)) and list(df["x"]) == [2 * i for i in range(30)]


def test_solo_battle_racers_is_played_by_a_bot_that_can_rank():
    from racerlab.core.registry import descriptor

    game = descriptor("sonic")
    df = simulate("sonic", games=3, seed=0, setup_extra={"mode": "solo"}, progress=False)
    assert (df["solo_rank"] != "").any()  # the greedy bot never ranks: it ignores the boss
    assert game.mode_bots == {"solo": "smart"} and game.default_bot == "greedy"


def test_the_simulate_help_names_the_bots_the_descriptors_choose():
    from racerlab.cli import DEFAULT_BOTS_HELP
    from racerlab.core.registry import descriptors

    for game in descriptors():
        assert DEFAULT_BOTS_HELP.startswith(game.default_bot)
        for mode, bot in game.mode_bots.items():
            assert f"{mode}: {bot}" in DEFAULT_BOTS_HELP


@pytest.mark.parametrize(
    "kwargs, says",
    [
        ({"games": 10**7}, "games must be a whole number 0 to 1000000"),
        ({"seed": 2**64}, "seed must be a whole number 0 to"),
        ({"workers": 0}, "workers must be a whole number 1 or more"),
        ({"bots": ["greedy", "greedy", "greedy"], "players": 2}, "3 bots or policies given"),
    ],
)
def test_bad_counts_are_refused_by_the_library(kwargs, says):
    with pytest.raises(ScenarioError, match=says):
        simulate("knights", **{"games": 2, "progress": False, **kwargs})


def test_packing_rows_in_blocks_gives_the_same_table(monkeypatch):
    from racerlab.analysis.simulate import _Rows

    whole = simulate("coin-race", CoinSetup(players=3, target=8), games=25, seed=4, progress=False)
    monkeypatch.setattr(_Rows, "BLOCK", 3)
    packed = simulate("coin-race", CoinSetup(players=3, target=8), games=25, seed=4, progress=False)
    assert packed.equals(whole) and (packed.dtypes == whole.dtypes).all()
