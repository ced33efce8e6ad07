"""Triumvirate actions: small frozen data, interned in tables so the hot loop never builds one."""

from __future__ import annotations

from typing import Annotated, Any, Final

from alea.core.actions import (
    ActionSet,
    Codec,
    DeclaredAction,
    FieldError,
    Key,
    Whole,
    Word,
    is_whole,
)
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


class _Hex(Codec):
    """A hex of the board: an index here, ``[col, row]`` in JSON, its label as text."""

    kind = int

    def dump(self, value: Any) -> list[int]:
        return list(BOARD.coords(value))

    def load(self, raw: Any) -> int:
        if (
            isinstance(raw, list)
            and len(raw) == 2
            and all(is_whole(x) for x in raw)
            and 0 <= raw[0] < BOARD.cols
            and 0 <= raw[1] < BOARD.rows
        ):
            return BOARD.index(raw[0], raw[1])
        raise FieldError(f"must be a hex [col, row] on the board, not {raw!r}")

    def text(self, value: Any) -> str:
        return BOARD.label(value)


Seat = Annotated[int, Whole(0, 2, names=FORCES)]
Hex = Annotated[int, _Hex()]


class FirstPlayer(
    DeclaredAction, json_type="first", template="{seat} wins the roll and plays first"
):
    """Chance: the roll for first player (TRI-2.3)."""

    seat: Seat


class Decide(DeclaredAction, json_type="decide", template="{seat} {verb}"):
    """A decision without a place: roll to move, stay, collect, parade, end movement, woo, pass."""

    seat: Seat
    verb: Annotated[str, Word(_VERB_TEXT)]


class Roll(DeclaredAction, json_type="roll", template="d{die} rolls {value}"):
    """Chance: a die roll, the leader's movement (d6) or a popularity check (d20)."""

    die: Annotated[int, Whole(1, 20)]
    value: Annotated[int, Whole(1, 20)]

    def problem(self) -> str | None:
        """A d``die`` shows at most ``die``."""
        return f"a d{self.die} cannot roll {self.value}" if self.value > self.die else None


class March(DeclaredAction, json_type="march", template="{seat} marches to {to}"):
    """The leader steps into a neighbouring hex (TRI-4.1)."""

    seat: Seat
    to: Hex


class Move(DeclaredAction, json_type="move", template="{seat} moves a troop {src}→{to}"):
    """One troop moves one hex (TRI-4.2); into enemy troops it attacks."""

    seat: Seat
    src: Annotated[int, _Hex(), Key("from")]
    to: Hex


class Clash(DeclaredAction, json_type="clash"):
    """Chance: one round of battle, summarised by each side's highest die (TRI-7.2)."""

    attacker: Annotated[int, Whole(1, 8)]
    defender: Annotated[int, Whole(1, 8)]

    def __str__(self) -> str:
        loser = "defender" if self.attacker > self.defender else "attacker"
        return f"highest dice {self.attacker} against {self.defender}: the {loser} loses a troop"


ACTIONS: Final = ActionSet("Triumvirate", (FirstPlayer, Decide, Roll, March, Move, Clash))


def action_from_json(data: Any) -> Action:
    """Parse an action's JSON form, naming what is wrong with malformed input."""
    return ACTIONS.from_json(data)


def place_of(action: Action) -> str | None:
    """The hex an action goes to, as ``"col,row"`` (the board picture's ``data-place``)."""
    if isinstance(action, March | Move):
        col, row = BOARD.coords(action.to)
        return f"{col},{row}"
    return None
