"""What the play page shows beside the Triumvirate board: moves' origins, dice, reasons, panels.

These read only actions and ``observation(p)``; the server turns them into marks on the board
(the last move), dice next to it, the player's own panel, and the rule a refused click breaks.
"""

from __future__ import annotations

from typing import Any, Final

from alea.core.game import Action
from alea.games.triumvirate.actions import Clash, Decide, March, Move, Roll
from alea.games.triumvirate.board import BOARD, FORCES

STAGE_HINT: Final = {
    "setup": "Rolling for the first player: the highest die plays first.",
    "leader": "Your leader's action: roll to move him, stay, collect a conquest in your zone, "
    "or hold a triumph in Rome.",
    "move-roll": "The die decides how far the leader may march this turn.",
    "move": "Move troops one hex each (pick a stack, then where it goes); "
    "stepping into enemy troops attacks them. End movement when done.",
    "battle": "Each round both sides roll; the lower highest die loses a troop, "
    "until one side is gone.",
    "woo": "Your leader stands with Roman troops: "
    "a d20 at or under your popularity wins them over.",
    "woo-roll": "The d20 decides whether the Roman troops join you.",
    "over": "The game is over.",
}
"""One line per stage: what the decisions of that stage are for."""


def _hex_place(h: int) -> str:
    col, row = BOARD.coords(h)
    return f"{col},{row}"


def place_name(place: str) -> str:
    """A ``data-place`` key (``col,row``) as the hex's name."""
    h = BOARD.find(place)
    return place if h is None else BOARD.label(h)


def source_of(action: Action) -> str | None:
    """The hex a troop leaves, for a move (``data-place`` form)."""
    return _hex_place(action.src) if isinstance(action, Move) else None


def dice_of(action: Action) -> dict[str, Any] | None:
    """The dice a chance outcome shows: a d6 or d20 roll, or a battle round's highest dice."""
    if isinstance(action, Roll):
        what = "leader's movement" if action.die == 6 else "winning over the Roman troops"
        return {"dice": [action.value], "sides": action.die, "text": f"d{action.die}: {what}"}
    if isinstance(action, Clash):
        return {
            "dice": [action.attacker, action.defender],
            "sides": 6,
            "text": "battle: attacker's and defender's highest die",
        }
    return None


def attempts(obs: dict[str, Any], seat: int, place: str, source: str | None) -> list[Action]:
    """Actions a click on ``place`` might have meant, to ask the rules why none is legal."""
    to = BOARD.find(place)
    if to is None or not 0 <= seat < len(FORCES):
        return []
    tried: list[Action] = []
    start = BOARD.find(source) if source else None
    if start is not None:
        tried.append(Move(seat, start, to))
    own = [BOARD.index(c, r) for c, r, force, _n, _m in obs["stacks"] if force == FORCES[seat]]
    near = [h for h in own if to in BOARD.neighbours[h] and h != start]
    tried += [Move(seat, h, to) for h in near]
    if obs["stage"] == "move" or not tried:
        tried.append(March(seat, to))
    tried += [Move(seat, h, to) for h in own if h not in near and h != start][:1]
    if not tried:
        tried.append(Decide(seat, "end"))
    return tried


def panel(obs: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """The player's own figures, as label and value."""
    p = obs["players"][seat]
    rows = [
        ("Troops", str(p["troops"])),
        ("Conquests", str(p["conquests"])),
        ("Popularity", str(p["popularity"])),
        ("Turns in Rome", str(p["rome_turns"])),
    ]
    if p["leader"] is not None:
        rows.append(("Leader at", BOARD.label(BOARD.index(*p["leader"]))))
    if obs["stage"] == "move" and obs["current"] == seat:
        rows.append(("Leader's movement left", str(obs["movement_left"])))
    if not p["alive"]:
        rows.append(("Status", "fallen"))
    return rows


def hint(obs: dict[str, Any]) -> str | None:
    """What the current stage is for, in one line."""
    return STAGE_HINT.get(str(obs["stage"]))
