"""Forum actions: small frozen data; the rules in ``state.py`` give them effect."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from alea.core.errors import RecordError
from alea.core.game import Action
from alea.games.forum.board import BOARD

GENTES: Final = ("Aemilii", "Cornelii", "Licinii", "Valerii")
"""Seat names: four Roman families, in seat order."""

PRICES: Final = (0, 100, 200, 300, 400, 500)
"""Dowries a proposal or a counter-offer may name (FOR-4.5)."""

BENEFACTION_KINDS: Final = BOARD.benefactions

_VERB_TEXT: Final = {
    "done": "have finished moving their agents",
    "pass": "pass",
    "accept": "accept",
    "decline": "decline",
    "pay": "pay",
    "refuse": "refuse",
}


def _m(market: int) -> str:
    return BOARD.markets[market].name


def _child(son: bool) -> str:
    return "son" if son else "daughter"


def space_name(space: int) -> str:
    """A benefaction space as text, e.g. ``QVAESTOR TEMPLE``."""
    band, kind = divmod(space, len(BENEFACTION_KINDS))
    return f"{BOARD.bands[band].name} {BENEFACTION_KINDS[kind]}"


@dataclass(frozen=True, slots=True)
class FirstPlayer(Action):
    """Chance: the roll for first player (FOR-1.6)."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "first", "seat": self.seat}

    def __str__(self) -> str:
        return f"the {GENTES[self.seat]} win the roll and play first"


@dataclass(frozen=True, slots=True)
class Family(Action):
    """Chance: a family card drawn by ``seat`` (FOR-1.4, FOR-7.15): a son or a daughter."""

    seat: int
    son: bool

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "family", "seat": self.seat, "son": self.son}

    def __str__(self) -> str:
        return f"the {GENTES[self.seat]} draw a family card ({_child(self.son)})"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: one six-sided die."""

    value: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "roll", "value": self.value}

    def __str__(self) -> str:
        return f"the die shows {self.value}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the fate card drawn this turn (FOR-7.1), by its number 1-30."""

    card: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "fate", "card": self.card}

    def __str__(self) -> str:
        return f"fate card {self.card} is drawn"


@dataclass(frozen=True, slots=True)
class Decide(Action):
    """A decision without a place: finish moving, pass, accept, decline, pay or refuse."""

    seat: int
    verb: str

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "decide", "seat": self.seat, "verb": self.verb}

    def __str__(self) -> str:
        return f"the {GENTES[self.seat]} {_VERB_TEXT.get(self.verb, self.verb)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """An agent steps along one link (FOR-3.2)."""

    seat: int
    src: int
    to: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "move", "seat": self.seat, "from": _m(self.src), "to": _m(self.to)}

    def __str__(self) -> str:
        return f"the {GENTES[self.seat]} move an agent {_m(self.src)} → {_m(self.to)}"


@dataclass(frozen=True, slots=True)
class MarryLocal(Action):
    """Marry a child into the local aristocracy of ``market`` (FOR-4.3, FOR-7.12)."""

    seat: int
    market: int
    son: bool

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "type": "marry_local",
            "seat": self.seat,
            "market": _m(self.market),
            "son": self.son,
        }

    def __str__(self) -> str:
        return (
            f"the {GENTES[self.seat]} marry a {_child(self.son)} into the aristocracy of "
            f"{_m(self.market)}"
        )


@dataclass(frozen=True, slots=True)
class Propose(Action):
    """Propose a marriage alliance to ``to``: our son or daughter, for ``price`` (FOR-4.5)."""

    seat: int
    to: int
    son: bool
    price: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "type": "propose",
            "seat": self.seat,
            "to": self.to,
            "son": self.son,
            "price": self.price,
        }

    def __str__(self) -> str:
        return (
            f"the {GENTES[self.seat]} offer their {_child(self.son)} in marriage to the "
            f"{GENTES[self.to]} for ${self.price}"
        )


@dataclass(frozen=True, slots=True)
class Counter(Action):
    """Answer a proposal with another price (FOR-4.5)."""

    seat: int
    price: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "counter", "seat": self.seat, "price": self.price}

    def __str__(self) -> str:
        return f"the {GENTES[self.seat]} ask ${self.price} instead"


@dataclass(frozen=True, slots=True)
class Divorce(Action):
    """End the marriage alliance with ``other`` on request (FOR-4.7)."""

    seat: int
    other: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "divorce", "seat": self.seat, "other": self.other}

    def __str__(self) -> str:
        return f"the {GENTES[self.seat]} divorce the {GENTES[self.other]}"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build a horreum where an agent stands (FOR-6.2)."""

    seat: int
    market: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "build", "seat": self.seat, "market": _m(self.market)}

    def __str__(self) -> str:
        return f"the {GENTES[self.seat]} build a horreum in {_m(self.market)}"


@dataclass(frozen=True, slots=True)
class Destroy(Action):
    """Try to destroy ``victim``'s horreum where an agent stands (FOR-6.4)."""

    seat: int
    market: int
    victim: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "type": "destroy",
            "seat": self.seat,
            "market": _m(self.market),
            "victim": self.victim,
        }

    def __str__(self) -> str:
        return (
            f"the {GENTES[self.seat]} try to destroy the {GENTES[self.victim]}' horreum in "
            f"{_m(self.market)}"
        )


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Give a benefaction: a space of the prestige ladder, 0-8 (FOR-6.5)."""

    seat: int
    space: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "give", "seat": self.seat, "space": self.space}

    def __str__(self) -> str:
        return f"the {GENTES[self.seat]} give a benefaction: {space_name(self.space)}"


@dataclass(frozen=True, slots=True)
class Dismiss(Action):
    """Give up the agent in ``market`` (the patron's campaign, FOR-7.20)."""

    seat: int
    market: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "dismiss", "seat": self.seat, "market": _m(self.market)}

    def __str__(self) -> str:
        return f"the {GENTES[self.seat]} give up their agent in {_m(self.market)}"


def _market(v: Any) -> int:
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(BOARD.markets):
        return v
    if isinstance(v, str) and v in BOARD.by_name:
        return BOARD.by_name[v]
    raise RecordError(f"{v!r} is not a market of the Forum board")


def _int(v: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi:
        return v
    raise RecordError(f"{what} must be a whole number from {lo} to {hi}, not {v!r}")


def _bool(v: Any, what: str) -> bool:
    if isinstance(v, bool):
        return v
    raise RecordError(f"{what} must be true or false, not {v!r}")


def action_from_json(d: Any) -> Action:
    """Parse an action from its JSON form; malformed data raises ``RecordError``."""
    if not isinstance(d, dict) or not isinstance(d.get("type"), str):
        raise RecordError(f"not a Forum action: {d!r}")
    t = d["type"]
    try:
        seat = _int(d["seat"], 0, 3, "seat") if "seat" in d else -1
        if t == "first":
            return FirstPlayer(seat)
        if t == "family":
            return Family(seat, _bool(d["son"], "son"))
        if t == "roll":
            return Roll(_int(d["value"], 1, 6, "die value"))
        if t == "fate":
            return Draw(_int(d["card"], 1, 30, "fate card"))
        if t == "decide":
            verb = d["verb"]
            if verb not in _VERB_TEXT:
                raise RecordError(f"unknown decision {verb!r}")
            return Decide(seat, verb)
        if t == "move":
            return Move(seat, _market(d["from"]), _market(d["to"]))
        if t == "marry_local":
            return MarryLocal(seat, _market(d["market"]), _bool(d["son"], "son"))
        if t == "propose":
            return Propose(
                seat,
                _int(d["to"], 0, 3, "to"),
                _bool(d["son"], "son"),
                _int(d["price"], 0, 100_000, "price"),
            )
        if t == "counter":
            return Counter(seat, _int(d["price"], 0, 100_000, "price"))
        if t == "divorce":
            return Divorce(seat, _int(d["other"], 0, 3, "other"))
        if t == "build":
            return Build(seat, _market(d["market"]))
        if t == "destroy":
            return Destroy(seat, _market(d["market"]), _int(d["victim"], 0, 3, "victim"))
        if t == "give":
            return Give(seat, _int(d["space"], 0, 8, "space"))
        if t == "dismiss":
            return Dismiss(seat, _market(d["market"]))
    except KeyError as exc:
        raise RecordError(f"Forum action {t!r} lacks {exc.args[0]!r}") from None
    raise RecordError(f"unknown Forum action type {t!r}")


def place_of(action: Action) -> str | None:
    """The market an action happens in, by name (the board picture's ``data-place``)."""
    if isinstance(action, Move):
        return _m(action.to)
    if isinstance(action, Build | Destroy | MarryLocal | Dismiss):
        return _m(action.market)
    return None
