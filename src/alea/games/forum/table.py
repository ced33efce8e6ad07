"""Forum's table: the options and the seats the rules read."""

from __future__ import annotations

from typing import Any

from alea.core.errors import OptionError
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

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        skip = self.opts.late_first_build
        if skip >= self.num_players:
            raise OptionError(
                f"late_first_build={skip}: at most {self.num_players - 1} of "
                f"{self.num_players} families may skip the first turn's build (FOR-1.8)"
            )
