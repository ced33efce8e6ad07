"""One line of a game's log, as the games' narrators write it and the front ends show it."""

from __future__ import annotations

from typing import NamedTuple


class Note(NamedTuple):
    """One line of the game log (rich markup in ``text``).

    Consecutive notes of one bot with the same ``group`` may be shown as one line:
    ``header`` followed by their ``item`` texts. ``rule`` marks a note that states a rule.
    """

    text: str
    group: str | None = None
    header: str = ""
    item: str = ""
    rule: bool = False
