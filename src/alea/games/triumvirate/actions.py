"""Triumvirate actions: small frozen data, interned in tables so the hot loop never builds one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from alea.core.errors import RecordError
from alea.core.game import Action
from alea.games.triumvirate.board import BOARD, FORCES

ROMAN: Final = 3
"""Owner code of Roman (grey) troops; 0..2 are the seats, -1 an empty hex."""
FORCE_NAMES: Final = (*FORCES, "Rome")

VERBS: Final = ("roll", "stay", "collect", "parade", "end", "woo", "pass")
_VERB_TEXT: Final = {
    "roll": "rolls the die to move his leader",
    "stay": "keeps his leader where he is",
    "collect": "collects conquest",
    "parade": "holds a triumph in Rome: conquests become popularity",
    "end": "ends his movement",
    "woo": "tries to win over the Roman troops",
    "pass": "leaves the Roman troops alone",
}


def _hex_json(h: int) -> list[int]:
    return list(BOARD.coords(h))


@dataclass(frozen=True, slots=True)
class FirstPlayer(Action):
    """Chance: the roll for first player (TRI-2.3)."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "first", "seat": self.seat}

    def __str__(self) -> str:
        return f"{FORCES[self.seat]} wins the roll and plays first"


@dataclass(frozen=True, slots=True)
class Decide(Action):
    """A decision without a place: roll to move, stay, collect, parade, end movement, woo, pass."""

    seat: int
    verb: str

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "decide", "seat": self.seat, "verb": self.verb}

    def __str__(self) -> str:
        return f"{FORCES[self.seat]} {_VERB_TEXT[self.verb]}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: a die roll, the leader's movement (d6) or a popularity check (d20)."""

    die: int
    value: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "roll", "die": self.die, "value": self.value}

    def __str__(self) -> str:
        return f"d{self.die} rolls {self.value}"


@dataclass(frozen=True, slots=True)
class March(Action):
    """The leader steps into a neighbouring hex (TRI-4.1)."""

    seat: int
    to: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "march", "seat": self.seat, "to": _hex_json(self.to)}

    def __str__(self) -> str:
        return f"{FORCES[self.seat]} marches to {BOARD.label(self.to)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One troop moves one hex (TRI-4.2); into enemy troops it attacks."""

    seat: int
    src: int
    to: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "type": "move",
            "seat": self.seat,
            "from": _hex_json(self.src),
            "to": _hex_json(self.to),
        }

    def __str__(self) -> str:
        return f"{FORCES[self.seat]} moves a troop {BOARD.label(self.src)}→{BOARD.label(self.to)}"


@dataclass(frozen=True, slots=True)
class Clash(Action):
    """Chance: one round of battle, summarised by each side's highest die (TRI-7.2)."""

    attacker: int
    defender: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "clash", "attacker": self.attacker, "defender": self.defender}

    def __str__(self) -> str:
        loser = "defender" if self.attacker > self.defender else "attacker"
        return f"highest dice {self.attacker} against {self.defender}: the {loser} loses a troop"


def _int(data: dict[str, Any], key: str, lo: int, hi: int) -> int:
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise RecordError(f"action field {key!r} must be an integer {lo}..{hi}, not {v!r}")
    return v


def _hex(data: dict[str, Any], key: str) -> int:
    v = data.get(key)
    if (
        not isinstance(v, list)
        or len(v) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)
        or not (0 <= v[0] < BOARD.cols and 0 <= v[1] < BOARD.rows)
    ):
        raise RecordError(f"action field {key!r} must be a hex [col, row] on the board, not {v!r}")
    return BOARD.index(v[0], v[1])


def action_from_json(data: Any) -> Action:
    """Parse an action's JSON form, naming what is wrong with malformed input."""
    if not isinstance(data, dict):
        raise RecordError(f"an action is a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if kind == "first":
        return FirstPlayer(_int(data, "seat", 0, 2))
    if kind == "decide":
        verb = data.get("verb")
        if verb not in VERBS:
            raise RecordError(f"unknown verb {verb!r}; verbs are {', '.join(VERBS)}")
        return Decide(_int(data, "seat", 0, 2), str(verb))
    if kind == "roll":
        die = _int(data, "die", 1, 20)
        return Roll(die, _int(data, "value", 1, die))
    if kind == "march":
        return March(_int(data, "seat", 0, 2), _hex(data, "to"))
    if kind == "move":
        return Move(_int(data, "seat", 0, 2), _hex(data, "from"), _hex(data, "to"))
    if kind == "clash":
        return Clash(_int(data, "attacker", 1, 8), _int(data, "defender", 1, 8))
    raise RecordError(f"unknown action type {kind!r}")


def place_of(action: Action) -> str | None:
    """The hex an action goes to, as ``"col,row"`` (the board picture's ``data-place``)."""
    if isinstance(action, March | Move):
        col, row = BOARD.coords(action.to)
        return f"{col},{row}"
    return None
