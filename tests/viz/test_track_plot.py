"""The track plot stays light, updates in place, keeps its texts in view and its tags apart."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from bokeh.models import GlyphRenderer, Text

from racerlab.sonic import Mode, SonicRules, SonicSetup, queries
from racerlab.sonic.board import Badnik
from racerlab.sonic.scenarios import place, put
from racerlab.viz.editing import add_drag_handles
from racerlab.viz.label_placer import boxes_overlap
from racerlab.viz.track import TrackPlot
from racerlab.viz.track_labels import text_box
from racerlab.viz.track_layers import LEGEND
from racerlab.viz.track_style import BOSS_SIZE, COLUMN_PX, RACER_HEIGHT, TRACK_HEIGHT
from racerlab.viz.track_terrain import TURN_TAG_WORDS

MAX_MODELS = 100
"""The most Bokeh models the track figure may hold (it was 334 with a source per layer)."""


@pytest.fixture(scope="module")
def rules() -> SonicRules:
    return SonicRules()


def crowded(rules: SonicRules):
    """Four racers and the boss on neighbouring spaces, rings and a badnik beside them,
    and racer 1's path through them with the most marks of any card."""
    setup = SonicSetup(("sonic", "tails", "knuckles", "amy"), Mode.BOSS, "eggman")
    s = rules.initial_state(setup, seed=2)
    s = put(s, clear=True, rings={(12, 1): 3, (12, 3): 2}, badniks={(13, 2): Badnik.CRABMEAT})
    s = put(s, boss=(11, 0))
    for seat, pos in enumerate([(10, 1), (10, 2), (11, 1), (11, 2)]):
        s = place(s, seat, pos, speed=4 + seat)
    previews = [p for c in rules.facts.cards for p in queries.path_preview(s, 0, c, rules)]
    return s, max(previews, key=lambda p: len(p.marks))


def models(plot: TrackPlot) -> set[int]:
    return {id(m) for m in plot.figure.references()}


def test_the_figure_holds_at_most_a_hundred_models_with_the_editors_handles(rules):
    s, preview = crowded(rules)
    plot = TrackPlot(s)
    plot.update(s, preview=preview, mover=0)
    handles = add_drag_handles(plot.figure).enable(True)
    refs = list(plot.figure.references())
    assert len(refs) <= MAX_MODELS, Counter(type(m).__name__ for m in refs).most_common()
    renderers = [m for m in refs if isinstance(m, GlyphRenderer) and m is not handles.renderer]
    assert len(renderers) <= 12  # one per kind of mark
    # the marks share one selection, selection policy and row filter; the handles, which
    # the drag tool selects in, keep a selection of their own
    assert len({id(r.data_source.selected) for r in renderers}) == 1
    assert len({id(r.data_source.selection_policy) for r in [*renderers, handles.renderer]}) == 1
    assert len({id(r.view.filter) for r in [*renderers, handles.renderer]}) == 1
    assert handles.source.selected is not renderers[0].data_source.selected
    assert len([r for r in renderers if isinstance(r.glyph, Text)]) == 1  # one for all texts


def test_updates_replace_data_only_and_only_where_it_changed(rules):
    s, preview = crowded(rules)
    plot = TrackPlot(s)
    before = models(plot)
    assigned: Counter[str] = Counter()
    for key, source in plot.sources.items():
        source.on_change("data", lambda attr, old, new, key=key: assigned.update([key]))
    plot.update(s)  # the same state again: nothing to send
    assert not assigned
    plot.update(s, preview=preview, mover=0)
    assert set(assigned) == {"path", "path-spaces", "labels"}
    assigned.clear()
    plot.update(place(s, 3, (14, 4)), preview=preview, mover=0)
    assert set(assigned) == {"racers", "labels"}
    assigned.clear()
    other = rules.initial_state(SonicSetup(("sonic", "tails")), seed=9)  # a new game
    plot.update(other)
    assert {"cells", "racers", "labels", "path"} <= set(assigned)
    assert models(plot) == before  # no source, renderer or glyph made or dropped


def test_the_legend_shows_every_entry_from_the_plots_own_sources(rules):
    plot = TrackPlot(rules.initial_state(SonicSetup(("sonic", "tails")), seed=1))
    (legend,) = plot.figure.legend
    assert legend is plot.legend and legend in plot.figure.below
    fields = [(item.label.field, item.renderers[0].data_source.name) for item in legend.items]
    assert fields == [
        ("kind", "track-features"),
        ("name", "track-badniks"),
        ("shade", "track-cells"),  # the laid track as drawn: shades, areas, lines
        ("legend", "track-areas"),
        ("legend", "track-lines"),
    ]
    f = plot.sources["features"].data
    swatches = [i for i, x in enumerate(f["x"]) if np.isnan(x)]
    assert [f["kind"][i] for i in swatches] == [label for label, _, _ in LEGEND] + [
        TURN_TAG_WORDS  # the track has a turn: its lanes' speed tags are named too
    ]
    assert swatches[:-1] == list(range(len(LEGEND)))  # first: the legend lists them first
    for i in swatches:  # each swatch shows: a line or a fill
        assert f["line_width"][i] > 0 or f["fill_alpha"][i] > 0, f["kind"][i]


def _text_rows(plot: TrackPlot):
    data = plot.sources["labels"].data
    return data, [text_box(data, i) for i in range(len(data["x"]))]


def test_the_x_range_holds_every_text_with_a_margin(rules):
    s = rules.initial_state(SonicSetup(("sonic", "tails")), seed=1)
    plot = TrackPlot(s)
    xr, yr = plot.figure.x_range, plot.figure.y_range
    data, boxes = _text_rows(plot)
    assert len(boxes) >= len(s.board.track.sections) + 2  # section names, racers' tags
    for text, x, (x0, y0, _x1, y1) in zip(data["text"], data["x"], boxes):
        assert xr.start + 0.1 <= x <= xr.end - 0.1, text  # the whole track fits: all shown
        assert xr.start <= x0, text  # nothing cut at the left ("rt Line (start)")
        assert yr.start < y0 and y1 < yr.end, text


def test_no_text_is_cut_at_the_left_edge_when_the_view_follows(rules):
    s = rules.initial_state(SonicSetup(("sonic", "tails")), seed=1)
    n = s.board.track.n_columns
    plot = TrackPlot(s)
    plot.figure.x_range.end = plot.figure.x_range.start + 12  # a narrow window
    for col in range(4, n - 1, 3):
        s = place(place(s, 0, (col, 1)), 1, (col - 1, 3))
        plot.update(s)
        start = plot.figure.x_range.start
        data, boxes = _text_rows(plot)
        for text, (x0, _, x1, _) in zip(data["text"], boxes):
            assert not x0 < start < x1, (col, text, start)


def test_crowded_tags_never_cover_each_other_nor_a_racer(rules):
    s, preview = crowded(rules)
    plot = TrackPlot(s)
    plot.update(s, preview=preview, mover=0)
    data, boxes = _text_rows(plot)
    kinds = list(data["kind"])
    tags = [i for i, k in enumerate(kinds) if k in ("racer", "boss", "mark", "rings")]
    assert Counter(kinds[i] for i in tags) == {
        "racer": 4,
        "boss": 1,
        "mark": len({m.at for m in preview.marks}),
        "rings": 2,
    }
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            assert not boxes_overlap(boxes[a], boxes[b]), (data["text"][a], data["text"][b])
    r = plot.sources["racers"].data
    half = RACER_HEIGHT / 2
    tokens = [
        (x - w / 2, y - half, x + w / 2, y + half) for x, y, w in zip(r["x"], r["y"], r["width"])
    ]
    b = plot.sources["boss"].data
    tokens.append(
        (
            b["x"][0] - BOSS_SIZE[0] / 2,
            b["y"][0] - BOSS_SIZE[1] / 2,
            b["x"][0] + BOSS_SIZE[0] / 2,
            b["y"][0] + BOSS_SIZE[1] / 2,
        )
    )
    for i in tags:
        for token in tokens:
            assert not boxes_overlap(boxes[i], token), data["text"][i]
    moved = [i for i in tags if data["leader_alpha"][i] > 0]
    assert moved  # this crowd needs some tags moved away, each with a leader line
    for i in moved:
        assert (data["ax"][i], data["ay"][i]) != (data["x"][i], data["y"][i])
    for i in tags:
        if data["leader_alpha"][i] == 0:  # a tag left in place touches its anchor
            x0, y0, x1, y1 = boxes[i]
            ax, ay = data["ax"][i], data["ay"][i]
            assert x0 - 1e-9 <= ax <= x1 + 1e-9 and y0 - 1e-9 <= ay <= y1 + 1e-9, data["text"][i]


def test_the_browser_keeps_a_column_readable_at_any_width(rules):
    plot = TrackPlot(rules.initial_state(SonicSetup(("sonic", "tails")), seed=1))
    fig = plot.figure
    assert fig.sizing_mode == "stretch_width" and fig.height == TRACK_HEIGHT
    (fit,) = fig.js_property_callbacks["change:inner_width"]
    assert fit.args == {"xr": fig.x_range, "px": COLUMN_PX}
    assert "xr.setv({start: start, end: start + span})" in fit.code
    # racers are drawn in pixels at that scale, so the placer's boxes match the drawing
    racers = plot.sources["racers"].data
    assert list(racers["width_px"]) == [w * COLUMN_PX for w in racers["width"]]


def test_new_games_and_loaded_scenarios_keep_every_model_of_the_dashboards_track():
    from racerlab.app.sonic.dashboard import sonic_app

    app = sonic_app(seed=0)
    plot = app.track
    before = models(plot)
    cells = plot.sources["cells"]
    s = app.session
    s.new_random(5)
    assert plot.sources["racers"].data["name"] == s.player_names
    for title in list(s.kit.scenarios)[:3]:
        s.load_scenario(title)
        assert plot.sources["racers"].data["name"] == s.player_names
        assert len(plot.sources["boss"].data["x"]) == (1 if s.state.boss else 0)
    s.new_random(6)
    assert len(cells.data["x"]) == s.state.board.track.n_columns * 5
    assert plot.sources["cells"] is cells and models(plot) == before


def test_the_hover_card_names_abilities_not_ids(rules):
    setup = SonicSetup(("metal-sonic", "tails"), Mode.RACE)
    plot = TrackPlot(rules.initial_state(setup, seed=1))
    assert list(plot.sources["racers"].data["ability"]) == ["Metal Sonic", "Tails"]
