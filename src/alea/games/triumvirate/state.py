"""The First Triumvirate's rules as the game contract: ``TriumvirateState`` binds the rule modules.

Where each rule lives (rule ids ``TRI-x.y`` refer to ``RULES.md`` beside this file): ``setup``
(TRI-2), ``play`` (the turn: legal decisions, dice and applying an action, TRI-3), ``turn`` (the
order of play, TRI-3.1), ``movement`` (TRI-4, and the civil war's start, TRI-6.1), ``conquest``
(TRI-5, TRI-6.1), ``combat`` (battles and their odds, TRI-7.1 to 7.3), ``leaders`` (a leader's
death and lone leaders, TRI-7.4, 7.5), ``acquire`` (winning Roman troops over, TRI-8),
``victory`` (TRI-9) and ``information`` (TRI-10). The data of a position, its copy and its JSON
are in ``position``; the stages and fixed tables in ``constants``.

The modules import one another one way only: ``victory``, then ``turn``, ``leaders``,
``acquire``, ``combat``, ``conquest`` and ``movement``, then ``play``.
"""

from __future__ import annotations

from alea.games.triumvirate import information, play, victory
from alea.games.triumvirate.constants import (
    BATTLE,
    END_CAP,
    END_LAST,
    END_ROME,
    LEADER,
    MOVE,
    MOVE_ROLL,
    OVER,
    SETUP,
    STAGE_NAMES,
    STAGE_TEXT,
    WOO,
    WOO_ROLL,
)
from alea.games.triumvirate.position import TriumviratePosition

__all__ = [
    "BATTLE",
    "END_CAP",
    "END_LAST",
    "END_ROME",
    "LEADER",
    "MOVE",
    "MOVE_ROLL",
    "OVER",
    "SETUP",
    "STAGE_NAMES",
    "STAGE_TEXT",
    "WOO",
    "WOO_ROLL",
    "TriumvirateState",
]


class TriumvirateState(TriumviratePosition, rules=(play, information, victory)):
    """A Triumvirate position that answers the game contract through its rule modules.

    The contract is the functions of the same names in ``rules`` (``alea.core.game.bind_rules``):
    decisions, chance and their effect in ``play`` (TRI-3), what a seat sees in ``information``
    (TRI-10), the end of the game and its results in ``victory`` (TRI-9).
    """

    __slots__ = ()

    legal_actions_uncached = play.fresh_legal_actions
