"""HOTRE as a loadable game: its table, making and reading its states."""

from __future__ import annotations

from alea.core.tables import KitGame
from alea.games.hotre.state import HotreState
from alea.games.hotre.table import RULES_VERSION, HotreTable

__all__ = ["RULES_VERSION", "HotreGame"]


class HotreGame(HotreTable, KitGame[HotreState]):
    """History of the Roman Empire, for two to four players (HRE-1.7).

    A new state is the empty map (HRE-2.1); the deal and the drawing order come next as chance.
    """

    state_type = HotreState
