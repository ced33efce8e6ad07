"""HOTRE's table: the options and the seats the rules read."""

from __future__ import annotations

from typing import Any

from alea.core.errors import OptionError
from alea.core.tables import Seating, Table
from alea.games.hotre.actions import ACTIONS, SEATS
from alea.games.hotre.options import HotreOptions

RULES_VERSION = "hotre/1"


class HotreTable(Table):
    """History of the Roman Empire, for two to four players (HRE-1.7), with its options fixed."""

    name = "hotre"
    version = RULES_VERSION
    actions = ACTIONS
    options_type = HotreOptions
    seating = Seating(range(2, 5), "HRE-1.7", SEATS)
    opts: HotreOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        seats = 4 if self.num_players == 2 else self.num_players  # two players hold two each
        if self.num_players == 2:
            # A player is named by the seats it holds, so every name on the table is a seat's.
            self.player_names = tuple(f"{SEATS[p]} + {SEATS[p + 2]}" for p in range(2))
        start, legions = self.opts.first_legions(seats), self.opts.legion_set(seats)
        if start > legions:
            raise OptionError(
                f"a Faction's {start} starting Legions cannot exceed its {legions} Legion "
                "counters: lower option 'start_legions' or raise option 'legion_counters' "
                "(HRE-1.3, HRE-5.0)"
            )
