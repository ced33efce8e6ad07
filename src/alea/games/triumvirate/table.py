"""The Triumvirate's table: the options, the seats and the zones the rules read."""

from __future__ import annotations

from typing import Any

from alea.core.errors import OptionError
from alea.core.options import options_to_json, parse_options
from alea.core.tables import Table
from alea.games.triumvirate.actions import ACTIONS
from alea.games.triumvirate.board import FORCES
from alea.games.triumvirate.options import TriumvirateOptions
from alea.games.triumvirate.setup import build_setup

RULES_VERSION = "triumvirate/4"


class TriumvirateTable(Table):
    """Roman Conquest: The First Triumvirate, for three players, with its options fixed."""

    name = "triumvirate"
    num_players = 3
    player_names = FORCES
    version = RULES_VERSION
    actions = ACTIONS

    def __init__(self, **options: Any) -> None:
        players = options.pop("players", 3)
        if str(players).strip() not in ("3", "3.0"):
            raise OptionError(f"triumvirate is for exactly 3 players, not {players}")
        self.opts = parse_options(TriumvirateOptions, options, "triumvirate")
        self.options = options_to_json(self.opts)
        self.setup = build_setup(self.opts)
        self.zones = self.setup.zones
        self.zone_names = self.setup.zone_names
