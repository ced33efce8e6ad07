"""What the play page shows beside the Forum board: moves' origins, dice, reasons, panels.

These read only actions and ``observation(p)``; the server turns them into marks on the board
(the last move), a die next to it, the player's own panel, and the rule a refused click breaks.
"""

from __future__ import annotations

from typing import Any, Final

from alea.core.game import Action
from alea.games.forum.actions import Build, Move, Roll
from alea.games.forum.constants import MARKET_NAMES

STAGE_HINT: Final = {
    "setup": "Rolling for the first player.",
    "deal": "Each family draws its first family cards: sons and daughters to marry.",
    "enter": "A 4 or more on the die brings a new agent into Rome.",
    "move": "Move agents one link each towards markets worth trading in; "
    "then say you have finished moving.",
    "social": "Marry a child into a market's aristocracy or to another family, divorce, or pass.",
    "respond": "Another family offers a marriage: accept, decline, or ask another dowry.",
    "reply": "Your proposal got a counter-offer: pay it or refuse.",
    "oust": "A die decides whether the agent is ousted.",
    "build": "Build a horreum where an agent stands (it earns at every trade), "
    "try to destroy a rival's, or pass.",
    "destroy": "A die decides whether the rival's horreum falls.",
    "give": "Pay for a benefaction in Rome: it brings prestige and may raise your office.",
    "fate": "A fate card is drawn: an event for the whole table.",
    "fate_choice": "Answer the fate card.",
    "fate_roll": "A die decides the fate card's outcome.",
    "birth": "A new family card: a son or a daughter.",
    "over": "The game is over.",
}
"""One line per stage: what the decisions of that stage are for."""


def source_of(action: Action) -> str | None:
    """The market an agent leaves, for a move."""
    return MARKET_NAMES[action.src] if isinstance(action, Move) else None


def dice_of(action: Action) -> dict[str, Any] | None:
    """The die a chance outcome shows."""
    if isinstance(action, Roll):
        return {"dice": [action.value], "sides": 6, "text": "the die"}
    return None


def attempts(obs: dict[str, Any], seat: int, place: str, source: str | None) -> list[Action]:
    """Actions a click on market ``place`` might have meant, to ask the rules why none is legal."""
    if place not in MARKET_NAMES or not 0 <= seat < len(obs["players"]):
        return []
    to = MARKET_NAMES.index(place)
    agents = [m for m in obs["players"][seat]["agents"] if m in MARKET_NAMES]
    if source in MARKET_NAMES and source not in agents:
        agents.insert(0, str(source))
    moves: list[Action] = [Move(seat, MARKET_NAMES.index(m), to) for m in agents if m != place]
    build: list[Action] = [Build(seat, to)]
    return [*build, *moves] if obs["stage"] in ("build", "give") else [*moves, *build]


def panel(obs: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """The family's own figures, as label and value (its hidden cards included)."""
    p = obs["players"][seat]
    money = int(p["money"])
    rows = [
        ("Money", f"−${-money:,}" if money < 0 else f"${money:,}"),
        ("Prestige", f"{p['prestige']} ({p['band'] or 'no office'})"),
        ("Agents", ", ".join(p["agents"]) or "none"),
        ("In reserve", str(p["reserve"])),
        ("Horrea", f"{p['horrea']} built, {p['horrea_left']} left"),
    ]
    if p.get("sons") is not None:
        sons, daughters = int(p["sons"]), int(p["daughters"])
        rows.append(
            (
                "Children",
                f"{sons} {'son' if sons == 1 else 'sons'}, "
                f"{daughters} {'daughter' if daughters == 1 else 'daughters'}",
            )
        )
    else:
        rows.append(("Children", str(p["children"])))
    rows.append(("Benefactions", str(p["benefactions"])))
    rows.append(("Next trade", f"${int(p['next_income']):,}"))
    return rows


def hint(obs: dict[str, Any]) -> str | None:
    """What the current stage is for, in one line."""
    return STAGE_HINT.get(str(obs["stage"]))
