"""Sets of lands as bit masks, and tables that read a mask back in board order.

Bit ``i`` of a mask stands for land ``i``. The rules that gather lands from several places (the
lands a force reaches from each land it holds, HRE-4.8, HRE-5.9) join masks with ``|`` instead
of filling a set and sorting it; ``spread`` then reads a mask back as the items of a per-land
table (the lands themselves, or the decisions naming them), lowest land first, a byte at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from alea.games.hotre.constants import ADJ, NL, OVERSEAS

T = TypeVar("T")

BIT: Final = tuple(1 << i for i in range(NL))
"""Per land: its bit."""
ALL: Final = (1 << NL) - 1
"""Every land."""
CHUNKS: Final = 6
"""Bytes in a mask of every land: the tables are made for up to 48 lands."""
if NL > 8 * CHUNKS:
    raise ValueError(f"land masks hold {8 * CHUNKS} lands, the board has {NL}")

ByteTable = tuple[tuple[tuple[T, ...], ...], ...]
"""Per byte of a mask, then per value of that byte: the items of its lands, in order."""


def byte_table(items: Sequence[T]) -> ByteTable[T]:
    """The table ``spread`` reads ``items`` (one per land) through."""
    if len(items) != NL:
        raise ValueError(f"a land table needs {NL} items, not {len(items)}")
    return tuple(
        tuple(
            tuple(items[c * 8 + b] for b in range(8) if k >> b & 1 and c * 8 + b < NL)
            for k in range(256)
        )
        for c in range(CHUNKS)
    )


def spread(mask: int, table: ByteTable[T]) -> list[T]:
    """The items of ``table`` for the lands of ``mask``, lowest land first."""
    t0, t1, t2, t3, t4, t5 = table  # one lookup a byte, unrolled: this runs at every step
    return [
        *t0[mask & 255],
        *t1[mask >> 8 & 255],
        *t2[mask >> 16 & 255],
        *t3[mask >> 24 & 255],
        *t4[mask >> 32 & 255],
        *t5[mask >> 40 & 255],
    ]


def mask_of(lands: Sequence[int]) -> int:
    """The mask of ``lands``."""
    m = 0
    for i in lands:
        m |= BIT[i]
    return m


LAND_TABLE: Final = byte_table(range(NL))
"""``spread(mask, LAND_TABLE)`` lists the lands of ``mask``."""
ADJ_MASK: Final = tuple(mask_of(ADJ[h]) for h in range(NL))
"""Per land: its neighbours across a border or a strait (HRE-1.1)."""
REACH: Final = tuple(BIT[h] | ADJ_MASK[h] for h in range(NL))
"""Per land: the land and its neighbours, where a force holding it may place (HRE-4.8)."""
REACH_BY_SEA: Final = tuple(REACH[h] | mask_of(OVERSEAS[h]) for h in range(NL))
"""Per land: ``REACH`` and the lands over the sea, which a Faction reaches too (HRE-5.9)."""
