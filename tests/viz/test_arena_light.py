"""The arena plot is light: one source and renderer per kind of mark, at most 100 Bokeh
models with the position editor's handles; an update sets only the sources whose rows
changed and never swaps a model; the figure is drawn to scale round the table; every
legend entry shows a swatch from a swatch row of a shared mark."""

from __future__ import annotations

import numpy as np
import pytest
from bokeh.document import Document
from bokeh.document.events import ColumnDataChangedEvent, ModelChangedEvent

from racerlab.knights.scenarios import load_scenario
from racerlab.knights.setup import table_of
from racerlab.viz.arena import ARENA_OVERLAYS, ArenaPlot
from racerlab.viz.arena_layers import LEGEND, PAD_M
from racerlab.viz.editing import add_drag_handles

MAX_MODELS = 100
CINDY, CHRIS = 1, 2


@pytest.fixture(scope="module")
def example():
    return load_scenario("worked-example")


def model_ids(fig) -> set[str]:
    return {m.id for m in fig.references()}


def test_the_arena_and_the_editors_handles_are_at_most_100_bokeh_models(example):
    plot = ArenaPlot(example.entries[29].state, selected=CHRIS, overlays=ARENA_OVERLAYS)
    handles = add_drag_handles(plot.figure)
    models = list(plot.figure.references())
    assert len(models) <= MAX_MODELS, len(models)
    renderers = plot.figure.renderers
    assert len(renderers) == len(plot.marks) + 1  # one per kind of mark, and the handles
    assert len({id(r.data_source) for r in renderers}) == len(renderers)
    # one selection policy and row filter for all; one selection for the marks (the
    # handles, which the drag tool selects in, keep their own)
    assert len({id(r.data_source.selection_policy) for r in renderers}) == 1
    assert len({id(r.view.filter) for r in renderers}) == 1
    marks = [r for r in renderers if r is not handles.renderer]
    assert len({id(r.data_source.selected) for r in marks}) == 1
    assert handles.source.selected is not marks[0].data_source.selected
    for r in renderers:  # no selection, hover or muted copy of a glyph
        assert r.nonselection_glyph == "auto" and r.muted_glyph == "auto", r.name
    assert [m.source.name for m in plot.marks.values()] == [
        "arena-areas",
        "arena-lines",
        "arena-waypoints",
        "arena-racers",
        "arena-tops",
        "arena-rings",
        "arena-text",
    ]


def data_changes(doc: Document) -> list[str]:
    """The names of the sources whose data the document hears set from now on."""
    seen: list[str] = []

    def hear(event):
        if isinstance(event, ColumnDataChangedEvent) or (
            isinstance(event, ModelChangedEvent) and event.attr == "data"
        ):
            seen.append(event.model.name)

    doc.on_change(hear)
    return seen


def test_an_update_sets_only_the_sources_whose_rows_changed(example):
    states = [e.state for e in example.entries]
    plot = ArenaPlot(states[5], selected=CINDY, overlays=())
    doc = Document()
    doc.add_root(plot.figure)
    ids = model_ids(plot.figure)
    seen = data_changes(doc)
    plot.update(states[5], selected=CINDY, overlays=())
    assert seen == []  # nothing changed, nothing sent
    plot.show_grid("R")
    assert seen == ["arena-lines"]
    seen.clear()
    assert states[6].racers[CINDY].pose != states[5].racers[CINDY].pose  # Cindy drives
    plot.update(states[6])
    assert set(seen) == {"arena-racers", "arena-tops", "arena-text"}  # not the table, grid
    seen.clear()
    plot.update(states[6], overlays=("arc",))
    assert set(seen) >= {"arena-areas", "arena-rings", "arena-text"}
    assert "arena-racers" not in seen and "arena-waypoints" not in seen
    assert model_ids(plot.figure) == ids  # every model kept: data only


def test_a_new_game_or_scenario_swaps_no_model_and_shows_the_new_racers(example):
    from racerlab.knights import KnightsRules, random_setup

    plot = ArenaPlot(example.entries[29].state, selected=CHRIS, overlays=ARENA_OVERLAYS)
    add_drag_handles(plot.figure)
    ids = model_ids(plot.figure)
    sources = {m.source for m in plot.marks.values()}
    six = KnightsRules().initial_state(random_setup(6, seed=11))
    plot.update(six, selected=0)
    assert list(plot.marks["racers"].source.data["name"]) == [six.name(i) for i in range(6)]
    plot.update(load_scenario("worked-example").entries[0].state, selected=0)
    assert len(plot.marks["racers"].source.data["name"]) == 3
    assert model_ids(plot.figure) == ids
    assert {m.source for m in plot.marks.values()} == sources


def test_the_figure_keeps_the_tables_aspect_and_its_ranges_follow_the_table(example):
    state = example.entries[29].state
    plot = ArenaPlot(state, selected=CHRIS, overlays=ARENA_OVERLAYS)
    fig = plot.figure
    assert fig.sizing_mode == "stretch_both"  # the page sizes its box
    table = table_of(state.setup)
    # the table and its margin, refitted in the browser to keep 1M across equal to 1M up
    assert (fig.x_range.start, fig.x_range.end) == (-PAD_M, table.width + PAD_M)
    assert (fig.y_range.start, fig.y_range.end) == (-PAD_M, table.height + PAD_M)
    fits = [cb for cbs in fig.js_property_callbacks.values() for cb in cbs]
    assert set(fig.js_property_callbacks) == {"change:inner_width", "change:inner_height"}
    assert len({id(cb) for cb in fits}) == 1  # one callback for both sides
    assert fits[0].args["width"] == table.width and fits[0].args["pad"] == PAD_M
    # every area drawn (table, arc, ram lane, reach) lies on the table
    data = plot.marks["areas"].source.data
    xs = np.concatenate([x for x in data["xs"] if not np.isnan(x).all()])
    ys = np.concatenate([y for y in data["ys"] if not np.isnan(y).all()])
    assert xs.min() >= 0 and xs.max() <= table.width
    assert ys.min() >= 0 and ys.max() <= table.height
    assert len(data["xs"]) > 4  # table, arc, lane and reach all shown


def test_every_legend_entry_shows_a_swatch_row_that_draws_nothing(example):
    plot = ArenaPlot(example.entries[0].state, overlays=())  # most layers empty
    items = plot.legend.items
    assert [item.label.value for item in items] == [label for label, _, _ in LEGEND]
    for item, (label, mark, look) in zip(items, LEGEND):
        (renderer,) = item.renderers
        source = plot.marks[mark].source
        assert renderer.data_source is source, label
        row = {k: v[item.index] for k, v in source.data.items()}
        geometry = [row[k] for k in ("xs", "ys", "x", "y") if k in row]
        assert geometry and all(np.isnan(v).all() for v in geometry), label
        assert {k: row[k] for k in look} == dict(look), label
        line = row["line_alpha"] * row["line_width"] if "line_alpha" in row else row["line_width"]
        assert line > 0 or row.get("fill_alpha", 0) > 0, label
    assert plot.legend in plot.figure.below
