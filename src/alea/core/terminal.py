"""What the games' terminal screens share: the colours that tell the seats apart.

Screens are drawn with rich; a style here is a rich colour name.
"""

from __future__ import annotations

from typing import Final

SEAT_STYLE: Final = ("red1", "dodger_blue1", "green3", "yellow1")
"""Each seat's colour on a terminal, in seat order, for a game of up to four seats."""
