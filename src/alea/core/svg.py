"""SVG drawing primitives the games' board pictures share: numbers, elements, text, colours.

Pictures are built as strings, element by element, so that they stay small, exact and the same
byte for byte for the same position (the golden files check it).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Final, TypeVar
from xml.sax.saxutils import escape, quoteattr

from alea.core.boards import BoardError, read_data

__all__ = [
    "FRAME",
    "GOLD",
    "PAPER",
    "SERIF",
    "attributes",
    "darker",
    "element",
    "escape",
    "fmt",
    "mix",
    "palette",
    "point_list",
    "quoteattr",
    "star_points",
    "text_element",
    "text_width",
    "wrap",
]


GOLD: Final = "#c9a227"
"""The gold of Rome's star and of highlights."""
PAPER: Final = "#f7f0de"
"""Parchment, the ground of panels and charts."""
FRAME: Final = "#5b4630"
"""Dark brown of frames and borders."""
SERIF: Final = "Georgia, 'Times New Roman', Times, serif"
"""The pictures' typeface, with fallbacks."""


_COLOUR: Final = re.compile(r"#[0-9a-f]{6}")
T = TypeVar("T")


def palette(package: str, roles: Callable[..., T]) -> T:
    """The named colours of a game's pictures, from its data file ``palette.json``.

    Args:
        package: the game's package, whose ``data`` folder holds the file.
        roles: what the colours are for, by name: a class taking each as a keyword (a
            ``NamedTuple`` of strings), so the code names them as attributes.

    Raises:
        BoardError: a colour that is not written ``#rrggbb`` (in lower case), or a file that
            names other colours than ``roles``.

    """
    data = read_data(package, "palette.json")
    if not isinstance(data, dict):
        raise BoardError(f"{package}'s palette must name its colours")
    for name, colour in data.items():
        if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
            raise BoardError(f"{package}'s colour {name!r} is {colour!r}, not #rrggbb")
    try:
        return roles(**data)
    except TypeError as exc:
        raise BoardError(f"{package}'s palette is not its pictures' colours: {exc}") from None


def fmt(x: float) -> str:
    """``x`` to one decimal, without a trailing ``.0`` (``12``, ``12.5``, ``-3``)."""
    s = f"{x:.1f}"
    if s[-2:] == ".0":
        s = s[:-2]
        return "0" if s == "-0" else s
    return s


_NEEDS_QUOTING: Final = frozenset("&<>\"'\n\r\t")


@cache
def _attribute_name(key: str) -> str:
    """The SVG name of a keyword argument: ``stroke_width`` is ``stroke-width``."""
    return key.rstrip("_").replace("_", "-")


def attributes(attrs: dict[str, object]) -> str:
    """Attributes as ``name="value"`` pairs, quoted and escaped where the value needs it.

    ``stroke_width`` is written ``stroke-width`` (``class_``: ``class``), floats are rounded
    by ``fmt``, and ``None`` leaves the attribute out.
    """
    out = []
    for k, v in attrs.items():
        if v is None:
            continue
        if type(v) is str:
            value = v
        elif isinstance(v, float):
            value = fmt(v)
        else:
            value = str(v)
        if _NEEDS_QUOTING.isdisjoint(value):
            out.append(f'{_attribute_name(k)}="{value}"')
        else:
            out.append(f"{_attribute_name(k)}={quoteattr(value)}")
    return " ".join(out)


def element(name: str, **attrs: object) -> str:
    """An empty element, its attributes written as ``attributes`` writes them."""
    return f"<{name} {attributes(attrs)}/>"


def rect(x: float, y: float, width: float, height: float, **attrs: object) -> str:
    """A ``<rect>`` with its corner at ``(x, y)``, ``width`` by ``height``, then ``attrs``."""
    return element("rect", x=x, y=y, width=width, height=height, **attrs)


def circle(cx: float, cy: float, r: float, **attrs: object) -> str:
    """A ``<circle>`` centred on ``(cx, cy)`` of radius ``r``, then ``attrs``."""
    return element("circle", cx=cx, cy=cy, r=r, **attrs)


def text_element(x: float, y: float, body: str, size: float, **attrs: object) -> str:
    """A ``<text>`` element at ``(x, y)`` in ``size`` units, ``body`` escaped."""
    a = attributes(attrs)
    return (
        f'<text x="{fmt(x)}" y="{fmt(y)}" font-size="{fmt(size)}"'
        f"{' ' + a if a else ''}>{escape(body)}</text>"
    )


def point_list(pts: Iterable[tuple[float, float]]) -> str:
    """A ``points`` attribute's value: ``x,y`` pairs separated by spaces."""
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in pts)


def star_points(cx: float, cy: float, r: float, inner: float = 0.42) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star centred on ``(cx, cy)``, a point upwards."""
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * inner
        a = math.radians(-90 + 36 * i)
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def _rgb(colour: str) -> list[int]:
    return [int(colour[i : i + 2], 16) for i in (1, 3, 5)]


def mix(colour: str, base: str, amount: float) -> str:
    """``amount`` (0 to 1) of ``colour`` laid over ``base``, both ``#rrggbb``."""
    amount = max(0.0, min(1.0, amount))
    return "#" + "".join(
        f"{round(x * amount + y * (1 - amount)):02x}"
        for x, y in zip(_rgb(colour), _rgb(base), strict=True)
    )


def darker(colour: str, amount: float) -> str:
    """``colour`` (``#rrggbb``) with ``amount`` (0 to 1) of its light taken away."""
    return "#" + "".join(f"{round(c * (1 - amount)):02x}" for c in _rgb(colour))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` sets at ``size``, in picture units.

    Measured on DejaVu Serif, the broad face that stands in where Georgia is missing, so
    labels and wrapped lines leave room to spare in narrower faces.
    """
    em = 0.0
    for c in text:
        if c in " ·.,:;'-!|iljtfr":
            em += 0.35
        elif c in "mwMW":
            em += 0.9
        elif c.isupper() or c in "—−":
            em += 0.75
        elif c.isdigit() or c == "$":
            em += 0.64
        else:
            em += 0.6
    return size * em * (1.09 if bold else 1.0)


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines at spaces, each about ``width`` wide at ``size`` at most."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
