"""The fixed tables every rule module of The First Triumvirate reads.

The stages of a turn (TRI-3.2), the neighbours each seat's leader and troops may step into
(TRI-4.1, TRI-4.2, TRI-4.5), the ways a game ends (TRI-9) and the actions the hot loop hands
out: each made once here, so a playout only looks them up.
"""

from __future__ import annotations

from typing import Final

from alea.core.boards import read_data, stage_table
from alea.games.triumvirate.actions import VERBS, Decide, FirstPlayer, March, Move, Roll
from alea.games.triumvirate.board import BOARD

# Stages of a turn. Plain ints rather than an Enum: they are compared on every step of a
# playout, and an int comparison is the cheapest there is.
SETUP: Final = 0
LEADER: Final = 1
MOVE_ROLL: Final = 2
MOVE: Final = 3
BATTLE: Final = 4
WOO: Final = 5
WOO_ROLL: Final = 6
OVER: Final = 7
STAGE_NAMES, STAGE_TEXT = stage_table(read_data("alea.games.triumvirate", "stages.json"), OVER + 1)
"""Each stage's name, by its code, and what the player to move is doing in it, for every view
of the board."""

END_ROME: Final = "rome"
"""TRI-9.2: a leader held Rome through enough of his turns in the civil war."""
END_LAST: Final = "last-standing"
"""TRI-9.1: one leader is left alive."""
END_CAP: Final = "round-cap"
"""TRI-9.3: the round cap passed with no winner."""

N_HEX: Final = BOARD.size
HEXES: Final = tuple(range(N_HEX))
"""Every hex number, made once (``compress`` over it allocates no ints)."""
LAND: Final = BOARD.land
ALL_NB: Final = BOARD.neighbours
LAND_NB: Final = tuple(tuple(n for n in ns if LAND[n]) for ns in BOARD.neighbours)
ITALY: Final = BOARD.italy
ROME: Final = BOARD.rome

# Interned actions: the hot loop only looks them up.
FIRST: Final = tuple(FirstPlayer(s) for s in range(3))
DECIDE: Final = {(s, v): Decide(s, v) for s in range(3) for v in VERBS}
MARCH: Final = tuple(tuple(March(s, h) for h in range(N_HEX)) for s in range(3))
_MOVES: Final = tuple(
    tuple({n: Move(s, h, n) for n in ALL_NB[h]} for h in range(N_HEX)) for s in range(3)
)
STEPS: Final = tuple(
    tuple(
        tuple((n, _MOVES[s][h][n]) for n in (ALL_NB if s == 2 else LAND_NB)[h])
        for h in range(N_HEX)
    )
    for s in range(3)
)
"""Per seat and hex: each hex that seat's troops may step into, with its Move (TRI-4.5)."""
ROLLS: Final = {d: tuple(Roll(d, v) for v in range(1, d + 1)) for d in range(1, 21)}
"""Per die size: the Roll of each face, in order."""
