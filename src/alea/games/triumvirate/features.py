"""What the learned value of a Triumvirate position reads: a few numbers per seat.

Everything on this table is public (TRI-10.1), so every seat's numbers come from fields any
player sees. Each seat's row of the learned value (``alea.core.value``) is that seat's own
numbers, then those of the seat after it and of the seat after that (in the order of play),
then which leader it is and the numbers of the whole table; the model scores each row and
shares the win among the seats alive by those scores.

A seat's own numbers, each scaled to about 0 to 1:

- ``troops``: its troops on the board, of its 15 counters (TRI-1.4);
- ``hexes``: the hexes they stand in, of 10;
- ``popularity`` (of 10) and ``conquests`` (of the cap, TRI-5.2);
- ``leader_far``: its leader's steps from Rome (over water for Pompey's leader when he may
  sail), of 20; 1 when he is dead;
- ``leader_in_rome`` and ``leader_in_zone`` (his military zone, TRI-1.5);
- ``guard``: its own troops on its leader's hex, of the stack limit (TRI-4.3);
- ``danger``: rival players' troops next to its leader's hex, of 8 (a lone leader falls to
  them, TRI-7.5);
- ``near_rome``: its troops within two steps of Rome, of 8; ``in_italy``: its troops in
  Italy, of 8; ``in_rome``: its troops on Rome, of the stack limit;
- ``streak``: its turns held in Rome in the civil war, of those needed to win (TRI-9.2);
- ``to_move``: 1 when the turn is its.

The table's numbers: whether the civil war is on (TRI-6.1), the round (of 60) and Rome's own
troops (of 15).
"""

from __future__ import annotations

from typing import Final

from alea.games.triumvirate.actions import ROMAN
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.bot import distances
from alea.games.triumvirate.state import TriumvirateState

SEAT_FEATURES: Final = (
    "troops",
    "hexes",
    "popularity",
    "conquests",
    "leader_far",
    "leader_in_rome",
    "leader_in_zone",
    "guard",
    "danger",
    "near_rome",
    "in_italy",
    "in_rome",
    "streak",
    "to_move",
)
"""A seat's own numbers, in the order of its vector."""
TABLE_FEATURES: Final = ("civil_war", "round", "roman_troops")
"""The whole table's numbers."""
NAMES: Final = (
    *(f"own_{f}" for f in SEAT_FEATURES),
    *(f"next_{f}" for f in SEAT_FEATURES),
    *(f"after_{f}" for f in SEAT_FEATURES),
    "is_crassus",
    "is_caesar",
    "is_pompey",
    *TABLE_FEATURES,
)
"""The names of a row's numbers, in order (the learned model's inputs)."""

_ROME: Final = BOARD.rome
_ITALY: Final = BOARD.italy
_NEAR: Final = 2
"""Steps from Rome within which a troop counts as near it."""
_LAND_TO_ROME: Final = distances(_ROME, False)
_SEA_TO_ROME: Final = distances(_ROME, True)


def _seat(s: TriumvirateState, p: int) -> list[float]:
    """Seat ``p``'s own numbers (``SEAT_FEATURES``)."""
    owner, count = s.owner, s.count
    limit = s.game.opts.stack_limit
    troops_to_rome = _SEA_TO_ROME if p == 2 else _LAND_TO_ROME
    near = in_italy = 0
    for h in s.holdings[p]:
        n = count[h]
        if troops_to_rome[h] <= _NEAR:
            near += n
        if h in _ITALY:
            in_italy += n
    lead = s.leader[p]
    if lead >= 0:
        to_rome = _SEA_TO_ROME if p == 2 and s.game.setup.leader_at_sea else _LAND_TO_ROME
        far = min(to_rome[lead], 20) / 20
        in_rome = float(lead == _ROME)
        in_zone = float(lead in s.game.zones[p])
        guard = count[lead] / limit if owner[lead] == p else 0.0
        danger = 0
        for nb in BOARD.neighbours[lead]:
            o = owner[nb]
            if o not in (-1, p, ROMAN):
                danger += count[nb]
        danger_f = min(danger, 8) / 8
    else:
        far, in_rome, in_zone, guard, danger_f = 1.0, 0.0, 0.0, 0.0, 0.0
    opts = s.game.opts
    return [
        s.troops[p] / 15,
        len(s.holdings[p]) / 10,
        min(s.popularity[p], 20) / 10,
        s.conquests[p] / opts.max_conquests,
        far,
        in_rome,
        in_zone,
        guard,
        danger_f,
        min(near, 8) / 8,
        min(in_italy, 8) / 8,
        (count[_ROME] / limit) if owner[_ROME] == p else 0.0,
        min(s.rome_turns[p] / opts.rome_turns_to_win, 1.0),
        float(s.turn == p),
    ]


def features(state: TriumvirateState) -> list[list[float] | None]:
    """Each seat's row of the learned value (``NAMES``), or ``None`` for a seat that is out.

    Reads only the public table (TRI-10.1): the same for every seat that asks.
    """
    own = [_seat(state, p) for p in range(3)]
    table = [
        float(state.civil_war),
        min(state.round, 120) / 60,
        state.troops[ROMAN] / 15,
    ]
    rows: list[list[float] | None] = []
    for p in range(3):
        if not state.alive[p]:
            rows.append(None)
            continue
        seat = [0.0, 0.0, 0.0]
        seat[p] = 1.0
        rows.append([*own[p], *own[(p + 1) % 3], *own[(p + 2) % 3], *seat, *table])
    return rows
