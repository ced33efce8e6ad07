"""Information (TRI-10.1): everything on the table is public, so every seat sees the same."""

from __future__ import annotations

import random
from itertools import compress
from typing import Any, Final, TypeVar

from alea.games.triumvirate.actions import FORCE_NAMES, ROMAN
from alea.games.triumvirate.board import BOARD, FORCES
from alea.games.triumvirate.constants import HEXES, STAGE_NAMES
from alea.games.triumvirate.position import TriumviratePosition

_P = TypeVar("_P", bound=TriumviratePosition)

_OCCUPIED: Final = bytes(0 if b == 0xFF else 1 for b in range(256))
"""``bytes.translate`` table of ``owner``'s bytes: 1 for a force (0 to 3), 0 for none (-1)."""


def observation(s: TriumviratePosition, player: int | None) -> dict[str, Any]:
    """Everything on the table; nothing in this game is hidden (TRI-10).

    The occupied hexes are found by ``bytes.translate`` and ``compress`` in C rather than a scan
    in Python over all of the board's hexes (this is called once a step by the RL environments).
    """
    owner, count, moved = s.owner, s.count, s.moved
    cols = BOARD.cols
    names = FORCE_NAMES
    occupied = compress(HEXES, owner.tobytes().translate(_OCCUPIED))
    stacks = [[h % cols, h // cols, names[owner[h]], count[h], moved.get(h, 0)] for h in occupied]
    leader, troops, counters = s.leader, s.troops, s.game.setup.counters
    b = s.battle
    return {
        "game": "triumvirate",
        "stage": STAGE_NAMES[s.stage],
        "current": s.player,
        "turn": s.turn,
        "round": s.round,
        "civil_war": s.civil_war,
        "movement_left": s.moves_left,
        "players": [
            {
                "name": FORCES[p],
                "alive": s.alive[p],
                "leader": [leader[p] % cols, leader[p] // cols] if leader[p] >= 0 else None,
                "conquests": s.conquests[p],
                "popularity": s.popularity[p],
                "rome_turns": s.rome_turns[p],
                "troops": troops[p],
                "supply": counters[p] - troops[p],
            }
            for p in range(3)
        ],
        "roman_troops": troops[ROMAN],
        "stacks": stacks,
        "attacks": [[h % cols, h // cols, n] for h, n in sorted(s.attack.items())]
        if s.attack
        else [],
        "battle": None
        if b is None
        else {
            "hex": [b[0] % cols, b[0] // cols],
            "attacker": FORCES[s.turn],
            "attackers": b[1],
            "attacker_leader": bool(b[2]),
            "defender": names[b[3]],
            "defenders": b[4],
            "defender_leader": bool(b[5]),
        },
        "winner": FORCES[s.winner] if s.winner >= 0 else None,
        "end_reason": s.end_reason or None,
        "zones": list(s.game.setup.zone_names),
        "you": player,
    }


def determinize(s: _P, player: int, rng: random.Random) -> _P:
    """Nothing is hidden in this game, so the only consistent state is a copy."""
    return s.clone()
