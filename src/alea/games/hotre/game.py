"""HOTRE as a loadable game: options, seats, and JSON entry points."""

from __future__ import annotations

from typing import Any

from alea.core.errors import OptionError, RecordError
from alea.core.game import Action, Game
from alea.core.options import options_to_json, parse_options
from alea.games.hotre.actions import action_from_json
from alea.games.hotre.options import HotreOptions
from alea.games.hotre.state import HotreState

RULES_VERSION = "hotre/1"


class HotreGame(Game):
    """History of the Roman Empire, for two to four players (HRE-1.7)."""

    name = "hotre"
    version = RULES_VERSION

    def __init__(self, **options: Any) -> None:
        players = options.pop("players", 4)
        try:
            n = int(str(players).strip())
        except ValueError:
            n = 0
        if n not in (2, 3, 4):
            raise OptionError(f"hotre is for 2 to 4 players (HRE-1.7), not {players}")
        self.num_players = n
        self.num_seats = 4 if n == 2 else n
        self.player_names = tuple(f"Player {i + 1}" for i in range(n))
        self.opts = parse_options(HotreOptions, options, "hotre")
        start, legions = (
            self.opts.first_legions(self.num_seats),
            self.opts.legion_set(self.num_seats),
        )
        if start > legions:
            raise OptionError(
                f"a Faction's {start} starting Legions cannot exceed its {legions} Legion "
                "counters: lower option 'start_legions' or raise option 'legion_counters' "
                "(HRE-1.3, HRE-5.0)"
            )
        self.options = {"players": n, **options_to_json(self.opts)}

    def new_initial_state(self) -> HotreState:
        """The empty map (HRE-2.1); the deal and the drawing order come next as chance."""
        return HotreState(self)

    def state_from_json(self, data: Any) -> HotreState:
        """Rebuild a saved position."""
        if isinstance(data, dict) and data.get("options") not in (None, self.options):
            raise RecordError("the saved position was made with other options than this game's")
        return HotreState.from_json(self, data)

    def action_from_json(self, data: Any) -> Action:
        """Parse an action."""
        return action_from_json(data)
