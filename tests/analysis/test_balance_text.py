"""``racerlab balance`` for a reader: a table of percentages with intervals, sorted by
effect, a note when the intervals are too wide, the raw rows on request, a chart offline."""

from __future__ import annotations

import re
from io import StringIO

import pandas as pd
import pytest

from racerlab.analysis.balance_text import (
    games_for,
    percent,
    points,
    sorted_rows,
    summary,
    wide_interval_note,
)
from racerlab.analysis.compare import wilson
from racerlab.balance_cli import balance_figure
from racerlab.cli import main

RANKS = {r: [0, 0, 0] for r in ("S", "A", "B", "C", "D", "E", "none")}


def report(games: int = 400) -> pd.DataFrame:
    rows = {"boss": ["shadow", "eggman", "infinite"], "deck": ["v2"] * 3, "games": [games] * 3}
    shares = [0.342, 0.642, 0.312]
    bounds = [wilson(round(p * games), games) for p in shares]
    rows |= {"destroyed": [b[0] for b in bounds], "low": [b[1] for b in bounds]}
    rows |= {"high": [b[2] for b in bounds], **RANKS}
    return pd.DataFrame(rows)


def sensitivity() -> pd.DataFrame:
    df = pd.DataFrame(
        {
            "change": ["as it is", "remove A", "remove B", "soften C"],
            "kind": ["", "remove", "remove", "soften"],
            "card": ["", "A", "B", "C"],
            "games": [400] * 4,
            "destroyed": [0.5, 0.45, 0.62, 0.49],
            "low": [0.45, 0.40, 0.57, 0.44],
            "high": [0.55, 0.50, 0.67, 0.54],
            "delta": [0.0, -0.05, 0.12, -0.01],
            "delta_low": [0.0, -0.08, 0.09, -0.03],
            "delta_high": [0.0, -0.02, 0.15, 0.01],
        }
    )
    df.attrs.update(boss="shadow", deck="v2")
    return df


def sweep(column: str = "armor", values=(4, 6, 8), shares=(0.30, 0.48, 0.70)) -> pd.DataFrame:
    games = 400
    rows = []
    for v, p in zip(values, shares):
        share, low, high = wilson(round(p * games), games)
        rows.append(
            {column: v, "games": games, "wins": round(p * games), "share": share, "low": low}
            | {"high": high, "even": 0.5}
        )
    df = pd.DataFrame(rows)
    df.attrs.update(racer="cindy")
    return df


def test_shares_read_as_percentages_with_their_intervals():
    assert percent(0.3125, 0.27, 0.356) == "31.2% (27.0–35.6)"
    assert points(0.12, 0.09, 0.15) == "+12.0 pts (+9.0 to +15.0)"
    text = summary(report())
    assert "64.2% (59.4–68.8)" in text
    assert "0.6425" not in text and "e-" not in text  # no raw 17-digit numbers


def test_bosses_are_sorted_by_destroy_rate():
    lines = summary(report()).splitlines()
    order = [line.split()[0] for line in lines[2:]]
    assert order == ["eggman", "shadow", "infinite"]


def test_card_changes_are_sorted_by_the_size_of_their_effect():
    text = summary(sensitivity())
    rows = [line for line in text.splitlines() if re.match(r"(as it is|remove|soften)", line)]
    assert [r.split("  ")[0].strip() for r in rows] == [
        "as it is",
        "remove B",
        "remove A",
        "soften C",
    ]
    assert "+12.0 pts (+9.0 to +15.0)" in text and "shadow (deck v2)" in text
    assert list(sorted_rows(sensitivity())["change"]) == [
        "as it is",
        "remove B",
        "remove A",
        "soften C",
    ]


def test_a_stat_sweep_keeps_its_values_in_order_and_marks_the_even_one():
    lines = summary(sweep()).splitlines()
    assert [line.split()[0] for line in lines[2:]] == ["4", "6", "8"]
    assert lines[3].endswith("<- closest to even") and "closest" not in lines[2] + lines[4]
    assert "48.0% (" in lines[3] and "-2.0 pts" in lines[3]


def test_a_part_sweep_is_sorted_by_win_share():
    df = sweep("part", ("sunspot", "lance", "flail"), (0.4, 0.7, 0.5))
    lines = summary(df).splitlines()
    assert [line.split()[0] for line in lines[2:]] == ["lance", "flail", "sunspot"]


def test_narrow_intervals_need_no_note_and_wide_ones_say_how_many_games():
    assert wide_interval_note(report(400)) is None
    note = wide_interval_note(report(10))
    assert note is not None and "10 games a row" in note
    needed = int(re.search(r"about ([\d,]+) games a row", note).group(1).replace(",", ""))
    assert 300 <= needed <= 400  # p(1-p)·(1.96/0.05)² with p near one half: about 385
    assert games_for(0.5) == 390 and games_for(0.1) == 140


def test_a_share_of_zero_still_asks_for_games():
    df = report(10)
    df.loc[:, "destroyed"], df.loc[:, "low"] = 0.0, 0.0
    df.loc[:, "high"] = wilson(0, 10)[2]
    note = wide_interval_note(df)
    assert note is not None and "about 0 games" not in note


def test_a_wide_paired_change_asks_for_games_too():
    df = sensitivity()
    df.loc[1, ["delta_low", "delta_high"]] = [-0.25, 0.15]  # ±20 points
    note = wide_interval_note(df)
    assert note is not None and "±20.0 points" in note
    assert "about 6,400 games a row" in note  # 400·(0.20/0.05)²


def test_the_chart_follows_the_table_order():
    fig = balance_figure(sensitivity())
    data = fig.select_one({"name": "sensitivity"}).data_source.data
    assert list(data["change"]) == ["remove B", "remove A", "soften C"]
    parts = balance_figure(sweep("part", ("sunspot", "lance"), (0.4, 0.7)))
    assert list(parts.select_one({"name": "sweep"}).data_source.data["x"]) == ["lance", "sunspot"]


# -- the command ---------------------------------------------------------------------------------
SWEEP = ["balance", "knights", "cindy", "--stat", "armor", "--values", "6,8", "--games", "4"]
SWEEP += ["--seed", "1", "--no-progress"]


def test_the_command_prints_a_table_and_warns_about_wide_intervals(capsys):
    assert main(SWEEP) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("cindy in seat 0: sole wins by armor")
    assert re.search(r"\d+\.\d% \(\d+\.\d–\d+\.\d\)", captured.out)
    assert "share,low" not in captured.out  # not the CSV
    assert "racerlab: note: the widest 95% interval is ±" in captured.err
    assert "4 games a row" in captured.err


def test_the_raw_rows_go_to_a_file_or_to_stdout_as_csv(tmp_path, capsys):
    out = tmp_path / "sweep.csv"
    assert main([*SWEEP, "-o", str(out)]) == 0
    table = capsys.readouterr().out
    assert "cindy in seat 0" in table
    rows = pd.read_csv(out)
    assert list(rows.columns[:4]) == ["armor", "games", "wins", "share"]
    assert main([*SWEEP, "-o", "-"]) == 0
    piped = pd.read_csv(StringIO(capsys.readouterr().out))
    pd.testing.assert_frame_equal(piped, rows)
    json_out = tmp_path / "sweep.json"
    assert main([*SWEEP, "-o", str(json_out)]) == 0
    pd.testing.assert_frame_equal(pd.read_json(json_out), rows, check_dtype=False)


def test_plot_writes_a_chart_that_needs_no_network(tmp_path, capsys):
    page = tmp_path / "cindy.html"
    assert main([*SWEEP, "--plot", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert "cdn.bokeh.org" not in html
    sources = re.findall(r"<script[^>]*\bsrc\s*=\s*[\"']?([^\"' >]+)", html)
    assert not [s for s in sources if s.startswith(("http", "//"))], sources
    assert "Bokeh" in html and "sweep-data" in html  # the figure itself, scripts inline
    assert "cindy: win share by armor" in html


def test_a_plot_that_is_not_html_is_refused_before_any_game(monkeypatch, tmp_path, capsys):
    sim = __import__("racerlab.analysis.simulate", fromlist=["simulate"])

    def no_games(*args, **kwargs):
        raise AssertionError("a game was played before the refusal")

    monkeypatch.setattr(sim, "play_game", no_games)
    assert main([*SWEEP, "--plot", str(tmp_path / "cindy.png")]) == 2
    assert "must end in .html" in capsys.readouterr().err


@pytest.mark.parametrize("target", [["boss", "eggman"], ["knights", "cindy"]])
def test_both_balance_commands_take_the_new_options(target):
    from racerlab.cli import build_parser

    args = build_parser().parse_args(
        ["balance", *target, "--catalog", "d", "--plot", "p.html", "-o", "-"]
    )
    assert (args.catalog, args.plot, args.out) == ("d", "p.html", "-")
