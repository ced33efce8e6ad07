"""Setup (FOR-1): dealing the family cards."""

from __future__ import annotations

from alea.core.game import CHANCE
from alea.games.forum.constants import DEAL
from alea.games.forum.position import ForumPosition


def deal_next(s: ForumPosition) -> None:
    """FOR-1.4: deal family cards round the table, then start the first turn."""
    if s.deal_left > 0 and s.deck_sons + s.deck_daughters > 0:
        total = s.opts.family_cards * s.n
        s.stage = DEAL
        s.player = CHANCE
        s.actor = (total - s.deal_left) % s.n
        return
    s.deal_left = 0
    s._begin_turn()


def take_child(s: ForumPosition, p: int, son: bool) -> None:
    """Take a son (or a daughter) from the family deck into ``p``'s hand (FOR-1.4)."""
    if son:
        s.sons[p] += 1
        if s.opts.ruleset != "complete":
            s.deck_sons -= 1
    else:
        s.daughters[p] += 1
        if s.opts.ruleset != "complete":
            s.deck_daughters -= 1
