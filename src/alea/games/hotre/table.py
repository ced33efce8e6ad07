"""HOTRE's table: the options and the seats the rules read."""

from __future__ import annotations

from alea.core.tables import Seating, Table
from alea.games.hotre.actions import ACTIONS
from alea.games.hotre.options import HotreOptions

RULES_VERSION = "hotre/0"


class HotreTable(Table):
    """History of the Roman Empire, for two to four players (HRE-1.7), with its options fixed."""

    name = "hotre"
    version = RULES_VERSION
    actions = ACTIONS
    options_type = HotreOptions
    seating = Seating(range(2, 5), "HRE-1.7", tuple(f"Player {i + 1}" for i in range(4)))
    opts: HotreOptions
