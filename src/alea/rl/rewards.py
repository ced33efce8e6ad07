"""Terminal rewards of the learning environments, from a finished game's win shares.

``state.returns()`` gives each seat its share of the win: 1.0 to a lone winner, ``1/k`` to each
of ``k`` winners who share it, 0.0 to the rest. The environments turn those shares into rewards
by one of two schemes:

- ``"zero_sum"`` (the default, as PettingZoo's classic games score): the winners split +1 in
  proportion to their shares and the losers split -1 equally, so the rewards of a game always
  sum to zero. With two seats that is +1 and -1; a lone winner of three gets +1 and each loser
  -0.5; two winners of three get +0.5 each and the loser -1. A game with no winner (or won by
  everyone) gives 0 to all.
- ``"win_share"``: the shares themselves (1 for a win, 0 for a loss).

A game stopped at its length cap (``state.ended_by_cap()``) is a truncation, not an end: every
seat gets 0 under both schemes.
"""

from __future__ import annotations

from typing import Final

from alea.core.game import State

REWARDS: Final = ("zero_sum", "win_share")
"""The reward schemes an environment accepts; the first is the default."""


def check_scheme(scheme: str) -> str:
    """``scheme`` if it is one of ``REWARDS``; a ``ValueError`` naming the choices otherwise."""
    if scheme not in REWARDS:
        raise ValueError(f"rewards must be one of {', '.join(REWARDS)}, not {scheme!r}")
    return scheme


def final_rewards(state: State, scheme: str) -> list[float]:
    """Each seat's reward for the finished game ``state`` under ``scheme``."""
    shares = [float(x) for x in state.returns()]
    if state.ended_by_cap():
        return [0.0] * len(shares)
    if scheme == "win_share":
        return shares
    won = sum(shares)
    losers = sum(1 for x in shares if x <= 0.0)
    if won <= 0.0 or losers == 0:
        return [0.0] * len(shares)
    return [x / won if x > 0.0 else -1.0 / losers for x in shares]
