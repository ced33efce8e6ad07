"""Forum as a loadable game: its table, making and reading its states."""

from __future__ import annotations

from alea.core.tables import KitGame
from alea.games.forum.state import ForumState
from alea.games.forum.table import RULES_VERSION, ForumTable

__all__ = ["RULES_VERSION", "ForumGame"]


class ForumGame(ForumTable, KitGame[ForumState]):
    """Forum: Trade Empires of Rome, for two to four players (FOR-1.1).

    A new state is the table set up (FOR-1.3); the first-player roll and the deal come next.
    """

    state_type = ForumState
