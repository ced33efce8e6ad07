"""A turn (TRI-3.1 to TRI-3.3): the legal decisions, the dice, and applying an action.

Each action is checked for the seat and the step of the turn here, then handed to the module of
its rule area: ``movement``, ``conquest``, ``combat``, ``acquire``; the turn passes on in
``turn``.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any

from alea.core.errors import IllegalActionError
from alea.core.game import CHANCE, Action
from alea.games.triumvirate.acquire import resolve_woo
from alea.games.triumvirate.actions import Clash, Decide, FirstPlayer, March, Move, Roll
from alea.games.triumvirate.board import FORCES
from alea.games.triumvirate.combat import battle_table, clash, start_battles
from alea.games.triumvirate.conquest import collect, may_collect, parade
from alea.games.triumvirate.constants import (
    BATTLE,
    DECIDE,
    FIRST,
    LEADER,
    MOVE,
    MOVE_ROLL,
    OVER,
    ROLLS,
    ROME,
    SETUP,
    WOO,
    WOO_ROLL,
)
from alea.games.triumvirate.movement import fresh_move_actions, march, move, move_actions
from alea.games.triumvirate.position import TriumviratePosition
from alea.games.triumvirate.turn import end_turn, start_turn

__all__ = [
    "apply_action",
    "chance_outcomes",
    "fresh_legal_actions",
    "legal_actions",
    "sample_chance",
]
"""The moves of the game contract, which ``TriumvirateState`` binds as its methods."""


def legal_actions(s: TriumviratePosition) -> list[Action]:
    """The legal decisions of the seat to move, in a fixed order."""
    stage = s.stage
    p = s.player
    if stage == MOVE:
        return move_actions(s, p)
    if stage == LEADER:
        out: list[Action] = [DECIDE[p, "roll"], DECIDE[p, "stay"]]
        if not s.civil_war:
            if may_collect(s, p):
                out.append(DECIDE[p, "collect"])
            if s.leader[p] == ROME and s.conquests[p] > 0:  # TRI-5.3
                out.append(DECIDE[p, "parade"])
        return out
    if stage == WOO:
        return [DECIDE[p, "woo"], DECIDE[p, "pass"]]
    return []


def fresh_legal_actions(s: TriumviratePosition) -> list[Action]:
    """``legal_actions`` worked out from the position alone (what ``alea bench`` times).

    It ignores the troops' steps that ``movement`` keeps from one step to the next.
    """
    if s.stage == MOVE:
        return fresh_move_actions(s, s.player)
    return legal_actions(s)


def chance_outcomes(s: TriumviratePosition) -> list[tuple[Action, float]]:
    """Exact outcomes of the pending roll."""
    stage = s.stage
    if stage == SETUP:
        return [(a, 1 / 3) for a in FIRST]
    if stage == MOVE_ROLL:
        d = s.game.opts.move_die
        return [(a, 1 / d) for a in ROLLS[d]]
    if stage == WOO_ROLL:
        return [(a, 1 / 20) for a in ROLLS[20]]
    if stage == BATTLE:
        outcomes, probs, _ = battle_table(s)
        return list(zip(outcomes, probs, strict=True))
    return []


def sample_chance(s: TriumviratePosition, rng: random.Random) -> Action:
    """Draw the pending roll with its exact probabilities."""
    stage = s.stage
    r = rng.random()
    if stage == BATTLE:
        outcomes, _, cum = battle_table(s)
        return outcomes[bisect_right(cum, r)]
    if stage == MOVE_ROLL:
        d = s.game.opts.move_die
        return ROLLS[d][int(r * d)]
    if stage == WOO_ROLL:
        return ROLLS[20][int(r * 20)]
    if stage == SETUP:
        return FIRST[int(r * 3)]
    raise IllegalActionError("no roll is pending: a player decides now", "TRI-3.3")


def apply_action(s: TriumviratePosition, action: Action) -> None:
    """Apply ``action``; an illegal one raises ``IllegalActionError`` and changes nothing."""
    if s.stage == OVER:
        raise IllegalActionError("the game is over", "TRI-9.4")
    t = type(action)
    if s.player == CHANCE:
        _apply_chance(s, action, t)
    elif t is Move:
        if action.seat != s.player or s.stage != MOVE:  # type: ignore[attr-defined]
            _check_turn(s, action, "troops move only in the movement step")
        move(s, action)  # type: ignore[arg-type]
    elif t is March:
        _check_turn(s, action, "the leader moves only in the movement step")
        march(s, action)  # type: ignore[arg-type]
    elif t is Decide:
        _check_turn(s, action, "")
        _decide(s, action)  # type: ignore[arg-type]
    else:
        raise IllegalActionError(
            f"{FORCES[s.player]} must decide now; {action} is a roll of the dice", "TRI-3.3"
        )
    s._hist = (action, s._hist)
    s._hlen += 1


def _check_turn(s: TriumviratePosition, a: Any, not_now: str) -> None:
    """TRI-3.1: the seat to move acts; TRI-3.2: moves only in the movement step."""
    p = s.player
    if a.seat != p:
        raise IllegalActionError(
            f"{a}: it is {FORCES[p]}'s turn, not {FORCES[a.seat]}'s", "TRI-3.1"
        )
    if not_now and s.stage != MOVE:
        raise IllegalActionError(f"{a}: {not_now}", "TRI-3.2")


def _apply_chance(s: TriumviratePosition, action: Any, t: type) -> None:
    stage = s.stage
    if stage == BATTLE and t is Clash:
        clash(s, action)
        return
    if stage == MOVE_ROLL and t is Roll:
        if action.die == s.game.opts.move_die and 1 <= action.value <= action.die:
            s.moves_left = action.value  # TRI-4.1
            s.pass_to(s.turn, MOVE)
            return
    elif stage == WOO_ROLL and t is Roll:
        if action.die == 20 and 1 <= action.value <= 20:
            resolve_woo(s, action.value)
            return
    elif stage == SETUP and t is FirstPlayer:
        s.first = action.seat
        s.round = 1
        start_turn(s, action.seat)
        return
    raise IllegalActionError(f"{action} is not the roll pending now", "TRI-3.3")


def _decide(s: TriumviratePosition, a: Decide) -> None:
    """The choices of TRI-3.2 (the leader), TRI-4.4 (ending movement) and TRI-8.1 (the woo)."""
    verb = a.verb
    stage = s.stage
    if stage == MOVE:
        if verb != "end":
            raise IllegalActionError(f"{a}: only movement or 'end' is possible now", "TRI-4.4")
        start_battles(s)  # TRI-7.1
        return
    if stage == LEADER:
        if verb == "roll":  # TRI-4.1
            s.pass_to(CHANCE, MOVE_ROLL)
        elif verb == "stay":
            s.stage = MOVE
            s.moves_left = 0
        elif verb == "collect":
            collect(s, a)
        elif verb == "parade":
            parade(s, a)
        else:
            raise IllegalActionError(
                f"{a}: first choose: roll to move, stay, collect or parade", "TRI-3.2"
            )
        return
    if stage == WOO:
        if verb == "woo":  # TRI-8.1
            s.pass_to(CHANCE, WOO_ROLL)
        elif verb == "pass":
            end_turn(s)
        else:
            raise IllegalActionError(f"{a}: choose whether to win over the Roman troops", "TRI-8.1")
        return
    raise IllegalActionError(f"{a}: not possible now", "TRI-3.2")
