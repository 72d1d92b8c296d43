"""``--catalog DIR``: every command that plays or replays games plays your files.

Each test edits one value of an exported catalog so that the games must change, then
checks the command's table against the run without ``--catalog`` (different) and, where
the games run in worker processes, against the run in this process (the same): a
command that ignored the option, or workers that played the bundled cards, would fail.
"""

from __future__ import annotations

import tomllib
from io import StringIO
from pathlib import Path

import pandas as pd
import pytest

from racerlab.analysis import balance, balance_knights, compare, simulate
from racerlab.analysis.compare import Arm
from racerlab.cli import main
from racerlab.core.catalog_files import export_catalog, load_catalog_folder
from racerlab.core.errors import CatalogError

LANCE = "thunderhead_lance"
"""A weapon two prebuilt racers carry (Strength 3 bundled; the edit makes it 8)."""


def edited(path: Path, entry_id: str, key: str, old: str, new: str) -> None:
    """Change ``key = old`` to ``key = new`` in the entry ``entry_id`` of a catalog file."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f'id = "{entry_id}"')
    at = text.index(f"{key} = {old}\n", start)
    path.write_text(text[:at] + f"{key} = {new}\n" + text[at + len(f"{key} = {old}\n") :])


@pytest.fixture(scope="module")
def knights_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("cards") / "knights"
    export_catalog("knights", folder)
    edited(folder / "parts.toml", LANCE, "strength", "3", "8")
    edited(folder / "parts.toml", "sunspot", "strength", "3", "8")  # Cindy's weapon
    return folder


@pytest.fixture(scope="module")
def sonic_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("cards") / "sonic"
    export_catalog("sonic", folder)
    edited(folder / "bosses.toml", "eggman", "rings", "10", "1")  # a boss easy to destroy
    return folder


def table(capsys, *argv: str) -> pd.DataFrame:
    assert main(list(argv)) == 0
    return pd.read_csv(StringIO(capsys.readouterr().out), keep_default_na=False)


def test_the_edited_folder_loads_with_the_edit(knights_dir):
    loaded = load_catalog_folder("knights", knights_dir)
    assert loaded.catalog.parts[LANCE].weapon.strength == 8
    assert set(loaded.files) == {"knights.toml", "parts.toml", "racers.toml", "table.toml"}


def test_simulate_knights_plays_the_catalog_in_this_process_and_in_workers(knights_dir, capsys):
    run = ("simulate", "knights", "--games", "10", "--seed", "3", "--no-progress")
    bundled = table(capsys, *run)
    mine = table(capsys, *run, "--catalog", str(knights_dir))
    workers = table(capsys, *run, "--catalog", str(knights_dir), "--workers", "2")
    assert not mine.equals(bundled)  # the option is not ignored
    pd.testing.assert_frame_equal(workers, mine)  # the workers play the same cards
    # the command plays what the Python function plays
    api = simulate("knights", games=10, seed=3, progress=False, catalog=knights_dir)
    assert list(mine["winner"]) == list(api["winner"])


def test_the_racers_played_carry_the_edited_strength(knights_dir):
    from racerlab.knights.bots import greedy_bot

    seen: list[tuple[int, bool]] = []

    def watching(state, rules, rng):
        lance = state.catalog.parts[LANCE].weapon.strength
        carried = any(r.racer.weapon == LANCE for r in state.setup.players)
        seen.append((lance, carried))
        return greedy_bot(state, rules, rng)

    simulate("knights", games=6, seed=3, policies=watching, progress=False, catalog=knights_dir)
    assert seen and {s for s, _ in seen} == {8}
    assert any(carried for _, carried in seen)  # some joust had a racer with the lance


def test_simulate_sonic_plays_the_catalog_in_workers_too(sonic_dir, capsys):
    run = ("simulate", "sonic", "--mode", "solo", "--boss", "eggman", "--games", "12")
    run += ("--seed", "2", "--no-progress")
    bundled = table(capsys, *run)
    mine = table(capsys, *run, "--catalog", str(sonic_dir))
    workers = table(capsys, *run, "--catalog", str(sonic_dir), "--workers", "2")
    assert mine["boss_defeated"].sum() > bundled["boss_defeated"].sum()  # 1 ring, not 10
    pd.testing.assert_frame_equal(workers, mine)


def test_an_export_of_every_game_is_found_by_game(tmp_path, capsys):
    export_catalog("sonic", tmp_path / "sonic")
    export_catalog("knights", tmp_path / "knights")
    edited(tmp_path / "sonic" / "bosses.toml", "eggman", "rings", "10", "1")
    run = ("simulate", "sonic", "--mode", "solo", "--boss", "eggman", "--games", "6")
    bundled = table(capsys, *run, "--no-progress")
    mine = table(capsys, *run, "--no-progress", "--catalog", str(tmp_path))
    assert not mine.equals(bundled)


def test_balance_boss_plays_the_catalog(sonic_dir, tmp_path, capsys):
    rows = {}
    for name, extra in (("bundled", ()), ("mine", ("--catalog", str(sonic_dir)))):
        out = tmp_path / f"{name}.csv"
        argv = ["balance", "boss", "eggman", "--games", "8", "--seed", "1", "--no-progress"]
        assert main([*argv, "-o", str(out), *extra]) == 0
        rows[name] = pd.read_csv(out).iloc[0]
    capsys.readouterr()
    assert rows["mine"]["destroyed"] > rows["bundled"]["destroyed"]


def test_balance_boss_sensitivity_plays_the_catalog(sonic_dir, tmp_path):
    kw = dict(games=4, seed=1, kinds=("soften",), by="name")
    mine = balance.card_sensitivity("eggman", catalog=sonic_dir, **kw)
    bundled = balance.card_sensitivity("eggman", **kw)
    assert mine["destroyed"].mean() > bundled["destroyed"].mean()


def test_balance_knights_plays_the_catalog(knights_dir, tmp_path, capsys):
    rows = {}
    for name, extra in (("bundled", ()), ("mine", ("--catalog", str(knights_dir)))):
        out = tmp_path / f"{name}.csv"
        argv = ["balance", "knights", "cindy", "--stat", "armor", "--values", "8"]
        argv += ["--games", "12", "--seed", "2", "--no-progress", "-o", str(out), *extra]
        assert main(argv) == 0
        rows[name] = pd.read_csv(out)
    capsys.readouterr()
    assert not rows["mine"].equals(rows["bundled"])
    api = balance_knights.stat_sweep("cindy", "armor", [8], games=12, seed=2, catalog=knights_dir)
    assert list(api["wins"]) == list(rows["mine"]["wins"])


def test_compare_plays_the_catalog(sonic_dir):
    arm = Arm("sonic", extra={"setup_extra": {"mode": "solo", "boss": "eggman"}})
    kw = dict(games=6, seed=2, paired=True, metric="boss_defeated")
    mine = compare(arm, Arm(arm.game, extra=arm.extra), catalog=sonic_dir, **kw)
    one_arm = compare(Arm(arm.game, extra=arm.extra, catalog=sonic_dir), arm, **kw)
    assert mine.loc["A", "estimate"] > one_arm.loc["B", "estimate"]
    assert mine.loc["A", "estimate"] == one_arm.loc["A", "estimate"]


def test_validate_replays_saved_games_with_the_catalog(tmp_path, capsys):
    folder = tmp_path / "cards"
    export_catalog("knights", folder)
    text = (folder / "table.toml").read_text()
    racer = text.index("[racer]")
    at = text.index("width_m = ", racer)
    end = text.index("\n", at)
    (folder / "table.toml").write_text(text[:at] + "width_m = 3.0" + text[end:])  # wide racers
    saved = Path(__file__).resolve().parents[1] / "data/knights/scenarios/worked-example.json"
    assert main(["validate", str(saved)]) == 0
    capsys.readouterr()
    assert main(["validate", "--catalog", str(folder), str(saved)]) == 2
    err = capsys.readouterr().err
    assert f"{saved}: INVALID" in err and "cannot be replayed" in err


def test_a_refused_catalog_names_file_entry_and_field_and_exits_2(tmp_path, capsys):
    folder = tmp_path / "cards"
    export_catalog("knights", folder)
    edited(folder / "parts.toml", LANCE, "strength", "3", "99")
    for argv in (
        ["simulate", "knights", "--games", "1", "--no-progress"],
        ["balance", "knights", "cindy", "--games", "1", "--no-progress"],
        [
            "validate",
            str(Path(__file__).resolve().parents[1] / "data/knights/scenarios/greedy-joust.json"),
        ],
    ):
        assert main([*argv, "--catalog", str(folder)]) == 2
        err = capsys.readouterr().err
        assert f"{folder / 'parts.toml'}: entry '{LANCE}', field 'strength'" in err, argv
        assert "must be at most 8, got 99" in err and "Traceback" not in err


def test_a_missing_or_empty_catalog_folder_is_refused(tmp_path, capsys):
    assert main(["simulate", "knights", "--catalog", str(tmp_path / "nope"), "--no-progress"]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["simulate", "knights", "--catalog", str(tmp_path), "--no-progress"]) == 2
    assert "holds no .toml file of the knights catalog" in capsys.readouterr().err
    with pytest.raises(CatalogError, match="is not a file of the knights catalog"):
        (tmp_path / "notes.toml").write_text("x = 1\n")
        load_catalog_folder("knights", tmp_path)


def test_a_partial_folder_keeps_the_bundled_files(tmp_path):
    export_catalog("knights", tmp_path / "all")
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "parts.toml").write_bytes((tmp_path / "all" / "parts.toml").read_bytes())
    edited(tmp_path / "one" / "parts.toml", LANCE, "strength", "3", "8")
    loaded = load_catalog_folder("knights", tmp_path / "one")
    assert loaded.files == ("parts.toml",)
    assert loaded.catalog.parts[LANCE].weapon.strength == 8
    bundled = tomllib.loads((tmp_path / "all" / "racers.toml").read_text())
    assert set(loaded.catalog.racers) == {r["id"] for r in bundled["racer"]}


def test_a_catalog_needs_a_game_by_name():
    from racerlab.core.errors import ScenarioError
    from racerlab.knights import KnightsRules

    with pytest.raises(ScenarioError, match="give the game by name"):
        simulate(KnightsRules(), games=1, progress=False, catalog="anything")
    with pytest.raises(ScenarioError, match="coin-race has no catalog"):
        simulate("coin-race", games=1, progress=False, catalog="anything")


def test_random_set_ups_draw_the_racers_of_the_catalog(tmp_path):
    """A catalog with four Battle Racers racers: every random race is set up with them."""
    export_catalog("sonic", tmp_path)
    text = (tmp_path / "racers.toml").read_text()
    entries = text.split("[[racer]]")
    (tmp_path / "racers.toml").write_text("[[racer]]".join(entries[:5]))  # the header and 4
    kept = {r["id"] for r in tomllib.loads((tmp_path / "racers.toml").read_text())["racer"]}
    assert len(kept) == 4
    from racerlab.sonic.bots import greedy_bot

    seen: set[str] = set()

    def watching(state, rules, rng):
        seen.update(state.setup.racers)
        return greedy_bot(state, rules, rng)

    df = simulate("sonic", games=8, seed=1, policies=watching, progress=False, catalog=tmp_path)
    assert len(df) == 8 and seen and seen <= kept


def test_validate_with_a_catalog_replays_games_without_one_as_they_are(tmp_path, capsys):
    import racerlab.core.testgame as testgame
    from racerlab.core.timeline import Timeline

    tl = Timeline.new(testgame.CoinRace(), testgame.CoinSetup(2, 6), seed=3)
    tl.play(testgame.Flip())
    saved = tmp_path / "coin.json"
    saved.write_text(tl.dumps())
    export_catalog("knights", tmp_path / "cards")
    assert main(["validate", "--catalog", str(tmp_path / "cards"), str(saved)]) == 0
    assert f"{saved}: ok" in capsys.readouterr().out
