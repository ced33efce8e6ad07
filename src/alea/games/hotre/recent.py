"""What just happened in a HOTRE game, for the board: the last move's lands and the last roll.

Read from the end of the persistent history (``(action, earlier)`` pairs), so it costs a few
steps whatever the game's length. Only public facts come out: lands named by moves and cards
everybody saw played, and the dice every seat saw rolled.
"""

from __future__ import annotations

from typing import Any, Final

from alea.games.hotre.actions import Deal, Dice, DrawCounter, Order, Pick, PlayCard, Round
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK

LOOK_BACK: Final = 60
"""How many actions back the last roll is still shown."""
CHANCE: Final = (Order, Deal, DrawCounter, Round, Dice)
"""The chance outcomes; every other action is a seat's decision and names the seat."""


def _lands_of(action: Any) -> list[int]:
    """The lands an action names: a picked land, or a card's target land."""
    if isinstance(action, Pick):
        return [action.land]
    if isinstance(action, PlayCard) and action.target >= 0:
        kind = DECK[action.card - 1].kind
        if kind == "pestilence":
            return [i for i, a in enumerate(BOARD.area_of) if a == action.target]
        if kind != "people_revive":
            return [action.target]
    return []


def recent_events(node: tuple[Any, ...] | None) -> dict[str, Any]:
    """The last move's lands and seat, and the last roll (a dice total or a battle round).

    The last move is the latest decision a seat took (chance outcomes after it belong to it).
    """
    lands: list[int] = []
    seat = -1
    roll: dict[str, Any] | None = None
    steps = 0
    while node is not None and steps < LOOK_BACK and (seat < 0 or roll is None):
        action = node[0]
        if roll is None and isinstance(action, Dice):
            roll = {"kind": "dice", "value": action.value}
        elif roll is None and isinstance(action, Round):
            roll = {"kind": "round", "attacker_wins": action.attacker_wins, "died": action.died}
        if seat < 0 and not isinstance(action, CHANCE):
            seat = action.seat
            lands = _lands_of(action)
        node = node[1]
        steps += 1
    return {"lands": lands, "seat": seat, "roll": roll}
