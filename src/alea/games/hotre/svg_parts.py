"""What the History of the Roman Empire board's pieces share: colours, sizes, names, places.

Every text a player needs is ``TEXT`` units or more on the 1000-unit-wide board. A seat goes by
one name everywhere (``seat_name``); the ``data-place`` keys name what a click chooses.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from alea.core.svg import palette, text_element
from alea.games.hotre.actions import SEATS
from alea.games.hotre.board import BOARD
from alea.games.hotre.charts import CHARTS

AREA_COLOUR: Final = {
    "red": "#e39a92",
    "light green": "#c4df9c",
    "blue": "#9fbde6",
    "yellow": "#f0db7a",
    "purple": "#c9b0de",
    "orange": "#f2b878",
    "brown": "#c8a683",
    "green": "#86c994",
    "sand": "#e8d7a8",
}
"""Land fill for each area colour of the board."""
SEAT_COLOUR: Final = ("#1d4ed8", "#b3261e", "#15803d", "#7e22ce")
"""Counter colour of each seat."""
NEUTRAL: Final = {"Minor People": "#6b7280", "Kingdom": "#374151", "Rebels": "#111111"}
"""Counter colour of the forces no seat owns."""
KIND_LETTER: Final = {"Faction": "", "People": "P", "Minor People": "M", "Kingdom": "K"}


class Colours(NamedTuple):
    """The map's named colours; their values are data (``data/palette.json``)."""

    sea: str
    sea_text: str
    context: str  # the lands beyond the map
    ink: str
    difficult: str  # difficult borders
    strait: str
    last: str  # outline of the lands the last move named


COLOUR: Final = palette("alea.games.hotre", Colours)


TEXT: Final = 13.0
"""Smallest size of any text a player needs (picture units; the map is 1000 wide)."""
LINE: Final = 17.0
"""Line height of card text."""


PEOPLE_NAME: Final = {p.nation: p.name for p in reversed(CHARTS.peoples)}
"""A nation's name as the People chart first gives it, e.g. ``galli`` -> ``Galli``."""


def plural(n: int) -> str:
    """``army`` or ``armies``, as ``n`` asks."""
    return "army" if n == 1 else "armies"


def seat_name(seat: int) -> str:
    """The one name a seat goes by on the board, in choices and in the log."""
    return SEATS[seat]


def ink_text(x: float, y: float, body: str, size: float = TEXT, **attrs: object) -> str:
    """A ``<text>`` at ``(x, y)``, ``TEXT`` units and ink-coloured unless told otherwise."""
    attrs.setdefault("fill", COLOUR.ink)
    return text_element(x, y, body, size, **attrs)


def area_place(area: int) -> str:
    """The ``data-place`` of an Area: its key entry and the group of its lands."""
    return f"area:{BOARD.areas[area].name}"


def people_place(nation: str) -> str:
    """The ``data-place`` of a People (a nation key of the chart): its names on the chart."""
    return f"people:{nation}"


def seat_place(seat: int) -> str:
    """The ``data-place`` of a seat: its heading on its card."""
    return SEATS[seat]
