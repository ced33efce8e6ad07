"""Forum's table: the options and the seats the rules read."""

from __future__ import annotations

from alea.core.tables import Seating, Table
from alea.games.forum.actions import ACTIONS, GENTES
from alea.games.forum.options import ForumOptions

RULES_VERSION = "forum/2"


class ForumTable(Table):
    """Forum: Trade Empires of Rome, for two to four players (FOR-1.1), with its options fixed."""

    opts: ForumOptions
    name = "forum"
    version = RULES_VERSION
    actions = ACTIONS
    options_type = ForumOptions
    seating = Seating(range(2, 5), "FOR-1.1", GENTES)
