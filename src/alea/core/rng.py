"""Seeded randomness helpers.

Rules code never touches the global RNG or the clock: chance is drawn by the driver from a
``random.Random`` it was given, and agents get their own seeded instance.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def make_rng(seed: int | str) -> random.Random:
    """Return an independent generator for ``seed`` (ints and strings both reproducible)."""
    return random.Random(seed)


def derive_seed(seed: int, label: str) -> int:
    """Return a stable child seed of ``seed`` for the part named ``label``."""
    return random.Random(f"{seed}/{label}").getrandbits(63)


def sample_weighted(outcomes: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """Draw one item from ``(item, probability)`` pairs whose probabilities sum to 1."""
    r = rng.random()
    acc = 0.0
    for item, p in outcomes:
        acc += p
        if r < acc:
            return item
    return outcomes[-1][0]
