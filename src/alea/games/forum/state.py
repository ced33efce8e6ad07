"""Forum's rules as the game contract: ``ForumState`` and the tables other modules read.

A turn runs six phases (FOR-2.1); each player acts once per phase, in turn order from the
turn's start player (FOR-2.2). Phases without decisions (trade, conversion) happen inside
``apply_action`` as soon as the phase before them ends. A player with nothing to choose in a
phase is skipped, so every decision offered is a real one.

Where each rule lives: ``setup`` (FOR-1), ``turn`` (FOR-2), ``movement`` (FOR-3), ``social``
and ``marriages`` (FOR-4), ``trade`` (FOR-5), ``build`` (FOR-6), ``fate`` (FOR-7), ``money``
(FOR-8), ``victory`` (FOR-9), ``view`` (FOR-10), ``describe`` (actions in words). The data of a
position, its copy and its JSON are in ``position``.
"""

from __future__ import annotations

from typing import Final

from alea.games.forum import (
    build,
    describe,
    fate,
    marriages,
    money,
    movement,
    social,
    trade,
    turn,
    victory,
    view,
)
from alea.games.forum.constants import STAGE_TEXT, debt_units
from alea.games.forum.position import ForumPosition

# The board picture and the terminal screen read these two through this module.
__all__: Final = ["STAGE_TEXT", "ForumState", "debt_units"]


class ForumState(ForumPosition, rules=(turn, social, build, fate, view, describe, victory)):
    """A position of Forum with the game contract (DESIGN.md) bound to the rule modules.

    The contract (FOR-2: decisions, chance and their effect; FOR-10: what a seat may see; FOR-9:
    the end of the game) and the phase hand-overs the rule modules call through the position
    are the functions of the same names in ``rules`` (``alea.core.game.bind_rules``); the
    queries below are named by hand. Each is a function of its rule area taking the position
    first, so a method call costs no more than before the rules were split into areas.
    """

    __slots__ = ()

    # queries the bots, views and tests ask
    action_warning = describe.action_warning
    consuls = victory.consuls
    spouses = marriages.spouses
    married = marriages.married
    can_afford = money.can_afford
    reserve = money.reserve
    trade_income = trade.trade_income
    trade_total = trade.trade_total
    trade_totals = trade.trade_totals
    contest_of = movement.contest_of
