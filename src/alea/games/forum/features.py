"""What the learned value of a Forum position reads: a few public numbers per family.

Each family's row of the learned value (``alea.core.value``) is its own numbers, then the
largest and the mean of each number over its rivals, then the numbers of the whole table, so
one model serves three or four players. The model scores each row and shares the win among the
families by those scores.

Only what every player sees is read (FOR-1.4): a family's children count, never which are sons
and which daughters, so a row is the same whoever looks at the table.

A family's own numbers:

- ``prestige`` of the prestige that wins (FOR-9.1), and ``money`` (of 100) with the money that
  decides a tie at the winning prestige (FOR-9.2);
- ``next_income``: what it would earn at a trade now (FOR-5), of 50; ``last_income``: what it
  earned at the last one;
- ``agents``: its agents on the board (FOR-3), of 5; ``horrea``: its horrea built (FOR-6.2),
  of its tokens; ``benefactions`` (FOR-6.5), of 5;
- ``senator`` (FOR-7), ``children`` (FOR-1.4), ``spouses`` (its marriage alliances, FOR-4.6),
  ``locals`` (markets whose local aristocracy it married into, FOR-4.3), ``praefect`` (turns
  of the grain prefecture left, FOR-7.11);
- ``to_move``: 1 when the decision is its.

The table's numbers: the turn, of 30.
"""

from __future__ import annotations

from typing import Final

from alea.games.forum import marriages, trade
from alea.games.forum.state import ForumState

SEAT_FEATURES: Final = (
    "prestige",
    "money",
    "next_income",
    "last_income",
    "agents",
    "horrea",
    "benefactions",
    "senator",
    "children",
    "spouses",
    "locals",
    "praefect",
    "to_move",
)
"""A family's own numbers, in the order of its vector."""
TABLE_FEATURES: Final = ("turn",)
"""The whole table's numbers."""
NAMES: Final = (
    *(f"own_{f}" for f in SEAT_FEATURES),
    *(f"rival_max_{f}" for f in SEAT_FEATURES),
    *(f"rival_mean_{f}" for f in SEAT_FEATURES),
    *TABLE_FEATURES,
)
"""The names of a row's numbers, in order (the learned model's inputs)."""


def _seat(s: ForumState, p: int, income: int) -> list[float]:
    """Family ``p``'s own numbers (``SEAT_FEATURES``)."""
    o = s.opts
    agents = sum(1 for m in s.agents[p] if m >= 0)
    return [
        s.prestige[p] / o.win_prestige,
        min(max(s.money[p], 0), 300) / 100,
        min(income, 150) / 50,
        min(s.income[p], 150) / 50,
        agents / 5,
        s.horrea_count[p] / o.horrea,
        min(s.gifts[p], 10) / 5,
        float(s.senator[p]),
        min(s.sons[p] + s.daughters[p], 10) / 5,
        float(len(marriages.spouses(s, p))),
        float(sum(1 for x in s.local if x == p)),
        float(s.praefect_turns) if s.praefect == p else 0.0,
        float(s.player == p),
    ]


def features(state: ForumState) -> list[list[float] | None]:
    """Each family's row of the learned value (``NAMES``); every family stays in the game.

    Reads only what the table shows everyone (FOR-1.4): the same for every seat that asks.
    """
    n = state.n
    incomes = trade.trade_totals(state)
    own = [_seat(state, p, incomes[p]) for p in range(n)]
    table = [min(state.turn, 60) / 30]
    rows: list[list[float] | None] = []
    for p in range(n):
        rivals = [own[q] for q in range(n) if q != p]
        top = [max(col) for col in zip(*rivals, strict=True)]
        mean = [sum(col) / len(col) for col in zip(*rivals, strict=True)]
        rows.append([*own[p], *top, *mean, *table])
    return rows
