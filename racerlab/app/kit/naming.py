"""Names as the page shows them, for text that comes from the engines (no Panel here).

The engines speak of seats as "player 2" (1-based) and, in a director action's
default description, as ``SetSpeed(player=1, value=3)`` (0-based field values).
The dashboards show each seat as "2. Storm". :class:`PageWords` rewrites any
engine text (event-log lines, refusals, typed-path errors) into those names, and
card ids into card names.

>>> words = PageWords(["Sonic", "Tails"], cards={"spring": "Spring"})
>>> words("Player 2 reveals a card.")
'2. Tails reveals a card.'
>>> words("Director: SetSpeed(player=0, value=3)")
'Director: Set speed (1. Sonic, value 3)'
>>> words("SetDeck(cards=('spring', 'boost'))")
'Set deck (cards Spring, boost)'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

__all__ = ["PageWords", "seat_label"]

_PLAYER = re.compile(r"\b[Pp]layer (\d+)\b")
_DIRECTOR = re.compile(r"^((?:Director: )?)([A-Z][A-Za-z]+)\((.*)\)$")
_FIELD = re.compile(r"(\w+)=((?:\([^()]*\))|[^,]+)")
_SEAT_FIELDS = ("player", "seat", "racer")


def seat_label(seat: int, names: Sequence[str]) -> str:
    """A 0-based seat as the page numbers it: ``"2. Storm"``.

    >>> seat_label(1, ["Cindy", "Storm"])
    '2. Storm'
    """
    name = names[seat] if 0 <= seat < len(names) else "?"
    return f"{seat + 1}. {name}"


def _words_of(camel: str) -> str:
    spaced = re.sub(r"(?<!^)([A-Z])", r" \1", camel).lower()
    return spaced[:1].upper() + spaced[1:]


@dataclass(frozen=True)
class PageWords:
    """Rewrites engine text with the page's seat names and card names."""

    names: Sequence[str]
    cards: Mapping[str, str] = field(default_factory=dict)

    def seat(self, seat: int) -> str:
        """A 0-based seat as ``"N. Name"``."""
        return seat_label(seat, self.names)

    def _value(self, text: str) -> str:
        text = text.strip()
        if text.startswith("(") and text.endswith(")"):
            items = [i.strip().strip("'\"") for i in text[1:-1].split(",") if i.strip()]
            return ", ".join(self.cards.get(i, i) for i in items) or "none"
        bare = text.strip("'\"")
        return self.cards.get(bare, bare)

    def director(self, text: str) -> str | None:
        """``Name(field=value, ...)`` in words, or None if ``text`` is not of that form."""
        m = _DIRECTOR.match(text.strip())
        if m is None:
            return None
        parts = []
        for key, value in _FIELD.findall(m.group(3)):
            if key in _SEAT_FIELDS and value.strip().lstrip("-").isdigit():
                parts.append(self.seat(int(value)))
            else:
                parts.append(f"{key.replace('_', ' ')} {self._value(value)}")
        return f"{m.group(1)}{_words_of(m.group(2))} ({', '.join(parts)})"

    def __call__(self, text: str) -> str:
        """``text`` with "player N" as "N. Name" and a raw director action in words."""
        director = self.director(text)
        if director is not None:
            return director
        return _PLAYER.sub(lambda m: seat_label(int(m.group(1)) - 1, self.names), text)
