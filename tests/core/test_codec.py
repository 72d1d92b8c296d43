"""The JSON codec round-trips engine values and names what is wrong in bad data."""

from dataclasses import dataclass
from enum import Enum

import pytest

from racerlab.core.codec import Codec
from racerlab.core.errors import ScenarioError


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Inner:
    x: float
    colour: Colour = Colour.RED


@dataclass(frozen=True)
class Outer:
    name: str
    inner: Inner
    items: tuple[Inner, ...] = ()
    pair: tuple[int, str] = (1, "a")
    maybe: int | None = None
    table: dict[str, int] | None = None


CODEC = Codec([Inner, Outer])


def test_round_trip():
    value = Outer("n", Inner(1.5, Colour.BLUE), (Inner(2),), (3, "b"), None, {"k": 2})
    encoded = CODEC.encode(value)
    assert encoded["inner"]["colour"] == "blue"
    assert CODEC.decode(encoded, Outer) == value


def test_ints_become_floats_where_floats_are_expected():
    assert CODEC.decode({"type": "Inner", "x": 2}, Inner) == Inner(2.0)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "Inner", "x": "far"}, r"setup\.x: expected a number"),
        ({"type": "Inner", "x": 1, "colour": "green"}, "'green' is not one of"),
        ({"type": "Inner"}, "missing field 'x'"),
        ({"type": "Inner", "x": 1, "z": 2}, r"unknown field\(s\) \['z'\]"),
        ({"type": "Outer", "name": "n", "inner": {"x": 1}, "pair": [1]}, "expected 2 items"),
        ({"type": "Outer", "name": 5, "inner": {"x": 1}}, "expected text"),
        ([1, 2], "expected a table"),
        ({"type": "Inner", "x": True}, "expected a number"),
    ],
)
def test_bad_data_names_the_place(data, message):
    hint = Outer if isinstance(data, dict) and data.get("type") == "Outer" else Inner
    with pytest.raises(ScenarioError, match=message):
        CODEC.decode(data, hint, "setup")


def test_unencodable_value():
    with pytest.raises(TypeError, match="cannot encode"):
        CODEC.encode(object())
