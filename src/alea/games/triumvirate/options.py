"""The Triumvirate's tunable numbers, defaulting to the seed rules."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TriumvirateOptions:
    """Options of The First Triumvirate; every default is the seed's rule.

    Attributes:
        max_rounds: round cap (TRI-9.3); after this many rounds the game ends with no winner.
        rome_turns_to_win: consecutive own turns ended in Rome during civil war (TRI-9.2).
        stack_limit: most troops of one force in a hex (TRI-4.3).
        max_conquests: conquest tokens a leader may hold (TRI-5.2).
        crassus_conquests: tokens Crassus collects per action (TRI-5.1).
        move_die: sides of the leader's movement die (TRI-4.1).
        pompey_leader_at_sea: Pompey's leader may cross water like his troops (TRI-4.5).
        caesar_cisalpina: Gallia Cisalpina counts as Caesar's military zone (TRI-1.6 variant).

    """

    max_rounds: int = 120
    rome_turns_to_win: int = 4
    stack_limit: int = 4
    max_conquests: int = 4
    crassus_conquests: int = 2
    move_die: int = 6
    pompey_leader_at_sea: bool = True
    caesar_cisalpina: bool = False

    def validate(self) -> str | None:
        """Name the first out-of-range value, or return ``None``."""
        bounds = {
            "max_rounds": (1, 10_000),
            "rome_turns_to_win": (1, 50),
            "stack_limit": (1, 4),
            "max_conquests": (1, 20),
            "crassus_conquests": (1, 20),
            "move_die": (1, 20),
        }
        for name, (lo, hi) in bounds.items():
            value = getattr(self, name)
            if not lo <= value <= hi:
                return f"option {name!r} must be between {lo} and {hi}, not {value}"
        return None
