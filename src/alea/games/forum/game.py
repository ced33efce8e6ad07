"""Forum as a loadable game: options, seats, and JSON entry points."""

from __future__ import annotations

from typing import Any

from alea.core.errors import OptionError, RecordError
from alea.core.game import Action, Game
from alea.core.options import options_to_json, parse_options
from alea.games.forum.actions import GENTES, action_from_json
from alea.games.forum.options import ForumOptions
from alea.games.forum.state import ForumState

RULES_VERSION = "forum/2"


class ForumGame(Game):
    """Forum: Trade Empires of Rome, for two to four players (FOR-1.1)."""

    name = "forum"
    version = RULES_VERSION

    def __init__(self, **options: Any) -> None:
        players = options.pop("players", 4)
        try:
            n = int(str(players).strip())
        except ValueError:
            n = 0
        if n not in (2, 3, 4):
            raise OptionError(f"forum is for 2 to 4 players (FOR-1.1), not {players}")
        self.num_players = n
        self.player_names = GENTES[:n]
        self.opts = parse_options(ForumOptions, options, "forum")
        self.options = {"players": n, **options_to_json(self.opts)}

    def new_initial_state(self) -> ForumState:
        """The table set up (FOR-1.3); the first-player roll and the deal come next."""
        return ForumState(self)

    def state_from_json(self, data: Any) -> ForumState:
        """Rebuild a saved position."""
        if isinstance(data, dict) and data.get("options") not in (None, self.options):
            raise RecordError("the saved position was made with other options than this game's")
        return ForumState.from_json(self, data)

    def action_from_json(self, data: Any) -> Action:
        """Parse an action."""
        return action_from_json(data)
