"""Tiny numpy drawing helpers for the boards' fallback pictures (no third-party imaging)."""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

RgbArray = npt.NDArray[np.uint8]
Rgb = tuple[int, int, int]

SEAT_RGB: Final[tuple[Rgb, ...]] = (
    (200, 40, 40),
    (230, 140, 20),
    (40, 110, 220),
    (40, 160, 70),
)
"""Colour of seats 0..3 in the numpy drawings."""
GREY: Final[Rgb] = (150, 150, 150)
PAPER: Final[Rgb] = (238, 228, 204)
WATER: Final[Rgb] = (70, 110, 170)
LAND: Final[Rgb] = (196, 180, 140)
INK: Final[Rgb] = (60, 50, 40)
WHITE: Final[Rgb] = (250, 250, 250)


def canvas(h: int, w: int, rgb: Rgb) -> RgbArray:
    """A new ``h x w`` picture filled with ``rgb``."""
    img = np.empty((h, w, 3), dtype=np.uint8)
    img[:, :] = rgb
    return img


def square(img: RgbArray, x: int, y: int, r: int, rgb: Rgb) -> None:
    """Fill the square of half-side ``r`` centred on ``(x, y)``, clipped to the picture."""
    h, w = img.shape[:2]
    img[max(0, y - r) : min(h, y + r + 1), max(0, x - r) : min(w, x + r + 1)] = rgb


def line(img: RgbArray, x0: int, y0: int, x1: int, y1: int, rgb: Rgb) -> None:
    """Draw a one-pixel line from ``(x0, y0)`` to ``(x1, y1)``."""
    steps = max(abs(x1 - x0), abs(y1 - y0), 1) + 1
    xs = np.linspace(x0, x1, steps).round().astype(int)
    ys = np.linspace(y0, y1, steps).round().astype(int)
    h, w = img.shape[:2]
    ok = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    img[ys[ok], xs[ok]] = rgb
