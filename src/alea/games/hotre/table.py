"""HOTRE's table: the options and the seats the rules read."""

from __future__ import annotations

from typing import Any

from alea.core.options import options_to_json, parse_options
from alea.core.tables import Table, seat_count
from alea.games.hotre.actions import ACTIONS
from alea.games.hotre.options import HotreOptions

RULES_VERSION = "hotre/0"


class HotreTable(Table):
    """History of the Roman Empire, for two to four players (HRE-1.7), with its options fixed."""

    name = "hotre"
    version = RULES_VERSION
    actions = ACTIONS

    def __init__(self, **options: Any) -> None:
        n = seat_count(options.pop("players", 4), range(2, 5), "hotre", "HRE-1.7")
        self.num_players = n
        self.num_seats = 4 if n == 2 else n
        self.player_names = tuple(f"Player {i + 1}" for i in range(n))
        self.opts = parse_options(HotreOptions, options, "hotre")
        self.options = {"players": n, **options_to_json(self.opts)}
