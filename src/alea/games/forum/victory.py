"""Prestige and victory (FOR-9): the consuls, the end of the game and its outcome."""

from __future__ import annotations

from alea.core.game import TERMINAL
from alea.core.positions import win_shares
from alea.games.forum.actions import GENTES
from alea.games.forum.constants import (
    END_CAP,
    OVER,
)
from alea.games.forum.position import ForumPosition


def consuls(s: ForumPosition) -> list[int]:
    """FOR-9.1/9.2: who would win if the turn ended now ([] if no one has the prestige).

    Among the players at the winning prestige the most money wins, then the most
    prestige, then the most benefactions (``tie_break="prestige"`` puts prestige first);
    players equal on all three share the consulship.
    """
    able = [p for p in range(s.n) if s.prestige[p] >= s.opts.win_prestige]
    if len(able) < 2:
        return able
    money, prestige, gifts = s.money, s.prestige, s.gifts
    if s.opts.tie_break == "prestige":
        key = {p: (prestige[p], money[p], gifts[p]) for p in able}
    else:
        key = {p: (money[p], prestige[p], gifts[p]) for p in able}
    best = max(key.values())
    return [p for p in able if key[p] == best]


def finish(s: ForumPosition, winners: list[int], reason: str) -> None:
    """End the game with ``winners`` (FOR-9)."""
    s.winners = winners
    s.end_reason = reason
    s.stage = OVER
    s.player = TERMINAL
    s.queue = []
    s.pending = None
    s.proposal = None


def returns(s: ForumPosition) -> list[float]:
    """Winners share 1.0; all 0.0 before the end or at the turn cap."""
    return win_shares(s.winners if s.stage == OVER else [], s.n)


def outcome_text(s: ForumPosition) -> str:
    """How the game ended, in a sentence."""
    if s.stage != OVER:
        return ""
    if s.end_reason == END_CAP:
        return f"no one reached {s.opts.win_prestige} prestige in {s.opts.max_turns} turns"
    names = " and the ".join(GENTES[p] for p in s.winners)
    return f"the {names} reach the consulship with {s.prestige[s.winners[0]]} prestige"
