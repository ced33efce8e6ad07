"""The Triumvirate as a loadable game: its table, making and reading its states."""

from __future__ import annotations

from alea.core.tables import KitGame
from alea.games.triumvirate.state import TriumvirateState
from alea.games.triumvirate.table import RULES_VERSION, TriumvirateTable

__all__ = ["RULES_VERSION", "TriumvirateGame"]


class TriumvirateGame(TriumvirateTable, KitGame[TriumvirateState]):
    """Roman Conquest: The First Triumvirate, for three players.

    A new state is the board set up (TRI-2.1, 2.2); the roll for first player comes next.
    """

    state_type = TriumvirateState
