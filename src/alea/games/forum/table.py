"""Forum's table: the options and the seats the rules read."""

from __future__ import annotations

from typing import Any

from alea.core.options import options_to_json, parse_options
from alea.core.tables import Table, seat_count
from alea.games.forum.actions import ACTIONS, GENTES
from alea.games.forum.options import ForumOptions

RULES_VERSION = "forum/1"


class ForumTable(Table):
    """Forum: Trade Empires of Rome, for two to four players (FOR-1.1), with its options fixed."""

    name = "forum"
    version = RULES_VERSION
    actions = ACTIONS

    def __init__(self, **options: Any) -> None:
        n = seat_count(options.pop("players", 4), range(2, 5), "forum", "FOR-1.1")
        self.num_players = n
        self.player_names = GENTES[:n]
        self.opts = parse_options(ForumOptions, options, "forum")
        self.options = {"players": n, **options_to_json(self.opts)}
