"""The Triumvirate's tunable numbers, defaulting to the seed rules and the tuned setup."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from alea.core.options import Range, RoundCap, out_of_bounds

Tokens = Annotated[int, Range(1, 20)]
"""A number of conquest tokens (TRI-5.1, TRI-5.2)."""
SetupName = Literal["tuned", "tuned1", "authored"]
Zone = Literal["syria", "syria_asia", "macedonia"]

SETUP_FIELDS: tuple[str, ...] = (
    "pompey_leader_at_sea",
    "rome_garrison",
    "italy_garrison",
    "crassus_escort",
    "caesar_escort",
    "pompey_escort",
    "crassus_start",
    "caesar_start",
    "pompey_start",
    "crassus_zone",
    "crassus_popularity",
)
"""The options a named setup fills in (TRI-2.4) when they are not given."""


@dataclass(frozen=True)
class TriumvirateOptions:
    """Options of The First Triumvirate; every default is the seed's rule or the tuned setup.

    Attributes:
        max_rounds: round cap (TRI-9.3); after this many rounds the game ends with no winner.
        rome_turns_to_win: consecutive own turns ended in Rome during civil war (TRI-9.2).
        stack_limit: most troops of one force in a hex (TRI-4.3).
        max_conquests: conquest tokens a leader may hold (TRI-5.2).
        crassus_conquests: tokens Crassus collects per action (TRI-5.1).
        move_die: sides of the leader's movement die (TRI-4.1).
        caesar_cisalpina: Gallia Cisalpina counts as Caesar's military zone (TRI-1.6 variant).
        setup: the named setup, ``tuned`` (fair for the bots, TRI-2.5), ``tuned1`` (the
            former default, TRI-2.5) or ``authored`` (the board as first drawn, TRI-2.4); it
            fills in every setup option left unset.
        pompey_leader_at_sea: Pompey's leader may cross water like his troops (TRI-4.5);
            unset: from the setup.
        rome_garrison: Roman troops standing in Rome itself at the start (TRI-2.1); unset:
            from the setup.
        italy_garrison: Roman troops on each T hex of Italy at the start (TRI-2.1); unset:
            from the setup.
        crassus_escort / caesar_escort / pompey_escort: the leader's own troops on his start hex
            (TRI-2.2); unset: from the setup.
        crassus_start / caesar_start / pompey_start: the leader's start hex, by name or
            ``col,row``, a land hex of his zone (TRI-2.2); unset: from the setup (Crassus:
            the start of his zone, Antiochia, Ancyra or Pharsalus).
        crassus_zone: Crassus's military zone (TRI-1.5): ``syria``, ``syria_asia`` (Syria and
            Asia Minor) or ``macedonia`` (Macedonia and Achaea); unset: from the setup.
        crassus_popularity: popularity tokens Crassus holds at the start, his wealth spent on
            the people of Rome (TRI-2.2); unset: from the setup.

    """

    max_rounds: RoundCap = 120
    rome_turns_to_win: Annotated[int, Range(1, 50)] = 4
    stack_limit: Annotated[int, Range(1, 4)] = 4
    max_conquests: Tokens = 4
    crassus_conquests: Tokens = 2
    move_die: Annotated[int, Range(1, 20)] = 6
    caesar_cisalpina: bool = False
    setup: SetupName = "tuned"
    pompey_leader_at_sea: bool | None = None
    rome_garrison: int | None = None
    italy_garrison: int | None = None
    crassus_escort: int | None = None
    caesar_escort: int | None = None
    pompey_escort: int | None = None
    crassus_start: str | None = None
    caesar_start: str | None = None
    pompey_start: str | None = None
    crassus_zone: Zone | None = None
    crassus_popularity: Annotated[int | None, Range(0, 20)] = None

    TUNE_SPACE: ClassVar[dict[str, Any]] = {
        "pompey_leader_at_sea": [True, False],
        "rome_garrison": (0, 4),
        "italy_garrison": (1, 4),
        "crassus_escort": (1, 4),
        "caesar_escort": (1, 4),
        "pompey_escort": (1, 4),
        "crassus_zone": ["syria", "syria_asia", "macedonia"],
        "caesar_start": ["Bibracte", "Durocortorum", "Samarobriva"],
        "pompey_start": ["Carthago Nova", "Corduba", "Gades"],
        "crassus_popularity": (0, 6),
    }
    """What ``alea lab tune triumvirate`` searches unless told otherwise: lists are choices,
    pairs are inclusive integer ranges. Only the board's choices (TRI-2.4): the seed's own
    numbers, such as Crassus's two conquests at a time, are searched only when named."""

    def validate(self) -> str | None:
        """Name the first garrison or escort larger than a stack (TRI-4.3), or return ``None``."""
        cap = self.stack_limit
        return out_of_bounds(
            self,
            {
                "rome_garrison": (0, cap),
                "italy_garrison": (1, cap),
                "crassus_escort": (1, cap),
                "caesar_escort": (1, cap),
                "pompey_escort": (1, cap),
            },
        )
