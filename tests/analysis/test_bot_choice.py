"""Choosing bots by name per seat: simulate(bots=...), mixed tables, racerlab simulate --bot."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pandas as pd
import pytest

from racerlab.analysis.simulate import simulate
from racerlab.cli import main
from racerlab.core.errors import ScenarioError


def test_bots_per_seat_by_name_match_the_same_policies():
    from racerlab.knights import greedy_bot
    from racerlab.knights.bots.smart import smart_bot

    by_name = simulate("knights", games=3, seed=4, players=2, bots="smart,greedy", progress=False)
    by_policy = simulate(
        "knights", games=3, seed=4, players=2, policies=[smart_bot, greedy_bot], progress=False
    )
    assert by_name.equals(by_policy)


def test_a_mixed_table_with_the_search_bot_plays_to_the_end():
    df = simulate("knights", games=1, seed=2, players=2, bots=["search", "smart"], progress=False)
    assert bool(df.finished.iloc[0])


def test_bots_and_policies_together_are_refused():
    with pytest.raises(ScenarioError, match="not both"):
        simulate("knights", games=1, bots="smart", policies="greedy", progress=False)


def test_an_unknown_bot_is_named_with_the_known_ones():
    with pytest.raises(ScenarioError, match="search"):
        simulate("sonic", games=1, bots="smart,clever", players=2, progress=False)


def test_cli_bot_per_seat_sets_the_players():
    out = io.StringIO()
    args = ["simulate", "knights", "--games", "2", "--bot", "smart,greedy", "--no-progress"]
    with redirect_stdout(out):
        code = main(args)
    assert code == 0
    df = pd.read_csv(io.StringIO(out.getvalue()))
    assert len(df) == 2 and "glory_1" in df.columns and "glory_2" not in df.columns
