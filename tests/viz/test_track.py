"""The Battle Racers track plot: its sources hold exactly what the game state says."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from racerlab.core.dice import Dice
from racerlab.sonic import Mode, SetRings, SetSpeed, SonicRules, SonicSetup, queries
from racerlab.sonic.board import Badnik
from racerlab.sonic.scenarios import place, plain_catalog, put
from racerlab.sonic.track import Platform, Section, SectionType, Zone, parse_code
from racerlab.viz.track import ELEVATION_COLOURS, TrackPlot, space_xy

PLAIN = parse_code("0..")

# a straight with one of each feature, water and a hill (lanes top to bottom)
FEATURES = Section.from_grid(
    "features",
    "Feature Test",
    Zone.BASE,
    SectionType.STRAIGHT,
    [
        "0.. 0x. 0>. 0.. 0.. 0..",
        "0.. 0<. 0^. 0.. 0.. 0..",
        "0.. 0o. 0U. 0.. 0.. 0..",
        "0.. 0s. 0R. 0.. 0.. 0..",
        "0.. w.. 2.. 1.. 0.. 0..",
    ],
    platforms=(Platform(3, 0, ((parse_code("0.r"), PLAIN), (PLAIN, PLAIN), (PLAIN, PLAIN))),),
)
STRAIGHTS = ("features", "straight-1", "straight-2", "straight-3", "straight-4", "straight-5")


@pytest.fixture(scope="module")
def rules() -> SonicRules:
    return SonicRules(plain_catalog(extra=(FEATURES,)))


@pytest.fixture
def state(rules):
    s = rules.initial_state(SonicSetup(("sonic", "big"), sections=STRAIGHTS), seed=4)
    return put(s, clear=True)


def rows(data, *cols):
    return sorted(zip(*(list(np.asarray(data[c]).tolist()) for c in cols)))


def test_one_cell_per_space_with_the_boards_elevation(state):
    plot = TrackPlot(state)
    cells = plot.sources["cells"].data
    board = state.board
    n = board.track.n_columns
    assert len(cells["x"]) == n * 5
    for x, y, elev, fill in zip(cells["x"], cells["y"], cells["elevation"], cells["fill"]):
        col, lane = int(x - 0.5), int(-y)
        assert elev == board.elevation(col, lane)
        assert fill == ELEVATION_COLOURS[min(elev, 3)]
    # the water and the hill of the feature section (it starts after the 4-column Start)
    start = board.track.offsets[1]
    lookup = {
        (int(x - 0.5), int(-y)): e for x, y, e in zip(cells["x"], cells["y"], cells["elevation"])
    }
    assert lookup[(start + 1, 4)] == -1
    assert lookup[(start + 2, 4)] == 2


def test_features_sit_on_their_spaces_with_arrows_pointing_their_way(state):
    plot = TrackPlot(state)
    f = plot.sources["features"].data
    start = state.board.track.offsets[1]
    got = {
        (x, y): (kind, angle)
        for x, y, kind, angle in zip(f["x"], f["y"], f["kind"], f["angle"])
        if not np.isnan(x)  # the legend's swatches are off the plot
    }
    assert len(got) == 8
    assert got[space_xy(start + 1, 0)][0] == "Spikes"
    assert got[space_xy(start + 2, 0)] == ("Accelerator ▸ way", -math.pi / 2)
    assert got[space_xy(start + 1, 1)] == ("Decelerator ▸ way", math.pi / 2)
    assert got[space_xy(start + 2, 1)] == ("Accelerator ▸ way", 0.0)  # points up
    assert got[space_xy(start + 2, 2)] == ("Treadmill ▸ push", 0.0)
    assert got[space_xy(start + 2, 3)] == ("Treadmill ▸ push", -math.pi / 2)
    assert got[space_xy(start + 1, 2)][0] == "Oil"
    assert got[space_xy(start + 1, 3)][0] == "Spring"


def test_turn_lane_speed_numbers(state):
    plot = TrackPlot(state)
    data = plot.sources["labels"].data
    labels = [t for t, kind in zip(data["text"], data["kind"]) if kind == "turn"]
    assert labels == ["≤2", "≤3", "≤4", "≤5", "≤6"]


def test_rings_badniks_and_racers_match_the_state(state):
    s = put(state, rings={(8, 1): 3, (9, 4): 1}, badniks={(10, 2): Badnik.CRABMEAT})
    s = place(s, 0, (7, 3), speed=5, rings=4)
    plot = TrackPlot(s, names=["Sonic", "Big"])
    rings = plot.sources["rings"].data
    assert rows(rings, "x", "y", "count") == [(8.5, -1.0, 3), (9.5, -4.0, 1)]
    assert rows(rings, "x", "label") == [(8.5, "3"), (9.5, "")]
    bad = plot.sources["badniks"].data
    assert rows(bad, "x", "y", "kind", "family") == [(10.5, -2.0, "crabmeat", "crawling")]
    racers = plot.sources["racers"].data
    assert racers["name"] == ["Sonic", "Big"]
    assert (racers["x"][0], racers["y"][0]) == (7.5, -3.0)
    assert racers["speed"][0] == 5 and racers["rings"][0] == 4
    big = s.board.racers[1]
    assert big.large and racers["width"][1] > 1.0  # a large base covers two spaces
    assert racers["x"][1] == big.col  # centred between its two spaces


def test_a_tweak_changes_the_numbers_shown(state, rules):
    plot = TrackPlot(state)
    assert plot.sources["racers"].data["speed"][0] == 3
    s = rules.apply(state, SetSpeed(0, 7)).state
    s = rules.apply(s, SetRings(0, 5)).state
    plot.update(s)
    data = plot.sources["racers"].data
    assert data["speed"][0] == 7 and data["rings"][0] == 5
    assert data["label"][0] == "1:7"


def test_a_step_moves_the_racer_in_the_source(state, rules):
    plot = TrackPlot(state)
    before = (plot.sources["racers"].data["x"].copy(), plot.sources["racers"].data["y"].copy())
    s = state
    seat = rules.acting_player(s)
    while rules.acting_player(s) is not None and s.phase.value != "move":
        s = rules.apply(s, rules.legal_actions(s)[0]).state
    mover = rules.acting_player(s)
    move = rules.legal_actions(s)[0]
    s = rules.apply(s, move).state
    plot.update(s)
    after = plot.sources["racers"].data
    assert seat is not None
    x, y = space_xy(*s.board.racers[mover].pos)
    assert (
        after["x"][mover] + (0.5 if s.board.racers[mover].large else 0.0),
        after["y"][mover],
    ) == (
        x,
        y,
    )
    assert (after["x"][mover], after["y"][mover]) != (before[0][mover], before[1][mover])


def test_platforms_are_drawn_until_removed(state):
    plot = TrackPlot(state)
    start = state.board.track.offsets[1]
    areas = plot.sources["areas"]
    p = rows(areas.data, "left", "right", "top", "bottom", "what")
    assert p == [(start + 3, start + 6, 0.5, -1.5, "breakaway platform")]
    board = state.board.remove_platform((start + 3, 0), Dice.seeded(0), yellow=False)
    plot.update(replace(state, board=board))
    assert len(plot.sources["areas"].data["left"]) == 0
    assert plot.sources["areas"] is areas  # the same source, new data
    # the ring printed under the platform is now on the board and in the rings source
    assert (start + 3.5, 0.0) in set(
        zip(plot.sources["rings"].data["x"], plot.sources["rings"].data["y"])
    )


def test_the_path_preview_and_its_marks(state, rules):
    s = put(state, rings={(12, 2): 2})
    s = place(s, 0, (11, 2), speed=3)  # on the flat straight after the feature section
    card = next(c for c in rules.facts.cards if rules.facts.cards[c].movement.value == "run")
    previews = queries.path_preview(s, 0, card, rules)
    straight = next(p for p in previews if p.spaces == ((12, 2), (13, 2), (14, 2)))
    plot = TrackPlot(s)
    plot.update(s, preview=straight, mover=0)
    path = plot.sources["path"].data
    assert list(path["xs"][0]) == [11.5, 12.5, 13.5, 14.5]
    assert list(path["ys"][0]) == [-2.0] * 4
    spaces = plot.sources["path-spaces"].data
    assert list(spaces["x"]) == [12.5, 13.5, 14.5] and list(spaces["step"]) == [1, 2, 3]
    assert list(spaces["mark"]) == [1, 0, 0] and spaces["label"] == ["rings", "", ""]
    assert "collected 2 ring(s)" in spaces["what"][0]
    labels = plot.sources["labels"].data
    assert [t for t, k in zip(labels["text"], labels["kind"]) if k == "mark"] == ["rings"]
    plot.update(s)  # no preview: nothing drawn
    assert len(plot.sources["path"].data["xs"]) == 0
    assert len(plot.sources["path-spaces"].data["x"]) == 0
    assert "mark" not in plot.sources["labels"].data["kind"]


def test_the_boss_is_drawn_with_its_rings(rules):
    s = rules.initial_state(
        SonicSetup(("sonic", "tails"), Mode.BOSS, "eggman", sections=STRAIGHTS), seed=2
    )
    plot = TrackPlot(s)
    boss = plot.sources["boss"].data
    assert (boss["x"][0], boss["y"][0]) == space_xy(*s.board.boss)
    assert boss["rings"][0] == s.boss.rings
    assert boss["label"] == [f"B{s.boss.rings}"]
    labels = plot.sources["labels"].data
    assert [t for t, k in zip(labels["text"], labels["kind"]) if k == "boss"] == boss["label"]


def test_the_view_follows_the_racers(state):
    plot = TrackPlot(state)
    xr = plot.figure.x_range
    n = state.board.track.n_columns
    assert -0.5 <= xr.start <= state.board.racers[0].col and xr.end <= n + 0.5  # a margin
    far = place(place(state, 0, (n - 2, 1)), 1, (n - 3, 3))
    plot.update(far)
    assert xr.start <= n - 3 - 1 and n - 2 + 1 <= xr.end <= n + 0.5
    offsets = state.board.track.offsets
    assert xr.start + 0.3 in offsets  # the view starts at a section: its name shows whole
    start = xr.start
    plot.update(place(far, 0, (n - 4, 1)))  # still in view: the view stays put
    assert xr.start == start
