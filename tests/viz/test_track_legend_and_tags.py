"""The Battle Racers legend names every shade, outline and line the track draws, and a Turn
lane's speed tag never covers a racer."""

from __future__ import annotations

import numpy as np
import pytest
from bokeh.core.property.vectorization import Field

from racerlab.sonic import SonicRules, SonicSetup
from racerlab.sonic.scenarios import place
from racerlab.sonic.state import Phase
from racerlab.sonic.track import SectionType, Zone
from racerlab.viz.label_placer import boxes_overlap
from racerlab.viz.track import ELEVATION_COLOURS, TrackPlot
from racerlab.viz.track_labels import text_box
from racerlab.viz.track_style import RACER_HEIGHT
from racerlab.viz.track_terrain import AREA_LEGEND, AREA_STYLE, SHADE_WORDS, TURN_TAG_WORDS

RULES = SonicRules()

ZONES = [
    (Zone.BASE,),
    (Zone.BASE, Zone.GREEN_HILL),  # water and hills
    (Zone.BASE, Zone.OIL_OCEAN),  # oil and breakaway platforms
    (Zone.BASE, Zone.METALLIC_MADNESS),  # treadmills and traps
    (Zone.BASE, Zone.STUDIOPOLIS),  # springs and VR tokens
]


def _plot(zones, seed: int = 3) -> tuple[TrackPlot, object]:
    setup = SonicSetup(("sonic", "tails", "knuckles", "amy"), zones=zones)
    state = RULES.initial_state(setup, seed=seed)
    return TrackPlot(state), state


def _listed(plot: TrackPlot) -> set[str]:
    """What the legend lists: each entry's label, field labels expanded to the values of
    their column (as BokehJS does)."""
    out: set[str] = set()
    for item in plot.legend.items:
        label = item.label
        if isinstance(label, Field):
            for r in item.renderers:
                out |= {str(v) for v in r.data_source.data[label.field]}
        else:
            out.add(str(label.value))
    return out


@pytest.mark.parametrize("zones", ZONES, ids=lambda z: z[-1].value)
def test_the_legend_lists_every_shade_outline_line_and_marker_drawn(zones):
    plot, state = _plot(zones)
    listed = _listed(plot)
    cells = plot.sources["cells"].data
    # every fill drawn has one name, and each name one fill
    pairs = set(zip(cells["fill"], cells["shade"]))
    assert len({f for f, _ in pairs}) == len(pairs) == len({w for _, w in pairs})
    assert {w for _, w in pairs} <= listed
    for fill, word in pairs:
        level = next(k for k, c in ELEVATION_COLOURS.items() if c == fill)
        assert SHADE_WORDS[level] == word
    # every area is listed under its own look's words, every line too
    areas = plot.sources["areas"].data
    for words, dash in zip(areas["legend"], areas["dash"]):
        kind = next(k for k, w in AREA_LEGEND.items() if w == words)
        assert AREA_STYLE[kind]["dash"] == dash and words in listed
    assert set(plot.sources["lines"].data["legend"]) <= listed
    assert "Section boundary" in listed
    # every terrain marker, rock and swatch is listed by its kind
    assert set(plot.sources["features"].data["kind"]) <= listed
    if any(s.type is SectionType.TURN for s in state.board.track.sections):
        assert TURN_TAG_WORDS in listed


def test_the_zones_draw_what_their_legend_names():
    """The zones above do draw water, levels, platforms and traps (else the test above
    checks little)."""
    shades, areas = set(), set()
    for zones in ZONES:
        for seed in (1, 2, 3):
            plot, _ = _plot(zones, seed)
            shades |= set(plot.sources["cells"].data["shade"])
            areas |= set(plot.sources["areas"].data["legend"])
    assert {SHADE_WORDS[-1], SHADE_WORDS[0], SHADE_WORDS[1]} <= shades
    assert {AREA_LEGEND["platform"], AREA_LEGEND["trap"]} <= areas  # VR tokens come in play


def _turn_boxes(plot: TrackPlot) -> list[tuple[float, ...]]:
    data = plot.sources["labels"].data
    return [text_box(data, i) for i, kind in enumerate(data["kind"]) if kind == "turn"]


def _racer_boxes(plot: TrackPlot) -> list[tuple[float, ...]]:
    r = plot.sources["racers"].data
    half = RACER_HEIGHT / 2
    return [
        (x - w / 2, y - half, x + w / 2, y + half)
        for x, y, w in zip(np.asarray(r["x"]), np.asarray(r["y"]), np.asarray(r["width"]))
    ]


def _clear_of_racers(plot: TrackPlot) -> None:
    turns, racers = _turn_boxes(plot), _racer_boxes(plot)
    assert turns, "the track has a turn"
    hits = [(t, r) for t in turns for r in racers if boxes_overlap(t, r)]
    assert hits == [], "a Turn lane's speed tag covers a racer"


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_no_turn_tag_covers_a_racer_standing_in_the_turns_first_column(seed):
    plot, state = _plot((Zone.BASE,), seed)
    track = state.board.track
    turns = [i for i, s in enumerate(track.sections) if s.type is SectionType.TURN]
    for i in turns:
        first = track.offsets[i]
        crowded = state
        for seat in range(state.players):  # every racer in the turn's first column
            crowded = place(crowded, seat, (first, seat))
        plot.update(crowded)
        _clear_of_racers(plot)
        shifted = state
        for seat in range(state.players):  # and one column back, by the boundary
            shifted = place(shifted, seat, (first - 1, seat + 1))
        plot.update(shifted)
        _clear_of_racers(plot)


@pytest.mark.parametrize("seed", [0, 4])
def test_no_turn_tag_covers_a_racer_through_a_played_game(seed):
    setup = SonicSetup(("sonic", "tails", "knuckles"))
    state = RULES.initial_state(setup, seed=seed)
    plot = TrackPlot(state)
    rng = np.random.default_rng(seed)
    from racerlab.sonic.game import GAME

    bot = GAME.bots["greedy"]
    for _ in range(400):
        if state.phase is Phase.OVER:
            break
        state = RULES.apply(state, bot(state, RULES, rng)).state
        plot.update(state)
        _clear_of_racers(plot)
