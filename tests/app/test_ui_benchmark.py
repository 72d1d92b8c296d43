"""``benchmarks/ui.py --interactions`` times every kind of dashboard interaction, and each
one it times really happens (a refused editor drag would time a refusal)."""

from __future__ import annotations

import importlib.util

import pytest

from racerlab.app.kit.shell import TAB


@pytest.fixture(scope="module")
def ui_bench(racerlab_root):
    spec = importlib.util.spec_from_file_location("ui_bench", racerlab_root / "benchmarks/ui.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("slug", ["knights", "sonic"])
def test_every_interaction_is_timed_and_happens(ui_bench, slug):
    from racerlab.app import DASHBOARDS

    rows = ui_bench.interactions(slug, repeats=2)
    names = [r["interaction"] for r in rows]
    app = DASHBOARDS[slug].build(seed=7)
    tabs = [s.title for s in type(app).PANELS if s.place == TAB][1:]  # the first: with the page
    expected = ["page: build", "page: hand over to Bokeh", *(f"first show: {t}" for t in tabs)]
    expected += ["step", "back", "tweak", "editor place"]
    assert names[: len(expected)] == expected
    assert names[len(expected)] in ("odds", "odds (redraw, one seat)")
    assert names[-1] == "switch tab"
    for r in rows:
        assert r["n"] == (1 if r["interaction"].startswith(("page", "first")) else 2), r
        assert 0 <= r["cpu_median_ms"] <= r["cpu_worst_ms"], r
        assert 0 <= r["median_ms"] <= r["worst_ms"], r
        assert "refused" not in r, r  # the editor's drags were all played


def test_the_table_judges_interactions_not_page_loads(ui_bench):
    def row(what, ms):
        return {"dashboard": "knights", "interaction": what, "n": 1, "median_ms": ms,
                "worst_ms": ms, "cpu_median_ms": ms, "cpu_worst_ms": ms}  # fmt: skip

    table = ui_bench.interactions_table([row("page: build", 900.0), row("step", 40.0)])
    assert "knights    step" in table
    assert "worst interaction, CPU: 40.0 ms (under the 300 ms target)" in table
    over = ui_bench.interactions_table([row("step", 400.0)])
    assert "worst interaction, wall-clock: 400.0 ms (OVER the 300 ms target)" in over
