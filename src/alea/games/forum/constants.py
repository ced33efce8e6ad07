"""Forum's fixed tables: board figures, phase stages and the interned actions."""

from __future__ import annotations

from typing import Final

from alea.core.boards import read_data, stage_table
from alea.games.forum.actions import (
    GENTES,
    PRICES,
    Build,
    Decide,
    Destroy,
    Draw,
    Give,
    MarryLocal,
    Move,
    Propose,
    Roll,
    space_name,
)
from alea.games.forum.board import BOARD, MarketType
from alea.games.forum.cards import FATE, FATE_CARDS

N_MARKETS: Final = len(BOARD.markets)
ROME: Final = BOARD.rome
NB: Final = BOARD.neighbours
DIST: Final = tuple(m.distance for m in BOARD.markets)
PROFIT: Final = tuple(m.profit for m in BOARD.markets)
BOOST: Final = tuple(BOARD.trade_boost.get(d, 0) if d else 0 for d in DIST)
EXOTIC: Final = tuple(i for i, m in enumerate(BOARD.markets) if m.type is MarketType.EXOTIC)
IS_EXOTIC: Final = tuple(m.type is MarketType.EXOTIC for m in BOARD.markets)
REGION: Final = tuple(
    -1 if m.region is None else BOARD.regions.index(m.region) for m in BOARD.markets
)
REGION_SIZE: Final = tuple(len(BOARD.region_markets(r)) for r in BOARD.regions)
REGION_NAMES: Final = {
    "hispania_africa": "Hispania & Africa",
    "italia_gallia_britannia": "Italia, Gallia & Britannia",
    "graecia_et_danubius": "Graecia & Danubius",
    "oriens": "Oriens",
}
"""Our names of the four regions, west to east, by the board's key (the board draws no names)."""
N_KINDS: Final = len(BOARD.benefactions)
GIVING_BANDS: Final = tuple(b for b in BOARD.bands if b.cost is not None)
N_SPACES: Final = len(GIVING_BANDS) * N_KINDS
CARDS: Final = {c.id: c for c in FATE}
MARKET_NAMES: Final = tuple(m.name for m in BOARD.markets)
SPACE_NAMES: Final = tuple(space_name(s) for s in range(N_SPACES))
SEATS_OF: Final = tuple(tuple(p for p in range(4) if h >> p & 1) for h in range(16))
"""The seats whose bits are set in a horrea mask."""

SETUP, DEAL, ENTER, MOVE, SOCIAL, RESPOND, REPLY, OUST = range(8)
BUILD, DESTROY, GIVE, FATE_DRAW, FATE_CHOICE, FATE_ROLL, BIRTH, OVER = range(8, 16)
STAGE_NAMES, STAGE_TEXT = stage_table(read_data("alea.games.forum", "stages.json"), OVER + 1)
"""Each stage's name, by its code, and what the player to move is doing in it."""
END_PRESTIGE: Final = "prestige"
END_CAP: Final = "cap"


def region_prestige(count: int, size: int) -> int:
    """Prestige a player holds from ``count`` horrea in a region of ``size`` markets (FOR-6.3)."""
    if count <= 0:
        return 0
    return 1 + count // 5 + (2 if count >= size else 0)


def debt_units(money: int) -> int:
    """Hundreds borrowed when holding ``money`` (FOR-8.2)."""
    return (-money + 99) // 100 if money < 0 else 0


def band_of(prestige: int) -> int:
    """Index of the giving band that ``prestige`` lies in, or -1 (FOR-6.5)."""
    for i, b in enumerate(GIVING_BANDS):
        if b.low <= prestige <= b.high:
            return i
    return -1


def _intern() -> tuple[dict[tuple[int, int, int], Move], dict[tuple[int, str], Decide]]:
    moves = {}
    for p in range(len(GENTES)):
        for a in range(N_MARKETS):
            for b in NB[a]:
                moves[p, a, b] = Move(p, a, b)
    verbs = ("done", "pass", "accept", "decline", "pay", "refuse")
    decide = {(p, v): Decide(p, v) for p in range(len(GENTES)) for v in verbs}
    return moves, decide


MOVE_ACTIONS, DECIDE_ACTIONS = _intern()
SEATS: Final = range(len(GENTES))
MOVE_STEPS: Final = tuple(
    tuple(tuple((b, MOVE_ACTIONS[p, a, b]) for b in NB[a]) for a in range(N_MARKETS)) for p in SEATS
)
"""Per seat and market: each neighbouring market with the interned step there, in ``NB`` order."""
MARRY_ACTIONS: Final = {
    (p, m, son): MarryLocal(p, m, son)
    for p in SEATS
    for m in range(N_MARKETS)
    for son in (True, False)
}
PROPOSE_ACTIONS: Final = {
    (p, q, son, x): Propose(p, q, son, x)
    for p in SEATS
    for q in SEATS
    for son in (True, False)
    for x in PRICES
}
BUILD_ACTIONS: Final = {(p, m): Build(p, m) for p in SEATS for m in range(N_MARKETS)}
DESTROY_ACTIONS: Final = {
    (p, m, q): Destroy(p, m, q) for p in SEATS for m in range(N_MARKETS) for q in SEATS
}
GIVE_ACTIONS: Final = {(p, s): Give(p, s) for p in SEATS for s in range(N_SPACES)}
ROLL_ACTIONS: Final = tuple(Roll(v) for v in range(1, 7))
DRAW_ACTIONS: Final = {c: Draw(c) for c in range(1, FATE_CARDS + 1)}
