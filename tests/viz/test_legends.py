"""Every legend entry of the arena plot shows a swatch, even while the layer it names is
empty, and its swatch draws nothing on the plot (the track plot's legend, built from
columns of its own sources, is checked in tests/viz/test_track_plot.py)."""

from __future__ import annotations

import numpy as np
import pytest

from racerlab.knights import KnightsRules, example_setup
from racerlab.viz.arena import ArenaPlot
from racerlab.viz.arena_layers import LEGEND as ARENA_LEGEND


def arena():
    return ArenaPlot(KnightsRules().initial_state(example_setup()), overlays=())


@pytest.mark.parametrize("make, entries", [(arena, ARENA_LEGEND)])
def test_every_legend_entry_has_a_visible_swatch_and_draws_nothing_on_the_plot(make, entries):
    plot = make()  # no overlay, no boss, no rocks, no path preview: many layers empty
    items = plot.legend.items
    assert [item.label.value for item in items] == [label for label, _, _ in entries]
    for item in items:
        (renderer,) = item.renderers
        data = renderer.data_source.data
        assert all(len(v) == 1 and np.isnan(v[0]) for v in data.values()), item.label
        glyph = renderer.glyph
        for prop in ("line_color", "line_alpha", "line_width", "fill_color", "fill_alpha"):
            if hasattr(glyph, prop):
                spec = glyph.properties_with_values()[prop]
                assert not isinstance(spec, dict) or "field" not in spec, (item.label, prop)
        line = glyph.line_alpha * glyph.line_width if glyph.line_color is not None else 0
        fill = getattr(glyph, "fill_alpha", 0) if getattr(glyph, "fill_color", None) else 0
        assert line > 0 or fill > 0, item.label
    assert plot.legend in plot.figure.below
