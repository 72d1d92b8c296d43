"""The one column builder the track and arena plots fill their glyph sources with."""

import pytest

from racerlab.viz.sources import Columns


def test_rows_fill_every_column_in_order_and_arrays_type_them():
    cols = Columns(("x", "n", "label"))
    cols.add(label="a", n=1, x=0.5)
    cols.add(x=2, n=3, label="b")
    assert len(cols) == 2 and list(cols.data) == ["x", "n", "label"]
    out = cols.arrays(floats=("x",), ints=("n",))
    assert out["x"].tolist() == [0.5, 2.0] and out["x"].dtype.kind == "f"
    assert out["n"].dtype.kind == "i" and out["label"] == ["a", "b"]
    assert len(Columns(("x",))) == 0 and Columns(("x",)).arrays(floats=("x",))["x"].size == 0


def test_a_row_missing_or_adding_a_column_is_refused_and_nothing_is_added():
    cols = Columns(("x", "y"))
    with pytest.raises(KeyError, match=r"missing \['y'\], unknown \['z'\]"):
        cols.add(x=1.0, z=2.0)
    assert cols.data == {"x": [], "y": []}
