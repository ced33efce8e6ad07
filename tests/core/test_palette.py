"""A game's named colours are data, read and checked by one core reader."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from alea.core import svg
from alea.core.boards import BoardError
from alea.games.hotre.svg_parts import COLOUR, Colours


class _Roles(NamedTuple):
    sea: str
    ink: str


def _with(monkeypatch: pytest.MonkeyPatch, data: Any) -> None:
    monkeypatch.setattr(svg, "read_data", lambda package, name: data)


def test_a_palette_names_each_role_with_its_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    _with(monkeypatch, {"sea": "#b7d3e6", "ink": "#2f2618"})
    assert svg.palette("alea.games.test", _Roles) == _Roles(sea="#b7d3e6", ink="#2f2618")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"sea": "blue", "ink": "#2f2618"}, "colour 'sea' is 'blue', not #rrggbb"),
        ({"sea": "#B7D3E6", "ink": "#2f2618"}, "colour 'sea' is '#B7D3E6', not #rrggbb"),
        ({"sea": "#b7d3e6"}, "palette is not its pictures' colours"),
        ({"sea": "#b7d3e6", "ink": "#2f2618", "gold": "#c9a227"}, "not its pictures' colours"),
        (["#b7d3e6"], "must name its colours"),
    ],
)
def test_a_palette_that_is_not_the_pictures_colours_is_refused(
    monkeypatch: pytest.MonkeyPatch, data: Any, message: str
) -> None:
    _with(monkeypatch, data)
    with pytest.raises(BoardError, match=message):
        svg.palette("alea.games.test", _Roles)


def test_hotre_reads_its_map_colours_from_its_data() -> None:
    assert isinstance(COLOUR, Colours)
    assert COLOUR.sea == "#b7d3e6"
    assert all(c.startswith("#") for c in COLOUR)
