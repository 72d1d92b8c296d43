"""The static track model: grid codes, sections and the laid track."""

import pytest

from racerlab.sonic.track import (
    LANES,
    Cell,
    Direction,
    Feature,
    GridError,
    Marker,
    Section,
    SectionType,
    Track,
    Zone,
    cell_code,
    parse_code,
    parse_grid,
)

FLAT3 = ["0.. 0.. 0.."] * LANES


def section(sid="s", kind=SectionType.STRAIGHT, lanes=FLAT3, **kw):
    return Section.from_grid(sid, sid.upper(), Zone.BASE, kind, lanes, **kw)


@pytest.mark.parametrize(
    ("code", "elevation", "feature", "direction", "markers"),
    [
        ("0..", 0, None, None, ()),
        ("w..", -1, None, None, ()),
        ("2.r", 2, None, None, (Marker.RING,)),
        ("1x.", 1, Feature.SPIKE, None, ()),
        ("0>B", 0, Feature.ACCELERATOR, Direction.FORWARD, (Marker.RED_BADNIK,)),
        ("0<Y", 0, Feature.DECELERATOR, Direction.BACK, (Marker.YELLOW_BADNIK,)),
        ("0^.", 0, Feature.ACCELERATOR, Direction.UP, ()),
        ("0v.", 0, Feature.ACCELERATOR, Direction.DOWN, ()),
        ("wo.", -1, Feature.OIL, None, ()),
        ("0s.", 0, Feature.SPRING, None, ()),
        ("0R.", 0, Feature.TREADMILL, Direction.FORWARD, ()),
        ("0L.", 0, Feature.TREADMILL, Direction.BACK, ()),
        ("0U.", 0, Feature.TREADMILL, Direction.UP, ()),
        ("0D.", 0, Feature.TREADMILL, Direction.DOWN, ()),
    ],
)
def test_codes_read_and_write_back(code, elevation, feature, direction, markers):
    cell = parse_code(code)
    assert (cell.elevation, cell.feature, cell.direction, cell.markers) == (
        elevation,
        feature,
        direction,
        markers,
    )
    assert cell_code(cell) == code


@pytest.mark.parametrize("code", ["3..", "0q.", "0.z", "0.", "0..."])
def test_bad_codes_are_refused(code):
    with pytest.raises(GridError):
        parse_code(code)


def test_water_is_elevation_minus_one():
    assert parse_code("w..").is_water and not Cell(0).is_water


def test_grid_is_column_major_and_checks_shape():
    cells = parse_grid(["0.. 1..", "0x. 0..", "0.. 0..", "0.. 0..", "0.. 2.r"])
    assert len(cells) == 2 and len(cells[0]) == LANES
    assert cells[1][0].elevation == 1 and cells[0][1].feature is Feature.SPIKE
    assert cells[1][4].markers == (Marker.RING,)
    with pytest.raises(GridError, match="must have 5 lane strings"):
        parse_grid(["0.."] * 4)
    with pytest.raises(GridError, match="lane 2 has 1 spaces"):
        parse_grid(["0.. 0..", "0.. 0..", "0..", "0.. 0..", "0.. 0.."])


def test_directions():
    assert Direction.UP.delta == (0, -1) and Direction.DOWN.delta == (0, 1)
    assert Direction.FORWARD.opposite is Direction.BACK
    assert Direction.UP.opposite is Direction.DOWN


def test_track_columns_sections_and_lines():
    start = section("start", SectionType.START, ["0.. 0.. 0.. 0.."] * LANES, line_col=2)
    straight = section("a", lanes=["0.. 0x. 0.. 0.. 0.."] * LANES)
    finish = section("f", SectionType.FINISH, FLAT3, line_col=1)
    track = Track((start, straight)).appended(finish)
    assert track.n_columns == 4 + 5 + 3
    assert track.offsets == (0, 4, 9)
    assert track.section_at(5).id == "a" and track.section_start(8) == 4
    assert track.section_index(11) == 2
    assert track.cell(5, 3).feature is Feature.SPIKE
    assert track.start_line_col == 2 and track.finish_line_col == 10
    assert track.grid_spaces()[:2] == ((1, 0), (1, 1))
    assert all(col < track.start_line_col for col, _ in track.grid_spaces())
    with pytest.raises(IndexError):
        track.cell(12, 0)
    with pytest.raises(IndexError):
        track.cell(0, 5)


def test_finish_line_unknown_until_laid():
    track = Track((section("start", SectionType.START, FLAT3, line_col=1),))
    assert track.finish_line_col is None


def test_appended_leaves_the_original_alone():
    track = Track((section("a"),))
    longer = track.appended(section("b"))
    assert track.n_columns == 3 and longer.n_columns == 6


def test_track_equality_ignores_derived_lookups():
    a = Track((section("a"),))
    b = Track((section("a"),))
    assert a == b and hash(a) == hash(b)
    assert [f for f in a.__dataclass_fields__] == ["sections"]


def test_cells_check_elevation_and_arrows():
    with pytest.raises(GridError, match="elevation"):
        Cell(3)
    with pytest.raises(GridError, match="needs"):
        Cell(0, Feature.TREADMILL)
    with pytest.raises(GridError, match="takes no"):
        Cell(0, Feature.SPIKE, Direction.UP)
    assert Cell(-1, Feature.OIL).is_water
