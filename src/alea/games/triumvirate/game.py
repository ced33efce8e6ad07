"""The Triumvirate as a loadable game: options, seats, and JSON entry points."""

from __future__ import annotations

from typing import Any

from alea.core.errors import OptionError, RecordError
from alea.core.game import Action, Game
from alea.core.options import options_to_json, parse_options
from alea.games.triumvirate.actions import action_from_json
from alea.games.triumvirate.board import FORCES
from alea.games.triumvirate.options import TriumvirateOptions
from alea.games.triumvirate.setup import build_setup
from alea.games.triumvirate.state import TriumvirateState

RULES_VERSION = "triumvirate/2"


class TriumvirateGame(Game):
    """Roman Conquest: The First Triumvirate, for three players."""

    name = "triumvirate"
    num_players = 3
    player_names = FORCES
    version = RULES_VERSION

    def __init__(self, **options: Any) -> None:
        players = options.pop("players", 3)
        if str(players).strip() not in ("3", "3.0"):
            raise OptionError(f"triumvirate is for exactly 3 players, not {players}")
        self.opts = parse_options(TriumvirateOptions, options, "triumvirate")
        self.options = options_to_json(self.opts)
        self.setup = build_setup(self.opts)
        self.zones = self.setup.zones
        self.zone_names = self.setup.zone_names

    def new_initial_state(self) -> TriumvirateState:
        """The board set up (TRI-2.1, 2.2, 2.4); the roll for first player comes next."""
        return TriumvirateState(self)

    def state_from_json(self, data: Any) -> TriumvirateState:
        """Rebuild a saved position."""
        if isinstance(data, dict) and data.get("options") not in (None, self.options):
            raise RecordError("the saved position was made with other options than this game's")
        return TriumvirateState.from_json(self, data)

    def action_from_json(self, data: Any) -> Action:
        """Parse an action."""
        return action_from_json(data)
