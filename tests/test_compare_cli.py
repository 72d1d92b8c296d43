"""``racerlab compare``: two results tables, their intervals, and ``--plot`` as an offline page."""

from __future__ import annotations

import re

import pytest

from racerlab.analysis.compare import compare
from racerlab.analysis.simulate import simulate
from racerlab.cli import main
from racerlab.core.testgame import CoinSetup


@pytest.fixture
def tables(tmp_path):
    """Two Coin Race tables: a short race (target 4) and a long one (target 12)."""
    paths = []
    for name, target, seed in (("short", 4, 1), ("long", 12, 2)):
        df = simulate("coin-race", CoinSetup(players=2, target=target), games=40, seed=seed,
                      progress=False)  # fmt: skip
        path = tmp_path / f"{name}.csv"
        df.to_csv(path, index=False)
        paths.append(path)
    return paths


def test_compare_prints_both_arms_and_the_difference(tables, capsys):
    a, b = tables
    assert main(["compare", str(a), str(b), "--metric", "rounds"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^short\s+mean rounds", out, re.M)
    assert re.search(r"^long\s+mean rounds", out, re.M)
    assert re.search(r"^short - long\s+mean rounds .* welch", out, re.M)


def test_plot_writes_an_offline_page_holding_the_compared_values(tables, tmp_path, capsys):
    import pandas as pd

    a, b = tables
    page = tmp_path / "compare.html"
    assert main(["compare", str(a), str(b), "--metric", "win:0", "--plot", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert not re.search(r"""<(script|link)[^>]+(src|href)=["']?https?:""", html)
    assert "cdn.bokeh.org" not in html
    want = compare(pd.read_csv(a), pd.read_csv(b), "win:0", labels=("short", "long"))
    for arm in ("short", "long"):
        e, lo, hi, n = (want.loc[arm, k] for k in ("estimate", "low", "high", "n"))
        label = f"{e:.1%} ({lo:.1%} to {hi:.1%}), {int(n)} games"
        assert label in html, label  # the hover text of each arm's bar
    assert repr(float(want.loc["short - long", "low"])) in html  # the difference's whisker end
    assert "compare-arms-data" in html and "compare-difference-data" in html


def test_a_bad_plot_path_or_table_is_refused_before_reading(tables, tmp_path, capsys):
    a, b = tables
    assert main(["compare", str(a), str(b), "--plot", str(tmp_path / "x.png")]) != 0
    assert ".html" in capsys.readouterr().err
    assert main(["compare", str(a), str(tmp_path / "missing.csv")]) != 0
    assert "no such file" in capsys.readouterr().err
    assert main(["compare", str(a), str(b), "--confidence", "2"]) == 2
