"""HOTRE actions: small frozen data; the rules in ``state.py`` give them effect."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from alea.core.errors import RecordError
from alea.core.game import Action
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS

SEATS: Final = ("Seat 1", "Seat 2", "Seat 3", "Seat 4")
"""Seat names, in seat order (HRE-1.7)."""

NATION_NAMES: Final = tuple(dict.fromkeys(p.nation for p in CHARTS.peoples))
"""The chart's Peoples (nations) in order of first appearance: People Revive's targets."""

VERBS: Final = {
    "end_declaration": "end the event declaration",
    "end_build": "end the build",
    "done_takeup": "finish taking armies up",
    "end_expansion": "end the expansion",
    "stand": "stand and fight",
    "loot": "loot the City",
    "spare": "spare the City",
    "take_fort": "take over the Fort",
    "destroy_fort": "destroy the Fort",
    "recruit": "recruit a Legion",
    "eliminate": "let the army be eliminated",
    "accept": "accept the bribe",
    "refuse": "refuse the bribe",
}
"""Decisions without a land."""

PICKS: Final = {
    "place": "place an army in",
    "take_up": "take an army up from",
    "start": "start the Faction in",
    "retreat": "retreat an army to",
    "bribe": "bribe the Rebels in",
    "fort": "build a Fort in",
    "fortress": "turn the Fort into a Fortress in",
    "rebuild": "rebuild the City of",
    "free_fort": "place a free Fort in",
    "found": "found a City in",
}
"""Decisions that name one land."""


def land_name(land: int) -> str:
    """A land's name."""
    return BOARD.lands[land].name


@dataclass(frozen=True, slots=True)
class Order(Action):
    """Chance: the first period's drawing order from the dice (HRE-3.1), lowest first."""

    seats: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "order", "seats": list(self.seats)}

    def __str__(self) -> str:
        return "drawing order: " + ", ".join(SEATS[s] for s in self.seats)


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: ``seat`` is dealt event card ``card`` (HRE-2.4)."""

    seat: int
    card: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "deal", "seat": self.seat, "card": self.card}

    def __str__(self) -> str:
        return f"{SEATS[self.seat]} is dealt a card of set {DECK[self.card - 1].set}"


@dataclass(frozen=True, slots=True)
class DrawCounter(Action):
    """Chance: the drawer takes counter ``number`` (People, or Emperor) from the pile (HRE-3.2)."""

    emperor: bool
    number: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "counter", "emperor": self.emperor, "number": self.number}

    def __str__(self) -> str:
        # The counter is drawn face down: the table learns its kind, only the drawer its number.
        return f"{'an Emperor' if self.emperor else 'a People'} counter is drawn"


@dataclass(frozen=True, slots=True)
class Round(Action):
    """Chance: one decided round of battle (HRE-12.0.1); ``died``: triples killed the third die."""

    attacker_wins: bool
    died: bool

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "round", "attacker_wins": self.attacker_wins, "died": self.died}

    def __str__(self) -> str:
        who = "the attacker" if self.attacker_wins else "the defender"
        return f"{who} wins the round" + (" (triples: the general falls)" if self.died else "")


@dataclass(frozen=True, slots=True)
class Dice(Action):
    """Chance: the total of a roll of one or more dice (loot, Kingdom treasure, calamities)."""

    value: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "dice", "value": self.value}

    def __str__(self) -> str:
        return f"the dice show {self.value}"


@dataclass(frozen=True, slots=True)
class HandTo(Action):
    """Keep the drawn counter (``to == seat``) or hand it face down to seat ``to`` (HRE-3.2)."""

    seat: int
    to: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "hand", "seat": self.seat, "to": self.to}

    def __str__(self) -> str:
        if self.to == self.seat:
            return f"{SEATS[self.seat]} keeps the counter"
        return f"{SEATS[self.seat]} hands the counter to {SEATS[self.to]}"


@dataclass(frozen=True, slots=True)
class Decide(Action):
    """A decision without a land: end a step, loot or spare, take or destroy a Fort, recruit."""

    seat: int
    verb: str

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "decide", "seat": self.seat, "verb": self.verb}

    def __str__(self) -> str:
        return f"{SEATS[self.seat]}: {VERBS.get(self.verb, self.verb)}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """A decision naming a land: place, take up, start, retreat, buy, found."""

    seat: int
    verb: str
    land: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "pick", "seat": self.seat, "verb": self.verb, "land": land_name(self.land)}

    def __str__(self) -> str:
        return f"{SEATS[self.seat]}: {PICKS.get(self.verb, self.verb)} {land_name(self.land)}"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play event card ``card`` (HRE-4.0, HRE-8.5); ``target`` a land or Area index, or -1."""

    seat: int
    card: int
    target: int = -1

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "play", "seat": self.seat, "card": self.card, "target": self.target}

    def __str__(self) -> str:
        c = DECK[self.card - 1]
        text = f"{SEATS[self.seat]} plays {c.title} ({c.kind.replace('_', ' ')})"
        if self.target >= 0:
            t = self.target
            # A target the card cannot have (sent by a client, refused by the rules) is shown
            # by number, so the refusal can still name it.
            if c.kind == "people_revive":
                text += f" on the {NATION_NAMES[t]}" if t < len(NATION_NAMES) else f" on {t}"
            elif c.kind == "pestilence":
                text += f" on {BOARD.areas[t].name}" if t < len(BOARD.areas) else f" on {t}"
            else:
                text += f" on {land_name(t)}" if t < len(BOARD.lands) else f" on {t}"
        return text


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """A Faction's bribe offer to an attacking People (HRE-15.4); 0 is "no offer"."""

    seat: int
    amount: int

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"type": "offer", "seat": self.seat, "amount": self.amount}

    def __str__(self) -> str:
        if not self.amount:
            return f"{SEATS[self.seat]} offers no bribe"
        return f"{SEATS[self.seat]} offers {self.amount} RVP to be spared"


def _int(v: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi:
        return v
    raise RecordError(f"{what} must be a whole number from {lo} to {hi}, not {v!r}")


def _bool(v: Any, what: str) -> bool:
    if isinstance(v, bool):
        return v
    raise RecordError(f"{what} must be true or false, not {v!r}")


def _land(v: Any) -> int:
    if isinstance(v, str) and v in BOARD.by_name:
        return BOARD.by_name[v]
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(BOARD.lands):
        return v
    raise RecordError(f"{v!r} is not a land of the HOTRE map")


def action_from_json(d: Any) -> Action:
    """Parse an action from its JSON form; malformed data raises ``RecordError``."""
    if not isinstance(d, dict) or not isinstance(d.get("type"), str):
        raise RecordError(f"not a HOTRE action: {d!r}")
    t = d["type"]
    try:
        if t == "order":
            seats = d["seats"]
            if not isinstance(seats, list) or sorted(seats) != list(range(len(seats))):
                raise RecordError(f"not a drawing order: {seats!r}")
            if not 2 <= len(seats) <= 4:
                raise RecordError("a drawing order has 2 to 4 seats")
            return Order(tuple(_int(s, 0, 3, "seat") for s in seats))
        if t == "deal":
            return Deal(_int(d["seat"], 0, 3, "seat"), _int(d["card"], 1, len(DECK), "card"))
        if t == "counter":
            return DrawCounter(_bool(d["emperor"], "emperor"), _int(d["number"], 1, 6, "number"))
        if t == "round":
            return Round(_bool(d["attacker_wins"], "attacker_wins"), _bool(d["died"], "died"))
        if t == "dice":
            return Dice(_int(d["value"], 0, 36, "dice total"))
        seat = _int(d["seat"], 0, 3, "seat")
        if t == "hand":
            return HandTo(seat, _int(d["to"], 0, 3, "to"))
        if t == "decide":
            verb = d["verb"]
            if verb not in VERBS:
                raise RecordError(f"unknown decision {verb!r}")
            return Decide(seat, verb)
        if t == "pick":
            verb = d["verb"]
            if verb not in PICKS:
                raise RecordError(f"unknown decision {verb!r}")
            return Pick(seat, verb, _land(d["land"]))
        if t == "offer":
            return Offer(seat, _int(d["amount"], 0, 100_000, "amount"))
        if t == "play":
            return PlayCard(
                seat,
                _int(d["card"], 1, len(DECK), "card"),
                _int(d.get("target", -1), -1, 44, "target"),
            )
    except KeyError as exc:
        raise RecordError(f"HOTRE action {t!r} lacks {exc.args[0]!r}") from None
    raise RecordError(f"unknown HOTRE action type {t!r}")
