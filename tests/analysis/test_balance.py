"""Balance runs: boss reports, card what-ifs made in memory only, stopping, Knights sweeps."""

from __future__ import annotations

import hashlib
import threading

import pandas as pd
import pytest

from racerlab.analysis import balance, balance_knights
from racerlab.cli import main
from racerlab.core.catalog import data_dir
from racerlab.core.errors import ScenarioError
from racerlab.sonic.effect_names import Effect
from racerlab.viz import balance_plots

GAMES = 3


def _data_digest() -> dict[str, str]:
    return {
        str(p.relative_to(data_dir())): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(data_dir().rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def sensitivity():
    before = _data_digest()
    df = balance.card_sensitivity("eggman", games=GAMES, seed=4, deck="v1", kinds=("remove",))
    return before, df


def test_card_what_ifs_leave_data_unchanged(sensitivity):
    before, _ = sensitivity
    assert _data_digest() == before
    cat = balance.load_catalog()
    v1 = cat.boss_decks["v1"]["eggman"]
    assert len(v1.deck) == 16 and sum(c.name == "Ring Grab" for c in v1.deck) == 2


def test_sensitivity_table_has_the_baseline_and_one_row_per_card_name(sensitivity):
    _, df = sensitivity
    names = list(
        dict.fromkeys(c.name for c in balance.load_catalog().boss_decks["v1"]["eggman"].deck)
    )
    assert list(df["change"]) == ["as it is", *(f"remove {n}" for n in names), "profile rules off"]
    assert (df["games"] == GAMES).all()
    assert df.loc[0, ["delta", "delta_low", "delta_high"]].tolist() == [0.0, 0.0, 0.0]
    rows = df.iloc[1:]
    assert ((rows["delta"] - (rows["destroyed"] - df.loc[0, "destroyed"])).abs() < 1e-12).all()
    assert (rows["delta_low"] <= rows["delta"]).all() and (
        rows["delta"] <= rows["delta_high"]
    ).all()
    assert not df.attrs["interrupted"] and df.attrs["deck"] == "v1"


def test_removing_a_card_removes_every_card_of_its_name():
    changes = balance.card_changes("shadow", deck="v1", kinds=("remove",), profile_rules=False)
    snatch = next(c for c in changes if c.card == "Snatch")
    assert snatch.kind == "remove" and len(snatch.profile.deck) == 14
    assert all(card.name != "Snatch" for card in snatch.profile.deck)
    by_card = balance.card_changes("shadow", deck="v1", by="card", kinds=("remove",))
    assert len(by_card) == 16 + 1  # each card, and the profile rules off


def test_softening_takes_one_off_every_number_and_drops_actions_at_one():
    v1 = balance.load_catalog().boss_decks["v1"]
    snatch2 = next(c for c in v1["shadow"].deck if c.name == "Snatch II")  # move 4/2, steal 3
    soft = balance.soften(snatch2)
    assert soft.id == f"{snatch2.id}~soft"
    assert [dict(a.params) for a in soft.actions] == [
        {k: (v - 1 if isinstance(v, int) else v) for k, v in a.params} for a in snatch2.actions
    ]
    illusion = next(c for c in v1["infinite"].deck if c.name == "Illusion")  # one badnik
    assert illusion.actions[0].effect is Effect.BOSS_DROP_BADNIK
    assert balance.soften(illusion).actions == ()


def test_a_changed_catalog_plays_the_changed_deck_and_the_bundled_one_is_untouched():
    cat = balance.load_catalog()
    change = balance.card_changes("eggman", deck="v2", kinds=("remove",))[0]
    variant = cat.with_boss(change.profile)
    assert len(variant.boss_decks["v2"]["eggman"].deck) == len(change.profile.deck) == 14
    assert len(cat.boss_decks["v2"]["eggman"].deck) == 16
    assert variant.boss_decks["v1"] is not cat.boss_decks["v1"]
    assert variant.boss_decks["v1"] == cat.boss_decks["v1"]


def test_boss_report_is_seeded_and_counts_every_game():
    a = balance.boss_report(["metal-sonic"], games=GAMES, seed=9, boss_mode_games=1)
    b = balance.boss_report(["metal-sonic"], games=GAMES, seed=9, boss_mode_games=1)
    pd.testing.assert_frame_equal(a, b)
    row = a.iloc[0]
    assert sum(int(row[r]) for r in (*balance.RANKS, "none")) == GAMES
    assert row["boss_destroyed"] + row["boss_escaped"] + row["boss_neither"] == 1
    assert row["low"] <= row["destroyed"] <= row["high"]


def test_progress_covers_the_whole_job():
    seen = []
    balance.card_sensitivity(
        "eggman",
        games=2,
        changes=balance.card_changes("eggman", kinds=("remove",))[:1],
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1] == (4, 4) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_a_stop_event_returns_the_partial_result():
    stop = threading.Event()
    calls = []

    def progress(done, total):
        calls.append(done)
        if done >= 2:
            stop.set()

    df = balance.card_sensitivity("eggman", games=2, stop=stop, progress=progress)
    assert df.attrs["interrupted"]
    assert list(df["change"]) == ["as it is"]  # the baseline, measured before the stop
    assert max(calls) == 2


def test_unknown_boss_and_bad_choices_are_refused_by_name():
    with pytest.raises(ScenarioError, match="no boss 'nobody'"):
        balance.boss_games("nobody", games=1)
    with pytest.raises(ScenarioError, match="deck version 'v9'"):
        balance.card_changes("eggman", deck="v9")
    with pytest.raises(ScenarioError, match="by must be"):
        balance.card_changes("eggman", by="colour")
    with pytest.raises(ScenarioError, match="mode must be"):
        balance.boss_games("eggman", games=1, mode="race")


# -- Racer Knights -------------------------------------------------------------------------------
def test_with_stat_sets_the_total_in_a_copy():
    cat = balance_knights.load_catalog()
    before = cat.racers["cindy"].resolve(cat).stats
    changed = balance_knights.with_stat(cat, "cindy", "armor", before.armor + 3)
    assert changed.racers["cindy"].resolve(changed).stats.armor == before.armor + 3
    assert changed.racers["cindy"].resolve(changed).stats.speed == before.speed
    assert cat.racers["cindy"].resolve(cat).stats == before
    with pytest.raises(ScenarioError, match="unknown stat 'luck'"):
        balance_knights.with_stat(cat, "cindy", "luck", 3)


def test_stat_sweep_rows_and_even_value():
    df = balance_knights.stat_sweep("cindy", "armor", [4, 12], games=2, seed=3)
    assert list(df["armor"]) == [4, 12] and (df["games"] == 2).all()
    assert (df["even"] == 0.5).all()
    assert balance_knights.even_value(df) in (4, 12)
    fig = balance_plots.sweep_plot(df)
    assert list(fig.select_one({"name": "sweep"}).data_source.data["x"]) == [4, 12]


def test_part_sweep_tries_the_cards_of_the_slot():
    cat = balance_knights.load_catalog()
    engine = cat.racers["cindy"].engine
    df = balance_knights.part_sweep("cindy", "engine", [engine], games=1)
    assert list(df["part"]) == [engine]


# -- plots and command line ----------------------------------------------------------------------
def test_plots_carry_the_tables(sensitivity):
    _, df = sensitivity
    fig = balance_plots.sensitivity_plot(df)
    data = fig.select_one({"name": "sensitivity"}).data_source.data
    assert list(data["change"]) == list(df["change"].iloc[1:])
    report = pd.DataFrame(
        {"boss": ["eggman"], "destroyed": [0.5], "low": [0.4], "high": [0.6]}
        | {r: [1] for r in (*balance.RANKS, "none")}
    )
    ranks = balance_plots.rank_plot(report).select_one({"name": "ranks"}).data_source.data
    assert list(ranks["games"]) == [1] * 7


def test_balance_command_writes_the_table(tmp_path, capsys):
    out = tmp_path / "eggman.csv"
    assert main(["balance", "boss", "eggman", "--games", "2", "--no-progress", "-o", str(out)]) == 0
    df = pd.read_csv(out)
    assert df.loc[0, "boss"] == "eggman" and df.loc[0, "games"] == 2 and df.loc[0, "deck"] == "v2"
    assert main(["balance", "knights", "cindy", "--stat", "armor", "--values", "x"]) == 2
    assert "--values 'x'" in capsys.readouterr().err
    assert main(["balance", "boss", "eggman", "shadow", "--sensitivity"]) == 2
    assert "one boss at a time" in capsys.readouterr().err


def test_a_changed_catalog_plays_the_same_games_in_worker_processes():
    change = balance.card_changes("eggman", kinds=("soften",))[0]
    variant = balance.load_catalog().with_boss(change.profile)
    here = balance.boss_games("eggman", games=2, seed=5, catalog=variant)
    there = balance.boss_games("eggman", games=2, seed=5, catalog=variant, workers=2)
    cols = ["game", "seed", "boss_defeated", "solo_rank", "rounds", "steps"]
    pd.testing.assert_frame_equal(here[cols], there[cols])


@pytest.mark.parametrize(
    "argv, option",
    [
        (["balance", "boss", "eggman", "--games", "0"], "--games"),
        (["balance", "boss", "eggman", "--boss-games", "-1"], "--boss-games"),
        (["balance", "boss", "eggman", "--workers", "0"], "--workers"),
        (["balance", "knights", "cindy", "--players", "99"], "--players"),
        (["balance", "knights", "cindy", "--seed", str(2**64)], "--seed"),
    ],
)
def test_pointless_balance_numbers_are_refused_before_any_game(argv, option, capsys):
    assert main(argv) == 2
    assert f"argument {option}: must be" in capsys.readouterr().err
