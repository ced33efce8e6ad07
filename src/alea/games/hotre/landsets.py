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
CHUNKS: Final = (NL + 7) // 8
"""Bytes in a mask of every land."""

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
    out: list[T] = []
    c = 0
    while mask:
        byte = mask & 255
        if byte:
            out += table[c][byte]
        mask >>= 8
        c += 1
    return out


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
